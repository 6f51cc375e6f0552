"""The multi-head bmm C[B,H,M,N] = A[B,H,M,K] @ W[B,H,K,N] (f16 in, f32
accumulate, f16 out): DLC's kernels (manifests, each checked against
torch first) against torch.matmul in one process, timed in rotating rounds
(timing.py). Run mb-1 in bench/RESULTS.md.

usage: bench_bmm4.py --kernel NAME=MANIFEST ... --sizes BxHxMxNxK,...
                     [--kernel3 NAME=MANIFEST] [--rounds R] [--json FILE]
                     [--slow NAME]
A --kernel3 is a 3-D bmm C[B,M,N] = A[B,M,K] @ W[B,K,N], launched on the
same tensors viewed as B*H batches (what main compiled the math to when
the caller reshaped).
A kernel named by --slow (main's CUDA-core fallback) is timed with a
short do_bench (it takes milliseconds a launch)."""
import argparse
import json

import torch
from cuda.bindings import driver as cu

from dlc_kernel import DlcKernel
from timing import add_rounds_argument, do_bench_median, time_rounds

WARMUP, REP = 25, 100


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", action="append", required=True)
    ap.add_argument("--kernel3", action="append", default=[])
    ap.add_argument("--sizes", default="8x16x1024x1024x128,8x16x1024x1024x64")
    ap.add_argument("--json")
    ap.add_argument("--slow", action="append", default=[])
    add_rounds_argument(ap)
    args = ap.parse_args()
    kernels = {k.split("=")[0]: DlcKernel(k.split("=", 1)[1])
               for k in args.kernel + args.kernel3}
    three = {k.split("=")[0] for k in args.kernel3}
    stream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
    print("device: %s, torch %s" % (torch.cuda.get_device_name(), torch.__version__))
    results = []
    for size in args.sizes.split(","):
        B, H, M, N, K = (int(v) for v in size.split("x"))
        g = torch.Generator(device="cuda").manual_seed(B * H + M + N + K)
        a = (torch.rand(B, H, M, K, device="cuda", generator=g) * 2 - 1).half()
        w = (torch.rand(B, H, K, N, device="cuda", generator=g) * 2 - 1).half()
        ref = torch.matmul(a.float(), w.float())
        syms = {"B": B, "H": H, "M": M, "N": N, "K": K}
        flop = 2.0 * B * H * M * N * K
        fns, row = {}, {"size": size}
        for name, kern in kernels.items():
            c = torch.full((B, H, M, N), float("nan"), device="cuda", dtype=torch.half)
            t, s = {"A": a, "W": w, "C": c}, syms
            if name in three:
                t = {"A": a.view(B * H, M, K), "W": w.view(B * H, K, N),
                     "C": c.view(B * H, M, N)}
                s = {"B": B * H, "M": M, "N": N, "K": K}
            fn = (lambda kern=kern, t=t, s=s: kern.launch(t, s, stream))
            fn()
            torch.cuda.synchronize()
            err = (c.float() - ref).abs().max().item()
            bad = int(((c.float() - ref).abs() > 1e-2 + 1e-2 * ref.abs()).sum().item())
            row[name + "_max_abs_err"], row[name + "_mismatches"] = err, bad
            print("%s %s: max_abs_err %.3g, %d mismatches" % (size, name, err, bad), flush=True)
            if name in args.slow:
                ms = do_bench_median(fn, 2, 20)
                row[name] = flop / (ms * 1e-3) / 1e12
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
