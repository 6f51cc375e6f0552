#!/usr/bin/env python3
"""Convolutions on one GPU, in one run: DLC's implicit-GEMM kernels
(compiled from bench/conv_cases.py's tiny programs) against cuDNN through
torch (fp16; channels_last NHWC and contiguous NCHW), and the fused
conv+SiLU against cuDNN's conv followed by a separate SiLU.

Each DLC output is checked against torch's conv in fp32 first
(|y - r| <= 2e-2 + 2e-2 |r|: fp16 outputs of sums over up to 2304 products
in another order). TFLOP/s = 2 N Ho Wo Co C KH KW / median time (triton
do_bench, L2 flushed; --rounds R: DLC and the cuDNN anchors timed in R
rounds, the order rotated, medians — bench/timing.py). usage:
bench_conv.py --kernels DIR [--rounds R] (DIR/cases.json, DIR/<case>/<case>.json)
"""
import argparse
import json
import os

import torch
import torch.nn.functional as F
from dlc_kernel import DlcProgram, load
from timing import add_rounds_argument, do_bench_median, time_rounds


WARMUP, REP = 25, 100  # do_bench's warm-up and measuring time, ms


def bench(fn):
    return do_bench_median(fn, WARMUP, REP)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out", default=None, help="write the results as JSON")
    ap.add_argument("--only", default=None,
                    help="comma-separated case names to run (default: all)")
    add_rounds_argument(ap)
    args = ap.parse_args()
    torch.backends.cudnn.benchmark = True
    print("# %s, torch %s, cuDNN %s" % (torch.cuda.get_device_name(),
                                        torch.__version__,
                                        torch.backends.cudnn.version()))
    stream = torch.cuda.current_stream().cuda_stream
    with open(os.path.join(args.kernels, "cases.json")) as f:
        cases = json.load(f)
    if args.only:
        keep = args.only.split(",")
        cases = [c for c in cases if c["name"] in keep]
    results = []
    # The GPU's clocks ramp up under load: a second of fp16 GEMMs first, so
    # that the first case is not timed at lower clocks than the others.
    a = torch.randn(8192, 8192, dtype=torch.half, device="cuda")
    end = torch.cuda.Event(enable_timing=True)
    start = torch.cuda.Event(enable_timing=True)
    start.record()
    while True:
        for _ in range(10):
            a @ a
        end.record()
        end.synchronize()
        if start.elapsed_time(end) > 1000:
            break
    del a
    for c in cases:
        name = c["name"]
        k = load(os.path.join(args.kernels, name, name + ".json"))
        n, ci, h, co, kk, s, p = (c[x] for x in ["N", "C", "H", "Co", "k", "stride", "pad"])
        ho, g = c["Ho"], c.get("groups", 1)
        flops = 2.0 * n * ho * ho * co * (ci // g) * kk * kk
        x = torch.randn(n, ci, h, h, dtype=torch.half, device="cuda")
        w = torch.randn(co, ci // g, kk, kk, dtype=torch.half, device="cuda") / (ci // g * kk * kk) ** 0.5
        nbytes = 2.0 * (x.numel() + w.numel() + n * co * ho * ho)
        xl = x.to(memory_format=torch.channels_last)
        wl = w.to(memory_format=torch.channels_last)
        nhwc = c["layout"] == "nhwc"
        # DLC's tensors: NHWC / KRSC (channels_last storage) or NCHW / KCRS.
        X = xl.permute(0, 2, 3, 1) if nhwc else x
        W = wl.permute(0, 2, 3, 1) if nhwc else w
        Y = torch.empty((n, ho, ho, co) if nhwc else (n, co, ho, ho),
                        dtype=torch.half, device="cuda")
        tensors = {"X": X, "W": W, "Y": Y}
        sym = {"N": n}
        launch = lambda: k.launch(tensors, sym, stream)  # noqa: E731
        ref = F.conv2d(x.float(), w.float(), stride=s, padding=p, groups=g)
        if c["epilogue"] == "silu":
            ref = F.silu(ref)
        Y.fill_(float("nan"))
        launch()
        got = Y.permute(0, 3, 1, 2).float() if nhwc else Y.float()
        bad = ~((got - ref).abs() <= 2e-2 + 2e-2 * ref.abs())
        nbad = int(bad.sum().item())
        silu = c["epilogue"] == "silu"
        anchors = [
            ("cudnn_nhwc", lambda: F.conv2d(xl, wl, stride=s, padding=p, groups=g)),
            ("cudnn_nchw", lambda: F.conv2d(x, w, stride=s, padding=p, groups=g)),
        ]
        if silu:
            anchors = [("cudnn_nhwc+silu",
                        lambda: F.silu(F.conv2d(xl, wl, stride=s, padding=p,
                                                groups=g))),
                       ("cudnn_nchw+silu",
                        lambda: F.silu(F.conv2d(x, w, stride=s, padding=p,
                                                groups=g)))]
        times, failed = time_rounds(dict([("dlc", launch)] + anchors), args.rounds, WARMUP, REP)
        if failed:
            raise failed[next(iter(failed))]
        t = times["dlc"]
        # An NCHW conv on the SM90 skeleton is a program: its layout-transform
        # kernels (timed within `t`, and alone here) and the conv, last; and
        # torch's NCHW -> channels_last copy of the activation for scale.
        program = isinstance(k, DlcProgram)
        transforms = [kname for kname, _ in k.kernels[:-1]] if program else []
        t_transform = bench(lambda: [k.launch(tensors, sym, stream, only=kname)
                                     for kname in transforms]) if transforms else None
        plan = (k.kernels[-1][1] if program else k).m.get("plan", "?")
        entry = {"case": name, "layout": c["layout"], "epilogue": c["epilogue"],
                 "groups": g, "plan": plan,
                 "dlc_us": t * 1e3, "dlc_tflops": flops / t / 1e9,
                 "dlc_gbs": nbytes / t / 1e6, "wrong": nbad}
        line = "%-18s %s dlc %8.1f us %6.1f TFLOP/s" % (name, c["layout"], t * 1e3,
                                                      flops / t / 1e9)
        if t_transform is not None:
            t_copy = bench(lambda: x.contiguous(memory_format=torch.channels_last))
            entry["transform_us"] = t_transform * 1e3
            entry["torch_channels_last_us"] = t_copy * 1e3
            line += " (transform %.1f us; torch channels_last copy %.1f us)" % (
                t_transform * 1e3, t_copy * 1e3)
        if g > 1:  # grouped: little math per byte; the bytes moved matter
            # The copy ceiling: a device copy moving the same bytes (half
            # read, half written).
            src = torch.empty(int(nbytes // 4), dtype=torch.half, device="cuda")
            dst = torch.empty_like(src)
            t_copy = bench(lambda: dst.copy_(src))
            entry["copy_gbs"] = nbytes / t_copy / 1e6
            line += " %6.0f GB/s (copy %6.0f GB/s) [%s]" % (
                nbytes / t / 1e6, nbytes / t_copy / 1e6,
                entry["plan"].split(" ")[0])
            del src, dst
        for aname, _ in anchors:
            ta = times[aname]
            entry[aname + "_tflops"] = flops / ta / 1e9
            line += " | %s %6.1f (%.2fx)" % (aname, flops / ta / 1e9, ta / t)
        if nbad:
            line += "  WRONG %d of %d (max err %.3g)" % (
                nbad, got.numel(), (got - ref).abs().max().item())
        print(line, flush=True)
        results.append(entry)
        del x, w, xl, wl, Y, ref, got
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
