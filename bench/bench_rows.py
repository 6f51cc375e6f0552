#!/usr/bin/env python3
"""Softmax, LayerNorm, RMSNorm and row sums over a few long rows (and, as a
check that nothing else moved, over many short ones) on one GPU: the
symbolic example kernels (examples/*.tiny.mlir) of this compiler (--kernels,
whose row kernels split a few long rows over grid y) and of the one before
(--base), interleaved in one process, against torch eager and a copy of
the same bytes; at N = 128256 also each compiler's kernels of N static
(`dlc_v`, `base_v`: rows over 32 KiB take the one-pass pair).

Every kernel is checked against torch in fp32 first (|y - r| <= 1e-2 +
1e-2 |r|), then timed with triton's do_bench (median, L2 flushed; the
faster of two interleaved passes); bandwidth = the bytes read and written
once / time.
usage: bench_rows.py --kernels DIR --base DIR2 [--out JSON]
"""
import argparse
import os
import sys

import torch
import torch.nn.functional as F
import triton

from dlc_kernel import DlcKernel
from timing import write_results

SHAPES = [(1, 1 << 20), (4, 1 << 18), (8, 128256), (32, 32768), (2, 65536),
          (16384, 4096)]


def bench(fn):
    return triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")


def check(y, ref):
    y, ref = y.float(), ref.float()
    return int((~((y - ref).abs() <= 1e-2 + 1e-2 * ref.abs())).sum().item())


def families(x, M, N):
    h = torch.half
    g = torch.randn(N, dtype=h, device="cuda")
    b = torch.randn(N, dtype=h, device="cuda")
    inv = torch.tensor(1.0 / N, dtype=torch.float32, device="cuda")
    y = torch.empty_like(x)
    s = torch.empty(M, dtype=torch.float32, device="cuda")
    rows = 2 * M * N * 2
    return {
        "softmax": ("softmax", {"X": x, "Y": y}, y, rows,
                    lambda: torch.softmax(x, -1), lambda: torch.softmax(x.float(), -1)),
        "layernorm": ("layernorm", {"X": x, "g": g, "b": b, "inv_n": inv, "Y": y}, y, rows,
                      lambda: F.layer_norm(x, (N,), g, b, 1e-5),
                      lambda: F.layer_norm(x.float(), (N,), g.float(), b.float(), 1e-5)),
        "rmsnorm": ("rmsnorm", {"X": x, "g": g, "inv_n": inv, "Y": y}, y, rows,
                    lambda: F.rms_norm(x, (N,), g, 1e-5),
                    lambda: x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True)
                                                    + 1e-5) * g.float()),
        "row_sum": ("row_sum", {"X": x, "S": s}, s, M * N * 2 + M * 4,
                    lambda: x.sum(-1, dtype=torch.float32), lambda: x.float().sum(-1)),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--base", required=True)
    ap.add_argument("--out")
    args = ap.parse_args()
    dev = torch.cuda.get_device_name()
    print("# %s, torch %s" % (dev, torch.__version__), flush=True)
    stream = torch.cuda.current_stream().cuda_stream
    results = []
    for M, N in SHAPES:
        x = torch.randn(M, N, dtype=torch.half, device="cuda")
        dst = torch.empty_like(x)  # the copy of X's bytes (read and written once)
        for fam, (func, tensors, y, nbytes, eager, reference) in families(x, M, N).items():
            ref = reference()
            entry = {"family": fam, "shape": "%dx%d" % (M, N)}
            line = "%-9s %-12s" % (fam, entry["shape"])
            kernels = []
            for key, folder in (("base", args.base), ("dlc", args.kernels)):
                path = os.path.join(folder, fam, func + ".json")
                if os.path.exists(path):
                    kernels.append((key, DlcKernel(path)))
                # N static at 128256 (build_sr.sh's <family>_v: the pair form)
                static = os.path.join(folder, fam + "_v", func + ".json")
                if N == 128256 and os.path.exists(static):
                    kernels.append((key + "_v", DlcKernel(static)))
            sym = {"M": M, "N": N}
            times = {}
            for key, k in kernels:
                y.zero_()
                k.launch(tensors, sym, stream)
                entry[key + "_wrong"] = check(y, ref)
            for _ in range(2):
                for key, k in kernels:
                    t = bench(lambda: k.launch(tensors, sym, stream))
                    times[key] = min(times.get(key, t), t)
            for key, _ in kernels:
                entry[key + "_us"] = times[key] * 1e3
                entry[key + "_TBps"] = nbytes / times[key] / 1e9
                wrong = entry[key + "_wrong"]
                line += " | %s %.1f us %.2f TB/s%s" % (key, entry[key + "_us"],
                                                      entry[key + "_TBps"],
                                                      " WRONG %d" % wrong if wrong else "")
            for aname, fn in (("torch", eager), ("copy", lambda: dst.copy_(x))):
                t = bench(fn)
                entry[aname + "_us"] = t * 1e3
                line += " | %s %.1f us" % (aname, t * 1e3)
            print(line, flush=True)
            results.append(entry)
        del x, dst
        torch.cuda.empty_cache()
    return write_results(args.out, results)


if __name__ == "__main__":
    sys.exit(main())
