#!/usr/bin/env python3
"""Grouped bars of attention throughput, one group per problem: DLC's SM90
and SM80 flash kernels and SDPA's two anchors of one bench_attention.py run
(its --out JSON), TFLOP/s, with the SM90 kernel's ratio to SDPA's default
written over its bar.

usage: plot_attention.py RUN.json OUT.png [TITLE]   (needs matplotlib)
"""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main():
    run, out = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else "attention, fp16, TFLOP/s"
    with open(run) as f:
        rows = json.load(f)
    # The first DLC kernel set of the run is the SM90 kernel.
    first = next(k for k, v in rows[0].items() if isinstance(v, dict) and k != "sm80")
    series = [("DLC SM90", lambda r: r[first]["tflops"]),
              ("DLC SM80", lambda r: r["sm80"]["tflops"] if "sm80" in r else 0.0),
              ("SDPA flash", lambda r: r.get("sdpa_flash_tflops", 0.0)),
              ("SDPA default", lambda r: r.get("sdpa_tflops", 0.0))]
    # A series no problem has (e.g. no SM80 kernels in the run) is left out.
    series = [(label, get) for label, get in series if any(get(r) for r in rows)]
    width = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(10, 5))
    for i, (label, get) in enumerate(series):
        xs = [p + i * width for p in range(len(rows))]
        ax.bar(xs, [get(r) for r in rows], width, label=label)
    for p, r in enumerate(rows):
        if r.get("sdpa_tflops"):
            ratio = r[first]["tflops"] / r["sdpa_tflops"]
            ax.text(p, r[first]["tflops"] + 8, "%.2fx" % ratio, ha="center",
                    fontsize=8)
    ax.set_xticks([p + 0.4 - width / 2 for p in range(len(rows))])
    # "B4 H16 S4096 D128 causal" on two lines: the shape, then the mask.
    ax.set_xticklabels([r["problem"].rsplit(" ", 1)[0] + "\n" + r["problem"].rsplit(" ", 1)[1]
                        for r in rows], fontsize=7)
    ax.set_ylabel("TFLOP/s")
    ax.set_ylim(0, 1.2 * max(get(r) for r in rows for _, get in series))
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=len(series), loc="upper left")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main()
