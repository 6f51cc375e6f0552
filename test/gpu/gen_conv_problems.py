#!/usr/bin/env python3
"""Random 2-D convolutions in the tiny dialect (implicit GEMM), for the GPU
differential harness (test/gpu/README.md).

Each problem is the Frontend's Conv2D form (tiny.pad + tiny.view of the
activations, the weights reshaped, mul, reduce over (c, kh, kw)) with:
  layout     nhwc (X [N, H, W, C], W [Co, KH, KW, C] (KRSC), Y [N, Ho, Wo,
             Co]) or nchw (X [N, C, H, W], W [Co, C, KH, KW] (KCRS), Y [N, Co,
             Ho, Wo])
  kernel     KH, KW in 1, 3, 5, 7 (square or not)
  stride     1 or 2 (per spatial axis), pad 0, 1 or 2 (depthwise: 3 too),
             dilation 1 or 2
  sizes      N 1-4, H and W odd or even up to 40, C often a multiple of 8
             (the 16-byte gather) and often not (1, 3, 5, 13, 61...), Co any;
             N, C and Co symbolic, static or mixed
  groups     1, or G > 1 (grouped: C = G·Cg, Co = G·Cog, C and Co static;
             the group an axis of its own, merged back into Co; depthwise:
             Cg = 1, Cog 1 or 2); 60 % of them with a plan-file keeping the
             tensor-core plan (plan=gemm), which the planner's estimate
             turns down for most of these small problems
  epilogue   none, relu, silu (tinygrad's decomposed sigmoid), bias [Co],
             bias + relu, residual (a tensor of the output's shape)
  types      f16 or bf16 in; f16, bf16 or f32 out
At most 3e7 multiply-adds and 1e6 elements per tensor, so a bundle of a few
hundred stays within the device call's 64 MiB and dlc-interp's time.

usage: gen_conv_problems.py --count N --seed S --out DIR [--append]
                           [--transform P]  (a share P of NCHW problems
                                             forced onto the SM90 kernel
                                             through the layout transform)
                           [--depthwise P]  (a share P of NHWC depthwise
                                             convs, Cg = Cog = 1, for the
                                             depthwise kernels; 75 % of them
                                             with a plan-file forcing one
                                             where the region is a GEMM)
                           [--staged P]     (a share P of NHWC problems
                                             forced onto the SM90 kernel
                                             with the staged epilogue)
                           [--cluster P]    (a share P of NHWC problems
                                             forced onto the SM90 kernel
                                             in clusters of 2 or 4 CTAs)
                           [--three P]      (a share P of NHWC problems
                                             forced onto the SM90 kernel's
                                             192-row tile, three consumer
                                             warpgroups)
                           [--split P]      (a share P of NHWC problems
                                             forced onto the SM90 kernel
                                             split along k)
                           [--short P]      (a share P of NHWC problems
                                             forced onto the SM90 kernel's
                                             64-row tile)
                           [--grouped P]    (a share P of NHWC grouped
                                             convs, Cg a multiple of 8, for
                                             the SM90 kernel's group role;
                                             half forced onto it by
                                             plan-file)
Writes DIR/cNNN.tiny.mlir and DIR/index.json (--append: adds to it), in
gen_problems.py's format.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_problems import LOG2E, ONE, Body, Dim, finish, generate, i64s  # noqa: E402

SPATIAL = [1, 2, 3, 4, 5, 7, 8, 9, 13, 14, 16, 17, 28, 31, 32, 40]
CHANNELS_VEC = [8, 16, 24, 32, 64, 128]
CHANNELS_ODD = [1, 2, 3, 5, 7, 13, 31, 61]
OUT_CHANNELS = [1, 3, 8, 16, 17, 32, 64, 65, 100, 128, 255]
EPILOGUES = ["none", "relu", "silu", "bias", "bias_relu", "residual"]
MAX_MACS = 30_000_000
MAX_ELEMENTS = 1_000_000


def output_fits(p):
    """Whether p's output and its MACs fit the harness's bounds (a problem
    whose input the draw bounded and whose Co was drawn again)."""
    outputs = p["N"] * p["Ho"] * p["Wo"] * p["Co"]
    return (outputs <= MAX_ELEMENTS and
            outputs * p["C"] * p["KH"] * p["KW"] <= MAX_MACS)


def out_size(size, kernel, stride, pad, dilation):
    return (size + 2 * pad - dilation * (kernel - 1) - 1) // stride + 1


GROUP_CG = [1, 1, 2, 3, 4, 8, 16]
GROUP_COUNT = [2, 3, 4, 8, 16, 32]
GROUP_COG = [1, 2, 3, 8, 16, 24]


def draw_groups(rng, p):
    """Makes `p` (as draw() gives it) a grouped convolution: G groups of Cg
    input and Cog output channels (Cg = 1: depthwise, Cog 1 or 2)."""
    while True:
        cg, g = rng.choice(GROUP_CG), rng.choice(GROUP_COUNT)
        cog = rng.choice([1, 2]) if cg == 1 else rng.choice(GROUP_COG)
        c, co = g * cg, g * cog
        n, ho, wo = p["N"], p["Ho"], p["Wo"]
        if (n * ho * wo * co * cg * p["KH"] * p["KW"] <= MAX_MACS and
                max(n * p["H"] * p["W"] * c, n * ho * wo * co) <= MAX_ELEMENTS):
            p.update(C=c, Co=co, G=g)
            return p


def draw(rng):
    """Sizes and attributes of one valid convolution within the budgets."""
    while True:
        kh, kw = rng.choice([1, 3, 5, 7]), rng.choice([1, 3, 5, 7])
        if rng.random() < 0.6:
            kw = kh
        sh, sw = rng.choice([1, 2]), rng.choice([1, 2])
        if rng.random() < 0.7:
            sw = sh
        pad = rng.choice([0, 1, 2])
        dil = 2 if rng.random() < 0.15 else 1
        n = rng.choice([1, 1, 2, 3, 4])
        h, w = rng.choice(SPATIAL), rng.choice(SPATIAL)
        c = rng.choice(CHANNELS_VEC if rng.random() < 0.6 else CHANNELS_ODD)
        co = rng.choice(OUT_CHANNELS)
        ho, wo = out_size(h, kh, sh, pad, dil), out_size(w, kw, sw, pad, dil)
        if ho < 1 or wo < 1:
            continue
        macs = n * ho * wo * co * c * kh * kw
        if macs <= MAX_MACS and max(n * h * w * c, n * ho * wo * co) <= MAX_ELEMENTS:
            return dict(N=n, H=h, W=w, C=c, Co=co, KH=kh, KW=kw, Ho=ho, Wo=wo,
                        sh=sh, sw=sw, pad=pad, dil=dil)


# --transform P: a share P of the problems are NCHW convs the SM90 kernel can
# read after the layout transform (C a static multiple of 8, no groups),
# with a plan-file forcing that plan (plan=sm90): the planner's estimate
# keeps the SM80 gather for most small problems.
TRANSFORM = 0.0


def draw_static(rng, modes=("static", "mixed"), co=True):
    """A sizes mode of `modes` and the symbols it keeps static: C always, Co
    always unless `co`, else (and N) in "static" mode or half the time, N
    drawn before Co (the draws' order is what a seed reproduces)."""
    mode = rng.choice(list(modes))
    static = {"N": mode == "static" or rng.random() < 0.5, "C": True,
              "Co": not co or mode == "static" or rng.random() < 0.5}
    return mode, static


def draw_static_rows(rng, co):
    """draw_static for an NHWC output of `co` channels stored by TMA: a
    static Co must make 16-byte rows (else E1501), so an odd one stays
    symbolic."""
    mode, static = draw_static(rng)
    if co % 8:
        static["Co"], mode = False, "mixed"
    return mode, static


def transform_problem(rng, index):
    while True:
        p = draw(rng)
        if p["C"] % 8 == 0:
            break
    dtype = rng.choice(["f16", "bf16"])
    out = rng.choice(["f16", dtype, "f32"])
    mode, static = draw_static(rng)
    name = "c%03d" % index
    bn = rng.choice([64, 128])
    plan = json.dumps({"region": name, "barrier_model": "mbarrier",
                       "tile": [128, bn, 64], "warp_tile": [64, bn],
                       "stages": 4})
    problem = build_conv(name, p, "nchw", dtype, out, rng.choice(EPILOGUES),
                         mode, static)
    return problem[:4] + (problem[4] + " plan=sm90",) + (None, None, plan)


# --depthwise P: a share P of the problems are NHWC depthwise convs (the
# depthwise kernels': one channel a group, static C), some with C not a
# multiple of 8 (narrower vectors) and a quarter of those wider than 1x1
# with pad 3; 25 % force the register kernel by plan-file (plan=
# depthwise), 50 % the tile kernel where its CTA has 8 pixel tiles (plan=
# depthwise_tile), the rest take the planner's choice.
DEPTHWISE = 0.0


def tile_fits(c, ho, wo, kh, kw):
    """Whether the depthwise tile kernel takes an image of Ho x Wo (static)
    with C channels (DepthwiseTile.c: a CTA of at most 256 threads, a row
    of min(ceil(Wo / P), 8) tiles of P pixels, P = 8 for windows 5 or more
    wide where that fits, else 4; at most 64 trips of its weights' copy)."""
    width = next(v for v in (8, 4, 2, 1) if c % v == 0)
    chunks = c // width
    span = -(-chunks // -(-chunks // 8))
    for pixels in ([8, 4] if kw >= 5 else [4]):
        cols = min(-(-wo // pixels), 8)
        threads = span * cols * min(ho, 256 // (span * cols))
        if -(-(kh * kw * span * width) // threads) <= 64:
            return True
    return False


def depthwise_problem(rng, index):
    while True:
        p = draw(rng)
        c = rng.choice([8, 16, 24, 32, 64, 96, 128, 256, 264, 12, 6, 5, 3])
        if rng.random() < 0.25 and p["KH"] * p["KW"] > 1:
            p["pad"] = 3
            p["Ho"] = out_size(p["H"], p["KH"], p["sh"], 3, p["dil"])
            p["Wo"] = out_size(p["W"], p["KW"], p["sw"], 3, p["dil"])
        n, ho, wo = p["N"], p["Ho"], p["Wo"]
        # (a 1x1 window or one image of static N = 1 has size-1 axes: the
        # region is memory-bound only; a few of them stay)
        if p["KH"] * p["KW"] == 1 and rng.random() < 0.8:
            continue
        if max(n * p["H"] * p["W"] * c, n * ho * wo * c) <= MAX_ELEMENTS:
            p.update(C=c, Co=c, G=c)
            break
    dtype = rng.choice(["f16", "f16", "bf16"])
    out = rng.choice(["f16", dtype, "f32"])
    mode, static = draw_static(rng, ("symbolic", "static", "mixed"),
                               co=False)
    if p["N"] == 1 and rng.random() < 0.8:
        static["N"] = False
    name = "c%03d" % index
    problem = build_conv(name, p, "nhwc", dtype, out, rng.choice(EPILOGUES),
                         mode, static)
    # (as for plan=gemm: size-1 axes make the region memory-bound only,
    # where a plan-file entry is refused)
    force = rng.random()
    if (force < 0.75 and ho > 1 and wo > 1 and
            (n > 1 or not static["N"]) and p["KH"] * p["KW"] > 1):
        kernel = "depthwise"
        if force >= 0.25 and tile_fits(c, ho, wo, p["KH"], p["KW"]):
            kernel = "depthwise_tile"
        elif force >= 0.25:
            return problem + (None, None, None)
        plan = json.dumps({"region": name,
                           "algo_choice": {"memory": kernel}})
        return problem[:4] + (problem[4] + " plan=" + kernel,) + (None, None,
                                                                  plan)
    return problem + (None, None, None)
# --staged P: a share P of the problems are NHWC convs the SM90 kernel
# reads through its im2col map (C a static multiple of 8, no groups), with
# an f16/bf16 output and a plan-file forcing the staged epilogue (plan=
# staged): the planner takes it only for several rounds of tiles, which
# these small problems never fill. Co is a multiple of 8 three times in 4
# (16-byte rows of Y: the TMA stores; else, with Co symbolic, the runtime
# leaves Y's map unencoded and the kernel stores from registers), and N·Ho·
# Wo, Co often reach whole 128 x BN tiles. Three in four take the
# planner's ping-pong consumers (plan=staged_pp), the others cooperative.
STAGED = 0.0
STAGED_CO = [8, 17, 64, 65, 100, 128, 136, 255]


def staged_problem(rng, index):
    whole = rng.random() < 0.75  # at least two 128-row tiles
    while True:
        p = draw(rng)
        p["Co"] = rng.choice(STAGED_CO)
        if rng.random() < 0.75:
            p["Co"] += -p["Co"] % 8
        if (p["C"] % 8 == 0 and
                (not whole or p["N"] * p["Ho"] * p["Wo"] >= 256) and
                p["N"] * p["Ho"] * p["Wo"] > 1 and output_fits(p)):
            break
    dtype = rng.choice(["f16", "bf16"])
    out = rng.choice(["f16", dtype])
    mode, static = draw_static_rows(rng, p["Co"])
    name = "c%03d" % index
    bn = rng.choice([64, 128])
    # The planner's schedule for such a tile, ping-pong (warp_tile = tile,
    # plan=staged_pp), in 3 of 4; else cooperative.
    pp = rng.random() < 0.75
    plan = json.dumps({"region": name, "barrier_model": "mbarrier",
                       "tile": [128, bn, 64],
                       "warp_tile": [128 if pp else 64, bn],
                       "stages": 4, "async": {"enable": True,
                                              "prefetch_depth": 3,
                                              "epilogue_overlap": True}})
    problem = build_conv(name, p, "nhwc", dtype, out, rng.choice(EPILOGUES),
                         mode, static)
    tag = " plan=staged_pp" if pp else " plan=staged"
    return problem[:4] + (problem[4] + tag,) + (None, None, plan)


# --three P: a share P of the problems are NHWC convs forced onto the SM90
# kernel's 192-row tile (plan=three: warp_tile [64, BN], three consumer
# warpgroups of 64 rows; BN 64 or 128, the staged epilogue in half of
# them, an f32 output only without it). N·Ho·Wo reaches two 192-row tiles
# in 3 of 4 (several tiles a CTA, rows past M in the last). About a third
# are grouped convs (--grouped's draw, packed groups too) on 192-row
# tiles (plan=three-g).
THREE = 0.0


def three_problem(rng, index):
    if rng.random() < 0.5:  # a grouped one (--grouped's draw) on 192 rows
        problem = grouped_problem(rng, index)
        plan = json.loads(problem[7]) if problem[7] else None
        if plan and plan["tile"][1] <= 128:
            plan.update(tile=[192, plan["tile"][1], 64],
                        warp_tile=[64, plan["tile"][1]], stages=4)
            plan["async"]["prefetch_depth"] = 3
            return problem[:4] + (problem[4] + " plan=three-g",) + (
                None, None, json.dumps(plan))
    whole = rng.random() < 0.75
    while True:
        p = draw(rng)
        p["Co"] = rng.choice(STAGED_CO)
        if (p["C"] % 8 == 0 and
                (not whole or p["N"] * p["Ho"] * p["Wo"] >= 384) and
                output_fits(p)):
            break
    dtype = rng.choice(["f16", "bf16"])
    staged = rng.random() < 0.5 and p["N"] * p["Ho"] * p["Wo"] > 1
    if staged and rng.random() < 0.75:
        p["Co"] += -p["Co"] % 8
    return forced_sm90(rng, index, p, dtype, staged, 192, "three")


def forced_sm90(rng, index, p, dtype, staged, bm, tag, algo=None, bn=None):
    """Problem `index` (NHWC sizes p) forced onto the SM90 kernel by
    plan-file: tile [bm, BN, 64] with BN `bn` or else 64 or 128,
    cooperative, 4 stages, the staged epilogue if `staged` (else an f32
    output may be drawn too), algo_choice algo() when given; features end
    plan=`tag`."""
    out = rng.choice(["f16", dtype] if staged else ["f16", dtype, "f32"])
    mode, static = draw_static_rows(rng, p["Co"])
    name = "c%03d" % index
    bn = bn or rng.choice([64, 128])
    plan = {"region": name, "barrier_model": "mbarrier",
            "tile": [bm, bn, 64], "warp_tile": [64, bn], "stages": 4,
            "async": {"enable": True, "prefetch_depth": 3,
                      "epilogue_overlap": staged}}
    if algo:
        plan["algo_choice"] = algo()
    problem = build_conv(name, p, "nhwc", dtype, out, rng.choice(EPILOGUES),
                         mode, static)
    return problem[:4] + (problem[4] + " plan=" + tag,) + (
        None, None, json.dumps(plan))


# --split P: a share P of the problems are NHWC convs forced onto the SM90
# kernel split along k (plan=split: split_k 2, 4, 8 or 16 on the
# cooperative schedule, BN 64 or 128, the staged epilogue in half of
# them); C·KH·KW spans at least 4 k tiles of 64 in 3 of 4, so the kernel
# splits at launch (at least 4 k tiles a split; with as many tiles as SMs
# it would not).
SPLIT = 0.0


def split_problem(rng, index):
    long_k = rng.random() < 0.75
    while True:
        p = draw(rng)
        p["Co"] = rng.choice(STAGED_CO)
        if long_k:
            p["C"] = rng.choice([64, 128, 256])
            p["KH"] = p["KW"] = rng.choice([3, 5])
            p.update(pad=1, dil=1)
            for ax, k, s in [("Ho", "H", "sh"), ("Wo", "W", "sw")]:
                p[ax] = out_size(p[k], p["KH"], p[s], p["pad"], 1)
        if (p["C"] % 8 == 0 and min(p["Ho"], p["Wo"]) >= 1 and
                output_fits(p) and p["N"] * p["Ho"] * p["Wo"] * p["Co"] *
                p["C"] * p["KH"] * p["KW"] <= MAX_MACS and
                p["N"] * p["H"] * p["W"] * p["C"] <= MAX_ELEMENTS):
            break
    dtype = rng.choice(["f16", "bf16"])
    # (one output pixel: Y has one row, which no tensor map describes)
    staged = rng.random() < 0.5 and p["N"] * p["Ho"] * p["Wo"] > 1
    if staged:
        p["Co"] += -p["Co"] % 8
    return forced_sm90(rng, index, p, dtype, staged, 128, "split",
                       lambda: {"conv": "implicit_gemm",
                                "split_k": str(rng.choice([2, 4, 8, 16]))})


# --short P: a share P of the problems are NHWC convs forced onto the SM90
# kernel's 64-row tile (plan=short: one consumer warpgroup, BN 64 or 128,
# the staged epilogue in half of them), in clusters of 2 a third of the
# time (BN 128: the 128-row weight tile halved between the pair).
SHORT = 0.0


def short_problem(rng, index):
    while True:
        p = draw(rng)
        p["Co"] = rng.choice(STAGED_CO)
        if p["C"] % 8 == 0 and output_fits(p):
            break
    dtype = rng.choice(["f16", "bf16"])
    staged = rng.random() < 0.5 and p["N"] * p["Ho"] * p["Wo"] > 1
    if staged:
        p["Co"] += -p["Co"] % 8
    cluster = rng.random() < 1 / 3  # (sharing a 128-row weight tile)
    return forced_sm90(rng, index, p, dtype, staged, 64,
                       "short-c2" if cluster else "short",
                       (lambda: {"conv": "implicit_gemm", "cluster": "2"})
                       if cluster else None, 128 if cluster else None)


# --cluster P: a share P of the problems are NHWC convs on the SM90 kernel
# in thread-block clusters of 2 or 4 (plan=cluster2 / cluster4: algo_choice
# cluster, tile 128 x 128 or 128 x 256, the staged epilogue or not): a
# cluster's tiles are pixel tiles of one weight tile, each CTA loading its
# own im2col box and its share of the weights multicast to all. Co reaches
# 128 mostly (the weight tile they share), N·Ho·Wo often not a multiple of
# the cluster's 128-pixel tiles (a tile past M loads and stores nothing of
# its own).
CLUSTER = 0.0
CLUSTER_CO = [64, 100, 128, 136, 200, 255, 256]


def cluster_problem(rng, index):
    while True:
        p = draw(rng)
        p["Co"] = rng.choice(CLUSTER_CO)
        if (p["C"] % 8 == 0 and p["N"] * p["Ho"] * p["Wo"] >= 256 and
                output_fits(p)):
            break
    dtype = rng.choice(["f16", "bf16"])
    staged = rng.random() < 0.5
    out = rng.choice(["f16", dtype] if staged else ["f16", dtype, "f32"])
    mode, static = draw_static_rows(rng, p["Co"])
    name = "c%03d" % index
    bn = rng.choice([128, 128, 256])
    cluster = rng.choice(["2", "2", "4"])
    plan = json.dumps({"region": name, "barrier_model": "mbarrier",
                       "tile": [128, bn, 64], "warp_tile": [64, bn],
                       "stages": 4, "async": {"enable": True,
                                              "prefetch_depth": 3,
                                              "epilogue_overlap": staged},
                       "algo_choice": {"conv": "implicit_gemm",
                                       "cluster": cluster}})
    problem = build_conv(name, p, "nhwc", dtype, out, rng.choice(EPILOGUES),
                         mode, static)
    return problem[:4] + (problem[4] + " plan=cluster" + cluster,) + (None, None, plan)


# --grouped P: a share P of the problems are NHWC grouped convs the SM90
# kernel reads through its 5-D im2col map (the group its batch role): Cg a
# multiple of 8, any Cog (a multiple of 8 three times in 4: TMA-stored
# rows), N static or symbolic; half forced onto that kernel by plan-file
# (plan=sm90g, the staged epilogue or not; where 64 / Cg groups of Cog
# channels fit a tile, 60 % of those packed: plan=sm90g-pack), the rest
# the planner's choice; 40 % are drawn to pack (Cg 8, 16 or 32, g and Cog
# to fit), 80 % of those forced, 90 % of these packed; half the packed
# tiles of at most 128 columns 256 rows high (plan=sm90g-pack256), 45 %
# a ring of stages a multiple of the taps where it fits (the weights kept
# in the ring, direct epilogue: plan=sm90g-packkeep).
GROUPED = 0.0
GROUPED_CG = [8, 8, 16, 24, 32, 64, 72]
GROUPED_COG = [8, 16, 5, 24, 64, 13, 72, 8]


def group_pack(cg, g, cog):
    """The groups an SM90 tile packs (Skeleton.h, dlcSm90GroupPack)."""
    if cg >= 64 or 64 % cg or cog % 8:
        return 1
    pack = 64 // cg
    return pack if g % pack == 0 and pack * cog % 64 == 0 and pack * cog <= 256 else 1


def grouped_problem(rng, index):
    packable = rng.random() < 0.4  # drawn so that groups pack (64 / Cg a tile)
    while True:
        p = draw(rng)
        cg, g = rng.choice(GROUPED_CG), rng.choice([2, 3, 4, 8, 8, 16, 32])
        cog = rng.choice(GROUPED_COG)
        if packable:
            cg = rng.choice([8, 16, 32])
            g = 64 // cg * rng.choice([1, 2, 4])
            cog = 64 // (64 // cg) * rng.choice([1, 2, 3, 4]) if cg > 8 else rng.choice([8, 16, 24, 32])
        c, co = g * cg, g * cog
        n, ho, wo = p["N"], p["Ho"], p["Wo"]
        if (n * ho * wo * co * cg * p["KH"] * p["KW"] <= MAX_MACS and
                max(n * p["H"] * p["W"] * c, n * ho * wo * co) <= MAX_ELEMENTS
                and ho > 1 and wo > 1 and p["dil"] * (max(p["KH"], p["KW"]) - 1) < 16):
            p.update(C=c, Co=co, G=g)
            break
    dtype = rng.choice(["f16", "bf16"])
    staged = cog % 8 == 0 and rng.random() < 0.5
    out = rng.choice(["f16", dtype]) if staged else rng.choice(["f16", dtype, "f32"])
    mode, static = draw_static(rng, co=False)
    name = "c%03d" % index
    problem = build_conv(name, p, "nhwc", dtype, out, rng.choice(EPILOGUES),
                         mode, static)
    # (a static N = 1 leaves a size-1 axis the GEMM model does not read:
    # memory-bound, where a plan-file entry is refused)
    if (rng.random() < (0.2 if packable else 0.5)) or (p["N"] == 1 and static["N"]):
        return problem + (None, None, None)
    bn = 128 if cog > 64 and rng.random() < 0.5 else 64
    pack = group_pack(cg, g, cog)
    algo = {"conv": "implicit_gemm"}
    bm, stages, keep = 128, 4, ""
    if pack > 1 and rng.random() < (0.9 if packable else 0.6):
        bn = pack * cog
        algo["group_pack"] = str(pack)
        taps = p["KH"] * p["KW"]
        r = rng.random()
        if bn <= 128 and r < 0.35:
            bm, keep = 256, "256"
        elif taps <= 9 and r < 0.8:
            ring = 9 // taps * taps
            if ring >= 2 and ring * (128 + bn) * 128 <= 225 * 1024:
                stages, staged, keep = ring, False, "keep"
    plan = json.dumps({"region": name, "barrier_model": "mbarrier",
                       "tile": [bm, bn, 64], "warp_tile": [bm // 2, bn],
                       "stages": stages, "async": {
                           "enable": True, "prefetch_depth": stages - 1,
                           "epilogue_overlap": staged},
                       "algo_choice": algo})
    kind = " plan=sm90g" + ("-pack" if "group_pack" in algo else "") + keep
    return problem[:4] + (problem[4] + kind,) + (None, None, plan)


def conv_problem(rng, index):
    if DEPTHWISE and rng.random() < DEPTHWISE:
        return depthwise_problem(rng, index)
    if TRANSFORM and rng.random() < TRANSFORM:
        return transform_problem(rng, index)
    if CLUSTER and rng.random() < CLUSTER:
        return cluster_problem(rng, index)
    if THREE and rng.random() < THREE:
        return three_problem(rng, index)
    if SPLIT and rng.random() < SPLIT:
        return split_problem(rng, index)
    if SHORT and rng.random() < SHORT:
        return short_problem(rng, index)
    if STAGED and rng.random() < STAGED:
        return staged_problem(rng, index)
    if GROUPED and rng.random() < GROUPED:
        return grouped_problem(rng, index)
    p = draw(rng)
    if rng.random() < 0.35:
        p = draw_groups(rng, p)
    layout = rng.choice(["nhwc", "nchw"])
    dtype = rng.choice(["f16", "f16", "bf16"])
    out = rng.choice(["f16", dtype, "f32"])
    epilogue = rng.choice(EPILOGUES)
    mode = rng.choice(["symbolic", "static", "mixed"])
    static = {sym: mode == "static" or (mode == "mixed" and rng.random() < 0.5)
              for sym in ["N", "C", "Co"]}
    if p.get("G", 1) > 1:  # the group split needs static channel counts
        static["C"] = static["Co"] = True
    name = "c%03d" % index
    plan = None
    # (size-1 output axes or a reduction over size-1 axes leave the
    # reduce's axes, which the GEMM model does not read: memory-bound.)
    if (p.get("G", 1) > 1 and rng.random() < 0.6 and p["Ho"] > 1 and
            p["Wo"] > 1 and (p["N"] > 1 or not static["N"]) and
            p["C"] // p["G"] * p["KH"] * p["KW"] > 1):
        plan = json.dumps({"region": name, "barrier_model": "cp_async_group",
                           "tile": [64, 64, 32], "warp_tile": [32, 32],
                           "stages": 3})
    problem = build_conv(name, p, layout, dtype, out, epilogue, mode, static)
    if plan:
        problem = problem[:4] + (problem[4] + " plan=gemm",)
    return problem + (None, None, plan)


def build_conv(name, p, layout, dtype, out, epilogue, mode, static):
    """The tiny text of one convolution (sizes and attributes `p` as draw()
    gives them; `static`: which of N, C, Co are static) and its index
    fields, as finish() gives them. Also used by bench/conv_cases.py."""
    dims = {sym: Dim(sym, p[sym], static[sym]) for sym in ["N", "C", "Co"]}
    N, C, Co = dims["N"], dims["C"], dims["Co"]
    st = {k: Dim(k, p[k], True) for k in ["H", "W", "KH", "KW", "Ho", "Wo"]}
    H, W, KH, KW, Ho, Wo = (st[k] for k in ["H", "W", "KH", "KW", "Ho", "Wo"])
    Hp = Dim("Hp", p["H"] + 2 * p["pad"], True)
    Wp = Dim("Wp", p["W"] + 2 * p["pad"], True)
    nhwc = layout == "nhwc"
    G = p.get("G", 1)
    Cg = Dim("Cg", p["C"] // G, True) if G > 1 else C
    xdims = [N, H, W, C] if nhwc else [N, C, H, W]
    wdims = [Co, KH, KW, Cg] if nhwc else [Co, Cg, KH, KW]
    ydims = [N, Ho, Wo, Co] if nhwc else [N, Co, Ho, Wo]
    args = [("X", xdims, dtype), ("W", wdims, dtype)]
    # Symbols in order of first appearance in the argument types.
    order = []
    for _, ds, _ in args:
        for d in ds:
            if not d.static and d not in order:
                order.append(d)
    b = Body()
    x, wt = ("%X", (xdims, dtype)), ("%W", (wdims, dtype))
    pads = [0, 0, p["pad"], p["pad"], p["pad"], p["pad"], 0, 0] if nhwc else \
        [0, 0, 0, 0, p["pad"], p["pad"], p["pad"], p["pad"]]
    if p["pad"]:
        x = b.op("tiny.pad", [x], ([N, Hp, Wp, C] if nhwc else [N, C, Hp, Wp], dtype),
                 "padding = " + i64s(pads))
    if G > 1:
        acc = grouped_product(b, x, wt, p, nhwc, N, Hp if p["pad"] else H,
                              Wp if p["pad"] else W, Co, Cg, KH, KW, Ho, Wo, dtype)
        return finish_conv(name, p, layout, dtype, out, epilogue, mode, args,
                           b, acc, dims, N, Co, Ho, Wo, nhwc)
    # View dims: the output's axes, then the reduced (kh, kw, c) or (c, kh, kw).
    hexpr = "d%d * %d + d%d * %d" % (1 if nhwc else 2, p["sh"], 4 if nhwc else 5, p["dil"])
    wexpr = "d%d * %d + d%d * %d" % (2 if nhwc else 3, p["sw"], 5 if nhwc else 6, p["dil"])
    syms = "[%s]" % ", ".join("s%d" % i for i in range(len(order))) if order else ""
    if nhwc:
        vdims = [N, Ho, Wo, Co, KH, KW, C]
        vmap = "(d0, d1, d2, d3, d4, d5, d6)%s -> (d0, %s, %s, d6)" % (syms, hexpr, wexpr)
        wshape = [ONE, ONE, ONE, Co, KH, KW, C]
    else:
        vdims = [N, Co, Ho, Wo, C, KH, KW]
        vmap = "(d0, d1, d2, d3, d4, d5, d6)%s -> (d0, d4, %s, %s)" % (syms, hexpr, wexpr)
        wshape = [Co, ONE, ONE, C, KH, KW]
    xv = b.op("tiny.view", [x], (vdims, dtype), "map = affine_map<%s>" % vmap)
    wr = b.reshape(wt, wshape)
    prod = b.op("tiny.mul", [xv, wr], (vdims, dtype))
    acc = b.op("tiny.reduce", [prod], (ydims, "f32"),
               'acc_dtype = f32, axes = %s, op = "sum"' % i64s([4, 5, 6]))
    return finish_conv(name, p, layout, dtype, out, epilogue, mode, args, b,
                       acc, dims, N, Co, Ho, Wo, nhwc)


def grouped_product(b, x, wt, p, nhwc, N, Hx, Wx, Co, Cg, KH, KW, Ho, Wo, dtype):
    """sum(Xv * Wg) of a grouped convolution, merged back to the output's
    layout: the group g is an axis of X (channels split as [g, cg]) and of
    W (output channels split as [g, cog])."""
    G = p["G"]
    g, cog = Dim("G", G, True), Dim("Cog", p["Co"] // G, True)
    xs = [N, Hx, Wx, g, Cg] if nhwc else [N, g, Cg, Hx, Wx]
    xg = b.reshape(x, xs)
    # View dims: the output's axes with co as (g, cog), then (kh, kw, cg) or
    # (cg, kh, kw).
    if nhwc:
        hexpr = "d1 * %d + d5 * %d" % (p["sh"], p["dil"])
        wexpr = "d2 * %d + d6 * %d" % (p["sw"], p["dil"])
        vdims = [N, Ho, Wo, g, cog, KH, KW, Cg]
        vmap = "(d0, d1, d2, d3, d4, d5, d6, d7)%s -> (d0, %s, %s, d3, d7)"
        wshape = [ONE, ONE, ONE, g, cog, KH, KW, Cg]
        ydims = [N, Ho, Wo, g, cog]
    else:
        hexpr = "d3 * %d + d6 * %d" % (p["sh"], p["dil"])
        wexpr = "d4 * %d + d7 * %d" % (p["sw"], p["dil"])
        vdims = [N, g, cog, Ho, Wo, Cg, KH, KW]
        vmap = "(d0, d1, d2, d3, d4, d5, d6, d7)%s -> (d0, d1, d5, %s, %s)"
        wshape = [ONE, g, cog, ONE, ONE, Cg, KH, KW]
        ydims = [N, g, cog, Ho, Wo]
    syms = "[s0]" if not N.static else ""
    vmap = vmap % (syms, hexpr, wexpr)
    xv = b.op("tiny.view", [xg], (vdims, dtype), "map = affine_map<%s>" % vmap)
    wg = b.reshape(wt, wshape)
    prod = b.op("tiny.mul", [xv, wg], (vdims, dtype))
    acc = b.op("tiny.reduce", [prod], (ydims, "f32"),
               'acc_dtype = f32, axes = %s, op = "sum"' % i64s([5, 6, 7]))
    return b.reshape(acc, [N, Ho, Wo, Co] if nhwc else [N, Co, Ho, Wo])


def finish_conv(name, p, layout, dtype, out, epilogue, mode, args, b, acc, dims,
                N, Co, Ho, Wo, nhwc):
    """The epilogue, the output cast and the problem's index fields."""
    ydims = [N, Ho, Wo, Co] if nhwc else [N, Co, Ho, Wo]
    y = acc
    if epilogue in ("bias", "bias_relu"):
        args.append(("B", [Co], dtype))
        bias = ("%B", ([Co], dtype))
        if not nhwc:
            bias = b.reshape(bias, [Co, ONE, ONE])
        y = b.op("tiny.add", [y, b.cast(bias, "f32")], (ydims, "f32"))
    if epilogue == "residual":
        args.append(("R", ydims, dtype))
        y = b.op("tiny.add", [y, b.cast(("%R", (ydims, dtype)), "f32")], (ydims, "f32"))
    if epilogue in ("relu", "bias_relu"):
        y = b.op("tiny.max", [y, b.const(0.0)], (ydims, "f32"))
    if epilogue == "silu":
        t = b.op("tiny.mul", [y, b.const(-LOG2E)], (ydims, "f32"))
        e = b.op("tiny.exp2", [t], (ydims, "f32"))
        d = b.op("tiny.add", [e, b.const(1.0)], (ydims, "f32"))
        r = b.op("tiny.recip", [d], (ydims, "f32"))
        y = b.op("tiny.mul", [y, r], (ydims, "f32"))
    y = b.cast(y, out)
    G = p.get("G", 1)
    kind = "" if G == 1 else " g%d depthwise" % G if p["C"] == G else " g%d" % G
    features = ("conv %s%s k%dx%d s%dx%d p%d d%d in=%s out=%s epi=%s sizes=%s"
                % (layout, kind, p["KH"], p["KW"], p["sh"], p["sw"], p["pad"],
                   p["dil"], dtype, out, epilogue, mode))
    values = {k: p[k] for k in ["N", "C", "H", "W", "Co", "KH", "KW", "Ho", "Wo"]}
    values["G"] = G
    return finish(name, args, b, y, values, dims, features)


if __name__ == "__main__":
    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--transform", type=float, default=0.0)
    extra.add_argument("--staged", type=float, default=0.0)
    extra.add_argument("--depthwise", type=float, default=0.0)
    extra.add_argument("--grouped", type=float, default=0.0)
    extra.add_argument("--cluster", type=float, default=0.0)
    extra.add_argument("--three", type=float, default=0.0)
    extra.add_argument("--split", type=float, default=0.0)
    extra.add_argument("--short", type=float, default=0.0)
    known, rest = extra.parse_known_args()
    TRANSFORM, STAGED, CLUSTER = known.transform, known.staged, known.cluster
    THREE, SPLIT, SHORT = known.three, known.split, known.short
    DEPTHWISE, GROUPED = known.depthwise, known.grouped
    sys.argv = sys.argv[:1] + rest
    generate(__doc__, conv_problem)
