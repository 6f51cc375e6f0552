#!/usr/bin/env python3
"""SM clock and board power while one conv runs over and over: DLC's kernel
of each named case, then cuDNN's NHWC conv of its shape, each for 2 s per
mode, nvidia-smi sampled every 50 ms. Prints per run the time a conv and
the median SM clock and power over the run's last 1.5 s.

Modes: "b2b", convs back to back with no L2 flush; "flush", each conv
after a 256 MB write (triton's do_bench flush, as bench_conv.py times
them), its time the pair's less the flush's alone. Both replay a CUDA graph
of 20 launches (--eager: a Python loop, as before run cv3-2), so that no
host gap between launches lowers a kernel's power. An H100 SXM at its
700 W limit lowers its clock (b2b); under do_bench's flush it did not
(bench/RESULTS.md runs cv-2, cv3-1, cv3-2).

usage: conv_clocks.py DIR NAME ... [--modes b2b,flush] [--eager]
  (DIR as for bench_conv.py --kernels)
"""
import argparse
import json
import os
import subprocess
import threading
import time

import torch
import torch.nn.functional as F

from dlc_kernel import DlcKernel

REPS = 20  # launches a graph


class Sampler:
    """nvidia-smi's SM clock and power every 50 ms, with arrival times."""

    def __init__(self):
        self.smi = subprocess.Popen(
            ["nvidia-smi", "--query-gpu=clocks.sm,power.draw",
             "--format=csv,noheader,nounits", "-lms", "50"],
            stdout=subprocess.PIPE, text=True)
        self.samples = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.smi.stdout:
            try:
                clk, pw = (float(v) for v in line.split(","))
                self.samples.append((time.time(), clk, pw))
            except ValueError:
                pass

    def window(self, a, b):
        w = [x for x in self.samples if a <= x[0] <= b]
        clk = sorted(x[1] for x in w)
        pw = sorted(x[2] for x in w)
        return (clk[len(clk) // 2], clk[0], pw[len(pw) // 2], len(w)) if w else None


def replayer(fn, eager):
    """A callable running fn REPS times: a captured graph's replay, or (eager)
    a Python loop."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    if not eager:
        try:
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                for _ in range(REPS):
                    fn()
            torch.cuda.synchronize()
            return g.replay
        except RuntimeError as e:  # noqa: PERF203
            print("graph capture failed (%s): eager loop" % str(e)[:100])
    return lambda: [fn() for _ in range(REPS)]


def run_for(step, seconds):
    """us a call of step (REPS launches), running it for `seconds`; the
    measured window's start and end."""
    for _ in range(5):
        step()
    torch.cuda.synchronize()
    t0, count = time.time(), 0
    e0 = torch.cuda.Event(enable_timing=True)
    e1 = torch.cuda.Event(enable_timing=True)
    e0.record()
    while time.time() - t0 < seconds:
        for _ in range(10):
            step()
        count += 10
        torch.cuda.synchronize()
    e1.record()
    e1.synchronize()
    return e0.elapsed_time(e1) * 1e3 / count, t0 + 0.5, time.time()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("names", nargs="+")
    ap.add_argument("--modes", default="b2b,flush")
    ap.add_argument("--eager", action="store_true")
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    torch.backends.cudnn.benchmark = True
    with open(os.path.join(args.dir, "cases.json")) as f:
        cases = {c["name"]: c for c in json.load(f)}
    smi = Sampler()
    cache = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int, device="cuda")
    flush = cache.zero_
    modes = args.modes.split(",")
    flush_us = None
    if "flush" in modes:
        flush_us = run_for(replayer(flush, args.eager), args.seconds)[0] / REPS
        print("flush alone %.1f us" % flush_us)
    rows = []
    for name in args.names:
        c = cases[name]
        n, ci, h, co, kk, ho, s, p = (c[x] for x in ["N", "C", "H", "Co", "k", "Ho", "stride", "pad"])
        X = torch.randn(n, h, h, ci, dtype=torch.half, device="cuda")
        W = torch.randn(co, kk, kk, ci, dtype=torch.half, device="cuda") * 0.05
        Y = torch.empty(n, ho, ho, co, dtype=torch.half, device="cuda")
        k = DlcKernel(os.path.join(args.dir, name, name + ".json"))
        xl, wl = X.permute(0, 3, 1, 2), W.permute(0, 3, 1, 2)
        dlc = lambda: k.launch({"X": X, "W": W, "Y": Y}, {"N": n},  # noqa: E731
                               torch.cuda.current_stream().cuda_stream)
        cudnn = lambda: F.conv2d(xl, wl, stride=s, padding=p)  # noqa: E731
        for label, fn in [("dlc " + name, dlc), ("cudnn " + name, cudnn)]:
            for mode in modes:
                step = fn if mode == "b2b" else (lambda f=fn: (flush(), f()))
                us, a, b = run_for(replayer(step, args.eager), args.seconds)
                us /= REPS
                if mode == "flush":
                    us -= flush_us
                rows.append((label, mode, us, smi.window(a, b)))
                time.sleep(0.3)
    smi.smi.terminate()
    for label, mode, us, w in rows:
        if w:
            print("%-24s %-5s %7.1f us/conv  SM clock median %5.0f MHz (min %5.0f)"
                  "  power median %6.1f W  (%d samples)" % ((label, mode, us) + w))


if __name__ == "__main__":
    main()
