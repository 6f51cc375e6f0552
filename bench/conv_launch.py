#!/usr/bin/env python3
"""Where bench_conv.py's time a conv goes beyond the kernel's own: each
named DLC kernel and cuDNN's NHWC conv of its shape timed four ways, all
with triton's 256 MB L2 flush before every conv (run cv3-2 found DLC's
kernel 0.975x cuDNN replayed from a CUDA graph, 0.92x under do_bench):

  do_bench   triton.testing.do_bench's median, as bench_conv.py times it
  host       the host's time a do_bench iteration (flush, event, conv,
             event) takes to enqueue, GPU not waited for
  ahead      do_bench's loop with per-iteration events after a 50 ms GPU
             sleep, so that the host enqueues ahead of the GPU: the median
             conv between its events without host gaps
  graph      a CUDA graph of 20 (flush, conv) pairs, less one of 20
             flushes, a conv
  kernel     the conv kernel's own duration on the GPU (CUPTI, through
             torch.profiler) in do_bench's eager loop: the events' interval
             less this is outside the kernel (its launch, its drain)

usage: conv_launch.py DIR NAME ...   (DIR as for bench_conv.py --kernels)
"""
import json
import os
import sys
import time

import torch
import torch.nn.functional as F
import triton

from dlc_kernel import DlcKernel

REPS = 20


def graph_us(fn, flush):
    """A conv's time in a replayed graph of REPS (flush, conv) pairs, less
    the flushes'."""
    def timed(step):
        for _ in range(3):
            step()
        torch.cuda.synchronize()
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for _ in range(REPS):
                step()
        g.replay()
        torch.cuda.synchronize()
        e0 = torch.cuda.Event(enable_timing=True)
        e1 = torch.cuda.Event(enable_timing=True)
        e0.record()
        for _ in range(20):
            g.replay()
        e1.record()
        e1.synchronize()
        return e0.elapsed_time(e1) * 1e3 / (20 * REPS)
    return timed(lambda: (flush(), fn())) - timed(flush)


def kernel_us(fn, flush):
    """The mean GPU duration of the longest kernel of fn (the conv, not a
    cuDNN helper) over 50 eager (flush, conv) pairs, by CUPTI."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(50):
            flush()
            fn()
        torch.cuda.synchronize()
    times = {}  # kernel name -> its (total us, count) on the GPU
    try:
        for k in prof.key_averages():
            total = getattr(k, "self_device_time_total", None)
            if total is None:
                total = k.self_cuda_time_total
            if total > 0 and k.count and "zero" not in k.key and "fill" not in k.key.lower():
                times[k.key] = (total, k.count)
    except Exception as e:  # noqa: BLE001 (a profiler of another version)
        print("profiler: %s" % str(e)[:120])
    if not times:
        return float("nan")
    name = max(times, key=lambda k: times[k][0] / times[k][1])
    return times[name][0] / times[name][1]


def main():
    torch.backends.cudnn.benchmark = True
    d = sys.argv[1]
    with open(os.path.join(d, "cases.json")) as f:
        cases = {c["name"]: c for c in json.load(f)}
    cache = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int, device="cuda")
    flush = cache.zero_
    print("%-26s %9s %9s %9s %9s %9s" % ("conv (us)", "do_bench", "host", "ahead",
                                         "graph", "kernel"))
    for name in sys.argv[2:]:
        c = cases[name]
        n, ci, h, co, kk, ho, s, p = (c[x] for x in ["N", "C", "H", "Co", "k", "Ho", "stride", "pad"])
        X = torch.randn(n, h, h, ci, dtype=torch.half, device="cuda")
        W = torch.randn(co, kk, kk, ci, dtype=torch.half, device="cuda") * 0.05
        Y = torch.empty(n, ho, ho, co, dtype=torch.half, device="cuda")
        k = DlcKernel(os.path.join(d, name, name + ".json"))
        xl, wl = X.permute(0, 3, 1, 2), W.permute(0, 3, 1, 2)
        for label, fn in [
                ("dlc " + name,
                 lambda: k.launch({"X": X, "W": W, "Y": Y}, {"N": n},
                                  torch.cuda.current_stream().cuda_stream)),
                ("cudnn " + name, lambda: F.conv2d(xl, wl, stride=s, padding=p))]:
            fn()
            torch.cuda.synchronize()
            db = triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median") * 1e3
            iters = 150
            ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
                  for _ in range(iters)]
            torch.cuda._sleep(50 * 1000 * 1000)  # ~25-50 ms of GPU cycles
            t0 = time.perf_counter()
            for a, b in ev:
                flush()
                a.record()
                fn()
                b.record()
            host = (time.perf_counter() - t0) * 1e6 / iters
            torch.cuda.synchronize()
            ahead = sorted(a.elapsed_time(b) * 1e3 for a, b in ev)[iters // 2]
            print("%-26s %9.1f %9.1f %9.1f %9.1f %9.1f" % (
                label, db, host, ahead, graph_us(fn, flush), kernel_us(fn, flush)))


if __name__ == "__main__":
    main()
