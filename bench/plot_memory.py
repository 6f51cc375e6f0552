#!/usr/bin/env python3
"""Plots bench_memory.py's JSON (--out): DLC's bandwidth beside each
anchor's (torch eager, torch.compile) per problem, with the copy ceiling. usage: plot_memory.py RESULTS.json OUT.png"""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


LABELS = {"dlc": "DLC", "torch": "torch eager", "compile": "torch.compile",
          "eager": "torch eager"}


def main():
    data = json.load(open(sys.argv[1]))
    rows = [r for r in data["results"] if "dlc_TBps" in r]
    copy = next((r["TBps"] for r in data["results"] if r["family"] == "copy"), None)
    labels = ["%s\n%s" % (r["family"], r["shape"]) for r in rows]
    names = []  # the anchors, in the order the rows first name them
    for r in rows:
        for k in r:
            if k.endswith("_TBps") and k != "dlc_TBps" and k[:-5] not in names:
                names.append(k[:-5])
    x = range(len(rows))
    bars = ["dlc"] + names
    w = 0.8 / len(bars)
    fig, ax = plt.subplots(figsize=(max(8, len(rows) * 0.9), 4.5))
    for j, name in enumerate(bars):
        ax.bar([i - 0.4 + w * (j + 0.5) for i in x],
               [r.get(name + "_TBps", 0) for r in rows], w,
               label=LABELS.get(name, name))
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
