#!/usr/bin/env python3
"""Launches chosen memory-bound DLC kernels (and torch's kernel of the same
function) a few times each on random data, for a profiler to pick up:

  ncu --kernel-name regex:'^(layernorm|softmax|row_sum)' -c 3 \\
      python3 bench/profile_memory.py --kernels DIR

Cases: NAME:MxN, NAME one of layernorm, rmsnorm, softmax, row_sum,
row_max (DIR/NAME/NAME.json, as bench_memory.py reads them); --torch also
launches torch's eager kernel of each case after DLC's.
usage: profile_memory.py --kernels DIR [--torch] CASE...
"""
import argparse
import os
import sys

import torch
import torch.nn.functional as F

from dlc_kernel import DlcKernel


def tensors(name, M, N):
    h = torch.half
    x = torch.randn(M, N, dtype=h, device="cuda")
    g = torch.randn(N, dtype=h, device="cuda")
    b = torch.randn(N, dtype=h, device="cuda")
    inv = torch.tensor(1.0 / N, dtype=torch.float32, device="cuda")
    y = torch.empty_like(x)
    if name == "layernorm":
        return {"X": x, "g": g, "b": b, "inv_n": inv, "Y": y}, \
            lambda: F.layer_norm(x, (N,), g, b, 1e-5)
    if name == "rmsnorm":
        return {"X": x, "g": g, "inv_n": inv, "Y": y}, \
            lambda: F.rms_norm(x, (N,), g, 1e-5)
    if name == "softmax":
        return {"X": x, "Y": y}, lambda: torch.softmax(x, -1)
    if name == "row_sum":
        s = torch.empty(M, dtype=torch.float32, device="cuda")
        return {"X": x, "S": s}, lambda: x.sum(-1, dtype=torch.float32)
    if name == "row_max":
        mx = torch.empty(M, dtype=h, device="cuda")
        return {"X": x, "Mx": mx}, lambda: x.amax(-1)
    raise SystemExit("unknown case %s" % name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--torch", action="store_true")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("cases", nargs="+")
    args = ap.parse_args()
    stream = torch.cuda.current_stream().cuda_stream
    for case in args.cases:
        name, shape = case.split(":")
        M, N = (int(v) for v in shape.split("x"))
        k = DlcKernel(os.path.join(args.kernels, name, name + ".json"))
        t, ref = tensors(name, M, N)
        for _ in range(args.repeat):
            k.launch(t, {"M": M, "N": N}, stream)
            if args.torch:
                ref()
        torch.cuda.synchronize()
        print("launched %s %dx%d" % (name, M, N), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
