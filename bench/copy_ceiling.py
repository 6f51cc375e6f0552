#!/usr/bin/env python3
"""What a copy of a LayerNorm's bytes reaches on the GPU, and where the
row kernels stand against it: the copies of bench/copy_ceiling.cu (a cubin
built here: nvcc -gencode=arch=compute_90a,code=sm_90a -cubin) and torch's
y.copy_(x), beside DLC's row kernels (bench/build_norm.sh folders), at
rows x width halves, each timed four ways:

  flush   triton do_bench, median, L2 flushed by its zero_() of 256 MB
          before every launch (bench_norm.py's timing: the L2 is left full
          of dirty lines that the kernel's misses write back)
  clean   the same loop, the L2 emptied by reading 256 MB instead (clean
          lines: nothing to write back)
  warm    the same loop without a flush (4 buffer pairs in turn)
  stream  20 launches back to back between two events (4 buffer pairs in
          turn), the mean: the launch and ramp overlap the previous one

TB/s = 2 x rows x width x 2 bytes / time. Each copy is checked (y == x
after one launch, y poisoned first), each row kernel against torch.
usage: copy_ceiling.py --cubin F [--kernels DIR ...] [--shapes RxW ...]
"""
import argparse
import ctypes
import os
import sys

import torch
import torch.nn.functional as F
import triton
from cuda.bindings import driver as cu

from dlc_kernel import DlcKernel, check_cu

PAIRS = 4


def timed_loop(fn, flush, rep_ms=40, warm_ms=10):
    """do_bench's loop (median of per-launch events) with `flush` (None or
    a callable) before each launch."""
    fn()
    torch.cuda.synchronize()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    for _ in range(5):
        if flush:
            flush()
        fn()
    e.record()
    torch.cuda.synchronize()
    est = s.elapsed_time(e) / 5
    for _ in range(max(1, int(warm_ms / est))):
        fn()
    n = max(1, int(rep_ms / est))
    ss = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    es = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
    for i in range(n):
        if flush:
            flush()
        ss[i].record()
        fn()
        es[i].record()
    torch.cuda.synchronize()
    t = sorted(a.elapsed_time(b) for a, b in zip(ss, es))
    return t[len(t) // 2]


def streamed(fn, n=20, rounds=5):
    best = None
    for _ in range(rounds):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        fn()
        s.record()
        for _ in range(n):
            fn()
        e.record()
        torch.cuda.synchronize()
        t = s.elapsed_time(e) / n
        best = t if best is None else min(best, t)
    return best


class Rotating:
    """fn(i) on buffer pair i, i advancing each call."""

    def __init__(self, fn):
        self.fn, self.i = fn, 0

    def __call__(self):
        self.fn(self.i % PAIRS)
        self.i += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cubin", required=True)
    ap.add_argument("--kernels", nargs="*", default=[], help="LABEL=DIR (build_norm.sh folders)")
    ap.add_argument("--shapes", nargs="*", default=["16384x768", "65536x768", "16384x4096"])
    ap.add_argument("--copies", nargs="*", help="copy kernels to time (default: all)")
    ap.add_argument("--full-shapes", nargs="*", default=["16384x768"],
                    help="shapes that get every copy variant and timing")
    ap.add_argument("--rounds", type=int, default=1,
                    help="times each full shape's entries are timed, interleaved")
    ap.add_argument("--families", nargs="*", help="row kernels to time (default: all)")
    ap.add_argument("--ways", nargs="*", default=["flush", "clean", "warm", "stream"],
                    help="timings of the full shapes")
    args = ap.parse_args()
    torch.empty(1, device="cuda")
    dev = torch.cuda.get_device_name()
    props = torch.cuda.get_device_properties(0)
    sms = props.multi_processor_count
    print("# %s, %d SMs, L2 %d MB, torch %s" % (dev, sms, props.L2_cache_size >> 20,
                                              torch.__version__), flush=True)
    stream = torch.cuda.current_stream().cuda_stream
    check_cu(cu.cuInit(0))
    with open(args.cubin, "rb") as f:
        image = ctypes.create_string_buffer(f.read())
    module = check_cu(cu.cuModuleLoadData(ctypes.addressof(image)))
    zero_cache = torch.empty(256 << 20, dtype=torch.int8, device="cuda")
    read_cache = torch.ones(64 << 20, dtype=torch.int32, device="cuda")

    def flush_zero():
        zero_cache.zero_()

    def flush_clean():
        read_cache.sum()

    names = ["blocks_1_0", "blocks_2_0", "blocks_4_0", "blocks_8_0", "blocks_4_1",
             "blocks_4_2", "blocks_4_3", "blocks_4_4", "blocks_8_3",
             "persist_2_0", "persist_4_0", "persist_8_0", "persist_4_1", "persist_4_2",
             "persist_4_3", "persist_4_4", "persist_8_3",
             "bulk_4_8192", "bulk_6_8192", "bulk_4_16384", "bulk_8_4096", "empty"]
    funcs = {n: check_cu(cu.cuModuleGetFunction(module, n.encode())) for n in names}
    for n in names:
        if n.startswith("bulk"):
            _, s, c = n.split("_")
            check_cu(cu.cuFuncSetAttribute(
                funcs[n], cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                int(s) * int(c)))

    def copy_launcher(name, n16, xs, ys):
        f = funcs[name]
        kind, *rest = name.split("_")
        if kind == "blocks":
            u = int(rest[0])
            grid, block, smem = -(-n16 // (256 * u)), 256, 0
        elif kind == "persist":
            occ = check_cu(cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(f, 256, 0))
            grid, block, smem = sms * occ, 256, 0
        elif kind == "bulk":
            smem = int(rest[0]) * int(rest[1])
            occ = check_cu(cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(f, 32, smem))
            grid, block = sms * occ, 32
        else:
            grid, block, smem = 1, 32, 0
        params = [((x.data_ptr(), y.data_ptr(), n16),
                   (ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)) for x, y in zip(xs, ys)]

        def launch(i):
            check_cu(cu.cuLaunchKernel(f, grid, 1, 1, block, 1, 1, smem, stream, params[i], 0))
        return launch, grid

    rows_out = []
    for shape in args.shapes:
        M, N = (int(v) for v in shape.split("x"))
        full = shape in args.full_shapes
        xs = [torch.randn(M, N, dtype=torch.half, device="cuda") for _ in range(PAIRS)]
        ys = [torch.empty_like(xs[0]) for _ in range(PAIRS)]
        nbytes = 2 * M * N * 2
        n16 = M * N * 2 // 16
        ways = [("flush", lambda f: timed_loop(f, flush_zero))]
        if full:
            ways = [w for w in ways + [("clean", lambda f: timed_loop(f, flush_clean)),
                                       ("warm", lambda f: timed_loop(f, None)),
                                       ("stream", streamed)] if w[0] in args.ways]

        entries = []  # (label, launcher of pair i, note), timed in rounds

        def report(label, fn, note=""):
            entries.append((label, fn, note))

        report("torch copy_", lambda i: ys[i].copy_(xs[i]))
        copies = args.copies or names
        if not full:
            copies = [c for c in copies if c in ("blocks_4_0", "persist_4_0", "blocks_4_3",
                                                 "persist_4_3", "bulk_4_8192", "bulk_6_8192")]
        for name in copies:
            launch, grid = copy_launcher(name, n16, xs, ys)
            note = " (grid %d)" % grid
            if name != "empty":
                ys[0].fill_(float("nan"))
                launch(0)
                torch.cuda.synchronize()
                if not torch.equal(ys[0], xs[0]):
                    note += " WRONG"
            else:
                note = " (us)"
            report(name, launch, note)
        # The row kernels: tensors per pair.
        g = torch.randn(N, dtype=torch.half, device="cuda")
        b = torch.randn(N, dtype=torch.half, device="cuda")
        inv = torch.tensor(1.0 / N, dtype=torch.float32, device="cuda")
        fams = {
            "layernorm": (lambda i: {"X": xs[i], "g": g, "b": b, "inv_n": inv, "Y": ys[i]},
                          lambda x: F.layer_norm(x.float(), (N,), g.float(), b.float(), 1e-5),
                          lambda i: F.layer_norm(xs[i], (N,), g, b, 1e-5)),
            "rmsnorm": (lambda i: {"X": xs[i], "g": g, "inv_n": inv, "Y": ys[i]},
                        lambda x: x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-5) * g.float(),
                        lambda i: F.rms_norm(xs[i], (N,), g, 1e-5)),
            "softmax": (lambda i: {"X": xs[i], "Y": ys[i]}, lambda x: torch.softmax(x.float(), -1),
                        lambda i: torch.softmax(xs[i], -1)),
        }
        for fam, (tensors, reference, eager) in fams.items():
            if args.families and fam not in args.families:
                continue
            ref = reference(xs[0])
            report("torch " + fam, eager)
            for spec in args.kernels:
                label, folder = spec.split("=", 1)
                for suffix, sym in (("-%d" % N, {}), ("-sym", {"M": M, "N": N})):
                    if not sym and M != 16384:  # build_norm.sh's static rows
                        continue
                    path = os.path.join(folder, fam + suffix, fam + ".json")
                    if not os.path.exists(path):
                        continue
                    k = DlcKernel(path)
                    ts = [tensors(i) for i in range(PAIRS)]
                    ys[0].fill_(float("nan"))
                    k.launch(ts[0], sym, stream)
                    torch.cuda.synchronize()
                    y = ys[0].float()
                    wrong = int((~((y - ref).abs() <= 1e-2 + 1e-2 * ref.abs())).sum().item())
                    report("%s %s%s" % (label, fam, "-sym" if sym else ""),
                           lambda i, k=k, ts=ts, sym=sym: k.launch(ts[i], sym, stream),
                           " WRONG %d" % wrong if wrong else "")
        # Every entry once a round, the rounds in turn: the median of the
        # rounds' medians, and their range.
        got = {}
        for r in range(args.rounds if full else 1):
            for label, fn, note in entries:
                for wname, way in ways:
                    t = way(Rotating(fn))
                    got.setdefault((label, wname), []).append(
                        t * 1000 if label == "empty" else nbytes / t / 1e9)
        for label, fn, note in entries:
            cells = []
            for wname, _ in ways:
                v = sorted(got[(label, wname)])
                cells.append("%s %.2f" % (wname, v[len(v) // 2]) +
                             (" [%.2f-%.2f]" % (v[0], v[-1]) if len(v) > 1 else ""))
            line = "%-11s %-22s %s%s" % (shape, label, " | ".join(cells), note)
            print(line, flush=True)
            rows_out.append(line)
        del xs, ys
        torch.cuda.empty_cache()
    print("\n".join(["# summary"] + rows_out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
