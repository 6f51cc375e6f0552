#!/usr/bin/env python3
"""The memory-bound families on one GPU, in one run: DLC's kernels (the
memory-bound skeleton, compiled from examples/*.tiny.mlir) against torch.

  layernorm   Y = LayerNorm(X) g + b over rows of N, fp16 (torch
              F.layer_norm)
  rmsnorm     Y = X rsqrt(mean(X^2) + eps) g (torch F.rms_norm)
  softmax     softmax over rows of N, fp16 (torch.softmax)
  silu_add    Z = X sigmoid(X) + Y on E elements, fp16 (torch eager: three
              kernels)
  row_sum     row sums (f32) of X[M, N] (torch .sum), row_max its maxima
              (f16, torch .amax), row_sum+max both from one kernel
  col_sum     column sums (f32) of X[M, N] (torch .sum(0)): column mode
  copy        X.copy_() of the same bytes: the bandwidth ceiling

Anchors: torch eager and torch.compile (Inductor's Triton kernel, compiled
per shape; left out where it does not work) of the same function.
Each DLC output is checked against torch in fp32 before it is timed
(|y - r| <= 1e-2 + 1e-2 |r|: f16 outputs of a different reduction order).
Bandwidth = bytes read + written once / median time (triton do_bench, L2
flushed). usage: bench_memory.py --kernels DIR (DIR/<example>/<kernel>.json)
"""
import argparse
import json
import os
import sys

import torch
import torch.nn.functional as F
import triton

from dlc_kernel import DlcKernel


def bench(fn):
    return triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median")


def check(name, y, ref):
    y, ref = y.float(), ref.float()
    bad = ~((y - ref).abs() <= 1e-2 + 1e-2 * ref.abs())
    n = int(bad.sum().item())
    if n:
        print("  %s: %d of %d wrong (max err %.3g)" % (
            name, n, y.numel(), (y - ref).abs().max().item()))
    return n == 0


def compiled(fn):
    """torch.compile's kernel for fn (Inductor: one generated Triton kernel
    per shape), or None where it does not work here."""
    try:
        c = torch.compile(fn, dynamic=False)
        c()
        return c
    except Exception as e:  # no compiler toolchain, or a graph it rejects
        print("  torch.compile unavailable: %s" % type(e).__name__)
        return None


USE_COMPILE = True  # --no-compile: eager anchors only (no Inductor builds)


def torch_anchors(fn):
    """torch eager and (when it works) torch.compile of the same function."""
    anchors = [("torch", fn)]
    c = compiled(fn) if USE_COMPILE else None
    if c is not None:
        anchors.append(("compile", c))
    return anchors


def rows_cases(M, widths):
    return [(M, n) for n in widths]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out", default=None, help="write the results as JSON")
    ap.add_argument("--no-compile", action="store_true",
                    help="torch eager anchors only (saves Inductor's build time)")
    args = ap.parse_args()
    global USE_COMPILE
    USE_COMPILE = not args.no_compile
    dev = torch.cuda.get_device_name()
    print("# %s, torch %s" % (dev, torch.__version__))
    stream = torch.cuda.current_stream()
    results = []

    def kernel(name):
        return DlcKernel(os.path.join(args.kernels, name, name + ".json"))

    def row(family, shape, nbytes, ours, anchors, ok):
        t = bench(ours)
        entry = {"family": family, "shape": shape, "ok": ok,
                 "dlc_us": t * 1e3, "dlc_TBps": nbytes / t / 1e9}
        line = "%-10s %-14s dlc %7.1f us %5.2f TB/s" % (
            family, shape, t * 1e3, nbytes / t / 1e9)
        for aname, afn in anchors:
            try:
                ta = bench(afn)
            except Exception as e:  # an anchor that does not run here
                line += " | %s n/a (%s)" % (aname, type(e).__name__)
                continue
            entry[aname + "_TBps"] = nbytes / ta / 1e9
            line += " | %s %5.2f TB/s (%.2fx)" % (aname, nbytes / ta / 1e9, ta / t)
        print(line + ("" if ok else "  WRONG"), flush=True)
        results.append(entry)

    h = torch.half
    # The bandwidth ceiling: a copy of 2^28 halves (1 GiB read + written).
    x = torch.randn(1 << 28, dtype=h, device="cuda")
    y = torch.empty_like(x)
    t = bench(lambda: y.copy_(x))
    print("copy       2^28 f16       %5.2f TB/s" % (2 * x.numel() * 2 / t / 1e9))
    results.append({"family": "copy", "shape": "2^28", "TBps": 4 * x.numel() / t / 1e9})
    del x, y

    ln, rms, sm = kernel("layernorm"), kernel("rmsnorm"), kernel("softmax")
    for M, N in rows_cases(16384, [768, 4096, 8192]):
        x = torch.randn(M, N, dtype=h, device="cuda")
        g = torch.randn(N, dtype=h, device="cuda")
        b = torch.randn(N, dtype=h, device="cuda")
        inv = torch.tensor(1.0 / N, dtype=torch.float32, device="cuda")
        out = torch.empty_like(x)
        sym = {"M": M, "N": N}
        t_ln = {"X": x, "g": g, "b": b, "inv_n": inv, "Y": out}
        ln.launch(t_ln, sym, stream.cuda_stream)
        ok = check("layernorm", out, F.layer_norm(x.float(), (N,), g.float(), b.float(), 1e-5))
        row("layernorm", "%dx%d" % (M, N), 2 * M * N * 2,
            lambda: ln.launch(t_ln, sym, stream.cuda_stream),
            torch_anchors(lambda: F.layer_norm(x, (N,), g, b, 1e-5)), ok)
        t_rms = {"X": x, "g": g, "inv_n": inv, "Y": out}
        rms.launch(t_rms, sym, stream.cuda_stream)
        ref = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-5) * g.float()
        ok = check("rmsnorm", out, ref)
        row("rmsnorm", "%dx%d" % (M, N), 2 * M * N * 2,
            lambda: rms.launch(t_rms, sym, stream.cuda_stream),
            torch_anchors(lambda: F.rms_norm(x, (N,), g, 1e-5)), ok)
        t_sm = {"X": x, "Y": out}
        sm.launch(t_sm, sym, stream.cuda_stream)
        ok = check("softmax", out, torch.softmax(x.float(), -1))
        row("softmax", "%dx%d" % (M, N), 2 * M * N * 2,
            lambda: sm.launch(t_sm, sym, stream.cuda_stream),
            torch_anchors(lambda: torch.softmax(x, -1)), ok)
        del x, out

    silu = kernel("silu_add")
    E = 1 << 28
    x = torch.randn(E, dtype=h, device="cuda")
    y = torch.randn(E, dtype=h, device="cuda")
    z = torch.empty_like(x)
    t_s = {"X": x, "Y": y, "Z": z}
    silu.launch(t_s, {"E": E}, stream.cuda_stream)
    ok = check("silu_add", z, x.float() * torch.sigmoid(x.float()) + y.float())
    anchors = torch_anchors(lambda: x * torch.sigmoid(x) + y)
    row("silu_add", "2^28", 3 * E * 2, lambda: silu.launch(t_s, {"E": E}, stream.cuda_stream),
        anchors, ok)
    del x, y, z

    M, N = 65536, 4097
    x = torch.randn(M, N, dtype=h, device="cuda")
    rs, rm, rr = kernel("row_sum"), kernel("row_max"), kernel("row_reduce")
    s = torch.empty(M, dtype=torch.float32, device="cuda")
    mx = torch.empty(M, dtype=h, device="cuda")
    sym = {"M": M, "N": N}
    t_s, t_m, t_r = {"X": x, "S": s}, {"X": x, "Mx": mx}, {"X": x, "S": s, "Mx": mx}
    rs.launch(t_s, sym, stream.cuda_stream)
    ok = check("row sum", s, x.float().sum(-1))
    row("row_sum", "%dx%d" % (M, N), M * N * 2 + M * 4,
        lambda: rs.launch(t_s, sym, stream.cuda_stream),
        torch_anchors(lambda: x.sum(-1, dtype=torch.float32)), ok)
    rm.launch(t_m, sym, stream.cuda_stream)
    ok = check("row max", mx, x.amax(-1))
    row("row_max", "%dx%d" % (M, N), M * N * 2 + M * 2,
        lambda: rm.launch(t_m, sym, stream.cuda_stream),
        torch_anchors(lambda: x.amax(-1)), ok)
    s.zero_(), mx.zero_()
    rr.launch(t_r, sym, stream.cuda_stream)
    ok = check("row sum", s, x.float().sum(-1)) and check("row max", mx, x.amax(-1))
    row("row_sum+max", "%dx%d" % (M, N), M * N * 2 + M * 6,
        lambda: rr.launch(t_r, sym, stream.cuda_stream),
        torch_anchors(lambda: (x.sum(-1, dtype=torch.float32), x.amax(-1))), ok)

    # Column sums: a reduction over the outer axis (column mode).
    cs = kernel("col_sum")
    for M, N in [(16384, 768), (2048, 65536)]:
        x = torch.randn(M, N, dtype=h, device="cuda")
        s = torch.empty(N, dtype=torch.float32, device="cuda")
        t_c, sym = {"X": x, "S": s}, {"M": M, "N": N}
        cs.launch(t_c, sym, stream.cuda_stream)
        ok = check("col sum", s, x.float().sum(0))
        row("col_sum", "%dx%d" % (M, N), M * N * 2 + N * 4,
            lambda: cs.launch(t_c, sym, stream.cuda_stream),
            torch_anchors(lambda: x.sum(0, dtype=torch.float32)), ok)
        del x, s

    if args.out:
        with open(args.out, "w") as f:
            json.dump({"device": dev, "torch": torch.__version__, "results": results}, f, indent=1)
    return 0 if all(r.get("ok", True) for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
