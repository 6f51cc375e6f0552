#!/usr/bin/env python3
"""The module's row-copy kernel dlc_repack_b16 (docs/runtime.md, "Repack")
alone, launched as the runtime launches it (dlc_kernel.py's
repack_launches: the manifest's "repack_items"): rows of 2-byte elements
between any two alignments, checked against torch on random data (every
element of the rows copied, nothing around them touched), then timed on
the odd GEMM's copies beside torch's contiguous copy of as many bytes.
    repack_check.py DIR/KERNEL.json
The manifest's module must hold the kernel (every module with SM90
kernels does)."""
import itertools
import random
import sys

import torch
from cuda.bindings import driver as cu
import triton

from dlc_kernel import DlcKernel, Repack

# rows, cols, src offset and pitch, dst offset and pitch (elements)
CASES = [(1, 1, 0, 1, 0, 8), (3, 7, 1, 7, 0, 8), (5, 9, 3, 11, 5, 13),
         (17, 33, 0, 33, 0, 40), (9, 4093, 7, 4093, 0, 4096),
         (7, 4097, 0, 4104, 3, 4097), (4, 20000, 5, 20001, 1, 20003),
         (70000, 3, 0, 3, 0, 8), (33, 16, 2, 18, 6, 21), (2, 24, 1, 24, 7, 24),
         (8191, 129, 0, 129, 0, 136), (1000, 500, 3, 501, 1, 512),
         (3000, 2100, 1, 2101, 0, 2104)]
# Every alignment 0..7 of either side against the other's.
CASES += [(3, 5 + s, s, 5 + s + d, d, 13 + s) for s, d in itertools.product(range(8), range(8))]
# Rows shorter than a 16-byte vector, one, and just over: the ends and
# tails of a row in one or two blocks.
CASES += [(37, c, c % 8, c, (3 * c) % 8, c + 1) for c in (1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 31, 33)]
random.seed(7)
for _ in range(20):
    c = random.randint(1, 3000)
    CASES.append((random.randint(1, 300), c, random.randint(0, 7), c + random.randint(0, 9),
                  random.randint(0, 7), c + random.randint(0, 9)))


def job(rows, cols, so, sp, do, dp, exact=False):
    """Source and destination buffers (the source ending at the last row's
    end when `exact`), the expected destination, and the Repack job."""
    n = so + (rows - 1) * sp + cols if exact else so + rows * sp + 8
    src = torch.randint(-30000, 30000, (n,), dtype=torch.int16, device="cuda")
    dst = torch.full((do + rows * dp + 8,), 12345, dtype=torch.int16, device="cuda")
    want = dst.clone()  # expected, through strided views
    torch.as_strided(want, (rows, cols), (dp, 1), do).copy_(
        torch.as_strided(src, (rows, cols), (sp, 1), so))
    return src, dst, want, Repack(src.data_ptr() + 2 * so, dst.data_ptr() + 2 * do,
                                  rows, cols, sp, dp)


def main():
    k = DlcKernel(sys.argv[1])
    stream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
    print("device: %s; repack_items %s" % (torch.cuda.get_device_name(),
                                            k.m.get("repack_items", "none (older grid)")))
    bad = 0
    for i in range(0, len(CASES), 2):
        pair = [job(*c, exact=i % 4 == 0) for c in CASES[i:i + 2]]
        for launch in k.repack_launches([p[3] for p in pair]):
            launch(stream)
        torch.cuda.synchronize()
        for c, (src, dst, want, _) in zip(CASES[i:i + 2], pair):
            wrong = int((dst != want).sum().item())
            bad += wrong > 0
            if wrong:
                print("repack %-32s FAIL, %d wrong" % (c, wrong))
    print("repack %d cases: %s" % (len(CASES), "PASS" if not bad else "FAIL (%d)" % bad))
    # The odd GEMM's copies: A and B in (to 16-byte rows), C's whole tiles
    # out (256 x 128 tiles: 4096 of N = 4097; 128 x 256: 3840).
    a = job(4095, 4093, 0, 4093, 0, 4096)
    b = job(4093, 4097, 0, 4097, 0, 4104)
    c = job(4095, 4096, 0, 4104, 0, 4097)
    c2 = job(4095, 3840, 0, 4104, 0, 4097)
    for name, jobs in (("A+B in", [a[3], b[3]]), ("C out", [c[3]]), ("C out 3840", [c2[3]])):
        launches = k.repack_launches(jobs)
        us = triton.testing.do_bench(lambda: [f(stream) for f in launches], warmup=25,
                                     rep=100, return_mode="median") * 1e3
        moved = sum(2 * 2 * j.rows * j.cols for j in jobs)
        x = torch.empty(moved // 4, dtype=torch.int16, device="cuda")
        y = torch.empty_like(x)
        t = triton.testing.do_bench(lambda: y.copy_(x), warmup=25, rep=100,
                                    return_mode="median") * 1e3
        print("repack %s: %.1f us, %.2f TB/s (read + write); torch's copy of as many "
              "bytes %.1f us, %.2f TB/s: %.2f of it" % (
                  name, us, moved / us / 1e6, t, moved / t / 1e6, t / us))
    for x in (a, b, c, c2):
        bad += int((x[1] != x[2]).sum().item()) > 0
    print("repack check: %s" % ("PASS" if not bad else "FAIL"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
