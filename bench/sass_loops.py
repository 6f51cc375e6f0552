#!/usr/bin/env python3
"""The loops of a kernel's SASS (cuobjdump -sass), counted.

    cuobjdump -sass K.cubin > K.sass; python3 sass_loops.py K.sass [--has HGMMA]

A loop is a backward branch's range [target, branch]. For each loop whose
instructions include an opcode starting with --has (default HGMMA: the
wgmma k loops), prints its address range, instruction count and opcode
histogram; then the kernel's instruction count and its opcodes that
--show names (default R2UR, HGMMA, WARPGROUP). Loops nest, so an outer
loop's count includes its inner ones. The NOPs padding the end are not
counted.
"""
import argparse
import collections
import re
import sys

INST = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
LABEL = re.compile(r"^\s*(\.L_x_\d+):")


def parse(path):
    """{function: (instructions, labels)} in the listing's order."""
    funcs, insts, labels, pending = {}, None, None, []
    for line in open(path, errors="replace"):
        m = re.search(r"Function\s*:\s*(\S+)", line)
        if m:
            insts, labels, pending = [], {}, []
            funcs[m.group(1)] = (insts, labels)
            continue
        if insts is None:
            continue
        m = LABEL.match(line)
        if m:
            pending.append(m.group(1))
            continue
        m = INST.search(line)
        if not m:
            continue
        addr = int(m.group(1), 16)
        for name in pending:
            labels[name] = addr
        pending = []
        text = m.group(2)
        body = re.sub(r"^@!?U?P\w+\s+", "", text)
        insts.append((addr, body.split()[0].split(".")[0] if body else "", text))
    return funcs


def target_of(text, labels):
    m = re.search(r"BRA(?:\.\S+)?\s+(?:`\()?(\.L_x_\d+|0x[0-9a-f]+)", text)
    if not m:
        return None
    t = m.group(1)
    return labels.get(t) if t.startswith(".L") else int(t, 16)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sass")
    ap.add_argument("--has", default="HGMMA")
    ap.add_argument("--show", default="R2UR,HGMMA,WARPGROUP")
    args = ap.parse_args()
    for name, (insts, labels) in parse(args.sass).items():
        print("== %s" % name)
        report(insts, labels, args)


def report(insts, labels, args):
    while insts and insts[-1][1] in ("NOP", "BRA"):
        if insts[-1][1] == "BRA" and target_of(insts[-1][2], labels) != insts[-1][0]:
            break
        insts.pop()
    index = {a: i for i, (a, _, _) in enumerate(insts)}
    for i, (addr, op, text) in enumerate(insts):
        if op != "BRA":
            continue
        t = target_of(text, labels)
        if t is None or t > addr or t not in index:
            continue
        body = insts[index[t]:i + 1]
        ops = collections.Counter(o for _, o, _ in body)
        if not any(o.startswith(args.has) for o in ops):
            continue
        top = ", ".join("%s %d" % kv for kv in ops.most_common(12))
        print("loop 0x%x-0x%x: %d instructions (%s)" % (t, addr, len(body), top))
    ops = collections.Counter(o for _, o, _ in insts)
    show = args.show.split(",")
    print("kernel: %d instructions; %s" % (len(insts), ", ".join(
        "%s %d" % (s, sum(v for o, v in ops.items() if o.startswith(s))) for s in show)))


if __name__ == "__main__":
    sys.exit(main())
