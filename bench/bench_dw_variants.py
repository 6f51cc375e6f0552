#!/usr/bin/env python3
"""Depthwise convolutions: several builds of DLC's kernels (one directory
each, laid out as bench/conv_cases.py + dlc-compile write them) on the same
cases and inputs against cuDNN channels_last (fp16; + SiLU: cuDNN conv then
F.silu), in one process, so that variants of the depthwise kernel compare
within one run. Each output is checked against torch's conv in fp32 first
(|y - r| <= 2e-2 + 2e-2 |r|), times are triton do_bench medians.

usage: bench_dw_variants.py ROOT VARIANT[,VARIANT..] CASE[,CASE..]
  (ROOT/VARIANT/cases.json, ROOT/VARIANT/CASE/CASE.json; a variant missing
  a case is skipped for it); writes $OUT/variants.json (else ./)."""
import json, os, sys
import torch, torch.nn.functional as F, triton
sys.path.insert(0, "bench")
from dlc_kernel import DlcKernel

def bench(fn):
    return triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median")

root, variants, only = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split(",")
torch.backends.cudnn.benchmark = True
print("#", torch.cuda.get_device_name(), torch.__version__, torch.backends.cudnn.version())
stream = torch.cuda.current_stream().cuda_stream
cases = {c["name"]: c for c in json.load(open(os.path.join(root, variants[0], "cases.json")))}
a = torch.randn(8192, 8192, dtype=torch.half, device="cuda")
for _ in range(200): a @ a
torch.cuda.synchronize(); del a
out = []
for name in only:
    c = cases[name]
    n, ci, h, co, kk, s, p, g = (c[x] for x in ["N", "C", "H", "Co", "k", "stride", "pad", "groups"])
    ho = c["Ho"]
    flops = 2.0 * n * ho * ho * co * kk * kk
    x = torch.randn(n, ci, h, h, dtype=torch.half, device="cuda")
    w = torch.randn(co, 1, kk, kk, dtype=torch.half, device="cuda") / kk
    xl = x.to(memory_format=torch.channels_last); wl = w.to(memory_format=torch.channels_last)
    Y = torch.empty((n, ho, ho, co), dtype=torch.half, device="cuda")
    T = {"X": xl.permute(0, 2, 3, 1), "W": wl.permute(0, 2, 3, 1), "Y": Y}
    ref = F.conv2d(x.float(), w.float(), stride=s, padding=p, groups=g)
    silu = c["epilogue"] == "silu"
    if silu: ref = F.silu(ref)
    if silu:
        ta = bench(lambda: F.silu(F.conv2d(xl, wl, stride=s, padding=p, groups=g)))
    else:
        ta = bench(lambda: F.conv2d(xl, wl, stride=s, padding=p, groups=g))
    line = "%-20s cudnn%s %7.1f us |" % (name, "+silu" if silu else "     ", ta * 1e3)
    e = {"case": name, "cudnn_us": ta * 1e3}
    for v in variants:
        if not os.path.exists(os.path.join(root, v, name, name + ".json")):
            continue
        k = DlcKernel(os.path.join(root, v, name, name + ".json"))
        launch = lambda: k.launch(T, {"N": n}, stream)
        Y.fill_(float("nan")); launch(); torch.cuda.synchronize()
        got = Y.permute(0, 3, 1, 2).float()
        nbad = int((~((got - ref).abs() <= 2e-2 + 2e-2 * ref.abs())).sum().item())
        t = bench(launch)
        e[v] = t * 1e3
        line += " %s %6.1f (%.2fx)%s" % (v, t * 1e3, ta / t, " WRONG %d" % nbad if nbad else "")
        del k
    print(line, flush=True)
    out.append(e)
json.dump(out, open(os.path.join(os.environ.get("OUT", "."), "variants.json"), "w"), indent=1)
