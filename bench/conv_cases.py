#!/usr/bin/env python3
"""The convolutions bench_conv.py measures, written as tiny programs (the
Frontend's Conv2D form, by test/gpu/gen_conv_problems.py's build_conv) with
N symbolic, plus cases.json describing them for bench_conv.py.

usage: conv_cases.py --out DIR     then, for each DIR/<case>.tiny.mlir,
  dlc-compile DIR/<case>.tiny.mlir -o DIR/<case> --chip sm_90a \
      [--plan-file DIR/<case>.plan.json]   (where conv_cases.py wrote one)
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "test", "gpu"))
from gen_conv_problems import build_conv, out_size  # noqa: E402

# On sm_90a the NHWC cases take the SM90 skeleton (A through TMA im2col),
# and so do the NCHW ones after the layout transform (NCHW -> NHWC, KCRS ->
# KRSC); PLANS force other plans for comparisons in the same run: the SM80
# gather of the NCHW activation (the plan before the transform), and other
# SM90 tile widths (256: fewer, wider tiles; 64: more tiles, which fill the
# last wave better where the 128-wide ones leave SMs idle).
PLANS = {"s2_c256_nchw_sm80": {"barrier_model": "cp_async_group",
                               "tile": [128, 256, 32], "warp_tile": [64, 64],
                               "stages": 2},
         "s2_c256_bn256": {"tile": [128, 256, 64], "warp_tile": [64, 256],
                           "stages": 4},
         "r50_c128_28_bn64": {"tile": [128, 64, 64], "warp_tile": [64, 64],
                              "stages": 6},
         "r50_c256_14_bn64": {"tile": [128, 64, 64], "warp_tile": [64, 64],
                              "stages": 6},
         # The planner's tile with the epilogue stored from registers (the
         # plan before run nhwc-1) against its staged epilogue.
         "s2_c256_direct": {"tile": [128, 128, 64], "warp_tile": [64, 128],
                            "stages": 6,
                            "async": {"enable": True, "prefetch_depth": 5,
                                      "epilogue_overlap": False}},
         "s2_c256_silu_direct": {"tile": [128, 128, 64],
                                 "warp_tile": [64, 128], "stages": 6,
                                 "async": {"enable": True, "prefetch_depth": 5,
                                           "epilogue_overlap": False}},
         # The depthwise conv on the flat memory-bound plan (a thread per
         # output chunk), the plan before the depthwise kernel.
         "dw_c256_56_flat": {"algo_choice": {"memory": "flat"}}}
# Grouped convs every way: the SM80 skeleton (one grid row per group, the
# plan before the SM90 group role), the SM90 one with one group a tile (a
# grid row per group, A through the 5-D im2col map) and, for narrow
# groups, 64 / Cg groups a tile (group_pack: block-diagonal weights).
SM80_GROUPED = {"barrier_model": "cp_async_group", "tile": [128, 64, 32],
                "warp_tile": [64, 32], "stages": 2}
SM90_GROUPED = {"barrier_model": "mbarrier", "tile": [128, 64, 64],
                "warp_tile": [64, 64], "stages": 6,
                "async": {"enable": True, "prefetch_depth": 5,
                          "epilogue_overlap": True},
                "algo_choice": {"conv": "implicit_gemm"}}
for _g in ["g32_c256_56", "g32_c512_28", "g4_c256_56", "g8_c512_28"]:
    PLANS[_g + "_sm80"] = SM80_GROUPED
    PLANS[_g + "_sm90"] = SM90_GROUPED
for _g, _pack in [("g32_c256_56", 8), ("g32_c512_28", 4)]:
    PLANS[_g + "_sm90p"] = dict(SM90_GROUPED, algo_choice={
        "conv": "implicit_gemm", "group_pack": str(_pack)})
    # The packed tile 256 rows high (two consumers of 128): half the
    # narrow weight boxes per output row (run gp-1).
    PLANS[_g + "_sm90p256"] = dict(SM90_GROUPED, **{
        "tile": [256, 64, 64], "warp_tile": [128, 64], "stages": 4,
        "async": {"enable": True, "prefetch_depth": 3,
                  "epilogue_overlap": True},
        "algo_choice": {"conv": "implicit_gemm", "group_pack": str(_pack)}})
# The planner's tile (128 x 128, 6 stages, staged epilogue) in thread-block
# clusters of 2: pairs of pixel tiles sharing the weight tile, each CTA
# multicasting half of it (issue 10; bench/RESULTS.md run clc-1).
CLUSTER2 = {"barrier_model": "mbarrier", "tile": [128, 128, 64],
            "warp_tile": [64, 128], "stages": 6,
            "async": {"enable": True, "prefetch_depth": 5,
                      "epilogue_overlap": True},
            "algo_choice": {"conv": "implicit_gemm", "cluster": "2"}}
for _c in ["s2_c256", "s2_c256_silu", "s2_c128_112", "r50_c128_28",
           "r50_c256_14"]:
    PLANS[_c + "_c2"] = CLUSTER2
# And in clusters of 4 (each CTA multicasting 32 of the 128 weight rows):
# cuDNN's s2 C128 112^2 kernel runs clusters of 4.
for _c in ["s2_c256", "s2_c128_112"]:
    PLANS[_c + "_c4"] = dict(CLUSTER2, algo_choice={"conv": "implicit_gemm",
                                                   "cluster": "4"})
# The planner's schedule since run pp-5 (ping-pong: one consumer
# warpgroup a 128 x 128 tile) in clusters of 2 and 4 (run cc-1; run
# clc-1 clustered the cooperative schedule).
for _c in ["s2_c256", "s2_c256_silu", "s2_c128_112"]:
    PLANS[_c + "_pc2"] = dict(CLUSTER2, warp_tile=[128, 128])
for _c in ["s2_c256", "s2_c128_112"]:
    PLANS[_c + "_pc4"] = dict(PLANS[_c + "_c4"], warp_tile=[128, 128])
# A 192-row tile shared by three consumer warpgroups (64 rows each,
# 160 registers a thread): a third less L2 traffic a FLOP than 128 x 128
# beside its weight tile, at 4 stages (5 do not fit beside the staged C).
T192 = {"barrier_model": "mbarrier", "tile": [192, 128, 64],
        "warp_tile": [64, 128], "stages": 4,
        "async": {"enable": True, "prefetch_depth": 3,
                  "epilogue_overlap": True},
        "algo_choice": {"conv": "implicit_gemm"}}
for _c in ["s2_c256", "s2_c256_silu", "s2_c128_112", "r50_c128_28",
           "r50_c256_14"]:
    PLANS[_c + "_t192"] = T192
PLANS["r50_c64_56_t192"] = dict(T192, tile=[192, 64, 64], warp_tile=[64, 64],
                                stages=6, **{"async": {
                                    "enable": True, "prefetch_depth": 5,
                                    "epilogue_overlap": True}})
# A 256-wide tile (all 256 output channels: the im2col box read once a
# pixel tile, 48 bytes a clock an SM at the tensor pipe's rate against
# 64 for 128 x 128) with stream-K sharing out its 1.48 rounds (run sk256).
STREAM256 = {"barrier_model": "mbarrier", "tile": [128, 256, 64],
             "warp_tile": [64, 256], "stages": 4}
for _c in ["s2_c256", "s2_c256_silu"]:
    PLANS[_c + "_s256"] = dict(STREAM256, algo_choice={
        "conv": "implicit_gemm", "stream_k": "1"})
    PLANS[_c + "_s256r2"] = dict(STREAM256, algo_choice={
        "conv": "implicit_gemm", "stream_k": "2"})
    PLANS[_c + "_b256"] = dict(STREAM256)
# Every size static (N too): the planner's 192-row tile where its rounds
# are fewer (r50_c128_28_n32: one round of 131 tiles), against the
# 128-row ping-pong tile forced by plan-file (_pp).
STATIC_N = {"r50_c128_28_n32", "r50_c128_28_n32_pp", "s2_c256_n32"}
PLANS["r50_c128_28_n32_pp"] = {
    "barrier_model": "mbarrier", "tile": [128, 128, 64],
    "warp_tile": [128, 128], "stages": 6,
    "async": {"enable": True, "prefetch_depth": 5, "epilogue_overlap": True},
    "algo_choice": {"conv": "implicit_gemm"}}
# Small static batches (N = 1, 4: one partial round of tiles), the
# planner's plan (the epilogue from registers: no next tile to overlap)
# against the staged epilogue forced by plan-file, ping-pong (_st, the
# symbolic-N kernel's plan) and cooperative (_sc).
STAGED_PP = {"barrier_model": "mbarrier", "tile": [128, 128, 64],
             "warp_tile": [128, 128], "stages": 6,
             "async": {"enable": True, "prefetch_depth": 5,
                       "epilogue_overlap": True},
             "algo_choice": {"conv": "implicit_gemm"}}
SMALL_N = []
for _c, _n, _ch, _h, _co, _s in [("r50_c128_28", 4, 128, 28, 128, 1),
                                 ("r50_c128_28", 1, 128, 28, 128, 1),
                                 ("s2_c256", 4, 256, 56, 256, 2),
                                 ("s2_c256", 1, 256, 56, 256, 2),
                                 ("r50_c256_14", 4, 256, 14, 256, 1)]:
    _base = "%s_n%d" % (_c, _n)
    for _v in ["", "_st", "_sc"]:
        STATIC_N.add(_base + _v)
        SMALL_N.append((_base + _v, _n, _ch, _h, _co, 3, _s, 1, "nhwc",
                        "none"))
    PLANS[_base + "_st"] = STAGED_PP
    PLANS[_base + "_sc"] = dict(STAGED_PP, warp_tile=[64, 128])
    # Narrower and shorter tiles: more of them on the SMs.
    for _v, _plan in [("_b64", dict(STAGED_PP, tile=[128, 64, 64],
                                    warp_tile=[128, 64])),
                      ("_b64c", dict(STAGED_PP, tile=[128, 64, 64],
                                     warp_tile=[64, 64])),
                      ("_m64", dict(STAGED_PP, tile=[64, 128, 64],
                                    warp_tile=[64, 128])),
                      ("_b64k4", dict(STAGED_PP, tile=[128, 64, 64],
                                      warp_tile=[64, 64], algo_choice={
                                          "conv": "implicit_gemm",
                                          "split_k": "4"}))]:
        STATIC_N.add(_base + _v)
        SMALL_N.append((_base + _v, _n, _ch, _h, _co, 3, _s, 1, "nhwc",
                        "none"))
        PLANS[_base + _v] = _plan
    # Split along k (the SM90 split-K, cooperative), S CTAs a tile.
    for _k in [2, 4, 8, 16]:
        STATIC_N.add("%s_k%d" % (_base, _k))
        SMALL_N.append(("%s_k%d" % (_base, _k), _n, _ch, _h, _co, 3, _s, 1,
                        "nhwc", "none"))
        PLANS["%s_k%d" % (_base, _k)] = dict(
            STAGED_PP, warp_tile=[64, 128],
            algo_choice={"conv": "implicit_gemm", "split_k": str(_k)})
# name, N, C, H(=W), Co, kernel, stride, pad, layout, epilogue[, groups]
CASES = [
    ("s2_c256", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_bn256", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_direct", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_silu", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c256_silu_direct", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c256_c2", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_silu_c2", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c128_112_c2", 64, 128, 112, 128, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_c4", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_pc2", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_silu_pc2", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c128_112_pc2", 64, 128, 112, 128, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_pc4", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c128_112_pc4", 64, 128, 112, 128, 3, 2, 1, "nhwc", "none"),
    ("s2_c128_112_c4", 64, 128, 112, 128, 3, 2, 1, "nhwc", "none"),
    ("r50_c128_28_c2", 32, 128, 28, 128, 3, 1, 1, "nhwc", "none"),
    ("r50_c256_14_c2", 32, 256, 14, 256, 3, 1, 1, "nhwc", "none"),
    ("s2_c256_t192", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_s256", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_s256r2", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_b256", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    ("s2_c256_silu_s256", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c256_silu_s256r2", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c256_silu_b256", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c256_silu_t192", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu"),
    ("s2_c128_112_t192", 64, 128, 112, 128, 3, 2, 1, "nhwc", "none"),
    ("r50_c64_56_t192", 32, 64, 56, 64, 3, 1, 1, "nhwc", "none"),
    ("r50_c128_28_t192", 32, 128, 28, 128, 3, 1, 1, "nhwc", "none"),
    ("r50_c256_14_t192", 32, 256, 14, 256, 3, 1, 1, "nhwc", "none"),
    ("r50_c128_28_n32", 32, 128, 28, 128, 3, 1, 1, "nhwc", "none"),
    ("r50_c128_28_n32_pp", 32, 128, 28, 128, 3, 1, 1, "nhwc", "none"),
    ("s2_c256_n32", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none"),
    *SMALL_N,
    ("s2_c256_nchw", 32, 256, 56, 256, 3, 2, 1, "nchw", "none"),
    ("s2_c256_nchw_sm80", 32, 256, 56, 256, 3, 2, 1, "nchw", "none"),
    ("s2_c256_nchw_silu", 32, 256, 56, 256, 3, 2, 1, "nchw", "silu"),
    ("s2_c128_112", 64, 128, 112, 128, 3, 2, 1, "nhwc", "none"),
    ("s2_c128_112_nchw", 64, 128, 112, 128, 3, 2, 1, "nchw", "none"),
    ("r50_c64_56", 32, 64, 56, 64, 3, 1, 1, "nhwc", "none"),
    ("r50_c128_28", 32, 128, 28, 128, 3, 1, 1, "nhwc", "none"),
    ("r50_c128_28_bn64", 32, 128, 28, 128, 3, 1, 1, "nhwc", "none"),
    ("r50_c256_14", 32, 256, 14, 256, 3, 1, 1, "nhwc", "none"),
    ("r50_c256_14_bn64", 32, 256, 14, 256, 3, 1, 1, "nhwc", "none"),
    ("r50_c256_14_nchw", 32, 256, 14, 256, 3, 1, 1, "nchw", "none"),
    ("r50_1x1_c256_56", 32, 256, 56, 64, 1, 1, 0, "nhwc", "none"),
    # Depthwise (MobileNet-like) and grouped (ResNeXt-like, 32 groups of 8).
    ("dw_c256_56", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 256),
    ("dw_c256_56_flat", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 256),
    ("dw_c256_56_silu", 32, 256, 56, 256, 3, 1, 1, "nhwc", "silu", 256),
    ("dw_s2_c128_112", 32, 128, 112, 128, 3, 2, 1, "nhwc", "none", 128),
    ("dw5_c256_28", 32, 256, 28, 256, 5, 1, 2, "nhwc", "none", 256),
    ("dw7_c256_28", 32, 256, 28, 256, 7, 1, 3, "nhwc", "none", 256),
    ("dw_c512_14", 32, 512, 14, 512, 3, 1, 1, "nhwc", "none", 512),
    ("dw_s2_c256_56", 32, 256, 56, 256, 3, 2, 1, "nhwc", "none", 256),
    ("dw_s2_c256_56_silu", 32, 256, 56, 256, 3, 2, 1, "nhwc", "silu", 256),
    ("dw_c512_28", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 512),
    ("dw_c512_28_silu", 32, 512, 28, 512, 3, 1, 1, "nhwc", "silu", 512),
    ("dw_c256_56_n1", 1, 256, 56, 256, 3, 1, 1, "nhwc", "none", 256),
    ("g32_c256_56", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c256_56_sm80", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c256_56_sm90", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c256_56_sm90p", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c256_56_sm90p256", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 32),
    # ResNeXt-50's later stages (Cg = 16) and wide groups (Cg = 64).
    ("g32_c512_28", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c512_28_sm80", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c512_28_sm90", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c512_28_sm90p", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 32),
    ("g32_c512_28_sm90p256", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 32),
    ("g4_c256_56", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 4),
    ("g4_c256_56_sm80", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 4),
    ("g4_c256_56_sm90", 32, 256, 56, 256, 3, 1, 1, "nhwc", "none", 4),
    ("g8_c512_28", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 8),
    ("g8_c512_28_sm80", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 8),
    ("g8_c512_28_sm90", 32, 512, 28, 512, 3, 1, 1, "nhwc", "none", 8),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    cases = []
    for name, n, c, h, co, k, s, pad, layout, epi, *groups in CASES:
        g = groups[0] if groups else 1
        ho = out_size(h, k, s, pad, 1)
        p = dict(N=n, H=h, W=h, C=c, Co=co, KH=k, KW=k, Ho=ho, Wo=ho, sh=s,
                 sw=s, pad=pad, dil=1, G=g)
        static = {"N": name in STATIC_N, "C": True, "Co": True}
        _, text, _, _, _ = build_conv(name, p, layout, "f16", "f16", epi,
                                      "mixed", static)
        with open(os.path.join(args.out, name + ".tiny.mlir"), "w") as f:
            f.write(text)
        if name in PLANS:
            with open(os.path.join(args.out, name + ".plan.json"), "w") as f:
                json.dump(dict(region=name, **PLANS[name]), f)
        cases.append(dict(name=name, N=n, C=c, H=h, Co=co, k=k, stride=s,
                          pad=pad, layout=layout, epilogue=epi, Ho=ho,
                          groups=g))
    with open(os.path.join(args.out, "cases.json"), "w") as f:
        json.dump(cases, f, indent=1)


if __name__ == "__main__":
    main()
