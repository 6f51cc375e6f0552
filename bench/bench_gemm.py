#!/usr/bin/env python3
"""GEMM + bias + ReLU on one GPU, in one run: DLC's kernel against cuBLAS and
Triton.

    Y[M,N] = relu(X[M,K] @ W[K,N] + bias[N]),  fp16 in/out, fp32 accumulate

Times, each with triton.testing.do_bench (median, L2 flushed between runs):
  dlc      our PTX (from MLIR/LLVM's NVPTX backend), loaded through the CUDA
           driver (cuda.bindings.driver) and launched as its manifest says
  addmm    torch.relu(torch.addmm(bias, a, b))      (cuBLAS + a ReLU kernel)
  mm       torch.mm(a, b)                            (cuBLAS, no epilogue)
  triton   a Triton GEMM with bias + ReLU fused, autotuned over a few configs

usage: bench_gemm.py --manifest DIR/KERNEL.json [--sizes 4096x4096x4096,...]
                     [--no-triton] [--json OUT.json] [--baseline DIR/KERNEL.json]
The manifest's "ptx" is read relative to the manifest's folder (for the
hand-written kernel: copy test/Integration/GPU/Inputs/gemm_bias_relu_sm80.json
next to the PTX made as docs/runtime.md says).  Sizes are MxNxK.
Our kernel's output is checked against torch in fp32 before it is timed.
--json writes the table as plot_results.py reads it (TFLOP/s per column).
--baseline also checks and times a second DLC kernel of the same signature
(e.g. main's, for a before/after in one process, against the same anchors),
timed right after the first; its column is "base".
--rounds R times every column R times, the order rotated each round (so DLC
is not always timed first: bench/timing.py says why), and reports medians.
"""
import argparse
import json
import os
import sys
import time

import torch
import triton
import triton.language as tl
from cuda.bindings import driver as cu

from dlc_kernel import DlcKernel
from timing import add_rounds_argument, do_bench_median, time_rounds

DEFAULT_SIZES = "4096x4096x4096,8192x8192x8192,4095x4097x4093,16384x1024x4096"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MANIFEST = os.path.join(HERE, "..", "test", "Integration", "GPU", "Inputs",
                                "gemm_bias_relu_sm80.json")


# --------------------------------------------------------------------------
# Triton GEMM with bias + ReLU fused in the epilogue.
# --------------------------------------------------------------------------

def _configs():
    cfg = []
    for bm, bn, bk, w, s in [(128, 256, 64, 8, 3), (256, 128, 64, 8, 3),
                             (128, 128, 64, 4, 4), (128, 128, 32, 4, 4),
                             (64, 256, 32, 4, 4)]:
        cfg.append(triton.Config({"BM": bm, "BN": bn, "BK": bk, "GROUP_M": 8},
                                 num_warps=w, num_stages=s))
    return cfg


@triton.autotune(configs=_configs(), key=["M", "N", "K"])
@triton.jit
def _gemm_bias_relu(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K,
                    sam, sak, sbk, sbn, scm, scn,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                    GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    per_group = GROUP_M * num_n
    group = pid // per_group
    first_m = group * GROUP_M
    group_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % per_group) % group_m
    pid_n = (pid % per_group) // group_m
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        x = tl.load(a, mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        y = tl.load(b, mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
        a += BK * sak
        b += BK * sbk
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)
    out = tl.maximum(acc + bias[None, :], 0.0).to(c_ptr.dtype.element_ty)
    c = c_ptr + rm[:, None] * scm + rn[None, :] * scn
    tl.store(c, out, mask=(rm[:, None] < M) & (rn[None, :] < N))


def triton_gemm_bias_relu(a, b, bias, out):
    M, K = a.shape
    N = b.shape[1]
    grid = lambda meta: (triton.cdiv(M, meta["BM"]) * triton.cdiv(N, meta["BN"]),)
    _gemm_bias_relu[grid](a, b, bias, out, M, N, K, a.stride(0), a.stride(1),
                          b.stride(0), b.stride(1), out.stride(0), out.stride(1))
    return out


# --------------------------------------------------------------------------

def max_error(y, ref):
    """Same rule as dlc-run: |y - r| <= 1e-3 + 1e-3*|r| + ulp(r) in y's type
    (f16: 10 mantissa bits, bf16: 7)."""
    bits = 7 if y.dtype == torch.bfloat16 else 10
    y, ref = y.float(), ref.float()
    diff = (y - ref).abs()
    ulp = torch.pow(2.0, torch.floor(torch.log2(ref.abs().clamp_min(2.0 ** -14))) - bits)
    bad = ~(diff <= 1e-3 + 1e-3 * ref.abs() + ulp)
    return diff.max().item(), int(bad.sum().item())


WARMUP, REP = 50, 200  # do_bench's warm-up and measuring time, ms


def bench(fn):
    """One do_bench median in ms (bench_small.py, bench_odd.py and
    check_forms.py time their kernels with it)."""
    return do_bench_median(fn, WARMUP, REP)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", default=DEFAULT_MANIFEST)
    ap.add_argument("--sizes", default=DEFAULT_SIZES, help="MxNxK,...")
    ap.add_argument("--no-triton", action="store_true")
    ap.add_argument("--json", help="write the results here for plot_results.py")
    ap.add_argument("--baseline", help="a second DLC kernel to time (column base)")
    add_rounds_argument(ap)
    args = ap.parse_args()

    dlc = DlcKernel(args.manifest)
    base = DlcKernel(args.baseline) if args.baseline else None
    stream = torch.cuda.current_stream()
    cu_stream = cu.CUstream(stream.cuda_stream)
    props = torch.cuda.get_device_properties(0)
    print("device: %s, %d SMs, torch %s, triton %s, %s" % (
        props.name, props.multi_processor_count, torch.__version__,
        triton.__version__, os.path.basename(args.manifest)))
    rows = []
    for size in args.sizes.split(","):
        M, N, K = (int(v) for v in size.lower().split("x"))
        g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
        dt = dlc.dtype
        a = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).to(dt)
        b = (torch.rand(K, N, device="cuda", generator=g) * 2 - 1).to(dt)
        bias = (torch.rand(N, device="cuda", generator=g) * 2 - 1).to(dt)
        y = torch.full((M, N), float("nan"), device="cuda", dtype=dt)
        tensors = {"X": a, "W": b, "bias": bias, "Y": y}
        syms = {"M": M, "K": K, "N": N}
        run_dlc = lambda: dlc.launch(tensors, syms, cu_stream)

        try:
            run_dlc()
            torch.cuda.synchronize()
        except RuntimeError as e:  # e.g. a stride TMA cannot describe
            print("%-18s dlc not run: %s" % (size, e), flush=True)
            continue
        ref = torch.relu(torch.addmm(bias.float(), a.float(), b.float()))
        err, bad = max_error(y, ref)
        del ref
        flop = 2.0 * M * N * K
        tf = lambda ms: flop / (ms * 1e-3) / 1e12
        fns = {"dlc": run_dlc}
        if base:
            yb = torch.full_like(y, float("nan"))
            tb = dict(tensors, Y=yb)
            run_base = lambda: base.launch(tb, syms, cu_stream)
            run_base()
            torch.cuda.synchronize()
            berr, bbad = max_error(yb, torch.relu(torch.addmm(bias.float(), a.float(), b.float())))
            bad += bbad
            fns["base"] = run_base
        fns["addmm"] = lambda: torch.relu(torch.addmm(bias, a, b))
        fns["mm"] = lambda: torch.mm(a, b)
        if not args.no_triton:
            yt = torch.empty_like(y)
            triton_gemm_bias_relu(a, b, bias, yt)  # autotunes before timing
            terr, tbad = max_error(yt, torch.relu(torch.addmm(bias.float(), a.float(), b.float())))
            fns["triton"] = lambda: triton_gemm_bias_relu(a, b, bias, yt)
        t, failed = time_rounds(fns, args.rounds, WARMUP, REP)
        if failed:
            raise failed[next(iter(failed))]
        if base:
            del yb
        rows.append((size, {k: tf(v) for k, v in t.items()}, err, bad))
        print("%-18s dlc %6.1f  base %6s  addmm+relu %6.1f  mm %6.1f  triton %6s TFLOP/s; "
              "dlc max_abs_err %.3g, %d mismatches%s" % (
                  size, tf(t["dlc"]), "%.1f" % tf(t["base"]) if "base" in t else "-",
                  tf(t["addmm"]), tf(t["mm"]),
                  "%.1f" % tf(t["triton"]) if "triton" in t else "-", err, bad,
                  "" if args.no_triton else "; triton %d mismatches" % tbad),
              flush=True)

    print("\n| M x N x K | DLC (TFLOP/s) | base | cuBLAS addmm+ReLU | cuBLAS mm | Triton fused "
          "| DLC / addmm+ReLU | DLC / mm | base / mm | DLC check |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for size, tf_, err, bad in rows:
        tri = "%.1f" % tf_["triton"] if "triton" in tf_ else "-"
        bas = "%.1f" % tf_["base"] if "base" in tf_ else "-"
        bmm = "%.2f" % (tf_["base"] / tf_["mm"]) if "base" in tf_ else "-"
        print("| %s | %.1f | %s | %.1f | %.1f | %s | %.2f | %.2f | %s | %s |" % (
            size.replace("x", " x "), tf_["dlc"], bas, tf_["addmm"], tf_["mm"], tri,
            tf_["dlc"] / tf_["addmm"], tf_["dlc"] / tf_["mm"], bmm,
            "pass" if bad == 0 else "%d bad" % bad))
    if args.json:
        names = [("dlc", "dlc"), ("addmm", "cublas_addmm_relu"), ("mm", "cublas_mm"),
                 ("triton", "triton")] + ([("base", "dlc_base")] if base else [])
        with open(args.json, "w") as f:
            json.dump({"device": "%s (%d SMs)" % (props.name, props.multi_processor_count),
                       "date": time.strftime("%Y-%m-%d", time.gmtime()),
                       "source": "bench_gemm.py --manifest %s (%s)" % (args.manifest, dlc.dtype),
                       "columns": ["M", "N", "K"] + [n for _, n in names],
                       "rows": [[int(v) for v in size.lower().split("x")] +
                                [round(tf_.get(k, 0.0), 1) for k, _ in names]
                                for size, tf_, _, _ in rows]}, f, indent=1)
    if any(bad for *_, bad in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
