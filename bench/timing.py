"""Timing shared by the benches: each named callable timed in rounds whose
order rotates, so that no kernel is always the one timed first.

Why: under a long run the H100 heats toward its 700 W limit and its clock
falls; the kernel timed first in a process measured 1-4 % faster than the
same kernel timed later (runs epi-1, sc-1..2, gm4-1 in bench/RESULTS.md).
A bench that always times DLC's kernel first flatters it against the
anchors; one that always times it last penalises it. With R rounds each
callable is timed R times (do_bench medians), starting one place later in
the order each round, and its time is the median of its rounds.
"""
import statistics

import triton


def do_bench_median(fn, warmup, rep):
    """One do_bench median in ms (L2 flushed before every launch)."""
    return triton.testing.do_bench(fn, warmup=warmup, rep=rep, return_mode="median")


def add_rounds_argument(parser):
    parser.add_argument(
        "--rounds", type=int, default=1,
        help="time DLC's kernels and the anchors in this many rounds, the order "
             "rotated each round, and report each one's median (default 1: one "
             "round, DLC first)")


def time_rounds(fns, rounds, warmup, rep):
    """fns: an ordered dict name -> callable (borrowed). Returns name -> ms,
    the median over `rounds` rounds; round r starts at the r-th name.
    A callable that raises is timed as None in that round and left out of
    later rounds (an anchor that does not run on this card)."""
    names = list(fns)
    times = {n: [] for n in names}
    failed = {}
    for r in range(max(1, rounds)):
        k = r % len(names) if names else 0
        for n in names[k:] + names[:k]:
            if n in failed:
                continue
            try:
                times[n].append(do_bench_median(fns[n], warmup, rep))
            except Exception as e:  # noqa: BLE001 - reported by the caller
                failed[n] = e
    return {n: (statistics.median(v) if v and n not in failed else None)
            for n, v in times.items()}, failed


def event_median_ms(fn, n=20, warmup=3):
    """The median of `n` CUDA-event timings of fn() in ms, after `warmup`
    calls (no L2 flush: the device scripts' quick anchors, bench/run_rs.sh,
    run_r8.sh)."""
    import torch
    for _ in range(warmup):
        fn()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(n):
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def write_results(path, results):
    """Writes `results` (a list of dicts) with the device and torch version
    to `path` (if given); returns the exit status: 1 if any entry counts a
    wrong output (a key ending in "_wrong" that is not 0)."""
    import json

    import torch
    if path:
        with open(path, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "torch": torch.__version__,
                       "results": results}, f, indent=1)
    return 0 if all(not v for r in results for k, v in r.items() if k.endswith("_wrong")) else 1
