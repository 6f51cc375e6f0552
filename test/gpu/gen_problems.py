#!/usr/bin/env python3
"""Random GEMM-family problems in the tiny dialect, for the GPU differential
harness (test/gpu/README.md).

Each GEMM problem varies, independently and uniformly:
  layout   A stored [M,K] or [K,M]; B stored [K,N] or [N,K] (mknk, mkkn, ...)
  in       input element type, f16 or bf16 (both operands)
  out      output element type, f16, bf16 or f32
  sizes    symbolic, static or mixed (each dim on its own); with --short-k P
           a share P with K static (<= 128) and M, N symbolic (short-k)
  batch    none, both operands batched, A shared across the batch (sharedA),
           or B shared across it (sharedB); with --batch2 P a share P of
           them over two batch axes [B, H] (the multi-head bmm; batch2=yes),
           with --batch2-m P a share P of those with W batched over B only
           (sharedH: H and M collapse into m)
  move     how the operands are brought to [.., M, N, K]: "tinygrad" writes
           what Tensor.dot / Tensor.T give (W^T as permute, reshape, permute),
           "direct" the shortest reshape/permute
  bcast    broadcasts left implicit (right-aligned, tiny allows it) or made
           explicit as tinygrad's UOp graph has them (reshape + expand)
  form     the product: mul then reduce(sum, acc f32) over the last axis,
           cast-widened as tinygrad writes it (cast(mul) to f32, reduce),
           or the reduced axis permuted to the front and reduced as axis 0
           (permreduce: after the f32 cast; permreduce16: on the typed mul)
  epilogue up to three steps: bias over N or over M, residual R[M,N], scale
           by a constant, ReLU as max(x,0) or where(0<x,x,0), tinygrad's
           SiLU x*recip(1+exp2(-x*log2e)), sigmoid, GELU (tinygrad's tanh
           form, tanh(y) = 2*sigmoid(2y)-1), clamp (max, then tinygrad's
           minimum -max(-x,-hi)), clamp with where, fan-out x*sigmoid(x)+x
  side     the element type of bias/residual tensors (f16, bf16, f32)
and sizes drawn either from a list of edge values (1, 2, 3, primes, multiples
of 8/16/64/128 and their neighbours) or uniformly from [1, 300], with
B*M*N*K <= 3e6 so the CPU reference stays quick.  Dot problems (about 8%)
are x[K]*W[K,N] -> y[N] (vecmat) and X[M,K]*v[K] -> y[M] (matvec) with f32
results, in tinygrad's form or a K-first reduce or the explicit expand form.

usage: gen_problems.py --count N --seed S --out DIR [--append] [--long-k P]
       [--batch2 P] (and the other shares below)
Writes DIR/pNNN.tiny.mlir and DIR/index.json (--append: adds to it), a list of
{"file", "func", "sizes" ("M=..,N=.." for the symbolic dims, or ""),
 "dims" (every size, symbolic or not), "features" ("key=value ..."),
 "ref_file" (only where the reference data must come from an equivalent
 program: form=permreduce16 is written again as form=mul, DIR/pNNN.ref.tiny.mlir)}.
"""
import argparse
import json
import os
import random

EDGE_SIZES = [1, 2, 3, 5, 7, 8, 13, 15, 16, 17, 31, 32, 33, 47, 61, 63, 64,
              65, 96, 97, 100, 127, 128, 129, 160, 191, 192, 199, 200, 255,
              256, 257, 293, 300]
MAX_WORK = 3_000_000
EPILOGUES = ["bias_n", "bias_m", "residual", "scale", "relu_max",
             "relu_where", "silu", "sigmoid", "gelu", "clamp", "clamp_where",
             "fanout"]
LOG2E = 1.4426950408889634          # tinygrad: x * (-1/math.log(2)) in sigmoid
SQRT_2_OVER_PI = 0.7978845608028654  # math.sqrt(2 / math.pi) in gelu


class Dim:
    """A dimension: a symbol name (dynamic) or a static size."""

    def __init__(self, name, value, static):
        self.name, self.value, self.static = name, value, static

    def text(self):
        return str(self.value) if self.static else "?"

    def enc(self):
        return str(self.value) if self.static else '"%s"' % self.name


ONE = Dim("1", 1, True)


def ttype(dims, dtype):
    if not dims:
        return "tensor<%s>" % dtype
    shape = "x".join(d.text() for d in dims)
    if all(d.static for d in dims):
        return "tensor<%sx%s>" % (shape, dtype)
    return "tensor<%sx%s, [%s]>" % (shape, dtype, ", ".join(d.enc() for d in dims))


def i64s(values):
    return "array<i64: %s>" % ", ".join(str(v) for v in values)


class Body:
    """The ops of one function; a value is (ssa name, (dims, dtype))."""

    def __init__(self):
        self.lines, self.n = [], 0

    def op(self, name, operands, result, attrs=""):
        self.n += 1
        v = "%%v%d" % self.n
        ins = ", ".join(o[0] for o in operands)
        tys = ", ".join(ttype(*o[1]) for o in operands)
        attr = " {%s}" % attrs if attrs else ""
        self.lines.append('  %s = "%s"(%s)%s : (%s) -> %s' % (
            v, name, ins, attr, tys, ttype(*result)))
        return (v, result)

    def const(self, value, dtype="f32"):
        self.n += 1
        v = "%%v%d" % self.n
        text = repr(float(value))
        if "." not in text:  # 1e-05: MLIR's float literal wants the dot
            text = text.replace("e", ".0e")
        self.lines.append('  %s = "tiny.const"() {value = %s : f32} : () -> tensor<%s>'
                          % (v, text, dtype))
        return (v, ([], dtype))

    def reshape(self, x, dims):
        return self.op("tiny.reshape", [x], (dims, x[1][1]))

    def permute(self, x, order):
        dims = [x[1][0][i] for i in order]
        return self.op("tiny.permute", [x], (dims, x[1][1]), "order = " + i64s(order))

    def cast(self, x, dtype):
        return x if x[1][1] == dtype else self.op("tiny.cast", [x], (x[1][0], dtype))


def broadcast(body, x, target, explicit):
    """tinygrad's _broadcasted: reshape to the target's rank (1s in front),
    then expand.  With explicit=False the value is returned as is and the
    consumer broadcasts it (right-aligned)."""
    dims, dtype = x[1]
    if not explicit or (len(dims) == len(target) and
                        all(d is t for d, t in zip(dims, target))):
        return x
    if len(dims) < len(target):
        x = body.reshape(x, [ONE] * (len(target) - len(dims)) + dims)
    return body.op("tiny.expand", [x], (target, dtype),
                   "broadcast_dimensions = " + i64s(range(len(target))))


def pick_size(rng):
    return rng.choice(EDGE_SIZES) if rng.random() < 0.6 else rng.randint(1, 300)


# --long-k P: the share of problems whose K is drawn from [512, 8192] (few
# output tiles, a long reduction: the SM90 skeleton's split-K). 0 draws
# nothing more, so earlier seeds give the same problems.
LONG_K = 0.0
LONG_K_ELEMENTS = 100_000


# --whole P: the share of problems with M and N in [128, 700] (N even 3
# times in 4), so that CTAs get whole 128 x 128 and 128 x 256 output tiles
# besides edge ones (the SM90 skeleton's unguarded whole-tile epilogue);
# K stays short to bound the CPU reference's work. 0 draws nothing more.
WHOLE = 0.0
WHOLE_WORK = 24_000_000

# --staged P: the share of whole-tile problems (M, N >= 128) with an
# f16/bf16 output whose N is rounded up to a multiple of 8 three times in
# 4 (C's rows 16-byte aligned: the TMA stores; else the kernel's fallback)
# and, if their sizes are symbolic, compiled with STAGED_PLAN: the SM90
# staged epilogue (shared memory + TMA store) the planner keeps for larger
# problems, without split-K (whose units never take it); even-numbered
# problems with the planner's 4 stages (C's boxes through two slots a
# consumer, each stored once written), odd ones with 3 (the whole tile
# staged, stored at once). 0 draws nothing more.
STAGED = 0.0
# --odd-c P: the share of the staged ones whose N stays as drawn (C's rows
# mostly not 16-byte aligned: the kernel's stores into shifted rows, or the
# copy back) instead of rounded up to a multiple of 8.
ODD_C = 0.25
STAGED_PLAN = ('{"stages": %d, "async": {"enable": true, "prefetch_depth": %d, '
               '"epilogue_overlap": true}, "algo_choice": {"matmul": '
               '"implicit_gemm", "split_k": "1"}}')

# --tall P: the share of those compiled with TALL_PLAN instead, the staged
# epilogue on 256 x 128 tiles (two consumers of 128 rows), the planner's
# choice where it fills the rounds better (4095 x 4097 x 4093); stages as
# STAGED_PLAN's. 0 draws nothing more (earlier seeds make the same
# problems).
TALL = 0.0
TALL_PLAN = ('{"tile": [256, 128, 64], "warp_tile": "128x128", "stages": %d, '
             '"async": {"enable": true, "prefetch_depth": %d, '
             '"epilogue_overlap": true}, "algo_choice": {"matmul": '
             '"implicit_gemm", "split_k": "1"}}')

# --three P: the share of the staged ones not drawn for TALL_PLAN compiled
# with THREE_PLAN, the staged epilogue on 192 x 128 tiles shared by three
# consumer warpgroups of 64 rows. 0 draws nothing more.
THREE = 0.0
THREE_PLAN = ('{"tile": [192, 128, 64], "warp_tile": "64x128", "stages": %d, '
              '"async": {"enable": true, "prefetch_depth": %d, '
              '"epilogue_overlap": true}, "algo_choice": {"matmul": '
              '"implicit_gemm", "split_k": "1"}}')

# --cluster P: the share of whole-tile problems (M, N >= 128, not GEMV)
# run by thread-block clusters of 2 (issue 9: tile pairs sharing an
# operand, half of it multicast by each CTA), their M, N and K rounded up
# to multiples of 8 three times in 4 (rows TMA maps at static sizes; the
# others run clustered only if symbolic, repacked by the runtime, else as
# the planner says): a staged one's plan gains
# "cluster": "2", another compiles with CLUSTER_PLAN (128 x 256 or
# 128 x 128 tiles, epilogue from registers). Pairs past an odd tile count
# are drawn often (M and N in [128, 700]). 0 draws nothing more.
CLUSTER = 0.0
CLUSTER_PLAN = ('{"tile": [128, %d, 64], "warp_tile": "64x%d", "stages": 4, '
                '"async": {"enable": true, "prefetch_depth": 3, '
                '"epilogue_overlap": false}, "algo_choice": {"matmul": '
                '"implicit_gemm", "split_k": "1", "cluster": "2"}}')


# --stream-k P: the share of GEMM problems (no batch, not GEMV) run by the
# SM90 stream-K schedule (issue 9: the last rounds' k tiles shared out
# over the CTAs, a tile split between two): compiled for a GPU of
# SK_SMS-like few SMs (dlc-to-ptx device=sms=G, G in 2..7) so that a few
# tiles make several rounds and a partial one; tiles 64 or 128 rows by
# 64, 128 or 256 columns, stream_k "1" or "2", the staged epilogue where
# C allows it; M and N in [65, 450], K so that a tile has 1 to ~20 k
# tiles (odd 1 time in 2: the last k tile partial), so the ranges split
# tiles at every k position. M, N and K are rounded up to multiples of 8
# 3 times in 4 (16-byte rows: TMA maps at static sizes); a misaligned
# static problem runs as planned instead. 0 draws nothing more.
STREAM_K = 0.0
STREAM_K_WORK = 24_000_000
STREAM_K_PLAN = ('{"tile": [%d, %d, 64], "warp_tile": "64x%d", "stages": 4, '
                 '"async": {"enable": true, "prefetch_depth": 3, '
                 '"epilogue_overlap": %s}, "algo_choice": {"matmul": '
                 '"implicit_gemm", "split_k": "1", "stream_k": "%d"}}')


def pick_stream_k_sizes(rng):
    while True:
        m, n = rng.randint(65, 450), rng.randint(65, 450)
        k = rng.randint(1, 1300)
        if rng.random() < 0.5:
            k += -k % 64  # whole k tiles
        if m * n * k <= STREAM_K_WORK:
            return m, n, k


# --gemv P: the share of GEMM problems with M = 1 or N = 1 (static; the
# other sizes as make_dims draws them), the other output size in [64, 1500]
# and K in [1, 4000] (odd 3 times in 4), one image: the planner's GEMV rule
# (the memory-bound skeleton). 0 draws nothing more.
GEMV = 0.0
GEMV_WORK = 600_000
# --gemv-versions P: of the GEMV problems, a share P keeps its size-1 dim a
# symbol (1 at run time) and compiles with dlc-to-ptx's versions=M=1 or
# N=1: the general kernel's launch-time GEMV version runs
# (tiny-symbol-versions, docs/runtime.md "Versions"). 0 draws nothing more.
GEMV_VERSIONS = 0.0
# --bool P: the share of memory-bound problems (gen_memory_problems.py) drawn
# from its mask family, which returns bools (i1 outputs, one byte each). 0
# draws nothing more.
BOOL = 0.0
TRANSPOSE = 0.0
CHANNEL = 0.0
LONG_ROWS = 0.0


def pick_gemv_sizes(rng):
    one = rng.choice(["M", "N"])
    while True:
        wide, k = rng.randint(64, 1500), rng.randint(1, 4000)
        k -= k % 2 if rng.random() < 0.75 else 0
        k += 1 if rng.random() < 0.75 and k % 2 == 0 else 0
        k = min(max(k, 1), 4000)  # 1 made even is 0, 4000 made odd 4001
        if wide * k <= GEMV_WORK:
            return one, (1, 1, wide, k) if one == "M" else (1, wide, 1, k)


# --batch2 P: the share of GEMM problems (not GEMV or stream-K) over two
# batch axes [B, H] (torch.matmul's multi-head form, the model's collapsed
# batch: issue 9 task mb), both batched, or A or B shared across both,
# H in 1..5. 0 draws nothing more (earlier seeds make the same problems).
BATCH2 = 0.0
# --batch2-m P: of those, a share P with W batched over B only (shared
# across H: batch=sharedH), so that H and M both play m and collapse into
# one m of H*M rows where A is stored [B, H, M, K] (else the planner's
# W1602 fallback). 0 draws nothing more.
BATCH2_M = 0.0
# --few-sms P: the share of batched GEMM problems compiled for a GPU of a
# few SMs (dlc-to-ptx device=sms=G, G in 2..7), so that the SM90 kernel's
# persistent CTAs walk several tiles across batches (issue 9 task bw:
# the (batch, tile) walk; on 132 SMs these small problems are a tile a
# CTA). 0 draws nothing more.
FEW_SMS = 0.0
# --short-k P: the share of GEMM problems (not GEMV or stream-K) on the
# SM90 planner's short-K rule (Sm90Plan.c: 128 x 128 tiles, 4 stages,
# ping-pong for one image, cooperative for a batch): K static, in [1, 128]
# for one image (M and N then in [65, 700]) and [65, 128] for a batch (a
# multiple of 8 3 times in 4: 16-byte rows for TMA), M and N symbolic
# (nominal 4096: more tiles than SMs), C f16 or bf16 (the staged
# epilogue), compiled for 2..7 SMs half the time (many tiles a CTA at
# these sizes). 0 draws nothing more.
SHORT_K = 0.0


def pick_sizes(rng, batch, heads=1):
    long_k = LONG_K > 0 and rng.random() < LONG_K
    whole = WHOLE > 0 and rng.random() < WHOLE
    while True:
        b = rng.choice([1, 2, 3, 4]) if batch else 1
        m, n, k = pick_size(rng), pick_size(rng), pick_size(rng)
        b *= heads  # the work bounds below count every batch index
        if whole:
            m, n = rng.randint(128, 700), rng.randint(128, 700)
            n += n % 2 if rng.random() < 0.75 else 1 - n % 2
            k = rng.randint(1, 96)
            if b * m * n * k <= WHOLE_WORK:
                return b // heads, m, n, k
            continue
        # a long K keeps A and B small (the reference data travels)
        if long_k:
            k = rng.randint(512, 8192)
        if b * m * n * k <= MAX_WORK and (not long_k or b * (m + n) * k <= LONG_K_ELEMENTS):
            return b // heads, m, n, k


def make_dims(rng, values, names):
    mode = rng.choice(["symbolic", "static", "mixed"])
    dims = {}
    for name, value in zip(names, values):
        static = mode == "static" or (mode == "mixed" and rng.random() < 0.5)
        dims[name] = Dim(name, value, static)
    return mode, dims


class Problem:
    def __init__(self, rng, body, shape, dims, explicit, side):
        self.rng, self.body, self.shape, self.dims = rng, body, shape, dims
        self.explicit, self.side = explicit, side
        self.args = []   # (name, dims, dtype) after A and W

    def f32(self):
        return (self.shape, "f32")

    def binary(self, name, x, y, dtype="f32"):
        y = broadcast(self.body, y, self.shape, self.explicit)
        return self.body.op(name, [x, y], (self.shape, dtype))

    def side_input(self, name, dims):
        self.args.append((name, dims, self.side))
        return self.body.cast(("%" + name, (dims, self.side)), "f32")

    def sigmoid(self, x):
        b = self.body
        t = self.binary("tiny.mul", x, b.const(-LOG2E))
        e = b.op("tiny.exp2", [t], self.f32())
        d = self.binary("tiny.add", e, b.const(1.0))
        return b.op("tiny.recip", [d], self.f32())

    def step(self, x, step):
        b, rng, dims, shape = self.body, self.rng, self.dims, self.shape
        if step == "bias_n":
            bias = self.side_input("bias_n", [dims["N"]])
            return self.binary("tiny.add", x, bias)
        if step == "bias_m":
            bias = self.side_input("bias_m", [dims["M"]])
            return self.binary("tiny.add", x, b.reshape(bias, [dims["M"], ONE]))
        if step == "residual":
            return self.binary("tiny.add", x, self.side_input("res", shape))
        if step == "scale":
            return self.binary("tiny.mul", x, b.const(rng.choice([0.5, 0.125, -0.75, 1.5])))
        if step == "relu_max":
            return self.binary("tiny.max", x, b.const(0.0))
        if step == "relu_where":  # tinygrad: (x > 0).where(x, 0), x > 0 is 0 < x
            z = b.const(0.0)
            zb = broadcast(b, z, shape, self.explicit)
            c = b.op("tiny.cmplt", [zb, x], (shape, "i1"))
            return b.op("tiny.where", [c, x, broadcast(b, z, shape, self.explicit)], self.f32())
        if step == "sigmoid":
            return self.sigmoid(x)
        if step == "silu":
            return self.binary("tiny.mul", x, self.sigmoid(x))
        if step == "fanout":
            return self.binary("tiny.add", self.binary("tiny.mul", x, self.sigmoid(x)), x)
        if step == "gelu":
            # tinygrad: 0.5 * x * (1 + (sqrt(2/pi) * (x + 0.044715 * x**3)).tanh()),
            # tanh(y) = 2.0 * (2.0 * y).sigmoid() - 1.0
            x3 = self.binary("tiny.mul", self.binary("tiny.mul", x, x), x)
            u = self.binary("tiny.add", x, self.binary("tiny.mul", x3, b.const(0.044715)))
            y = self.binary("tiny.mul", u, b.const(SQRT_2_OVER_PI))
            s = self.sigmoid(self.binary("tiny.mul", y, b.const(2.0)))
            t = self.binary("tiny.sub", self.binary("tiny.mul", s, b.const(2.0)), b.const(1.0))
            h = self.binary("tiny.mul", x, b.const(0.5))
            return self.binary("tiny.mul", h, self.binary("tiny.add", t, b.const(1.0)))
        if step in ("clamp", "clamp_where"):
            lo, hi = rng.choice([(-1.0, 1.0), (0.0, 6.0), (-2.0, 0.5)])
            m = self.binary("tiny.max", x, b.const(lo))
            if step == "clamp":  # tinygrad's minimum: -((-x).maximum(-hi))
                n = b.op("tiny.neg", [m], self.f32())
                return b.op("tiny.neg", [self.binary("tiny.max", n, b.const(-hi))], self.f32())
            h = broadcast(b, b.const(hi), shape, self.explicit)
            c = b.op("tiny.cmplt", [h, m], (shape, "i1"))
            return b.op("tiny.where", [c, h, m], self.f32())
        raise ValueError(step)


def gemm_problem(rng, index):
    a_layout = rng.choice(["mk", "km"])
    b_layout = rng.choice(["kn", "nk"])
    dtype = rng.choice(["f16", "bf16"])
    out = rng.choice(["f16", "bf16", "f32"])
    gemv = GEMV > 0 and rng.random() < GEMV
    stream_k = not gemv and STREAM_K > 0 and rng.random() < STREAM_K
    batch = "none" if gemv or stream_k else rng.choice(["none", "none", "both", "sharedA", "sharedB"])
    hv = 0  # H: the second batch axis (--batch2), 0 when there is none
    if not gemv and not stream_k and BATCH2 > 0 and rng.random() < BATCH2:
        batch = rng.choice(["both", "both", "sharedA", "sharedB"])
        hv = rng.randint(1, 5)
        if BATCH2_M > 0 and rng.random() < BATCH2_M:
            batch = "sharedH"
    move = rng.choice(["tinygrad", "direct"])
    bcast = rng.choice(["implicit", "expand"])
    form = rng.choice(["mul", "castwide", "permreduce", "permreduce16"])
    side = rng.choice(["f16", "bf16", "f32"])
    steps = rng.sample(EPILOGUES, rng.choice([0, 1, 1, 2, 2, 3]))
    if gemv:
        one, (bv, mv, nv, kv) = pick_gemv_sizes(rng)
    elif stream_k:
        bv, (mv, nv, kv) = 1, pick_stream_k_sizes(rng)
        if rng.random() < 0.75:  # 16-byte rows: TMA maps at any mode
            mv, nv, kv = mv + -mv % 8, nv + -nv % 8, kv + -kv % 8
    else:
        bv, mv, nv, kv = pick_sizes(rng, batch != "none", max(hv, 1))
    short_k = not gemv and not stream_k and SHORT_K > 0 and rng.random() < SHORT_K
    if short_k:
        out = rng.choice(["f16", "bf16"])
        kv = rng.randint(1 if batch == "none" else 65, 128)
        if rng.random() < 0.75:  # 16-byte rows of a K-major operand: TMA
            kv += -kv % 8
        while batch == "none":  # several tiles (a batch has its batches)
            mv, nv = rng.randint(65, 700), rng.randint(65, 700)
            if mv * nv * kv <= WHOLE_WORK:
                break
    staged = not stream_k and STAGED > 0 and min(mv, nv) >= 128 and out != "f32" and rng.random() < STAGED
    if staged and rng.random() >= ODD_C:
        nv += -nv % 8  # 16-byte rows of C: the TMA stores (else shifted rows)
    cluster = (CLUSTER > 0 and not gemv and not stream_k and min(mv, nv) >= 128 and
               rng.random() < CLUSTER)
    if cluster and rng.random() < 0.75:  # 16-byte rows: TMA maps at any mode
        mv, nv, kv = mv + -mv % 8, nv + -nv % 8, kv + -kv % 8
    mode, dims = make_dims(rng, [bv, mv, nv, kv] + ([hv] if hv else []),
                           ["B", "M", "N", "K"] + (["H"] if hv else []))
    if short_k:
        dims["M"].static = dims["N"].static = False
        dims["K"].static = True
        mode += " short-k"
    versions = None
    if gemv and GEMV_VERSIONS > 0 and rng.random() < GEMV_VERSIONS:
        dims[one].static = False
        mode += " gemv=%s1 version" % one
        versions = "%s=1" % one
    elif gemv:
        dims[one].static = True
        mode += " gemv=%s1" % one
    features = ("layout=%s%s in=%s out=%s batch=%s sizes=%s move=%s bcast=%s form=%s "
                "epilogue=%s" % (a_layout, b_layout, dtype, out, batch, mode, move,
                                 bcast, form, "+".join(steps) or "none"))
    if hv:
        features += " batch2=yes"
    values = {"B": bv, "M": mv, "N": nv, "K": kv}
    if hv:
        values["H"] = hv
    if batch == "none":
        del values["B"]
    state = rng.getstate()
    params = (a_layout, b_layout, dtype, out, batch, move, bcast, side, steps, dims)
    name, text, bind, shown, full = build_gemm(
        "p%03d" % index, rng, params, form, values, features)
    reference = None
    if form == "permreduce16":
        # The reference data comes from the same problem written with
        # form=mul (same inputs, same constants): dlc-interp's accumulator
        # rule does not yet reach a typed product through the permute (the
        # f16 permute result rounds each product to f16 again), while the
        # compiled kernel forms exact products.
        reference = build_gemm(name, random.Random(), params, "mul", values,
                               "reference twin (form=mul) of " + features, state)[1]
    plan = None
    if staged and mode == "symbolic":
        stages = 4 if index % 2 == 0 else 3
        plan = STAGED_PLAN % (stages, stages - 1)
        full += " epi=staged stages=%d" % stages
        if TALL > 0 and rng.random() < TALL:
            plan, full = TALL_PLAN % (stages, stages - 1), full + " tile=256x128"
        elif THREE > 0 and rng.random() < THREE:
            plan, full = THREE_PLAN % (stages, stages - 1), full + " tile=192x128"
    aligned = mv % 8 == 0 and nv % 8 == 0 and kv % 8 == 0
    if cluster and (aligned or mode == "symbolic"):
        if plan is None:
            bn = rng.choice([128, 256])
            plan, full = CLUSTER_PLAN % (bn, bn), full + " tile=128x%d" % bn
        else:
            plan = plan.replace('"split_k": "1"', '"split_k": "1", "cluster": "2"')
        full += " cluster=2"
    device = None
    if stream_k and (aligned or mode == "symbolic"):
        plan, device, full = stream_k_plan(rng, out, mv, nv, mode, full)
    elif ((batch != "none" and FEW_SMS > 0 and rng.random() < FEW_SMS) or
          (short_k and rng.random() < 0.5)):
        sms = rng.randint(2, 7)
        device, full = "sms=%d" % sms, full + " sms=%d" % sms
    return name, text, bind, shown, full, reference, None, plan, versions, device


def stream_k_plan(rng, out, m, n, mode, full):
    """A stream-K problem's plan-file text, dlc-to-ptx device= value and
    features: a tile and an SM count (2..7) that leave a partial round
    (tiles not a multiple of the grid) where the sizes allow one."""
    shapes = [(tm, bn) for tm in (64, 128) for bn in (64, 128, 256)]
    rng.shuffle(shapes)
    tm, bn = shapes[0]
    rounds, sms = rng.choice([1, 2]), rng.randint(2, 7)
    for tm_, bn_ in shapes:
        tiles = -(-m // tm_) * -(-n // bn_)
        partial = [s for s in range(2, 8) if s < tiles and tiles % s]
        if partial:
            tm, bn, sms = tm_, bn_, rng.choice(partial)
            break
    staged = out != "f32" and (n % 8 == 0 or mode == "symbolic") and rng.random() < 0.5
    plan = STREAM_K_PLAN % (tm, bn, bn, "true" if staged else "false", rounds)
    full += " stream_k=%d tile=%dx%d sms=%d%s" % (rounds, tm, bn, sms,
                                                 " epi=staged" if staged else "")
    return plan, "sms=%d" % sms, full


def build_gemm(name, rng, params, form, values, features, state=None):
    """The tiny function of a GEMM problem; `state` replays the constants'
    random draws of another build."""
    if state is not None:
        rng.setstate(state)
    a_layout, b_layout, dtype, out, batch, move, bcast, side, steps, dims = params
    dims = dict(dims)
    B, M, N, K = dims["B"], dims["M"], dims["N"], dims["K"]
    if batch == "none":
        del dims["B"]
    batches = [B, dims["H"]] if "H" in dims else [B]  # --batch2: [B, H]
    lead = batches if batch != "none" else []      # of the product and output
    alead = batches if batch in ("both", "sharedB", "sharedH") else []
    wlead = batches if batch in ("both", "sharedA") else [B] if batch == "sharedH" else []
    explicit = bcast == "expand"
    body = Body()
    args = [("A", alead + ([M, K] if a_layout == "mk" else [K, M]), dtype),
            ("W", wlead + ([K, N] if b_layout == "kn" else [N, K]), dtype)]

    # A: A.T if stored [K, M] (permute of the last two axes), then
    # Tensor.dot's reshape to [.., M, 1, K].
    a = ("%A", (args[0][1], dtype))
    r = len(alead)
    if a_layout == "km":
        a = body.permute(a, list(range(r)) + [r + 1, r])
    a = body.reshape(a, alead + [M, ONE, K])
    # W: Tensor.dot reshapes it to [.., 1, K, N] and transposes the last two.
    # Stored [N, K] it is W.T first (tinygrad: permute, reshape, permute) or,
    # "direct", reshaped to [.., 1, N, K] at once.
    w = ("%W", (args[1][1], dtype))
    r = len(wlead)
    if b_layout == "nk" and move == "tinygrad":
        w = body.permute(w, list(range(r)) + [r + 1, r])
    if b_layout == "kn" or move == "tinygrad":
        w = body.reshape(w, wlead + [ONE, K, N])
        w = body.permute(w, list(range(r)) + [r, r + 2, r + 1])
    else:
        w = body.reshape(w, wlead + [ONE, N, K])
    full = lead + [M, N, K]
    if batch == "sharedH":  # W [B, .., N, K] viewed [B, 1, 1, N, K]: shared across H
        w = body.reshape(w, [B, ONE] + w[1][0][1:])
    if explicit:  # the UOp graph's reshape to one rank + expand
        a = broadcast(body, a, full, True)
        w = broadcast(body, w, full, True)
    elif move == "direct" and len(a[1][0]) < len(full):
        a = body.reshape(a, [ONE] * (len(full) - len(a[1][0])) + a[1][0])
    elif move == "direct" and len(w[1][0]) < len(full):
        w = body.reshape(w, [ONE] * (len(full) - len(w[1][0])) + w[1][0])
    p = body.op("tiny.mul", [a, w], (full, dtype))
    shape = lead + [M, N]
    rank = len(full)
    sum_attrs = 'op = "sum", axes = %s, acc_dtype = f32'
    if form == "mul":
        x = body.op("tiny.reduce", [p], (shape, "f32"), sum_attrs % i64s([rank - 1]))
    elif form == "castwide":
        x = body.op("tiny.reduce", [body.cast(p, "f32")], (shape, "f32"),
                    sum_attrs % i64s([rank - 1]))
    else:
        src = body.cast(p, "f32") if form == "permreduce" else p
        pk = body.permute(src, [rank - 1] + list(range(rank - 1)))
        x = body.op("tiny.reduce", [pk], (shape, "f32"), sum_attrs % i64s([0]))
    prob = Problem(rng, body, shape, dims, explicit, side)
    for s in steps:
        x = prob.step(x, s)
    x = body.cast(x, out)
    args += prob.args
    features += " side=%s" % (side if prob.args else "-")
    return finish(name, args, body, x, values, dims, features)


def dot_problem(rng, index):
    kind = rng.choice(["vecmat", "matvec"])
    dtype = rng.choice(["f16", "bf16"])
    form = rng.choice(["tinygrad", "kfirst", "expand"])
    kv, xv = pick_size(rng), pick_size(rng)
    other = "M" if kind == "matvec" else "N"
    mode, dims = make_dims(rng, [kv, xv], ["K", other])
    K, X = dims["K"], dims[other]
    body = Body()
    red = 'op = "sum", axes = %s, acc_dtype = f32'
    if kind == "vecmat":
        args = [("x", [K], dtype), ("W", [K, X], dtype)]
        x, w = ("%x", ([K], dtype)), ("%W", ([K, X], dtype))
        if form == "kfirst":  # x as a column [K, 1] times W [K, N], reduce axis 0
            p = body.op("tiny.mul", [body.reshape(x, [K, ONE]), w], ([K, X], dtype))
            y = body.op("tiny.reduce", [p], ([X], "f32"), red % i64s([0]))
        else:  # Tensor.dot: x [K] * W.T [N, K] (right-aligned), reduce the last axis
            if form == "expand":
                x = body.op("tiny.expand", [body.reshape(x, [ONE, K])], ([X, K], dtype),
                            "broadcast_dimensions = " + i64s([0, 1]))
            p = body.op("tiny.mul", [x, body.permute(w, [1, 0])], ([X, K], dtype))
            y = body.op("tiny.reduce", [p], ([X], "f32"), red % i64s([1]))
    else:
        args = [("X", [X, K], dtype), ("v", [K], dtype)]
        xm, v = ("%X", ([X, K], dtype)), ("%v", ([K], dtype))
        if form == "kfirst":  # both K-first: X^T [K, M] * v [K, 1], reduce axis 0
            p = body.op("tiny.mul", [body.permute(xm, [1, 0]), body.reshape(v, [K, ONE])],
                        ([K, X], dtype))
            y = body.op("tiny.reduce", [p], ([X], "f32"), red % i64s([0]))
        else:
            if form == "expand":
                v = body.op("tiny.expand", [body.reshape(v, [ONE, K])], ([X, K], dtype),
                            "broadcast_dimensions = " + i64s([0, 1]))
            p = body.op("tiny.mul", [xm, v], ([X, K], dtype))
            y = body.op("tiny.reduce", [p], ([X], "f32"), red % i64s([1]))
    features = "dot=%s in=%s out=f32 sizes=%s form=%s" % (kind, dtype, mode, form)
    return finish("p%03d" % index, args, body, y, {"K": kv, other: xv}, dims, features) + (None,)


def finish(name, args, body, result, values, dims, features):
    """The problem's text and index fields; `result` is the output value, or
    a list of them (named Y, Y1, Y2, ...)."""
    results = result if isinstance(result, list) else [result]
    sig = ",\n    ".join('%%%s: %s {dlc.name = "%s"}' % (n, ttype(d, t), n) for n, d, t in args)
    outs = ", ".join('%s {dlc.name = "Y%s"}' % (ttype(*r[1]), i or "")
                     for i, r in enumerate(results))
    rtypes = ", ".join(ttype(*r[1]) for r in results)
    text = "// %s\nfunc.func @%s(%s)\n    -> (%s) {\n%s\n  return %s : %s\n}\n" % (
        features, name, sig, outs, "\n".join(body.lines),
        ", ".join(r[0] for r in results), rtypes)
    bind = ",".join("%s=%d" % (d.name, d.value) for d in dims.values() if not d.static)
    shown = " ".join("%s=%d" % kv for kv in values.items())
    return name, text, bind, shown, features


def generate(doc, make):
    """The generators' command line: `make(rng, i)` gives problem i as
    (name, text, bind, shown, features, reference text or None[, dlc-run
    options of its check, e.g. "--atol 0.0078125"[, a plan-file's text the
    problem compiles with[, dlc-to-ptx's versions= value[, its device=
    value, e.g. "sms=5"]]]])."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--append", action="store_true",
                    help="add to DIR/index.json (another generator's problems)")
    ap.add_argument("--long-k", type=float, default=0.0,
                    help="share of GEMM problems with K in [512, 8192]")
    ap.add_argument("--whole", type=float, default=0.0,
                    help="share of GEMM problems with M and N in [128, 700]")
    ap.add_argument("--staged", type=float, default=0.0,
                    help="share of symbolic whole-tile GEMM problems planned "
                         "with the SM90 staged epilogue")
    ap.add_argument("--odd-c", type=float, default=0.25,
                    help="share of the staged ones whose N is not rounded "
                         "up to a multiple of 8")
    ap.add_argument("--gemv", type=float, default=0.0,
                    help="share of GEMM problems with M = 1 or N = 1")
    ap.add_argument("--tall", type=float, default=0.0,
                    help="share of the staged ones on 256 x 128 tiles")
    ap.add_argument("--three", type=float, default=0.0,
                    help="share of the staged ones not on 256 x 128 tiles "
                         "on 192 x 128 tiles (three consumers)")
    ap.add_argument("--cluster", type=float, default=0.0,
                    help="share of whole-tile GEMM problems run by clusters "
                         "of 2 CTAs")
    ap.add_argument("--gemv-versions", type=float, default=0.0,
                    help="share of the GEMV ones whose 1 is a symbol, "
                         "compiled with a launch-time GEMV version")
    ap.add_argument("--batch2", type=float, default=0.0,
                    help="share of GEMM problems over two batch axes [B, H]")
    ap.add_argument("--batch2-m", type=float, default=0.0,
                    help="share of the --batch2 problems with W shared "
                         "across H (H and M collapse into m)")
    ap.add_argument("--few-sms", type=float, default=0.0,
                    help="share of batched GEMM problems compiled for a GPU "
                         "of 2..7 SMs (tiles walked across batches)")
    ap.add_argument("--stream-k", type=float, default=0.0,
                    help="share of GEMM problems run by the SM90 stream-K "
                         "schedule on a GPU of a few SMs")
    ap.add_argument("--short-k", type=float, default=0.0,
                    help="share of GEMM problems with a static K <= 128 and "
                         "symbolic M, N: the SM90 planner's short-K rule")
    ap.add_argument("--bool", type=float, default=0.0,
                    help="share of memory-bound problems that return bools "
                         "(i1 outputs, gen_memory_problems.py's mask family)")
    ap.add_argument("--channel", type=float, default=0.0,
                    help="share of memory-bound problems that reduce the "
                         "first and last axes of [B, M, N] "
                         "(gen_memory_problems.py's channel reduces)")
    ap.add_argument("--transpose", type=float, default=0.0,
                    help="share of memory-bound problems that read across "
                         "the last axis (gen_memory_problems.py's transpose "
                         "family)")
    ap.add_argument("--long-rows", type=float, default=0.0,
                    help="share of the softmax, LayerNorm and RMSNorm "
                         "problems on 1-8 rows of 8192-65536 elements "
                         "(gen_memory_problems.py: the memory-bound "
                         "skeleton's split rows)")
    args = ap.parse_args()
    global LONG_K, WHOLE, STAGED, GEMV, TALL, GEMV_VERSIONS, CLUSTER, ODD_C
    global STREAM_K, BATCH2, BATCH2_M, BOOL, FEW_SMS, SHORT_K, THREE, TRANSPOSE
    global CHANNEL, LONG_ROWS
    LONG_K = args.long_k
    WHOLE = args.whole
    STAGED = args.staged
    ODD_C = args.odd_c
    GEMV = args.gemv
    TALL = args.tall
    THREE = args.three
    GEMV_VERSIONS = args.gemv_versions
    CLUSTER = args.cluster
    STREAM_K = args.stream_k
    BATCH2 = args.batch2
    BATCH2_M = args.batch2_m
    FEW_SMS = args.few_sms
    SHORT_K = args.short_k
    BOOL = args.bool
    TRANSPOSE = args.transpose
    CHANNEL = args.channel
    LONG_ROWS = args.long_rows
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    index = []
    if args.append:
        with open(os.path.join(args.out, "index.json")) as f:
            index = json.load(f)
    for i in range(args.count):
        name, text, bind, shown, features, reference, *extra = make(rng, i)
        with open(os.path.join(args.out, name + ".tiny.mlir"), "w") as f:
            f.write(text)
        entry = {"file": name + ".tiny.mlir", "func": name, "sizes": bind,
                 "dims": shown, "features": features}
        if extra and extra[0]:  # dlc-run options of the problem's check
            entry["run_args"] = extra[0]
        if len(extra) > 1 and extra[1]:  # build_bundle.sh passes plan-file=
            entry["plan_file"] = name + ".plan.json"
            with open(os.path.join(args.out, entry["plan_file"]), "w") as f:
                f.write(extra[1])
        if len(extra) > 2 and extra[2]:  # build_bundle.sh passes versions=
            entry["versions"] = extra[2]
            with open(os.path.join(args.out, name + ".versions"), "w") as f:
                f.write(extra[2])
        if len(extra) > 3 and extra[3]:  # build_bundle.sh passes device=
            entry["device"] = extra[3]
            with open(os.path.join(args.out, name + ".device"), "w") as f:
                f.write(extra[3])
        if reference:
            entry["ref_file"] = name + ".ref.tiny.mlir"
            with open(os.path.join(args.out, entry["ref_file"]), "w") as f:
                f.write(reference)
        index.append(entry)
    with open(os.path.join(args.out, "index.json"), "w") as f:
        json.dump(index, f, indent=1)


def gemm_or_dot_problem(rng, index):
    make = dot_problem if rng.random() < 0.08 else gemm_problem
    return make(rng, index)


if __name__ == "__main__":
    generate(__doc__, gemm_or_dot_problem)
