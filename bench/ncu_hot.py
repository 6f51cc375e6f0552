#!/usr/bin/env python3
"""Per-instruction warp-stall attribution from ncu's source page.

Profile one launch with the SourceCounters section (WarpStateStats beside
it for the kernel totals), then export the SASS view as CSV:

    ncu --section SourceCounters --section WarpStateStats \\
        --section SpeedOfLight --import-source no -c 1 -o REP PROGRAM ...
    ncu -i REP.ncu-rep --page source --csv --print-source sass > src.csv
    python3 bench/ncu_hot.py src.csv [--top 25] [--kernel REGEX]
        [--reason long_sb] [--context 3] [--range 3400:3b80]

If a kernel does not finish under SourceCounters (its SASS patching for
the executed-instruction counts: main's 128 x 256 SM90 GEMM ran past 120 s
in run gm4-1), profile the PC samples alone,
    --metrics group:smsp__pcsamp_warp_stall_reasons,\
group:smsp__pcsamp_warp_stall_reasons_not_issued,smsp__pcsamp_sample_count
(one pass; the page then has each instruction's samples, no reasons, no
executions: run gm4-2).

For each kernel of the CSV it prints the total samples, the share of each
stall reason (ncu's stall_* columns; "unlisted" the samples in none of
them, on HGMMA the wait for the tensor pipe), the top instructions by samples with
their main reasons, the instruction each one most likely waits on (the
nearest earlier long-latency instruction writing one of its registers:
LDG, LDS, SYNCS try-wait, ...), and a per-opcode summary. `--reason`
ranks by one reason's samples instead of all; `--range LO:HI` lists
every instruction between two offsets (hex, as printed: a loop's body)
with its samples, executions and main reasons instead. Runs on the CSV alone (no
ncu needed), so it works here on a CSV fetched from the device.
"""
import argparse
import collections
import csv
import re
import signal
import sys

ALL = "Warp Stall Sampling (All Samples)"
NOT_ISSUED = "Warp Stall Sampling (Not-issued Samples)"
# Opcodes whose results arrive through a scoreboard (what a stalled
# instruction may be waiting for).
PRODUCERS = ("LDG", "LDS", "LDSM", "LDL", "LD", "LDC", "ULDC", "SYNCS", "ATOM",
             "ATOMS", "RED", "S2R", "S2UR", "SHFL", "LDGSTS", "UTMALDG",
             "WARPSYNC", "BAR", "HGMMA", "WARPGROUP", "MUFU", "I2F", "F2I",
             "F2F", "POPC", "FLO", "IMAD.WIDE")
REG = re.compile(r"\b(U?R\d+|U?P\d+)\b")


def number(text):
    """ncu's numbers, thousands separators and all; '' is 0."""
    text = text.strip().replace(",", "")
    if not text:
        return 0.0
    try:
        return float(text)
    except ValueError:
        return 0.0


def opcode(sass):
    """The mnemonic, without a predicate guard (@P0 / @!UP1)."""
    words = sass.replace(";", " ").split()
    if words and words[0].startswith("@"):
        words = words[1:]
    return words[0] if words else "?"


def family(op):
    """SYNCS.PHASECHK.TRANS64.TRYWAIT -> SYNCS.PHASECHK, LDG.E.128 -> LDG."""
    parts = op.split(".")
    if parts[0] in ("SYNCS", "WARPGROUP", "UTMALDG", "UTMASTG", "UBLKCP"):
        return ".".join(parts[:2])
    return parts[0]


def operands(sass):
    """(destination registers, source registers) of one SASS line; a store,
    branch or barrier has no destination."""
    words = sass.replace(";", " ").strip()
    guard = set()
    if words.startswith("@"):  # the guard's predicate is read too
        head, _, words = words.partition(" ")
        guard = set(REG.findall(head))
    op = opcode(sass)
    rest = words.strip()[len(op):]
    fields = [f.strip() for f in rest.split(",")]
    if not fields or not fields[0]:
        return set(), guard
    stores = ("ST", "STG", "STS", "STL", "RED", "BRA", "BAR", "EXIT", "RET",
              "UTMASTG", "UTMALDG", "SYNCS.ARRIVE", "WARPGROUP", "MEMBAR",
              "FENCE", "STSM", "UBLKCP")
    if op.startswith(stores) and not op.startswith("SYNCS.PHASECHK"):
        return set(), guard | set(REG.findall(rest))
    dst = set(REG.findall(fields[0]))
    src = set(REG.findall(",".join(fields[1:])))
    return dst, guard | src


def read_kernels(path):
    """[(kernel name, header, rows)] of the CSV, in file order."""
    kernels = []
    name, header = "?", None
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        for row in csv.reader(f):
            if not row:
                continue
            head = row[0].strip()
            if head == "Kernel Name":
                name = row[1] if len(row) > 1 else "?"
                header = None
                continue
            if head == "Address" or (len(row) > 1 and row[1] == "Source"
                                     and ALL in row):
                header = row
                kernels.append((name, header, []))
                continue
            if header is None or len(row) < len(header) // 2:
                continue
            kernels[-1][2].append(row)
    return kernels


class Kernel:
    def __init__(self, name, header, rows):
        self.name = name
        col = {}
        for i, h in enumerate(header):
            col.setdefault(h.strip(), i)
        # Profiled with the sampling metrics alone (--metrics
        # group:smsp__pcsamp_warp_stall_reasons,...: no SASS patching,
        # which a kernel may not survive; run gm4-2) the page has the
        # samples but no reasons and no executions.
        total = next((h for h in (ALL, "group:smsp__pcsamp_warp_stall_reasons",
                                  "smsp__pcsamp_sample_count") if h in col),
                     None)
        if total is None:
            sys.exit(f"ncu_hot: no '{ALL}' column in {name}; columns: "
                     + ", ".join(header))
        self.reasons = [h for h in col if h.startswith("stall_")
                        and "not issued" not in h.lower()
                        and "not_issued" not in h.lower()]
        src = col.get("Source", 1)
        addr = col.get("Address", 0)
        exe = next((col[h] for h in ("Instructions Executed",
                                     "# Instructions Executed",
                                     "Warp Instructions Executed")
                    if h in col), None)
        self.has_exe = exe is not None
        self.ins = []
        for r in rows:
            get = lambda i: r[i] if i is not None and i < len(r) else ""
            text = get(src).strip()
            if not text:
                continue
            self.ins.append({
                "addr": get(addr).strip(),
                "sass": text,
                "op": opcode(text),
                "all": number(get(col[total])),
                "not": number(get(col.get(NOT_ISSUED))),
                "exe": number(get(exe)),
                "why": {h[6:]: number(get(col[h])) for h in self.reasons},
            })
            # Samples in no stall_* column (this ncu exports no column for
            # them; on HGMMA they are the warp waiting for the tensor
            # pipe): "unlisted".
            i = self.ins[-1]
            if self.reasons:
                i["why"]["unlisted"] = max(0.0, i["all"] - sum(i["why"].values()))
        self.total = sum(i["all"] for i in self.ins) or 1.0
        # Addresses as offsets from the kernel's first instruction: the
        # same in every launch and in cuobjdump / nvdisasm listings.
        try:
            base = int(self.ins[0]["addr"], 16)
            for i in self.ins:
                i["addr"] = f"{int(i['addr'], 16) - base:05x}"
        except (IndexError, ValueError):
            pass

    def waits_on(self, k, depth=80):
        """The nearest earlier long-latency instruction that writes a
        register instruction k reads (a heuristic: straight-line order)."""
        _, want = operands(self.ins[k]["sass"])
        want |= operands(self.ins[k]["sass"])[0] if self.ins[k]["op"].startswith(
            "SYNCS.PHASECHK") else set()
        want = {w for w in want if w not in ("RZ", "URZ", "PT", "UPT")}
        for j in range(k - 1, max(-1, k - depth), -1):
            dst, _ = operands(self.ins[j]["sass"])
            if dst & want and self.ins[j]["op"].startswith(PRODUCERS):
                return j
        return None

    def listing(self, lo, hi):
        """Every instruction at offsets lo..hi: samples, executions, the
        two main reasons."""
        for i in self.ins:
            if lo <= int(i["addr"], 16) <= hi:
                why = sorted(((v, r) for r, v in i["why"].items() if v > 0),
                             reverse=True)[:2]
                exe = f"{i['exe']:9.0f} " if self.has_exe else ""
                print(f"{i['addr']} {i['all']:6.0f} {exe}"
                      f"{i['sass'][:64]:64s} "
                      + " ".join(f"{r}:{v:.0f}" for v, r in why))

    def report(self, top, reason, context):
        out = print
        out(f"== {self.name}: {len(self.ins)} instructions, "
            f"{self.total:.0f} samples")
        sums = collections.Counter()
        for i in self.ins:
            for r, v in i["why"].items():
                sums[r] += v
        if sums:
            out("reasons: " + ", ".join(
                f"{r} {v / self.total * 100:.1f}%"
                for r, v in sums.most_common() if v > 0.001 * self.total))
        key = (lambda i: i["why"].get(reason, 0)) if reason else (
            lambda i: i["all"])
        ranked = sorted(range(len(self.ins)), key=lambda k: key(self.ins[k]),
                        reverse=True)
        label = f"stall_{reason}" if reason else "all samples"
        out(f"top {top} by {label} (% of the kernel's samples; reasons % of "
            f"the instruction's):")
        for k in ranked[:top]:
            i = self.ins[k]
            if key(i) <= 0:
                break
            why = sorted(((v, r) for r, v in i["why"].items() if v > 0),
                         reverse=True)[:3]
            why = " ".join(f"{r}:{v / max(i['all'], 1) * 100:.0f}"
                           for v, r in why)
            w = self.waits_on(k)
            on = f"  <- {self.ins[w]['addr']} {self.ins[w]['sass'][:48]}" \
                if w is not None else ""
            exe = f" exe {i['exe']:.0f}" if self.has_exe else ""
            why = f" [{why}]" if why else ""
            out(f"{key(i) / self.total * 100:6.2f}% {i['addr']:>8s} "
                f"{i['sass'][:60]:60s}{exe}{why}{on}")
            for c in range(max(0, k - context), k):
                out(f"{'':16s}| {self.ins[c]['addr']:>8s} "
                    f"{self.ins[c]['sass'][:60]}")
        fam = collections.defaultdict(lambda: [0.0, 0.0, collections.Counter()])
        for i in self.ins:
            f = fam[family(i["op"])]
            f[0] += i["all"]
            f[1] += i["exe"]
            for r, v in i["why"].items():
                f[2][r] += v
        out("by opcode (samples %, executed, main reasons):")
        for name, (s, e, why) in sorted(fam.items(), key=lambda x: -x[1][0]):
            if s < 0.005 * self.total:
                continue
            main = " ".join(f"{r}:{v / s * 100:.0f}"
                            for r, v in why.most_common(3) if v > 0)
            exe = f" exe {e:12.0f}" if self.has_exe else ""
            main = f" [{main}]" if main else ""
            out(f"{s / self.total * 100:6.2f}% {name:24s}{exe}{main}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--kernel", help="regex on the kernel name")
    ap.add_argument("--reason", help="rank by stall_REASON (e.g. long_sb)")
    ap.add_argument("--context", type=int, default=0,
                    help="instructions shown before each top one")
    ap.add_argument("--range", help="LO:HI, hex offsets: list them all")
    ap.add_argument("--columns", action="store_true",
                    help="print the CSV's columns and stop")
    a = ap.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # | head
    kernels = read_kernels(a.csv)
    if not kernels:
        sys.exit(f"ncu_hot: no source table (an 'Address' header) in {a.csv}")
    for name, header, rows in kernels:
        if a.kernel and not re.search(a.kernel, name):
            continue
        if a.columns:
            print(name, "|", " | ".join(header))
            continue
        k = Kernel(name, header, rows)
        if a.range:
            print(f"== {name}")
            lo, hi = (int(x, 16) for x in a.range.split(":"))
            k.listing(lo, hi)
        else:
            k.report(a.top, a.reason, a.context)


if __name__ == "__main__":
    main()
