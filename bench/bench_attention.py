#!/usr/bin/env python3
"""Attention on one GPU, in one run: DLC's fused flash-attention kernels
(rbssa-fuse-attention + the SM90 flash skeleton for chip sm_90a, and the
SM80 one for chip sm_90 when KERNELS/sm80 holds it; compiled from Frontend
Attention models by bench/build_attention.sh) against torch SDPA with the
flash and cuDNN backends (and SDPA's default choice), fp16, O = softmax(Q K^T /
sqrt(D)) V.

Problems: B4 H16 S4096 D128, B8 H16 S2048 D64, B4 H16 S4096 D256 and B2
H16 S8192 D256, non-causal and causal (a DIR without a problem's kernel
is left out of that problem, and a problem no DIR has is skipped: D = 256
is built by build_attention.sh since run d256-1).
FLOPs: 4 B H S^2 D, half of it for causal (only the unmasked half is
counted). Each DLC output is checked against SDPA computed in fp32 before
it is timed (|y - r| <= 1e-2 + 1e-2 |r|: fp16 softmax and output rounding).
Where the first DIR has <name>_lse (build_attention.sh: the D = 128
models with "lse": true), that kernel is timed too (label "lse"): the same
flash kernel writing LSE = ln sum exp(S / sqrt(D)) per query row in its
epilogue; O is checked as above and LSE against torch.logsumexp in fp32
(|y - r| <= 1e-3 + 1e-3 |r|). SDPA's flash backend computes its LSE too.
Times: triton do_bench medians (--rounds R: DLC's kernels and the SDPA
anchors timed in R rounds, the order rotated, medians; bench/timing.py). --kernels may be given several times
(LABEL=DIR, variants of the SM90 kernel built by different compilers,
timed in the same run; the SM80 kernel is read from the first DIR only).
--profile launches each kernel (and SDPA) once without timing, for ncu;
--only keeps the problems whose name contains one of its words; --problems
BxHxSxD,... replaces the problem list (run pd-1: head dimensions padded
to the tile width, SDPA at the same D).
usage: bench_attention.py --kernels [LABEL=]DIR... [--out FILE.json]
                          [--profile] [--only WORD,...] [--rounds R]
                          [--problems BxHxSxD,...]
"""
import argparse
import json
import os

import torch
import torch.nn.functional as F
import triton
from torch.nn.attention import SDPBackend, sdpa_kernel

from dlc_kernel import DlcKernel
from timing import add_rounds_argument, time_rounds


WARMUP, REP = 25, 200  # do_bench's warm-up and measuring time, ms


def reference_lse(q, k, causal):
    """ln sum_n exp(S / sqrt(D)) per query row in fp32, one batch at a time
    (S of B4 H16 S4096 is 4 GiB in fp32)."""
    S, D = q.shape[2], q.shape[3]
    keep = torch.ones(S, S, dtype=torch.bool, device=q.device).tril() if causal else None
    out = []
    for b in range(q.shape[0]):
        s = q[b].float() @ k[b].float().transpose(-1, -2) / D ** 0.5
        if causal:
            s.masked_fill_(~keep, float("-inf"))
        out.append(torch.logsumexp(s, dim=-1))
        del s
    return torch.stack(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True, action="append")
    ap.add_argument("--out", default=None)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--problems", default="")
    add_rounds_argument(ap)
    args = ap.parse_args()
    sets = [tuple(k.split("=", 1)) if "=" in k else (os.path.basename(k.rstrip("/")), k)
            for k in args.kernels]
    only = [w for w in args.only.split(",") if w]
    print("# %s, torch %s, triton %s" % (torch.cuda.get_device_name(),
                                          torch.__version__, triton.__version__))
    stream = torch.cuda.current_stream().cuda_stream
    results = []
    problems = [(4, 16, 4096, 128), (8, 16, 2048, 64),
                (4, 16, 4096, 256), (2, 16, 8192, 256)]
    if args.problems:
        problems = [tuple(int(x) for x in p.split("x")) for p in args.problems.split(",")]
    for (B, H, S, D) in problems:
        for causal in (False, True):
            name = "attn_d%d_%s" % (D, "causal" if causal else "full")
            problem = "B%d H%d S%d D%d %s" % (B, H, S, D, "causal" if causal else "full")
            if only and not any(w in name for w in only):
                continue
            torch.manual_seed(0)
            q, kk, v = (torch.randn(B, H, S, D, dtype=torch.half, device="cuda")
                        for _ in range(3))
            o = torch.full_like(q, float("nan"))
            tensors = {"Q": q, "K": kk, "V": v, "O": o}
            sym = {"B": B, "H": H, "M": S, "N": S}
            ref = F.scaled_dot_product_attention(q.float(), kk.float(), v.float(),
                                                 is_causal=causal)
            flops = 4.0 * B * H * S * S * D * (0.5 if causal else 1.0)
            entry = {"problem": problem}
            line = "%-26s" % problem
            paths = [(label, os.path.join(d, name, name + "_r1.json")) for label, d in sets]
            paths = [(label, path) for label, path in paths if os.path.exists(path)]
            if not paths:
                print("skipped %s: no DIR has %s" % (problem, name), flush=True)
                continue
            sm80 = os.path.join(sets[0][1], "sm80", name, name + "_r1.json")
            if os.path.exists(sm80) and not args.profile:
                paths.append(("sm80", sm80))
            with_lse = os.path.join(sets[0][1], name + "_lse", name + "_lse_r1.json")
            if os.path.exists(with_lse):
                paths.append(("lse", with_lse))
            dlc_fns = {}
            kernels = []  # owns the loaded modules while their launches are timed
            for label, path in paths:
                k = DlcKernel(path)
                kernels.append(k)
                o.fill_(float("nan"))
                run = tensors
                if label == "lse":
                    lse = torch.full((B, H, S), float("nan"), device="cuda")
                    run = dict(tensors, LSE=lse)
                k.launch(run, sym, stream)
                torch.cuda.synchronize()
                if args.profile:
                    continue
                err = (o.float() - ref).abs()
                bad = int((~(err <= 1e-2 + 1e-2 * ref.abs())).sum().item())
                if label == "lse":
                    lref = reference_lse(q, kk, causal)
                    lerr = (lse - lref).abs()
                    bad += int((~(lerr <= 1e-3 + 1e-3 * lref.abs())).sum().item())
                    entry["lse_max_err"] = lerr.max().item()
                    del lref, lerr
                entry[label] = {"wrong": bad, "max_err": err.max().item()}
                dlc_fns[label] = lambda k=k, run=run: k.launch(run, sym, stream)
            if args.profile:
                F.scaled_dot_product_attention(q, kk, v, is_causal=causal)
                torch.cuda.synchronize()
                print("profiled", problem, flush=True)
                continue

            def flash():
                with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                    return F.scaled_dot_product_attention(q, kk, v, is_causal=causal)

            def cudnn():
                with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                    return F.scaled_dot_product_attention(q, kk, v, is_causal=causal)

            anchors = {"sdpa_flash": flash, "sdpa_cudnn": cudnn,
                       "sdpa": lambda: F.scaled_dot_product_attention(q, kk, v, is_causal=causal)}
            times, failed = time_rounds(dict(dlc_fns, **anchors), args.rounds, WARMUP, REP)
            for label in dlc_fns:
                if label in failed:
                    raise failed[label]
                tk = times[label]
                entry[label].update({"ms": tk, "tflops": flops / tk / 1e9})
                line += " | %s %6.1f (wrong %d, err %.1e)" % (
                    label, flops / tk / 1e9, entry[label]["wrong"], entry[label]["max_err"])
            t = times[next(iter(dlc_fns))]
            for aname in anchors:
                if aname in failed:  # an anchor that does not run here
                    line += " | %s n/a (%s)" % (aname, type(failed[aname]).__name__)
                    continue
                ta = times[aname]
                entry[aname + "_tflops"] = flops / ta / 1e9
                line += " | %s %6.1f (first %.2fx)" % (aname, flops / ta / 1e9, ta / t)
            del kernels
            print(line, flush=True)
            results.append(entry)
            del q, kk, v, o, ref
            torch.cuda.empty_cache()
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
