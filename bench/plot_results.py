#!/usr/bin/env python3
"""Draws bench/results-*.json (one bench_gemm.py run) as a roofline-style
plot: TFLOP/s against arithmetic intensity (FLOP per byte of the fp16
operands and output), one marker per problem for DLC, cuBLAS addmm+ReLU,
cuBLAS mm and Triton, with the H100's fp16 dense peak and its DRAM roof.

usage: plot_results.py RESULTS.json OUT.png   (needs matplotlib)
"""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

PEAK_TFLOPS = 989.0   # H100 SXM dense fp16 tensor-core peak
DRAM_TBS = 3.35       # H100 SXM HBM3 bandwidth


def main():
    data = json.load(open(sys.argv[1]))
    cols = data["columns"]
    series = {"dlc": ("DLC (SM90)", "o"), "cublas_addmm_relu": ("cuBLAS addmm+ReLU", "s"),
              "cublas_mm": ("cuBLAS mm", "^"), "triton": ("Triton fused", "x")}
    fig, ax = plt.subplots(figsize=(8, 5.5))
    xs = []
    for name, (label, marker) in series.items():
        pts = []
        for row in data["rows"]:
            r = dict(zip(cols, row))
            m, n, k = r["M"], r["N"], r["K"]
            intensity = 2.0 * m * n * k / (2.0 * (m * k + k * n + m * n))
            pts.append((intensity, r[name]))
        xs += [p[0] for p in pts]
        ax.scatter([p[0] for p in pts], [p[1] for p in pts], marker=marker, label=label)
    lo, hi = min(xs) / 2, max(xs) * 2
    grid = [lo * (hi / lo) ** (i / 100) for i in range(101)]
    ax.plot(grid, [min(PEAK_TFLOPS, x * DRAM_TBS) for x in grid], "k--", lw=1,
            label="roof: %.0f TFLOP/s, %.2f TB/s" % (PEAK_TFLOPS, DRAM_TBS))
    for row in data["rows"]:
        r = dict(zip(cols, row))
        m, n, k = r["M"], r["N"], r["K"]
        intensity = 2.0 * m * n * k / (2.0 * (m * k + k * n + m * n))
        ax.annotate("%dx%dx%d" % (m, n, k), (intensity, r["dlc"]), fontsize=7,
                    xytext=(4, -10), textcoords="offset points")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("FLOP per byte (fp16 A, B, C)")
    ax.set_ylabel("TFLOP/s")
    ax.set_title("GEMM + bias + ReLU, %s, %s" % (data["device"].split(",")[0], data["date"]))
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(True, which="both", lw=0.3)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=120)


if __name__ == "__main__":
    main()
