#!/usr/bin/env python3
"""Causal flash kernels of bench/build_attention.sh (symbolic B, H, M, N)
checked against SDPA in fp32 at sizes the benchmark does not run: the
SM90 kernel's grids at 132 CTAs with several rounds, a short last round of
pairs, odd query-tile counts, Lq != Lk (the causal mask top-left aligned,
as SDPA's is_causal). Same tolerance as bench_attention.py (|y - r| <=
1e-2 + 1e-2 |r|). One line a (kernel, size): the wrong count and the
largest error; exit status 1 if any is wrong.
usage: check_attention_sizes.py --kernels [LABEL=]DIR... [--sizes D:B:H:M:N,...]
"""
import argparse
import os
import sys

import torch
import torch.nn.functional as F

from dlc_kernel import DlcKernel

# D:B:H:M:N. At 132 CTAs, BM = 128 (Sm90FlashSchedule.c, "balanced"):
# 2 x 29 rows of n = 20 tiles: R = 3, 6 fill tiles, a partial snake round;
# 3 x 13 rows of n = 15: an odd count of the pairs' tiles (the last unit
# short) and 4 fills; 2 x 37 of n = 11: odd n (the shifted rows); Lq != Lk
# both ways; one round or less (R = 0).
SIZES = ("64:2:29:2500:2500,64:3:13:1800:1800,64:2:37:1337:1337,"
         "64:3:13:1800:1000,64:2:29:2500:3000,64:1:67:777:777,64:1:3:300:300,"
         "128:2:29:2500:2500,128:3:13:1800:1800,128:2:11:1337:1500")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True, action="append")
    ap.add_argument("--sizes", default=SIZES)
    args = ap.parse_args()
    sets = [tuple(k.split("=", 1)) if "=" in k else (os.path.basename(k.rstrip("/")), k)
            for k in args.kernels]
    stream = torch.cuda.current_stream().cuda_stream
    failed = 0
    for size in args.sizes.split(","):
        d, b, h, m, n = (int(x) for x in size.split(":"))
        torch.manual_seed(0)
        q = torch.randn(b, h, m, d, dtype=torch.half, device="cuda")
        k, v = (torch.randn(b, h, n, d, dtype=torch.half, device="cuda") for _ in range(2))
        keep = torch.ones(m, n, dtype=torch.bool, device="cuda").tril()
        ref = F.scaled_dot_product_attention(q.float(), k.float(), v.float(), attn_mask=keep)
        o = torch.empty_like(q)
        name = "attn_d%d_causal" % d
        for label, folder in sets:
            kernel = DlcKernel(os.path.join(folder, name, name + "_r1.json"))
            o.fill_(float("nan"))
            kernel.launch({"Q": q, "K": k, "V": v, "O": o},
                          {"B": b, "H": h, "M": m, "N": n}, stream)
            torch.cuda.synchronize()
            err = (o.float() - ref).abs()
            bad = int((~(err <= 1e-2 + 1e-2 * ref.abs())).sum().item())
            failed += bad > 0
            print("%-6s D%d B%d H%d M%d N%d: wrong %d, max err %.1e" % (
                label, d, b, h, m, n, bad, err.max().item()), flush=True)
            del kernel
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
