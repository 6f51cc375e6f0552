#!/usr/bin/env python3
"""ncu probe: cuDNN's (channels_last fp16) kernel and DLC's for a few
bench/conv_cases.py cases, each launched once inside an NVTX range
"prof_<case>_<who>" between cudaProfilerStart/Stop after warm-up (so that
cudnn.benchmark's search stays outside what is profiled). usage (under ncu
--profile-from-start off): ncu_conv_probe.py KERNELS CASE[,CASE..]"""
import json, os, sys
import torch, torch.nn.functional as F
sys.path.insert(0, "bench")
from dlc_kernel import DlcKernel

root, only = sys.argv[1], sys.argv[2].split(",")
torch.backends.cudnn.benchmark = True
stream = torch.cuda.current_stream().cuda_stream
cases = {c["name"]: c for c in json.load(open(os.path.join(root, "cases.json")))}
for name in only:
    c = cases[name]
    n, ci, h, co, kk, s, p, g = (c[x] for x in ["N", "C", "H", "Co", "k", "stride", "pad", "groups"])
    ho = c["Ho"]
    x = torch.randn(n, ci, h, h, dtype=torch.half, device="cuda")
    w = torch.randn(co, ci // g, kk, kk, dtype=torch.half, device="cuda")
    xl, wl = x.to(memory_format=torch.channels_last), w.to(memory_format=torch.channels_last)
    for _ in range(5):
        F.conv2d(xl, wl, stride=s, padding=p, groups=g)
    torch.cuda.synchronize()
    torch.cuda.profiler.start(); torch.cuda.nvtx.range_push("prof_%s_cudnn" % name)
    F.conv2d(xl, wl, stride=s, padding=p, groups=g)
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_pop(); torch.cuda.profiler.stop()
    mf = os.path.join(root, name, name + ".json")
    if os.path.exists(mf):
        k = DlcKernel(mf)
        Y = torch.empty((n, ho, ho, co), dtype=torch.half, device="cuda")
        T = {"X": xl.permute(0, 2, 3, 1), "W": wl.permute(0, 2, 3, 1), "Y": Y}
        for _ in range(3):
            k.launch(T, {"N": n}, stream)
        torch.cuda.synchronize()
        torch.cuda.profiler.start(); torch.cuda.nvtx.range_push("prof_%s_dlc" % name)
        k.launch(T, {"N": n}, stream)
        torch.cuda.synchronize()
        torch.cuda.nvtx.range_pop(); torch.cuda.profiler.stop()
    print("done", name, flush=True)
