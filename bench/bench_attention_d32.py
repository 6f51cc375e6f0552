#!/usr/bin/env python3
"""Unfused attention at head dimension 32 on one GPU (run lm-1): the
program dlc-compile makes of test/Pipelines/Inputs/attention_d32.json (W1405:
the flash kernel takes D 64/128/256; two kernels: the scores region r0 on
the memory-bound skeleton, P V as a tensor-core GEMM r1) against torch SDPA
at D = 32, the default backend and the math backend, fp16, non-causal,
scale 1/sqrt(32); FLOPs 4 B H S^2 D. Beside it "split": the same attention
as three kernels with S materialised in f32 (bench/attention_d32/qk and
softmax_pv: a batched GEMM, a row softmax, the P V GEMM), what the
compiler would make if it cut the scores region at its contraction.
Every output is checked against SDPA in fp32 first (|y - r| <= 1e-2 +
1e-2 |r|; poisoned with NaN before). Each program's kernels are also timed
one at a time (on the intermediates the earlier ones left) to show where
the time goes. Kernels faster than SLOW_MS are timed by do_bench medians
(L2 flushed) over --rounds rotating rounds (bench/timing.py); slower ones
(the cubic scores kernel) by CUDA events around a few launches, and a size
whose predicted time (the last measured one scaled by B H S^3) passes
--max-ms is not launched.
With --flash64, DLC's D = 64 flash kernel and SDPA at D = 64 on D = 64
inputs of the same sizes are timed in the same rounds: the most a D = 32
attention run through a D = 64 tile (Q, K, V zero-filled past 32 by TMA)
would cost. TFLOP/s count D = 32's FLOPs throughout (times compare).
usage: bench_attention_d32.py --dlc DIR --qk DIR --softmax-pv DIR [--flash64 DIR] [--skip-dlc]
       [--shapes BxHxS,...] [--rounds R] [--out F.json]
"""
import argparse
import json
import os

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

from dlc_kernel import DlcKernel, DlcProgram
from timing import add_rounds_argument, time_rounds

WARMUP, REP = 25, 100
SLOW_MS = 20.0
D = 32


def event_ms(fn, n, warm=True):
    """Mean milliseconds of n launches of a slow fn (after one warm-up
    launch unless `warm` is False: the caller has just launched it)."""
    if warm:
        fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(n):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / n


def wrong(o, ref):
    err = (o.float() - ref).abs()
    return int((~(err <= 1e-2 + 1e-2 * ref.abs())).sum().item()), err.nan_to_num(1e9).max().item()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dlc", required=True, help="dlc-compile's folder of attention_d32.json")
    ap.add_argument("--qk", required=True)
    ap.add_argument("--softmax-pv", required=True)
    ap.add_argument("--shapes", default="1x4x256,4x16x256,4x16x512,1x16x1024,4x16x1024,2x16x2048,1x16x4096")
    ap.add_argument("--max-ms", type=float, default=800.0)
    ap.add_argument("--skip-dlc", action="store_true",
                    help="leave the compiler's D = 32 program out (its cubic scores kernel)")
    ap.add_argument("--flash64", default=None,
                    help="dlc-compile's folder of bench/attention_d32/attention_d64.json: "
                         "its D = 64 flash kernel (and SDPA at D = 64) timed beside, on "
                         "D = 64 inputs of the same B, H, S")
    ap.add_argument("--out", default=None)
    add_rounds_argument(ap)
    args = ap.parse_args()
    print("# %s, torch %s" % (torch.cuda.get_device_name(), torch.__version__))
    stream = torch.cuda.current_stream().cuda_stream
    dlc = DlcProgram(os.path.join(args.dlc, "attention_d32.json"))
    qk = DlcKernel(os.path.join(args.qk, "qk.json"))
    spv = DlcProgram(os.path.join(args.softmax_pv, "softmax_pv.json"))
    f64 = DlcProgram(os.path.join(args.flash64, "attention_d64.json")) if args.flash64 else None
    results, last = [], None  # last: (B H S^3, ms) of the slowest DLC program
    for shape in args.shapes.split(","):
        B, H, S = (int(x) for x in shape.split("x"))
        torch.manual_seed(S)
        q, k, v = (torch.randn(B, H, S, D, dtype=torch.half, device="cuda") for _ in range(3))
        o = torch.empty_like(q)
        s32 = torch.empty(B, H, S, S, device="cuda")
        sym = {"B": B, "H": H, "M": S, "N": S}
        ten = {"Q": q, "K": k, "V": v, "O": o}
        ref = F.scaled_dot_product_attention(q.float(), k.float(), v.float())
        flops = 4.0 * B * H * S * S * D
        entry = {"shape": shape, "flops": flops}

        def split(only=None):
            if only in (None, "qk"):
                qk.launch({"Q": q, "K": k, "S": s32}, sym, stream)
            if only != "qk":
                spv.launch({"S": s32, "V": v, "O": o}, sym, stream, only=only)

        progs = {"split": split}
        cube = B * H * S ** 3
        predicted = None if last is None else last[1] * cube / last[0]
        if args.skip_dlc:
            pass
        elif predicted is None or predicted <= args.max_ms:
            progs["dlc"] = lambda only=None: dlc.launch(ten, sym, stream, only=only)
        else:
            entry["dlc"] = {"skipped_predicted_ms": predicted}
        fast, slow = {}, {}
        for label, fn in progs.items():
            o.fill_(float("nan"))
            torch.cuda.synchronize()
            ms = event_ms(fn, 1, warm=False)
            n, maxerr = wrong(o, ref)
            entry[label] = {"wrong": n, "max_err": maxerr}
            if label == "dlc":
                last = (cube, ms)
            if ms > SLOW_MS:
                slow[label] = fn
            else:
                fast[label] = fn
        fast["sdpa"] = lambda: F.scaled_dot_product_attention(q, k, v)

        def sdpa_math():
            with sdpa_kernel(SDPBackend.MATH):
                F.scaled_dot_product_attention(q, k, v)
        fast["sdpa_math"] = sdpa_math
        if f64 is not None:
            # What a D = 32 attention run through a D = 64 flash tile would
            # cost at most: the D = 64 kernel's work on D = 64 inputs.
            q64, k64, v64 = (torch.randn(B, H, S, 64, dtype=torch.half, device="cuda")
                             for _ in range(3))
            o64 = torch.full_like(q64, float("nan"))
            t64 = {"Q": q64, "K": k64, "V": v64, "O": o64}
            f64.launch(t64, sym, stream)
            torch.cuda.synchronize()
            n, maxerr = wrong(o64, F.scaled_dot_product_attention(q64.float(), k64.float(), v64.float()))
            entry["dlc64"] = {"wrong": n, "max_err": maxerr}
            fast["dlc64"] = lambda: f64.launch(t64, sym, stream)
            fast["sdpa64"] = lambda: F.scaled_dot_product_attention(q64, k64, v64)
        times, failed = time_rounds(fast, args.rounds, WARMUP, REP)
        for label, fn in slow.items():  # the check's launch was the warm-up
            times[label] = event_ms(fn, 1, warm=False)
        # Where the time goes: each kernel of a program alone.
        kernels = [("dlc", n) for n, _ in dlc.kernels] if "dlc" in progs else []
        kernels += [("split", "qk")] + [("split", n) for n, _ in spv.kernels]
        for label, kname in kernels:
            fn = (lambda prog=progs[label], kname=kname: prog(only=kname))
            ms = event_ms(fn, 1, warm=False)
            t = ms if ms > SLOW_MS else time_rounds({"k": fn}, 1, WARMUP, REP)[0]["k"]
            entry.setdefault(label, {}).setdefault("kernels_ms", {})[kname] = t
        line = "%-11s" % shape
        for label in list(progs) + ["sdpa", "sdpa_math", "dlc64", "sdpa64"]:
            if label in failed:
                line += " | %s n/a (%s)" % (label, str(failed[label])[:80])
                continue
            if label not in times:
                continue
            tf = flops / times[label] / 1e9
            entry.setdefault(label, {}).update({"ms": times[label], "tflops": tf})
            line += " | %s %.3f ms %.1f TF%s" % (
                label, times[label], tf, ", wrong %d" % entry[label]["wrong"] if "wrong" in entry[label] else "")
        if "dlc" in entry and "skipped_predicted_ms" in entry["dlc"]:
            line += " | dlc skipped (predicted %.0f ms)" % entry["dlc"]["skipped_predicted_ms"]
        print(line, flush=True)
        for label in progs:
            print("    %s kernels: %s" % (label, ", ".join(
                "%s %.3f ms" % kv for kv in entry[label].get("kernels_ms", {}).items())), flush=True)
        if times.get("sdpa"):
            print("    ratios to sdpa: %s" % ", ".join(
                "%s %.4g" % (lb, times["sdpa"] / times[lb])
                for lb in list(progs) + ["dlc64", "sdpa64"] if times.get(lb)), flush=True)
        results.append(entry)
        if args.out:  # after every shape: a run cut short keeps what it measured
            with open(args.out, "w") as f:
                json.dump(results, f, indent=1)
        del q, k, v, o, s32, ref, ten, fast
        if f64 is not None:
            del q64, k64, v64, o64, t64
            f64.buffers.clear()
        dlc.buffers.clear()
        spv.buffers.clear()
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
