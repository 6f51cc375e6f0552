#!/usr/bin/env python3
"""Condensed order of a SASS listing's synchronisation marks (cuobjdump
-sass): wgmma issues and waits, named barriers, mbarrier waits and
arrivals, branches' targets, with runs of MUFU.EX2 / FMNMX / FADD / FMUL
/ FFMA between them counted, so that where ptxas put each wait against
the softmax's work can be read at a glance (run nb-1).
usage: sass_marks.py FILE.sass"""
import re
import sys

MARKS = ("WARPGROUP.DEPBAR", "WARPGROUP.ARRIVE", "HGMMA", "BAR.SYNC", "BAR.ARV",
         "SYNCS", "BRA", "EXIT", "USETMAXREG", "BSYNC", "BSSY")
COUNTED = ("MUFU.EX2", "FMNMX", "FADD", "FMUL", "FFMA", "F2FP", "FSEL", "SHFL")

counts = {}
def flush():
    if counts:
        print("        " + " ".join("%s×%d" % kv for kv in counts.items()))
        counts.clear()

for line in open(sys.argv[1]):
    m = re.match(r"\s*/\*([0-9a-f]+)\*/\s+(.*?)\s*;", line)
    if not m:
        continue
    addr, ins = m.groups()
    op = re.sub(r"^@!?U?P\w+\s+", "", ins).split()[0]
    base = next((c for c in COUNTED if op.startswith(c)), None)
    if base:
        counts[base] = counts.get(base, 0) + 1
        continue
    if any(op.startswith(k) for k in MARKS):
        if op.startswith("HGMMA") and "gsb0" not in ins:
            counts["HGMMA"] = counts.get("HGMMA", 0) + 1
            continue
        flush()
        print("%s  %s" % (addr, ins[:90]))
flush()
