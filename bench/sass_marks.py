#!/usr/bin/env python3
"""Condensed order of a SASS listing's synchronisation marks (cuobjdump
-sass), per function: wgmma issues that end a group (gsb0) and waits,
named barriers, mbarrier waits and arrivals, branches, with the runs of
MUFU.EX2 / FMNMX / FADD / FMUL / FFMA / F2FP / FSEL / SHFL (and of the
other HGMMAs) between them counted, so that where ptxas put each wait
against the softmax's work reads at a glance (runs nb-1 .. nb-7). The
listing is parsed by sass_loops.py's `parse`.
usage: sass_marks.py FILE.sass"""
import re
import sys

from sass_loops import parse

MARKS = ("WARPGROUP.DEPBAR", "WARPGROUP.ARRIVE", "HGMMA", "BAR.SYNC", "BAR.ARV",
         "SYNCS", "BRA", "EXIT", "USETMAXREG", "BSYNC", "BSSY")
COUNTED = ("MUFU.EX2", "FMNMX", "FADD", "FMUL", "FFMA", "F2FP", "FSEL", "SHFL")


def marks(insts):
    """The lines: a mark's address and text, or the counts of the counted
    opcodes since the last mark."""
    counts, out = {}, []

    def flush():
        if counts:
            out.append("        " + " ".join("%s×%d" % kv for kv in counts.items()))
            counts.clear()

    for addr, _, text in insts:
        op = re.sub(r"^@!?U?P\w+\s+", "", text).split()[0]
        counted = next((c for c in COUNTED if op.startswith(c)), None)
        if op.startswith("HGMMA") and "gsb0" not in text:
            counted = "HGMMA"
        if counted:
            counts[counted] = counts.get(counted, 0) + 1
        elif op.startswith(MARKS):
            flush()
            out.append("%x  %s" % (addr, text[:90]))
    flush()
    return out


def main():
    for name, (insts, _) in parse(sys.argv[1]).items():
        print("== %s" % name)
        print("\n".join(marks(insts)))


if __name__ == "__main__":
    sys.exit(main())
