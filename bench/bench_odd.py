#!/usr/bin/env python3
"""Where the time of an SM90 GEMM + bias + ReLU with repacked operands goes:
each part of the launch timed alone, in one process, with cuBLAS anchors.
    bench_odd.py --case LABEL=DIR/KERNEL.json@MxNxK [--case ...]
                 [--check MxNxK,...] [--json OUT.json]
Per case (fp16, the bench_gemm.py problem Y = relu(X @ W + bias)), each with
triton's do_bench (median, L2 flushed before each launch), in µs:
  copies   what the launch runs around the kernel (the repacks of operands
           whose rows TMA cannot read, and the copy back of an output stored
           through a workspace, docs/runtime.md), alone
  kernel   the GEMM kernel alone, on the copies made once
  total    both, as bench_gemm.py times DLC
and the copies' bandwidth (bytes read + written). Anchors per size:
cuBLAS addmm + ReLU and mm. The output is checked against torch first
(bench_gemm.py's rule); --check adds sizes that are only checked (once per kernel)."""
import argparse
import json
import os
import sys

import torch
from cuda.bindings import driver as cu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_gemm import bench, max_error  # noqa: E402
from dlc_kernel import DlcKernel, check_cu  # noqa: E402


def problem(M, N, K, dt):
    g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
    a = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).to(dt)
    b = (torch.rand(K, N, device="cuda", generator=g) * 2 - 1).to(dt)
    bias = (torch.rand(N, device="cuda", generator=g) * 2 - 1).to(dt)
    y = torch.full((M, N), float("nan"), device="cuda", dtype=dt)
    return {"X": a, "W": b, "bias": bias, "Y": y}


def check(dlc, t, syms, stream):
    dlc.launch(t, syms, stream)
    torch.cuda.synchronize()
    ref = torch.relu(torch.addmm(t["bias"].float(), t["X"].float(), t["W"].float()))
    return max_error(t["Y"], ref)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", action="append", required=True)
    ap.add_argument("--check", default="")
    ap.add_argument("--json")
    args = ap.parse_args()
    stream = torch.cuda.current_stream()
    cs = cu.CUstream(stream.cuda_stream)
    props = torch.cuda.get_device_properties(0)
    print("device: %s, %d SMs, torch %s" % (
        props.name, props.multi_processor_count, torch.__version__), flush=True)
    kernels, anchors, rows = {}, {}, []
    for case in args.case:
        label, rest = case.split("=", 1)
        manifest, size = rest.rsplit("@", 1)
        M, N, K = (int(v) for v in size.lower().split("x"))
        first = manifest not in kernels
        if first:
            kernels[manifest] = DlcKernel(manifest)
        dlc = kernels[manifest]
        syms = {"M": M, "K": K, "N": N}
        for extra in [s for s in args.check.split(",") if s and first]:
            m, n, k = (int(v) for v in extra.lower().split("x"))
            err, bad = check(dlc, problem(m, n, k, dlc.dtype), {"M": m, "K": k, "N": n}, cs)
            print("check %-8s %-16s max_abs_err %.3g, %d mismatches" % (label, extra, err, bad),
                  flush=True)
            rows.append({"label": label, "size": extra, "check_only": True,
                         "max_abs_err": err, "mismatches": bad})
        t = problem(M, N, K, dlc.dtype)
        err, bad = check(dlc, t, syms, cs)
        g, b, smem, copies, params, after = dlc._prepared(t, syms)

        def kernel_only():
            dlc.launch_kernel(g, b, smem, cs, params)

        def copies_only():
            for c in copies + after:
                c(cs)

        us = {"total": bench(lambda: dlc.launch(t, syms, cs)) * 1e3,
              "kernel": bench(kernel_only) * 1e3,
              "copies": bench(copies_only) * 1e3 if copies else 0.0}
        if size not in anchors:
            a, w, bias = t["X"], t["W"], t["bias"]
            anchors[size] = {"addmm": bench(lambda: torch.relu(torch.addmm(bias, a, w))) * 1e3,
                             "mm": bench(lambda: torch.mm(a, w)) * 1e3}
        us.update(anchors[size])
        moved = sum(2 * t[n].numel() * t[n].element_size() for n in ("X", "W", "Y")
                    if any(p.get("tensor") == n for p in dlc.m["params"]
                           if p["kind"].startswith("tensormap"))
                    and t[n].stride(0) * t[n].element_size() % 16)
        flop = 2.0 * M * N * K
        tf = {k: flop / (v * 1e-6) / 1e12 for k, v in us.items() if v > 0}
        rows.append({"label": label, "size": size, "us": us, "tflops": tf,
                     "copy_bytes": moved, "max_abs_err": err, "mismatches": bad,
                     "plan": dlc.m.get("plan", ""), "grid": dlc.m.get("grid")})
        print("%-8s %-16s total %7.1f  kernel %7.1f  copies %6.1f us (%s)  "
              "addmm+relu %7.1f  mm %7.1f us; %.1f TFLOP/s = %.2fx addmm+relu, "
              "kernel alone %.1f TFLOP/s; %d mismatches" % (
                  label, size, us["total"], us["kernel"], us["copies"],
                  "%.2f TB/s" % (moved / us["copies"] / 1e6) if us["copies"] else "-",
                  us["addmm"], us["mm"], tf["total"], us["addmm"] / us["total"],
                  tf["kernel"], bad), flush=True)
    print("\n| case | M x N x K | plan | total µs | kernel µs | copies µs | "
          "addmm+ReLU µs | mm µs | TFLOP/s | / addmm+ReLU | check |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if r.get("check_only"):
            continue
        u = r["us"]
        print("| %s | %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %s |" % (
            r["label"], r["size"], r["plan"].replace("matmul:implicit_gemm ", ""),
            u["total"], u["kernel"], u["copies"], u["addmm"], u["mm"],
            r["tflops"]["total"], u["addmm"] / u["total"],
            "pass" if r["mismatches"] == 0 else "%d bad" % r["mismatches"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": props.name, "rows": rows}, f, indent=1)
    if any(r["mismatches"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
