#!/usr/bin/env python3
"""LayerNorm, RMSNorm and softmax over 16384 rows of 768 / 4096 / 8192 /
32768 halves on one GPU, in one run: DLC's kernels (bench/build_norm.sh:
static per width, and the symbolic example) in the planner's form (a pair
of reduces in one pass: Welford for LayerNorm, the online softmax) and as
"passes" (the pair in two loops over the row, as main computes it), against
torch eager and torch.compile (Inductor) of the same function.

Each kernel is checked against torch in fp32 first (|y - r| <= 1e-2 + 1e-2
|r|), then timed with triton's do_bench (median, L2 flushed); bandwidth =
bytes read + written once (2 x M x N x 2) / time.
With --base DIR2 (kernels of the same names from another compiler, e.g.
main's), each static kernel is timed against DIR2's in the same process,
interleaved (base, new, base, new; the faster median of each kept).
usage: bench_norm.py --kernels DIR [--base DIR2] [--out JSON] [--no-compile]
                     [--widths ...] [--variants ...]
"""
import argparse
import os
import sys

import torch
import torch.nn.functional as F
import triton

from dlc_kernel import DlcKernel
from timing import write_results


def bench(fn):
    return triton.testing.do_bench(fn, warmup=10, rep=40, return_mode="median")


def check(y, ref):
    y, ref = y.float(), ref.float()
    return int((~((y - ref).abs() <= 1e-2 + 1e-2 * ref.abs())).sum().item())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--widths", type=int, nargs="*", default=[768, 4096, 8192, 32768])
    ap.add_argument("--variants", nargs="*", default=["static", "passes", "sym", "sym-passes"],
                    help="kernels to time: static (the planner's static kernel), or the "
                         "suffix of build_norm.sh's other names (passes, sym, sym-passes, ...)")
    ap.add_argument("--base", help="a second kernel folder timed against --kernels (static variants)")
    args = ap.parse_args()
    dev = torch.cuda.get_device_name()
    print("# %s, torch %s" % (dev, torch.__version__), flush=True)
    stream = torch.cuda.current_stream().cuda_stream
    M, h = 16384, torch.half
    results = []
    for N in args.widths:
        x = torch.randn(M, N, dtype=h, device="cuda")
        g = torch.randn(N, dtype=h, device="cuda")
        b = torch.randn(N, dtype=h, device="cuda")
        inv = torch.tensor(1.0 / N, dtype=torch.float32, device="cuda")
        y = torch.empty_like(x)
        nbytes = 2 * M * N * 2
        fams = {
            "layernorm": ({"X": x, "g": g, "b": b, "inv_n": inv, "Y": y},
                          lambda: F.layer_norm(x, (N,), g, b, 1e-5),
                          lambda: F.layer_norm(x.float(), (N,), g.float(), b.float(), 1e-5)),
            "rmsnorm": ({"X": x, "g": g, "inv_n": inv, "Y": y},
                        lambda: F.rms_norm(x, (N,), g, 1e-5),
                        lambda: x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-5) * g.float()),
            "softmax": ({"X": x, "Y": y}, lambda: torch.softmax(x, -1),
                        lambda: torch.softmax(x.float(), -1)),
        }
        for fam, (tensors, eager, reference) in fams.items():
            ref = reference()
            entry = {"family": fam, "shape": "%dx%d" % (M, N)}
            line = "%-9s %-11s" % (fam, entry["shape"])
            for variant in ["" if v == "static" else "-" + v for v in args.variants]:
                name = fam + ("-%d" % N if not variant.startswith("-sym") else "") + variant
                path = os.path.join(args.kernels, name, fam + ".json")
                if not os.path.exists(path):
                    continue
                sym = {"M": M, "N": N} if "sym" in variant else {}
                kernels = [("dlc" + variant, DlcKernel(path))]
                base = os.path.join(args.base or "", name, fam + ".json")
                if args.base and "sym" not in variant and os.path.exists(base):
                    kernels.insert(0, ("base" + variant, DlcKernel(base)))
                times = {}
                for key, k in kernels:
                    y.zero_()
                    k.launch(tensors, sym, stream)
                    entry[key + "_wrong"] = check(y, ref)
                for _ in range(2 if len(kernels) > 1 else 1):
                    for key, k in kernels:
                        t = bench(lambda: k.launch(tensors, sym, stream))
                        times[key] = min(times.get(key, t), t)
                for key, _ in kernels:
                    entry[key + "_TBps"] = nbytes / times[key] / 1e9
                    wrong = entry[key + "_wrong"]
                    line += " | %s %.2f%s" % (key, entry[key + "_TBps"], " WRONG %d" % wrong if wrong else "")
            anchors = [("torch", eager), ("copy", lambda: y.copy_(x))]
            if not args.no_compile:
                try:
                    c = torch.compile(eager, dynamic=False)
                    c()
                    anchors.append(("compile", c))
                except Exception as e:
                    line += " | compile n/a (%s)" % type(e).__name__
            for aname, fn in anchors:
                t = bench(fn)
                entry[aname + "_TBps"] = nbytes / t / 1e9
                line += " | %s %.2f" % (aname, nbytes / t / 1e9)
            print(line, flush=True)
            results.append(entry)
        del x, y
        torch.cuda.empty_cache()
    return write_results(args.out, results)


if __name__ == "__main__":
    sys.exit(main())
