#!/usr/bin/env python3
"""The module's row-copy kernel dlc_repack_b16 (docs/runtime.md, "Repack")
alone: rows of 2-byte elements between any two alignments, checked against
torch on random data (every element of the rows copied, nothing around
them touched), then timed on the odd GEMM's operands.
    repack_check.py DIR/KERNEL.json
The manifest's module must hold the kernel (every module with SM90
kernels does)."""
import ctypes
import sys

import torch
from cuda.bindings import driver as cu
import triton

from dlc_kernel import DlcKernel, check_cu

# rows, cols, src offset and pitch, dst offset and pitch (elements)
CASES = [(1, 1, 0, 1, 0, 8), (3, 7, 1, 7, 0, 8), (5, 9, 3, 11, 5, 13),
         (17, 33, 0, 33, 0, 40), (9, 4093, 7, 4093, 0, 4096),
         (7, 4097, 0, 4104, 3, 4097), (4, 20000, 5, 20001, 1, 20003),
         (70000, 3, 0, 3, 0, 8), (33, 16, 2, 18, 6, 21), (2, 24, 1, 24, 7, 24),
         (8191, 129, 0, 129, 0, 136), (1000, 500, 3, 501, 1, 512),
         (3000, 2100, 1, 2101, 0, 2104)]


def launch(fn, jobs, stream):
    a, b = jobs[0], jobs[-1]
    args = (tuple(a) + tuple(b),
            (ctypes.c_void_p, ctypes.c_void_p) + (ctypes.c_int64,) * 4 +
            (ctypes.c_void_p, ctypes.c_void_p) + (ctypes.c_int64,) * 4)
    blocks = -(-max(a[3], b[3]) // 8) + 2
    grid = (-(-blocks // 1024), min(max(a[2], b[2]), 2048), len(jobs))  # RepackGridRows (TensorMap.c)
    check_cu(cu.cuLaunchKernel(fn, *grid, 256, 1, 1, 0, stream, args, 0))


def job(rows, cols, so, sp, do, dp):
    src = torch.randint(-30000, 30000, (so + rows * sp + 8,), dtype=torch.int16,
                        device="cuda")
    dst = torch.full((do + rows * dp + 8,), 12345, dtype=torch.int16, device="cuda")
    want = dst.clone()  # expected, through strided views
    sv = src[so:so + rows * sp].view(rows, sp)[:, :cols]
    want[do:do + rows * dp].view(rows, dp)[:, :cols] = sv
    return src, dst, want, (src.data_ptr() + 2 * so, dst.data_ptr() + 2 * do,
                            rows, cols, sp, dp)


def main():
    k = DlcKernel(sys.argv[1])
    fn = k.repack_fn
    stream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
    bad = 0
    for i in range(0, len(CASES), 2):
        pair = [job(*c) for c in CASES[i:i + 2]]
        launch(fn, [p[3] for p in pair], stream)
        torch.cuda.synchronize()
        for c, (src, dst, want, _) in zip(CASES[i:i + 2], pair):
            wrong = int((dst != want).sum().item())
            bad += wrong
            print("repack %-32s %s" % (c, "PASS" if not wrong else "FAIL, %d wrong" % wrong))
    # The odd GEMM's copies: A and B in (to 16-byte rows), C out.
    a = job(4095, 4093, 0, 4093, 0, 4096)
    b = job(4093, 4097, 0, 4097, 0, 4104)
    c = job(4095, 4097, 0, 4104, 0, 4097)
    for name, jobs in (("A+B in", [a[3], b[3]]), ("C out", [c[3]])):
        us = triton.testing.do_bench(lambda: launch(fn, jobs, stream), warmup=25,
                                     rep=100, return_mode="median") * 1e3
        moved = sum(2 * 2 * j[2] * j[3] for j in jobs)
        print("repack %s: %.1f us, %.2f TB/s (read + write)" % (name, us, moved / us / 1e6))
    for x in (a, b, c):
        bad += int((x[1] != x[2]).sum().item())
    print("repack check: %s" % ("PASS" if not bad else "FAIL"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
