#!/usr/bin/env python3
"""Launches conv cases once each inside a profiler range, for
`ncu --profile-from-start off`: DLC's kernel of case NAME, or cuDNN's NHWC
conv of its shape for `cudnn:NAME` (after five autotuned calls, so the
range holds the algorithm cudnn.benchmark picked, as in bench_conv.py).

usage: ncu --profile-from-start off [SECTIONS] python3 bench/ncu_conv.py DIR NAME|cudnn:NAME ...
  (DIR: conv_cases.py's kernels, DIR/cases.json and DIR/<case>/<case>.json)
"""
import json
import os
import sys

import torch
import torch.nn.functional as F

from dlc_kernel import DlcKernel


def main():
    torch.backends.cudnn.benchmark = True
    d = sys.argv[1]
    with open(os.path.join(d, "cases.json")) as f:
        cases = {c["name"]: c for c in json.load(f)}
    stream = torch.cuda.current_stream().cuda_stream
    prof = torch.cuda.profiler
    for arg in sys.argv[2:]:
        cudnn = arg.startswith("cudnn:")
        c = cases[arg.split(":")[-1]]
        n, ci, h, co, kk, ho, s, p = (c[x] for x in ["N", "C", "H", "Co", "k", "Ho", "stride", "pad"])
        X = torch.randn(n, h, h, ci, dtype=torch.half, device="cuda")
        W = torch.randn(co, kk, kk, ci, dtype=torch.half, device="cuda") * 0.05
        if cudnn:  # NCHW views of NHWC storage: channels_last for cuDNN
            xl, wl = X.permute(0, 3, 1, 2), W.permute(0, 3, 1, 2)
            run = lambda: F.conv2d(xl, wl, stride=s, padding=p)  # noqa: E731
            for _ in range(5):
                run()
        else:
            k = DlcKernel(os.path.join(d, c["name"], c["name"] + ".json"))
            Y = torch.empty(n, ho, ho, co, dtype=torch.half, device="cuda")
            run = lambda: k.launch({"X": X, "W": W, "Y": Y}, {"N": n}, stream)  # noqa: E731
            run()  # the module's load and first launch stay outside the range
        torch.cuda.synchronize()
        prof.start()
        run()
        torch.cuda.synchronize()
        prof.stop()


if __name__ == "__main__":
    main()
