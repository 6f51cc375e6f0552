#!/usr/bin/env python3
"""Plots bench_memory.py's JSON (--out): DLC's bandwidth beside torch's per
problem, with the copy ceiling. usage: plot_memory.py RESULTS.json OUT.png"""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    data = json.load(open(sys.argv[1]))
    rows = [r for r in data["results"] if "dlc_TBps" in r]
    copy = next((r["TBps"] for r in data["results"] if r["family"] == "copy"), None)
    labels = ["%s\n%s" % (r["family"], r["shape"]) for r in rows]
    anchors = [max((v for k, v in r.items() if k.endswith("_TBps") and k != "dlc_TBps"),
                   default=0) for r in rows]
    x = range(len(rows))
    fig, ax = plt.subplots(figsize=(max(8, len(rows) * 0.9), 4.5))
    ax.bar([i - 0.2 for i in x], [r["dlc_TBps"] for r in rows], 0.4, label="DLC")
    ax.bar([i + 0.2 for i in x], anchors, 0.4, label="torch (best anchor)")
    if copy:
        ax.axhline(copy, color="gray", linestyle="--", label="copy %.2f TB/s" % copy)
    ax.set_xticks(list(x))
    ax.set_xticklabels(labels, fontsize=7)
    ax.set_ylabel("TB/s")
    ax.set_title("Memory-bound kernels, %s, torch %s" % (data["device"], data["torch"]))
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=120)


if __name__ == "__main__":
    main()
