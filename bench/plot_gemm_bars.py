#!/usr/bin/env python3
"""Grouped bars of large-GEMM throughput, one group per problem size: the
DLC kernels and cuBLAS anchors of one bench run, as TFLOP/s, with DLC's
ratio to cuBLAS mm written over its bars.

usage: plot_gemm_bars.py OUT.png|OUT.svg TITLE LABEL=M1:N1:K1:v1,M2:N2:K2:v2... ...
  each series is LABEL= then, per size, M:N:K:TFLOP/s, comma-separated;
  a LABEL starting with "cuBLAS mm" is the ratio's reference.
(.png needs matplotlib; .svg is written directly, the same bars and
ratios, for machines without it)
"""
import sys

Y0 = 400  # the y axis starts here (TFLOP/s)


def svg(out, title, series, sizes, ref):
    """The chart as SVG text: one group of bars per size, y from Y0."""
    colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
    w, h, left, top, bottom = 900, 500, 60, 40, 60
    top_v = max(v for _, pts in series for v in pts.values()) * 1.05
    y = lambda v: top + (h - top - bottom) * (1 - (max(v, Y0) - Y0) / (top_v - Y0))
    group = (w - left - 20) / len(sizes)
    bar = 0.8 * group / len(series)
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
             'font-family="sans-serif" font-size="11">' % (w, h),
             '<rect width="100%" height="100%" fill="white"/>',
             '<text x="%d" y="20" font-size="13">%s</text>' % (left, title)]
    for t in range(Y0, int(top_v) + 1, 100):
        parts.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                     '<text x="%d" y="%.1f" text-anchor="end">%d</text>'
                     % (left, w - 20, y(t), y(t), left - 4, y(t) + 4, t))
    for i, (label, pts) in enumerate(series):
        for j, size in enumerate(sizes):
            v = pts.get(size, 0.0)
            x = left + j * group + 0.1 * group + i * bar
            parts.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>'
                         % (x, y(v), bar - 1, y(Y0) - y(v), colors[i % len(colors)]))
            if ref and label.startswith("DLC"):
                parts.append('<text x="%.1f" y="%.1f" text-anchor="middle" font-size="9">'
                             '%.2f</text>' % (x + bar / 2, y(v) - 3, v / ref[size]))
        parts.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                     '<text x="%d" y="%d">%s</text>'
                     % (w - 300, top + 14 * i, colors[i % len(colors)], w - 285,
                        top + 14 * i + 9, label))
    for j, size in enumerate(sizes):
        parts.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                     % (left + (j + 0.5) * group, h - bottom + 18, size))
    parts.append('<text x="14" y="%d" transform="rotate(-90 14 %d)">TFLOP/s</text>'
                 % (h // 2, h // 2))
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")


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
    if out.endswith(".svg"):
        svg(out, title, series, sizes, ref)
        return
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
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
    ax.set_ylim(Y0, None)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(True, axis="y", lw=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    main()
