#!/usr/bin/env python3
"""Launches a ptx_watchdog.py kernel folder's kernel until it hangs (or
LAUNCHES launches pass), BATCH launches back to back between checks; on a
hang (no completion within STALL seconds) reads the kernel's dlc_prog and
dlc_dbg through a second stream while it hangs and prints, per CTA, each
warp's last wait site, and the records of mbarrier waits past a second
(run bx-2).
usage: watchdog_run.py MANIFEST SYM=V,... [LAUNCHES] [BATCH] [STALL]"""
import ctypes
import os
import struct
import sys
import time

import torch
from cuda.bindings import driver as cu

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dlc_kernel import DlcKernel, check_cu, eval_expr  # noqa: E402

SLOTS, RECORD = 16, 64


class Global:
    """A module global and a pinned host copy, both set up before the
    launches (cuMemAllocHost may wait for the device, which hangs)."""

    def __init__(self, module, name):
        self.ptr, self.size = check_cu(cu.cuModuleGetGlobal(module, name.encode()))
        self.host = check_cu(cu.cuMemAllocHost(self.size))

    def read(self, stream):
        """Its bytes now, copied by `stream` beside the hung kernel."""
        check_cu(cu.cuMemcpyDtoHAsync(self.host, self.ptr, self.size, stream))
        deadline = time.time() + 5
        while cu.cuStreamQuery(stream)[0] != cu.CUresult.CUDA_SUCCESS:
            if time.time() > deadline:
                print("the copy does not complete beside the hung kernel")
                sys.stdout.flush()
                os._exit(4)
            time.sleep(0.01)
        return ctypes.string_at(self.host, self.size)


def report(k, sites_path, grid, globals_, copy):
    prog = globals_["dlc_prog"].read(copy)
    dbg = globals_["dlc_dbg"].read(copy)
    n = struct.unpack("<I", globals_["dlc_dbg_n"].read(copy))[0]
    sites = open(sites_path).read().strip().split("\n")
    print("sites:\n  " + "\n  ".join(sites))
    warps = k.m["block"][0] // 32
    patterns = {}
    for cta in range(grid):
        last = []
        for w in range(warps):
            site, t, addr, par = struct.unpack_from("<4I", prog, (cta * SLOTS + w) * 16)
            last.append((site, t, addr, par))
        key = tuple((s, a, p) for s, _, a, p in last)
        patterns.setdefault(key, []).append((cta, [t for _, t, _, _ in last]))
    tmax = max(max(ts) for v in patterns.values() for _, ts in v)
    print(f"{len(patterns)} patterns of (site, barrier, parity) per warp over {grid} CTAs")
    for key, ctas in sorted(patterns.items(), key=lambda kv: len(kv[1])):
        ages = [(tmax - t) % (1 << 32) / 1e6 for t in ctas[0][1]]
        print(f"  {len(ctas)} CTAs e.g. {[c for c, _ in ctas[:6]]}: " +
              " | ".join(f"w{w}:s{s} b{a:#x} p{p} {age:.0f}ms"
                         for w, ((s, a, p), age) in enumerate(zip(key, ages))))
    print(f"{n} timeout records")
    for i in range(min(n, 512)):
        q = struct.unpack_from(f"<{RECORD}Q", dbg, i * RECORD * 8)
        snap = " ".join(f"{x:016x}" for x in q[8:8 + 24] if True)
        print(f"  site {q[0]} cta {q[1]} tid {q[2]} bar {q[3]:#x} parity {q[4]} "
              f"state {q[5]:016x}\n    all {snap}")


def main():
    manifest, sizes = sys.argv[1], sys.argv[2]
    launches = int(sys.argv[3]) if len(sys.argv) > 3 else 320
    batch = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    stall = float(sys.argv[5]) if len(sys.argv) > 5 else 5.0
    symbols = {kv.split("=")[0]: int(kv.split("=")[1]) for kv in sizes.split(",")}
    k = DlcKernel(manifest)
    torch.manual_seed(0)
    tensors = {}
    for p in k.m["params"]:
        if p["kind"] != "ptr":
            continue
        shape = [eval_expr(e, symbols) for e in p["shape"]]
        dt = {"f16": torch.half, "bf16": torch.bfloat16, "f32": torch.float}[p["dtype"]]
        tensors[p["name"]] = torch.randn(shape, device="cuda").to(dt)
    torch.cuda.synchronize()
    stream = check_cu(cu.cuStreamCreate(cu.CUstream_flags.CU_STREAM_NON_BLOCKING))
    copy = check_cu(cu.cuStreamCreate(cu.CUstream_flags.CU_STREAM_NON_BLOCKING))
    globals_ = {n: Global(k.module, n) for n in ("dlc_prog", "dlc_dbg", "dlc_dbg_n")}
    grid = eval_expr(k.m["grid"][0], symbols)
    done = 0
    t0 = time.time()
    while done < launches:
        for _ in range(batch):
            k.launch(tensors, symbols, stream)
        done += batch
        start = time.time()
        while True:
            err = cu.cuStreamQuery(stream)[0]
            if err == cu.CUresult.CUDA_SUCCESS:
                break
            if err != cu.CUresult.CUDA_ERROR_NOT_READY:
                print("stream error", err)
                os._exit(2)
            if time.time() - start > stall:
                print(f"HANG within launches {done - batch}..{done} "
                      f"({time.time() - t0:.1f} s)")
                report(k, os.path.join(os.path.dirname(manifest), "sites.txt"), grid,
                       globals_, copy)
                sys.stdout.flush()
                os._exit(3)
            time.sleep(0.01)
    print(f"no hang in {done} launches ({time.time() - t0:.1f} s)")


if __name__ == "__main__":
    main()
