#!/usr/bin/env python3
"""Attention on one GPU, in one run: DLC's fused flash-attention kernels
(rbssa-fuse-attention + the SM90 flash skeleton for chip sm_90a, and the
SM80 one for chip sm_90 when KERNELS/sm80 holds it; compiled from Frontend
Attention models by bench/build_attention.sh) against torch SDPA with the
flash backend (and SDPA's default choice), fp16, O = softmax(Q K^T /
sqrt(D)) V.

Problems: B4 H16 S4096 D128 and B8 H16 S2048 D64, non-causal and causal.
FLOPs: 4 B H S^2 D, half of it for causal (only the unmasked half is
counted). Each DLC output is checked against SDPA computed in fp32 before
it is timed (|y - r| <= 1e-2 + 1e-2 |r|: fp16 softmax and output rounding).
Times: triton do_bench medians.
usage: bench_attention.py --kernels DIR [--out FILE.json]
"""
import argparse
import json
import os

import torch
import torch.nn.functional as F
import triton
from torch.nn.attention import SDPBackend, sdpa_kernel

from dlc_kernel import DlcKernel


def bench(fn):
    return triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    print("# %s, torch %s, triton %s" % (torch.cuda.get_device_name(),
                                          torch.__version__, triton.__version__))
    stream = torch.cuda.current_stream().cuda_stream
    results = []
    for (B, H, S, D) in [(4, 16, 4096, 128), (8, 16, 2048, 64)]:
        for causal in (False, True):
            name = "attn_d%d_%s" % (D, "causal" if causal else "full")
            k = DlcKernel(os.path.join(args.kernels, name, name + "_r1.json"))
            torch.manual_seed(0)
            q, kk, v = (torch.randn(B, H, S, D, dtype=torch.half, device="cuda")
                        for _ in range(3))
            o = torch.full_like(q, float("nan"))
            tensors = {"Q": q, "K": kk, "V": v, "O": o}
            sym = {"B": B, "H": H, "M": S, "N": S}
            k.launch(tensors, sym, stream)
            torch.cuda.synchronize()
            ref = F.scaled_dot_product_attention(q.float(), kk.float(), v.float(),
                                                 is_causal=causal)
            err = (o.float() - ref).abs()
            bad = int((~(err <= 1e-2 + 1e-2 * ref.abs())).sum().item())
            flops = 4.0 * B * H * S * S * D * (0.5 if causal else 1.0)
            t = bench(lambda: k.launch(tensors, sym, stream))
            entry = {"problem": "B%d H%d S%d D%d %s" % (B, H, S, D, "causal" if causal else "full"),
                     "wrong": bad, "max_err": err.max().item(),
                     "dlc_ms": t, "dlc_tflops": flops / t / 1e9}
            line = "%-28s dlc %7.3f ms %6.1f TFLOP/s (wrong %d, max err %.2e)" % (
                entry["problem"], t, flops / t / 1e9, bad, err.max().item())

            sm80 = os.path.join(args.kernels, "sm80", name, name + "_r1.json")
            if os.path.exists(sm80):
                k80 = DlcKernel(sm80)
                o.fill_(float("nan"))
                k80.launch(tensors, sym, stream)
                torch.cuda.synchronize()
                bad80 = int((~((o.float() - ref).abs() <= 1e-2 + 1e-2 * ref.abs())).sum().item())
                t80 = bench(lambda: k80.launch(tensors, sym, stream))
                entry["dlc_sm80_tflops"] = flops / t80 / 1e9
                entry["dlc_sm80_wrong"] = bad80
                line += " | dlc sm80 %6.1f (wrong %d)" % (flops / t80 / 1e9, bad80)

            def flash():
                with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                    return F.scaled_dot_product_attention(q, kk, v, is_causal=causal)

            for aname, afn in [("sdpa_flash", flash),
                               ("sdpa", lambda: F.scaled_dot_product_attention(
                                   q, kk, v, is_causal=causal))]:
                try:
                    ta = bench(afn)
                except Exception as e:  # an anchor that does not run here
                    line += " | %s n/a (%s)" % (aname, type(e).__name__)
                    continue
                entry[aname + "_tflops"] = flops / ta / 1e9
                line += " | %s %6.1f (dlc %.2fx)" % (aname, flops / ta / 1e9, ta / t)
            print(line, flush=True)
            results.append(entry)
            del q, kk, v, o, ref, err
            torch.cuda.empty_cache()
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
