"""Several DLC kernels of one source (plans forced by plan files, or
compilers before and after a change) against torch in one process, over
a list of shapes: each kernel checked against torch first, then every
kernel and the anchors timed in rotating rounds (timing.py). Run tk-1 in
bench/RESULTS.md (the SM90 GEMM's plan matrix at short K).

  gemm   Y[M,N] = relu(X[M,K] @ W[K,N] + bias[N]) (bench_gemm.py's
         problem); anchors torch.mm (cuBLAS, no epilogue) and
         relu(addmm); sizes MxNxK
  bmm4   C[B,H,M,N] = A[B,H,M,K] @ W[B,H,K,N] (bench_bmm4.py's); anchor
         torch.matmul; sizes BxHxMxNxK

usage: bench_plans.py --form gemm|bmm4 --kernel NAME=MANIFEST ...
                      --sizes ... [--rounds R] [--rep MS] [--json FILE]"""
import argparse
import json

import torch
from cuda.bindings import driver as cu

from bench_bmm4 import bmm4
from bench_gemm import max_error
from dlc_kernel import DlcKernel
from timing import add_rounds_argument, time_rounds

WARMUP = 25


def gemm(size, g):
    """Tensors, symbols, the reference, the anchors and the flop count of
    one GEMM + bias + ReLU problem."""
    M, N, K = (int(v) for v in size.split("x"))
    a = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).half()
    w = (torch.rand(K, N, device="cuda", generator=g) * 2 - 1).half()
    bias = (torch.rand(N, device="cuda", generator=g) * 2 - 1).half()
    ref = torch.relu(torch.addmm(bias.float(), a.float(), w.float()))
    out = lambda: {"X": a, "W": w, "bias": bias,
                   "Y": torch.full((M, N), float("nan"), device="cuda", dtype=torch.half)}
    anchors = {"torch.mm": lambda: torch.mm(a, w),
               "addmm+relu": lambda: torch.relu(torch.addmm(bias, a, w))}
    return out, "Y", {"M": M, "N": N, "K": K}, ref, anchors, 2.0 * M * N * K


def batched(size, g):
    """The same for bench_bmm4.py's 4-D bmm."""
    a, w, shape, syms, _, _, flop = bmm4(size, g)
    ref = torch.matmul(a.float(), w.float())
    out = lambda: {"A": a, "W": w,
                   "C": torch.full(shape, float("nan"), device="cuda", dtype=torch.half)}
    return out, "C", syms, ref, {"torch.matmul": lambda: torch.matmul(a, w)}, flop


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--form", choices=["gemm", "bmm4"], required=True)
    ap.add_argument("--kernel", action="append", required=True)
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--rep", type=int, default=100, help="do_bench's ms a timing")
    ap.add_argument("--json")
    add_rounds_argument(ap)
    args = ap.parse_args()
    kernels = {k.split("=")[0]: DlcKernel(k.split("=", 1)[1]) for k in args.kernel}
    problem = gemm if args.form == "gemm" else batched
    stream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
    print("device: %s, torch %s" % (torch.cuda.get_device_name(), torch.__version__))
    results, bad_total = [], 0
    for size in args.sizes.split(","):
        g = torch.Generator(device="cuda").manual_seed(sum(int(v) for v in size.split("x")))
        out, result, syms, ref, anchors, flop = problem(size, g)
        fns, row = {}, {"form": args.form, "size": size}
        for name, kern in kernels.items():
            t = out()
            fn = (lambda kern=kern, t=t: kern.launch(t, syms, stream))
            fn()
            torch.cuda.synchronize()
            err, bad = max_error(t[result], ref)
            row[name + "_max_abs_err"], row[name + "_mismatches"] = err, bad
            bad_total += bad
            if bad:
                print("%s %s: max_abs_err %.3g, %d mismatches" % (size, name, err, bad), flush=True)
            fns[name] = fn
        del ref
        names = list(fns)
        fns.update(anchors)
        t, failed = time_rounds(fns, args.rounds, WARMUP, args.rep)
        if failed:
            raise failed[next(iter(failed))]
        row.update({n: flop / (ms * 1e-3) / 1e12 for n, ms in t.items()})
        best = max(names, key=lambda n: row[n])
        print("%s TFLOP/s: %s | best %s" % (size, ", ".join(
            "%s %.1f" % (n, row[n]) for n in list(fns)), best), flush=True)
        results.append(row)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    print("mismatches in all: %d" % bad_total)
    raise SystemExit(1 if bad_total else 0)


if __name__ == "__main__":
    main()
