"""Batched GEMMs over several axes, f16 in and out, f32 accumulate: DLC's
kernels (manifests, each checked against torch first) against
torch.matmul in one process, timed in rotating rounds (timing.py). Run
mb-1 in bench/RESULTS.md.

  bmm4    C[B,H,M,N] = A[B,H,M,K] @ W[B,H,K,N]; sizes BxHxMxNxK
  linear  C[B,S,N] = A[B,S,K] @ W[K,N] (W shared); sizes BxSxNxK

usage: bench_bmm4.py [--form bmm4|linear] --kernel NAME=MANIFEST ...
                     [--flat NAME=MANIFEST] --sizes ... [--rounds R]
                     [--json FILE] [--slow NAME]
A --flat kernel runs on the same tensors with the leading axes merged
into one (bmm4: a 3-D bmm of B*H batches; linear: a 2-D GEMM of M = B*S
rows), what the compiler builds when the caller reshapes. A kernel named
by --slow (a CUDA-core fallback) is timed with a short do_bench."""
import argparse
import json

import torch
from cuda.bindings import driver as cu

from dlc_kernel import DlcKernel
from timing import add_rounds_argument, do_bench_median, time_rounds

WARMUP, REP = 25, 100


def bmm4(size, g):
    """Tensors, symbols and flat views of one bmm4 problem."""
    B, H, M, N, K = (int(v) for v in size.split("x"))
    a = (torch.rand(B, H, M, K, device="cuda", generator=g) * 2 - 1).half()
    w = (torch.rand(B, H, K, N, device="cuda", generator=g) * 2 - 1).half()
    c = (B, H, M, N)
    flat = lambda t: {"A": a.view(B * H, M, K), "W": w.view(B * H, K, N),
                      "C": t["C"].view(B * H, M, N)}
    return a, w, c, {"B": B, "H": H, "M": M, "N": N, "K": K}, flat, \
        {"B": B * H, "M": M, "N": N, "K": K}, 2.0 * B * H * M * N * K


def linear(size, g):
    """The same for A[B,S,K] @ W[K,N]."""
    B, S, N, K = (int(v) for v in size.split("x"))
    a = (torch.rand(B, S, K, device="cuda", generator=g) * 2 - 1).half()
    w = (torch.rand(K, N, device="cuda", generator=g) * 2 - 1).half()
    c = (B, S, N)
    flat = lambda t: {"A": a.view(B * S, K), "W": w, "C": t["C"].view(B * S, N)}
    return a, w, c, {"B": B, "S": S, "N": N, "K": K}, flat, \
        {"M": B * S, "N": N, "K": K}, 2.0 * B * S * N * K


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--form", choices=["bmm4", "linear"], default="bmm4")
    ap.add_argument("--kernel", action="append", required=True)
    ap.add_argument("--flat", action="append", default=[])
    ap.add_argument("--sizes", default="8x16x1024x1024x128,8x16x1024x1024x64")
    ap.add_argument("--json")
    ap.add_argument("--slow", action="append", default=[])
    add_rounds_argument(ap)
    args = ap.parse_args()
    kernels = {k.split("=")[0]: DlcKernel(k.split("=", 1)[1])
               for k in args.kernel + args.flat}
    flat_names = {k.split("=")[0] for k in args.flat}
    problem = bmm4 if args.form == "bmm4" else linear
    stream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
    print("device: %s, torch %s" % (torch.cuda.get_device_name(), torch.__version__))
    results = []
    for size in args.sizes.split(","):
        g = torch.Generator(device="cuda").manual_seed(sum(int(v) for v in size.split("x")))
        a, w, shape, syms, flat, flat_syms, flop = problem(size, g)
        ref = torch.matmul(a.float(), w.float())
        fns, row = {}, {"form": args.form, "size": size}
        for name, kern in kernels.items():
            c = torch.full(shape, float("nan"), device="cuda", dtype=torch.half)
            t, s = {"A": a, "W": w, "C": c}, syms
            if name in flat_names:
                t, s = flat(t), flat_syms
            fn = (lambda kern=kern, t=t, s=s: kern.launch(t, s, stream))
            fn()
            torch.cuda.synchronize()
            err = (c.float() - ref).abs().max().item()
            bad = int(((c.float() - ref).abs() > 1e-2 + 1e-2 * ref.abs()).sum().item())
            row[name + "_max_abs_err"], row[name + "_mismatches"] = err, bad
            print("%s %s: max_abs_err %.3g, %d mismatches" % (size, name, err, bad), flush=True)
            if name in args.slow:
                row[name] = flop / (do_bench_median(fn, 2, 20) * 1e-3) / 1e12
            else:
                fns[name] = fn
        fns["torch.matmul"] = lambda: torch.matmul(a, w)
        t, failed = time_rounds(fns, args.rounds, WARMUP, REP)
        if failed:
            raise failed[next(iter(failed))]
        row.update({n: flop / (ms * 1e-3) / 1e12 for n, ms in t.items()})
        print("%s TFLOP/s: %s" % (size, ", ".join(
            "%s %.1f" % (n, row[n]) for n in list(kernels) + ["torch.matmul"])), flush=True)
        results.append(row)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
