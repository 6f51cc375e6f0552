#!/usr/bin/env python3
"""cuBLAS's GEMM at each MxNxK given, one launch each, for ncu to profile
(`ncu -k regex:'gemm|nvjet|xmma|cutlass' python3 ncu_cublas.py ...`): the
kernel cuBLAS picks, its tile and cluster (in its name), its counters.

usage: ncu_cublas.py [--dtype f16|bf16] MxNxK ..."""
import sys

import torch

args = sys.argv[1:]
dtype = torch.float16
if args[:1] == ["--dtype"]:
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[args[1]]
    args = args[2:]
for size in args:
    m, n, k = (int(v) for v in size.split("x"))
    a = torch.rand(m, k, device="cuda", dtype=dtype) - 0.5
    b = torch.rand(k, n, device="cuda", dtype=dtype) - 0.5
    torch.mm(a, b)
    torch.cuda.synchronize()
    print(size, dtype, "done", flush=True)
