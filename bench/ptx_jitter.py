#!/usr/bin/env python3
"""Schedule fuzzing for the SM90 kernels' synchronisation (after run
pd-3's hang, which only one timing showed: runs hg-1, hg-2). Rewrites a
kernel's PTX so that each warp sleeps a pseudo-random time before every
synchronisation site: named barriers (bar.sync / bar.arrive, barrier.*),
mbarrier arrives, every poll of an mbarrier try_wait loop, and the
cross-CTA hand-offs of split-K and stream-K (atomics, global reductions,
acquire/release fences, acquire, relaxed and volatile loads). The sleep
is warp-uniform (a hash of %clock, the warp and the site: no branch, so
the .aligned barriers stay converged), zero three times in four and up
to MAX_NS nanoseconds otherwise, so warps drift apart by different
amounts at every launch. The kernel's behaviour is unchanged: a correct
protocol passes under any delays, a racy one (an arrival that can
overtake the wait it is meant for) is far more likely to hang or fail.
usage: ptx_jitter.py SRC_DIR DST_DIR [MAX_NS]  (a kernel folder or a
harness bundle: every dlc_kernels.ptx[.gz] below SRC_DIR is rewritten)"""
import gzip
import os
import re
import shutil
import sys

from ptx_watchdog import kernel_span

SITE = re.compile(r"(@!?%p\d+ )?(bar\.sync|bar\.arrive|barrier\.|mbarrier\.arrive|"
                  r"mbarrier\.try_wait|atom\.|red\.global|fence\.(acq_rel|sc)|"
                  r"ld\.(acquire|relaxed|volatile))")


def sleep(site, max_ns):
    """Straight-line PTX: h = hash(clock, warp, site); sleep h's top bits
    (below max_ns) when its two low bits are 0."""
    return f"""	{{ .reg .b32 jt0, jt1; .reg .pred jtp;
	mov.u32 jt0, %clock; mov.u32 jt1, %tid.x; shr.u32 jt1, jt1, 5;
	mad.lo.u32 jt0, jt1, 0x9E3779B9, jt0; add.u32 jt0, jt0, {site * 0x85EBCA6B & 0xFFFFFFFF};
	mul.lo.u32 jt0, jt0, 0xC2B2AE35; shr.u32 jt1, jt0, 15; xor.b32 jt0, jt0, jt1;
	and.b32 jt1, jt0, 3; setp.eq.u32 jtp, jt1, 0;
	shr.u32 jt0, jt0, 8; rem.u32 jt0, jt0, {max_ns};
	selp.u32 jt0, jt0, 0, jtp; nanosleep.u32 jt0; }}"""


def jitter(text, max_ns):
    start, end = kernel_span(text)
    out, sites = [], 0
    for line in text[start:end].split("\n"):
        if SITE.match(line.strip()):
            out.append(sleep(sites, max_ns))
            sites += 1
        out.append(line)
    return text[:start] + "\n".join(out) + text[end:], sites


def main():
    src, dst = sys.argv[1], sys.argv[2]
    max_ns = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)
    total = 0
    for root, _, files in os.walk(dst):
        for name in files:
            path = os.path.join(root, name)
            if name == "dlc_kernels.ptx":
                with open(path) as f:
                    text, n = jitter(f.read(), max_ns)
                with open(path, "w") as f:
                    f.write(text)
            elif name == "dlc_kernels.ptx.gz":
                with gzip.open(path, "rt") as f:
                    text, n = jitter(f.read(), max_ns)
                with gzip.open(path, "wt") as f:
                    f.write(text)
            else:
                continue
            total += 1
    print(dst, total, "kernels, sleeps up to", max_ns, "ns")


if __name__ == "__main__":
    main()
