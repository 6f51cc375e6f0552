#!/usr/bin/env python3
"""Repeated launches of one DLC GEMM + bias + ReLU kernel (SM90 split-K
or not) on the same buffers, each checked: the output poisoned with NaN
before every launch and compared with torch afterwards, the split-K
workspace's counters read back and required to be zero again, and a
watchdog that reports a launch not finishing within --watchdog seconds.
    splitk_repeat.py DIR/KERNEL.json@MxNxK[,MxNxK...] [...]
                     [--launches N] [--watchdog SEC]
Prints one line per size: launches done, wrong outputs, launches that
left a counter non-zero; exits 3 on a hang (the watchdog fires)."""
import argparse
import os
import sys
import threading
import time

import torch
from cuda.bindings import driver as cu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dlc_kernel import DlcKernel  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="+", help="MANIFEST@MxNxK[,MxNxK...]")
    ap.add_argument("--launches", type=int, default=200)
    ap.add_argument("--watchdog", type=float, default=10.0)
    ap.add_argument("--sms", type=int, default=132)
    args = ap.parse_args()
    stream = torch.cuda.current_stream()
    cu_stream = cu.CUstream(stream.cuda_stream)
    ok = True
    for case in args.cases:
        manifest, sizes = case.rsplit("@", 1)
        ok &= run_case(manifest, sizes.split(","), args, cu_stream)
    sys.exit(0 if ok else 1)


def run_case(manifest, sizes, args, cu_stream):
    k = DlcKernel(manifest)
    name = os.path.basename(os.path.dirname(os.path.abspath(manifest)))
    ok = True
    for size in sizes:
        M, N, K = (int(v) for v in size.lower().split("x"))
        g = torch.Generator(device="cuda").manual_seed(M + 7 * N + 31 * K)
        a = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).half()
        b = (torch.rand(K, N, device="cuda", generator=g) * 2 - 1).half()
        bias = (torch.rand(N, device="cuda", generator=g) * 2 - 1).half()
        y = torch.empty(M, N, device="cuda", dtype=torch.half)
        ref = torch.relu(torch.addmm(bias.float(), a.float(), b.float()))
        tol = 1e-2 + 2e-3 * ref.abs()
        tensors = {"X": a, "W": b, "bias": bias, "Y": y}
        syms = {"M": M, "K": K, "N": N}
        wrong = dirty = done = 0
        state = {"launch": -1}

        def fire():
            print("%s %s: HANG: launch %d did not finish in %.0f s" %
                  (name, size, state["launch"], args.watchdog), flush=True)
            os._exit(3)

        t0 = time.time()
        for i in range(args.launches):
            state["launch"] = i
            y.fill_(float("nan"))
            dog = threading.Timer(args.watchdog, fire)
            dog.start()
            k.launch(tensors, syms, cu_stream)
            torch.cuda.synchronize()
            dog.cancel()
            done += 1
            bad = int((~((y.float() - ref).abs() <= tol)).sum().item())
            wrong += bad > 0
            ws = getattr(k, "_workspace", None)
            if ws is not None:
                counters = ws[: args.sms * 4].view(torch.int32)  # a word a tile, Sm90SplitK.c
                dirty += int(counters.ne(0).any().item())
        print("%s %s: %d launches in %.1f s, %d with wrong outputs, %d left "
              "counters non-zero" % (name, size, done, time.time() - t0, wrong,
                                     dirty), flush=True)
        ok &= wrong == 0 and dirty == 0
    return ok


if __name__ == "__main__":
    main()
