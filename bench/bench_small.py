#!/usr/bin/env python3
"""Small and skinny GEMM + bias + ReLU shapes in one process: each DLC
kernel (a manifest, e.g. planned for that size through sizes=) against
cuBLAS on the same inputs, fp16 in/out.
    bench_small.py --case LABEL=DIR/KERNEL.json@MxNxK [--case ...]
                   [--json OUT.json]
Per case: the output checked against torch in fp32 (bench_gemm.py's rule),
then timed two ways, DLC and the anchors alike: triton's do_bench (median,
L2 flushed before each launch) and back-to-back (CUDA events around 200
launches, the mean; launch overheads overlap). Anchors: torch.relu(
torch.addmm(bias, a, b)) (cuBLAS + a ReLU kernel) and torch.mm(a, b)."""
import argparse
import json
import os
import sys

import torch
from cuda.bindings import driver as cu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_gemm import bench, max_error  # noqa: E402
from dlc_kernel import DlcKernel  # noqa: E402


def back_to_back(fn, n=200):
    for _ in range(10):
        fn()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(n):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", action="append", required=True)
    ap.add_argument("--json")
    args = ap.parse_args()
    stream = torch.cuda.current_stream()
    cu_stream = cu.CUstream(stream.cuda_stream)
    props = torch.cuda.get_device_properties(0)
    print("device: %s, %d SMs, torch %s" % (
        props.name, props.multi_processor_count, torch.__version__), flush=True)
    kernels, anchors, rows = {}, {}, []
    for case in args.case:
        label, rest = case.split("=", 1)
        manifest, size = rest.rsplit("@", 1)
        M, N, K = (int(v) for v in size.lower().split("x"))
        if manifest not in kernels:
            kernels[manifest] = DlcKernel(manifest)
        dlc = kernels[manifest]
        g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
        a = (torch.rand(M, K, device="cuda", generator=g) * 2 - 1).half()
        b = (torch.rand(K, N, device="cuda", generator=g) * 2 - 1).half()
        bias = (torch.rand(N, device="cuda", generator=g) * 2 - 1).half()
        y = torch.full((M, N), float("nan"), device="cuda", dtype=torch.half)
        tensors = {"X": a, "W": b, "bias": bias, "Y": y}
        syms = {"M": M, "K": K, "N": N}
        run_dlc = lambda: dlc.launch(tensors, syms, cu_stream)  # noqa: E731
        run_dlc()
        torch.cuda.synchronize()
        ref = torch.relu(torch.addmm(bias.float(), a.float(), b.float()))
        err, bad = max_error(y, ref)
        del ref
        flop = 2.0 * M * N * K
        t = {"dlc": bench(run_dlc), "dlc_b2b": back_to_back(run_dlc)}
        if size not in anchors:
            addmm = lambda: torch.relu(torch.addmm(bias, a, b))  # noqa: E731
            mm = lambda: torch.mm(a, b)  # noqa: E731
            anchors[size] = {"addmm": bench(addmm), "addmm_b2b": back_to_back(addmm),
                             "mm": bench(mm)}
        t.update(anchors[size])
        tf = {k: flop / (v * 1e-3) / 1e12 for k, v in t.items()}
        rows.append({"label": label, "size": size, "us": {k: v * 1e3 for k, v in t.items()},
                     "tflops": tf, "max_abs_err": err, "mismatches": bad,
                     "plan": dlc.version(syms).m.get("plan", ""),
                     "grid": dlc.version(syms).m.get("grid")})
        print("%-14s %-16s dlc %7.1f us (b2b %7.1f)  addmm+relu %7.1f us (b2b %7.1f)  "
              "mm %7.1f us; %d mismatches" % (
                  label, size, t["dlc"] * 1e3, t["dlc_b2b"] * 1e3, t["addmm"] * 1e3,
                  t["addmm_b2b"] * 1e3, t["mm"] * 1e3, bad), flush=True)
    print("\n| case | M x N x K | DLC TFLOP/s | addmm+ReLU | mm | DLC / addmm+ReLU "
          "| b2b: DLC / addmm+ReLU | check |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        tf = r["tflops"]
        print("| %s | %s | %.1f | %.1f | %.1f | %.2f | %.2f | %s |" % (
            r["label"], r["size"], tf["dlc"], tf["addmm"], tf["mm"],
            tf["dlc"] / tf["addmm"], tf["dlc_b2b"] / tf["addmm_b2b"],
            "pass" if r["mismatches"] == 0 else "%d bad" % r["mismatches"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
