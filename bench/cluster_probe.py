#!/usr/bin/env python3
"""How many thread-block clusters of a DLC kernel the GPU runs at once
(cuOccupancyMaxActiveClusters, the driver's answer for the kernel's block,
shared memory and cluster shape), for a persistent clustered kernel whose
grid must not exceed it: clusters past it wait for a whole cluster to
finish, a second wave of a persistent grid.

usage: cluster_probe.py DIR/KERNEL.json [...]"""
import ctypes
import json
import os
import sys

import torch
from cuda.bindings import driver as cu

from dlc_kernel import check_cu


def probe(path):
    m = json.load(open(path))
    ptx = ctypes.create_string_buffer(open(os.path.join(os.path.dirname(path), m["ptx"]), "rb").read())
    module = check_cu(cu.cuModuleLoadData(ctypes.addressof(ptx)))
    func = check_cu(cu.cuModuleGetFunction(module, m["kernel"].encode()))
    smem = int(m.get("dynamic_smem_bytes", 0))
    check_cu(cu.cuFuncSetAttribute(
        func, cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem))
    out = []
    for c in (1, 2, 4):
        attr = cu.CUlaunchAttribute()
        attr.id = cu.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attr.value.clusterDim.x, attr.value.clusterDim.y, attr.value.clusterDim.z = c, 1, 1
        cfg = cu.CUlaunchConfig()
        cfg.gridDimX, cfg.gridDimY, cfg.gridDimZ = 132, 1, 1
        cfg.blockDimX, cfg.blockDimY, cfg.blockDimZ = m["block"]
        cfg.sharedMemBytes = smem
        cfg.attrs = [attr]
        cfg.numAttrs = 1
        err, n = cu.cuOccupancyMaxActiveClusters(func, cfg)
        out.append("cluster %d: %s" % (c, n if err == cu.CUresult.CUDA_SUCCESS else err))
    print(os.path.basename(os.path.dirname(path)), "smem", smem, "; max active clusters:", ", ".join(out))


if __name__ == "__main__":
    torch.cuda.init()
    torch.empty(1, device="cuda")
    check_cu(cu.cuInit(0))
    for p in sys.argv[1:]:
        probe(p)
