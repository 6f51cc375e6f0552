#!/usr/bin/env python3
"""SM clock and board power while one conv runs back to back: DLC's kernel
of each named case, then cuDNN's NHWC conv of its shape, each for 2 s with
no L2 flush between launches (bench_conv.py flushes), nvidia-smi sampled
every 50 ms. Prints per run the mean time a launch, and the median SM
clock and power over its last 1.5 s. An H100 SXM at its 700 W limit lowers
its clock, so two kernels of equal work per clock may still differ by the
power each burns (bench/RESULTS.md run cv-2). cuDNN is launched through
F.conv2d from Python: its mean time a launch may include host gaps.

usage: conv_clocks.py DIR NAME ...   (DIR as for bench_conv.py --kernels)
"""
import json
import os
import subprocess
import sys
import threading
import time

import torch
import torch.nn.functional as F

from dlc_kernel import DlcKernel


def main():
    torch.backends.cudnn.benchmark = True
    d = sys.argv[1]
    with open(os.path.join(d, "cases.json")) as f:
        cases = {c["name"]: c for c in json.load(f)}
    smi = subprocess.Popen(["nvidia-smi", "--query-gpu=clocks.sm,power.draw",
                            "--format=csv,noheader,nounits", "-lms", "50"],
                           stdout=subprocess.PIPE, text=True)
    samples = []  # (arrival time, MHz, W)

    def reader():
        for line in smi.stdout:
            try:
                clk, pw = (float(v) for v in line.split(","))
                samples.append((time.time(), clk, pw))
            except ValueError:
                pass

    threading.Thread(target=reader, daemon=True).start()
    stream = torch.cuda.current_stream().cuda_stream
    runs = []  # (label, window start, window end, us a launch)
    for name in sys.argv[2:]:
        c = cases[name]
        n, ci, h, co, kk, ho, s, p = (c[x] for x in ["N", "C", "H", "Co", "k", "Ho", "stride", "pad"])
        X = torch.randn(n, h, h, ci, dtype=torch.half, device="cuda")
        W = torch.randn(co, kk, kk, ci, dtype=torch.half, device="cuda") * 0.05
        Y = torch.empty(n, ho, ho, co, dtype=torch.half, device="cuda")
        k = DlcKernel(os.path.join(d, name, name + ".json"))
        xl, wl = X.permute(0, 3, 1, 2), W.permute(0, 3, 1, 2)
        for label, fn in [
                ("dlc " + name,
                 lambda: k.launch({"X": X, "W": W, "Y": Y}, {"N": n}, stream)),
                ("cudnn " + name, lambda: F.conv2d(xl, wl, stride=s, padding=p))]:
            for _ in range(20):
                fn()
            torch.cuda.synchronize()
            t0, count = time.time(), 0
            e0 = torch.cuda.Event(enable_timing=True)
            e1 = torch.cuda.Event(enable_timing=True)
            e0.record()
            while time.time() - t0 < 2.0:
                for _ in range(50):
                    fn()
                count += 50
                torch.cuda.synchronize()
            e1.record()
            e1.synchronize()
            runs.append((label, t0 + 0.5, time.time(),
                         e0.elapsed_time(e1) * 1e3 / count))
            time.sleep(0.3)
    smi.terminate()
    for label, a, b, us in runs:
        w = [x for x in samples if a <= x[0] <= b]
        clk = sorted(x[1] for x in w)
        pw = sorted(x[2] for x in w)
        if clk:
            print("%-22s %7.1f us/launch  SM clock median %6.0f MHz (min %6.0f)"
                  "  power median %6.1f W  (%d samples)"
                  % (label, us, clk[len(clk) // 2], clk[0], pw[len(pw) // 2],
                     len(w)))


if __name__ == "__main__":
    main()
