#!/usr/bin/env python3
"""Grouped bars of large-GEMM throughput, one group per problem size: the
DLC kernels and cuBLAS anchors of one bench run, as TFLOP/s, with DLC's
ratio to cuBLAS mm written over its bars.

usage: plot_gemm_bars.py OUT.png TITLE LABEL=M1:N1:K1:v1,M2:N2:K2:v2... ...
  each series is LABEL= then, per size, M:N:K:TFLOP/s, comma-separated;
  a LABEL starting with "cuBLAS mm" is the ratio's reference.
(needs matplotlib)
"""
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main():
    out, title, specs = sys.argv[1], sys.argv[2], sys.argv[3:]
    series = []
    for spec in specs:
        label, values = spec.split("=", 1)
        pts = {}
        for item in values.split(","):
            m, n, k, v = item.split(":")
            pts["%sx%sx%s" % (m, n, k)] = float(v)
        series.append((label, pts))
    sizes = list(series[0][1])
    ref = next((pts for label, pts in series if label.startswith("cuBLAS mm")), None)
    width = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(9, 5))
    for i, (label, pts) in enumerate(series):
        xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(sizes))]
        ys = [pts.get(s, 0.0) for s in sizes]
        ax.bar(xs, ys, width, label=label)
        if ref and label.startswith("DLC"):
            for x, y, s in zip(xs, ys, sizes):
                ax.annotate("%.2f" % (y / ref[s]), (x, y), ha="center", fontsize=7,
                            xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(range(len(sizes)))
    ax.set_xticklabels(sizes)
    ax.set_ylabel("TFLOP/s")
    ax.set_ylim(400, None)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(True, axis="y", lw=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    main()
