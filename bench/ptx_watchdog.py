#!/usr/bin/env python3
"""A copy of a kernel folder (manifest + PTX) whose SM90 kernel reports
where it hangs (run bx-2): every wait site (mbarrier try_wait loops,
named-barrier bar.sync, cp.async.bulk.wait_group) first stores, per warp,
its site number, the global timer and the wait's barrier and parity in the
module's `dlc_prog` array; an mbarrier wait still waiting after a second
also writes one record (lane 0 of each warp, once a site) to `dlc_dbg`:
the site, CTA, thread, barrier, parity, the barrier's raw state, and the
raw states of every mbarrier of the CTA. watchdog_run.py reads both while
the kernel hangs. The kernel's waits are unchanged (it still hangs).
With --timeout-only the progress stores are left out (they changed the
timing enough to hide run pd-3's hang, run bx-5): only the records of
mbarrier waits past a second remain.
usage: ptx_watchdog.py SRC_DIR DST_DIR [--timeout-only]"""
import os
import re
import shutil
import sys

SLOTS = 16  # progress slots (warps) a CTA
RECORD = 64  # qwords a record

WAIT = re.compile(
    r"LAB_WAIT:\s*\n\s*mbarrier\.try_wait\.parity\.shared\.b64 P1, \[(%r\d+)\], (%r\d+), (%r\d+);\s*\n"
    r"\s*@P1 bra\.uni DONE;\s*\n\s*bra\.uni\s+LAB_WAIT;\s*\n\s*DONE:")


def progress(site, addr="0", parity="0"):
    return f"""
	{{ .reg .b32 wdw, wdc, wdt; .reg .b64 wda, wdo;
	mov.u32 wdc, %ctaid.x; mov.u32 wdw, %tid.x; shr.u32 wdw, wdw, 5;
	mad.lo.u32 wdc, wdc, {SLOTS}, wdw; mul.wide.u32 wdo, wdc, 16;
	mov.u64 wda, dlc_prog; add.s64 wda, wda, wdo; mov.u32 wdt, %globaltimer_lo;
	st.global.v4.u32 [wda], {{{site}, wdt, {addr}, {parity}}}; }}
"""


def wait_block(site, addr, parity, hint, barriers):
    snap = []
    off = 8 * 8
    for name, size in barriers:
        for i in range(0, size, 8):
            snap.append(f"ld.shared.b64 wds, [{name}+{i}]; st.global.u64 [wdr+{off}], wds;")
            off += 8
    snap = "\n\t".join(snap)
    return f"""LAB_WAIT_PRE:
	.reg .pred WDP, WDQ, WDL; .reg .b64 wdt0, wdt1, wdr, wds, wdx; .reg .b32 wdn, wdl;
	mov.u64 wdt0, %globaltimer; mov.pred WDL, 0;
	LAB_WAIT:
	mbarrier.try_wait.parity.shared.b64 P1, [{addr}], {parity}, {hint};
	@P1 bra.uni DONE;
	@WDL bra.uni LAB_WAIT;
	mov.u64 wdt1, %globaltimer; sub.s64 wdx, wdt1, wdt0;
	setp.lt.s64 WDP, wdx, 1000000000;
	@WDP bra.uni LAB_WAIT;
	mov.pred WDL, 1;
	mov.u32 wdl, %laneid; setp.ne.u32 WDQ, wdl, 0;
	@WDQ bra.uni LAB_WAIT;
	atom.global.add.u32 wdn, [dlc_dbg_n], 1;
	setp.ge.u32 WDQ, wdn, 512;
	@WDQ bra.uni LAB_WAIT;
	mul.wide.u32 wdr, wdn, {RECORD * 8}; mov.u64 wdx, dlc_dbg; add.s64 wdr, wdr, wdx;
	st.global.u64 [wdr], {site};
	mov.u32 wdl, %ctaid.x; cvt.u64.u32 wdx, wdl; st.global.u64 [wdr+8], wdx;
	mov.u32 wdl, %tid.x; cvt.u64.u32 wdx, wdl; st.global.u64 [wdr+16], wdx;
	cvt.u64.u32 wdx, {addr}; st.global.u64 [wdr+24], wdx;
	cvt.u64.u32 wdx, {parity}; st.global.u64 [wdr+32], wdx;
	ld.shared.b64 wds, [{addr}]; st.global.u64 [wdr+40], wds;
	st.global.u64 [wdr+48], wdt1;
	{snap}
	bra.uni LAB_WAIT;
	DONE:"""


def kernel_span(text):
    """The start and end offsets of the module's first kernel that is not
    a runtime helper (dlc_repack_* and the like)."""
    entries = [e for e in re.findall(r"\.visible \.entry (\w+)\(", text)
               if not e.startswith("dlc_")]
    start = text.index(f".visible .entry {entries[0]}(")
    end = text.find(".visible .entry", start + 10)
    return start, len(text) if end < 0 else end


def instrument(text, with_progress=True):
    start, end = kernel_span(text)
    body = text[start:end]
    barriers = [(n, int(s)) for n, s in
                re.findall(r"\.shared \.align 8 \.b8 (__mbarrier\w*)\[(\d+)\];", body)]
    sites = []

    def on_wait(mt):
        site = len(sites)
        sites.append(("mbarrier", mt.group(1), mt.group(2)))
        return wait_block(site, mt.group(1), mt.group(2), mt.group(3), barriers)

    body = WAIT.sub(on_wait, body)
    out = []
    for line in body.split("\n"):
        s = line.strip()
        if with_progress and re.match(r"(@%p\d+ )?(bar\.sync|barrier\.sync|cp\.async\.bulk\.wait_group|setmaxnreg)", s):
            site = len(sites)
            sites.append(("other", s))
            out.append(progress(site))
        out.append(line)
    body = "\n".join(out)
    # the try_wait sites: a progress store before each block
    parts = body.split("LAB_WAIT_PRE:")
    body = parts[0]
    for i, part in enumerate(parts[1:]):
        idx = [k for k, s in enumerate(sites) if s[0] == "mbarrier"][i]
        body += (progress(idx, sites[idx][1], sites[idx][2]) if with_progress
                 else "") + part
    head = text[:start]
    decl = (f".global .align 16 .b8 dlc_prog[{132 * 4 * SLOTS * 16}];\n"
            f".global .align 8 .b8 dlc_dbg[{512 * RECORD * 8}];\n"
            ".global .align 4 .u32 dlc_dbg_n;\n\n")
    head = head.replace(".extern .shared", decl + ".extern .shared", 1)
    return head + body + text[end:], sites, barriers


def main():
    src, dst = sys.argv[1], sys.argv[2]
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)
    ptx = os.path.join(dst, "dlc_kernels.ptx")
    with open(ptx) as f:
        text, sites, barriers = instrument(f.read(), "--timeout-only" not in sys.argv)
    with open(ptx, "w") as f:
        f.write(text)
    with open(os.path.join(dst, "sites.txt"), "w") as f:
        for i, s in enumerate(sites):
            f.write("\t".join([str(i)] + list(s)) + "\n")
        f.write("barriers\t" + " ".join(f"{n}:{s}" for n, s in barriers) + "\n")
    print(dst, len(sites), "sites", barriers)


if __name__ == "__main__":
    main()
