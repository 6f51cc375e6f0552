#!/usr/bin/env python3
"""Probe (run sk2-1/2): reads the split-K timeline stamps a probe kernel
writes (globaltimer.lo and the SM's clock) per split unit, slot k:
0 consumer start, 1 k loop done (finish entry), 2 partial stores issued,
3 group-last known (after arrive 1), 4 group sum stored, 5 tile-last known
(after arrive 2), 6 tile-last entry, 7 final sums read, 8 epilogue issued.
    sk_stamps.py [new:]MANIFEST@MxNxK [...]
new: the 64-row tile's 16-byte partial layout (run sk2-2), else 8-byte
rows. The kernels come from a dlc-opt built with bench/probe/sk2-stamps.patch
(on 5d7afee's Sm90SplitK.c; for the 16-byte layout the stamp's word is
((unit * BN/8) * 256 + 128 + slot) * 4) and compiled with DLC_SK_PROBE=1;
64-row tiles only (the stamps live in their partials' unused upper half).
Each launch follows an L2 flush and a zeroed workspace, so its event time
is not the kernel's bench time."""
import os
import statistics as st
import sys

import torch
from cuda.bindings import driver as cu

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from dlc_kernel import DlcKernel  # noqa: E402

SMS, NUMJ, REPS = 132, 8, 30  # the target's SMs, BN / 8 (BN = 64)


def word(u, k, wide):
    """The i32 word of unit u's stamp k (its clock at word + 1)."""
    if wide:
        return 4 * SMS + ((u * NUMJ) * 256 + 128 + k) * 4
    return 4 * SMS + ((u * 2 * NUMJ) * 256 + 128 + k) * 2


def probe(arg, stream, flush):
    wide = arg.startswith("new:")
    man, size = (arg[4:] if wide else arg).rsplit("@", 1)
    M, N, K = (int(v) for v in size.split("x"))
    k = DlcKernel(man)
    tensors = {"X": (torch.rand(M, K, device="cuda") * 2 - 1).half(),
               "W": (torch.rand(K, N, device="cuda") * 2 - 1).half(),
               "bias": (torch.rand(N, device="cuda") * 2 - 1).half(),
               "Y": torch.empty(M, N, device="cuda", dtype=torch.half)}
    syms = {"M": M, "K": K, "N": N}
    for _ in range(5):
        k.launch(tensors, syms, stream)
    torch.cuda.synchronize()
    units, per, times = None, {}, []
    for _ in range(REPS):
        flush.zero_()
        k._workspace.zero_()
        e0 = torch.cuda.Event(enable_timing=True)
        e1 = torch.cuda.Event(enable_timing=True)
        e0.record()
        k.launch(tensors, syms, stream)
        e1.record()
        torch.cuda.synchronize()
        times.append(e0.elapsed_time(e1) * 1e3)
        w = k._workspace.view(torch.int32).cpu().tolist()
        if units is None:
            units = [u for u in range(SMS)
                     if word(u, 0, wide) + 1 < len(w) and w[word(u, 0, wide)] != 0]
        t0 = min(w[word(u, 0, wide)] for u in units)
        for u in units:
            c0 = w[word(u, 0, wide) + 1]
            for s in range(9):
                g = w[word(u, s, wide)]
                if g == 0:
                    continue
                per.setdefault(s, []).append(((g - t0) & 0xffffffff) / 1e3)
                per.setdefault(("c", s), []).append((w[word(u, s, wide) + 1] - c0) & 0xffffffff)
    print("== %s %s: %d units, event-timed %.1f us median; stamps (us after the first "
          "CTA's start; per slot: writes/rep, min / median / max over units and reps; "
          "clk: cycles after the CTA's own start, median)" % (man, size, len(units), st.median(times)))
    for s in range(9):
        if s in per:
            v, c = per[s], per[("c", s)]
            print("  slot %d: %5.1f/rep  %6.2f / %6.2f / %6.2f us   clk %8d" % (
                s, len(v) / REPS, min(v), st.median(v), max(v), st.median(c)))


def main():
    stream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    for arg in sys.argv[1:]:
        probe(arg, stream, flush)


if __name__ == "__main__":
    main()
