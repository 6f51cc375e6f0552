#!/usr/bin/env python3
"""Large GEMM forms compiled by DLC, checked against torch on the GPU and
timed beside cuBLAS in the same run (issue "Back end, part 1"):

  linear    Y[4096,4096] = X · Wᵀ + b, static sizes, W stored [N, K]
            (test/Pipelines/Inputs/forms/linear_static.tiny.mlir)
  bmm_silu  Y[B,M,N] = silu(X[B,M,K] · W[B,K,N]) in bf16, tinygrad's SiLU
            (test/Pipelines/Inputs/forms/bmm_bf16_silu.tiny.mlir)

usage: check_forms.py --linear DIR/linear.json --bmm DIR/bmm_silu.json
Each manifest's PTX is read relative to the manifest (bench_gemm.DlcKernel).
"""
import argparse
import os
import sys

import torch
from cuda.bindings import driver as cu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_gemm import DlcKernel, bench  # noqa: E402


def rel_error(y, ref):
    y, ref = y.double(), ref.double()
    return ((y - ref).norm() / ref.norm()).item()


def check_linear(manifest, stream):
    k = DlcKernel(manifest)
    M = N = K = 4096
    g = torch.Generator(device="cuda").manual_seed(7)
    x = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).half()
    w = (torch.rand(N, K, device="cuda", generator=g) * 2 - 1).half()
    b = (torch.rand(N, device="cuda", generator=g) * 2 - 1).half()
    y = torch.full((M, N), float("nan"), device="cuda", dtype=torch.half)
    run = lambda: k.launch({"X": x, "W": w, "b": b, "Y": y}, {}, stream)
    run()
    torch.cuda.synchronize()
    ref = torch.addmm(b.double(), x.double(), w.double().t())
    err = rel_error(y, ref)
    flop = 2.0 * M * N * K
    tf = lambda ms: flop / (ms * 1e-3) / 1e12
    t_dlc = bench(run)
    t_lin = bench(lambda: torch.nn.functional.linear(x, w, b))
    ok = err < 1e-3 and not torch.isnan(y).any().item()
    print("linear 4096^3 static (X·Wᵀ+b, f16): rel_err %.2e %s; DLC %.1f TFLOP/s, "
          "torch linear (cuBLAS) %.1f TFLOP/s, ratio %.2f" % (
              err, "PASS" if ok else "FAIL", tf(t_dlc), tf(t_lin),
              t_lin / t_dlc))
    return ok


def check_bmm(manifest, stream):
    k = DlcKernel(manifest)
    B, M, N, K = 8, 1024, 1024, 1024
    g = torch.Generator(device="cuda").manual_seed(11)
    x = (torch.rand(B, M, K, device="cuda", generator=g) * 2 - 1).bfloat16()
    w = (torch.rand(B, K, N, device="cuda", generator=g) * 2 - 1).bfloat16()
    y = torch.full((B, M, N), float("nan"), device="cuda", dtype=torch.bfloat16)
    run = lambda: k.launch({"X": x, "W": w, "Y": y},
                           {"B": B, "M": M, "N": N, "K": K}, stream)
    run()
    torch.cuda.synchronize()
    ref = torch.nn.functional.silu(torch.bmm(x.double(), w.double()))
    err = rel_error(y, ref)
    flop = 2.0 * B * M * N * K
    tf = lambda ms: flop / (ms * 1e-3) / 1e12
    t_dlc = bench(run)
    t_ref = bench(lambda: torch.nn.functional.silu(torch.bmm(x, w)))
    ok = err < 1e-2 and not torch.isnan(y).any().item()
    print("bmm bf16 + SiLU B=%d %dx%dx%d: rel_err %.2e %s; DLC %.1f TFLOP/s, "
          "torch bmm+silu %.1f TFLOP/s, ratio %.2f" % (
              B, M, N, K, err, "PASS" if ok else "FAIL", tf(t_dlc), tf(t_ref),
              t_ref / t_dlc))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--linear", required=True)
    ap.add_argument("--bmm", required=True)
    args = ap.parse_args()
    torch.cuda.init()
    stream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
    print("device: %s" % torch.cuda.get_device_name(0))
    ok = check_linear(args.linear, stream)
    ok &= check_bmm(args.bmm, stream)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
