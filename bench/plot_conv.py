#!/usr/bin/env python3
"""Bars of convolution throughput from one bench_conv.py run (its --out
JSON): per case, DLC and the cuDNN NHWC and NCHW anchors of the same run as
TFLOP/s, DLC's ratio to the cuDNN anchor of its own layout written over its
bar. Variant cases (forced plans) are left out unless named.

usage: plot_conv.py RESULTS.json OUT.png TITLE [CASE ...]
(needs matplotlib)
"""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main():
    path, out, title, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    with open(path) as f:
        rows = [r for r in json.load(f) if not names or r["case"] in names]
    series = [("DLC", "dlc_tflops"), ("cuDNN NHWC", "cudnn_nhwc"),
              ("cuDNN NCHW", "cudnn_nchw")]
    width = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(max(8, 1.1 * len(rows)), 4.8))
    for s, (label, key) in enumerate(series):
        xs, ys = [], []
        for i, r in enumerate(rows):
            # conv+SiLU rows hold the anchors with their separate SiLU.
            k = key if key == "dlc_tflops" else next(
                (x for x in (key + "_tflops", key + "+silu_tflops") if x in r), None)
            if k:
                xs.append(i + (s - 1) * width)
                ys.append(r[k])
        bars = ax.bar(xs, ys, width, label=label)
        if label == "DLC":
            for b, r in zip(bars, rows):
                anchor = "cudnn_%s" % r["layout"]
                ref = r.get(anchor + "_tflops", r.get(anchor + "+silu_tflops"))
                if ref:
                    ax.text(b.get_x() + b.get_width() / 2, b.get_height(),
                            "%.2f" % (r["dlc_tflops"] / ref), ha="center",
                            va="bottom", fontsize=7)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([r["case"] for r in rows], rotation=35, ha="right",
                       fontsize=8)
    ax.set_ylabel("TFLOP/s (fp16)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main()
