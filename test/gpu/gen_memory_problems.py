#!/usr/bin/env python3
"""Random memory-bound problems in the tiny dialect (regions without a
contraction), for the GPU differential harness (test/gpu/README.md).

Each problem is one family, drawn uniformly:
  eltwise    a chain of 1-6 steps over 1-4 inputs of rank 1-3: add, sub, mul,
             div (fdiv, or tinygrad's x*recip(y)), max, min (tinygrad's
             -max(-x,-y)), neg, exp2, log2, sqrt, recip, sin, where(cmplt),
             relu (where(0<x,x,0)), cast (to another float type and back),
             tinygrad's sigmoid recip(1+exp2(-x*log2e)) and SiLU x*sigmoid;
             input X has the output's shape, the others broadcast (some axes
             1, leading ones dropped); some inputs are stored permuted or
             flat/squeezed and brought back by tiny.permute / tiny.reshape;
             sometimes an intermediate is a second output
  reduce     sum, max, min or mean (sum * 1/n) over the last axis, the first
             or middle axis (column reductions) or two axes, keepdim (reshape to size 1) or not, on the
             input or its f32 cast or square, max/min accumulated in f32 or
             the input type; the input sometimes stored permuted
  softmax    over the last axis: x - max, exp2((x - max) * log2e), sum, then
             e * recip(sum) or e / sum, in f32 or in the input type
  layernorm  mean, variance of x - mean, rsqrt(var + eps) as recip(sqrt) or
             tinygrad's sqrt(recip), optional gamma (and beta), in f32
  rmsnorm    x * rsqrt(mean(x*x) + eps), optional weight, in f32
  column     a reduce as above over the first axis of [M, N] or the first or
             middle axis of [B, M, N] (column reductions: column mode)
  transpose  (only with --transpose P, a share P of the problems) an
             eltwise chain of rank 2 or 3 whose inputs are stored permuted
             with another axis last (a read across the output's last axis:
             the memory-bound skeleton's transpose mode), every axis from
             16 to 300 (both extents of the tile at least
             DLC_MEMORY_TRANSPOSE_MIN_EXTENT, odd to the 64-wide tile)
  long rows  (with --long-rows P) a share P of the softmax, LayerNorm and
             RMSNorm problems on 1-8 rows of 8192-65536 elements: the
             memory-bound skeleton's split rows (a row's CTAs over grid y)
  channel    (only with --channel P, a share P of the problems) a reduce as
             above over the first and last axes of [B, M, N] as stored
             (a per-channel statistic of NCHW: the reads contiguous along
             the innermost reduced axis only), features axes=channel, or
             over the first two (of NHWC: the reads contiguous along the
             output axis), axes=channel_last
  mask       (only with --bool P, a share P of the problems) returns bools,
             i1 outputs of one byte each: a compare (cmplt of two inputs, or
             cmpne(relu(x), 0)), a where-mask chain returning the mask and
             the value, a row (last-axis) or column max/min compared with
             the input or a constant, a bool input P used by where and
             compared again, or cast(relu(x)) to i1 (x != 0). Compares only
             see exact values (inputs, max/min, relu, halving), so the bools
             match the reference exactly.
Common features: in (input element type f16, bf16, f32), out (output
element type), sizes (symbolic, static or mixed; an axis that a mean divides
by is static), rank, bcast (keepdim values and broadcast inputs used as they
are, right-aligned, or reshaped + expanded as tinygrad's UOp graph has them).
Sizes come from an edge list (1, 2, 3, primes, powers of two and their
neighbours, up to 4097); most problems are small so that a bundle of a few
hundred stays under the device call's 64 MiB (reference data is every input
and output), with at most 2e6 elements per tensor and 2^16 per sum.

Inputs are what dlc-interp draws, uniform in [-1, 1): the generator keeps a
bound of every value and keeps the steps in range, so no NaN and no f16
overflow: log2/sqrt/recip and divisors get x*x+1 or max(x,-x)+1, exp2's
argument and large values are scaled by a power of two. In the input type
(compute=in, f16 or bf16) a chain only uses steps that round exactly (add,
sub, mul, max, min, neg, where, relu, cast): an approximate exp2 rounded to
f16 after every step drifts from the reference by more than the tolerance.
For the same reason a chain in f32 goes through a narrower type ("cast")
only before its first approximate step (div, exp2, log2, sqrt, recip, sin,
sigmoid, silu): after one, the device's value rounds to the other side of
a bf16 boundary now and then (run vs-5's q042: 171 of 168795 values one
bf16 ulp off).

Tolerance: dlc-run's default (1e-3 + 1e-3 |ref| + one ulp of the output),
except where a value that depends on a reduction is rounded to a narrow
type mid-graph: RMSNorm's typed weight (cast(y, in) * weight, tinygrad's
form) with in = f16 or bf16. The reduction's order is the schedule's (the
spec leaves it open), so y's f32 value may differ from the reference's in
its last bits and its rounding to the input type flip by one ulp of that
type; times |weight| < 1 that is at most u |ref| (u = 2^-7 for bf16, 2^-10
for f16), which the problem adds as --rtol u (run 17's q056, run 35's
seed 464 q010: two output ulps).

usage: gen_memory_problems.py --count N --seed S --out DIR [--append] [--bool P]
                              [--transpose P] [--channel P]
Writes DIR/qNNN.tiny.mlir and DIR/index.json (--append: adds to it), in
gen_problems.py's format.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_problems  # noqa: E402
from gen_problems import LOG2E, ONE, Body, Dim, broadcast, finish, generate, make_dims  # noqa: E402

EDGE_SIZES = [1, 2, 3, 5, 7, 11, 13, 31, 32, 33, 61, 127, 128, 129, 251,
              255, 256, 257, 509, 1000, 1021, 1023, 1024, 1025, 2048, 2053, 3000,
              4096, 4097]
# Elements of the largest tensor: mostly small, now and then up to 2e6.
BUDGETS = [2_000, 2_000, 20_000, 20_000, 20_000, 100_000, 100_000, 2_000_000]
MAX_REDUCED = 1 << 16  # elements of one sum: its f32 rounding stays in tolerance
# --long-rows: a few rows (1-8) of these lengths, split over grid y (row
# mode's split rows start at 8192; at most MAX_REDUCED).
LONG_ROW_SIZES = [8192, 8193, 12289, 16385, 40000, 65536]
LONG_ROW_OUTER = [1, 1, 2, 3, 5]
FLOATS = ["f16", "bf16", "f32"]
NARROW_MANTISSA = {"f16": 10, "bf16": 7}  # stored fraction bits
AXIS_NAMES = {1: ["N"], 2: ["M", "N"], 3: ["B", "M", "N"]}
CHAIN_STEPS = ["add", "sub", "mul", "div", "max", "min", "neg", "exp2", "log2",
               "sqrt", "recip", "sin", "where", "relu", "cast", "sigmoid", "silu"]
BINARY_STEPS = {"add", "sub", "mul", "div", "max", "min", "where"}
EXACT_STEPS = ["add", "sub", "mul", "max", "min", "neg", "where", "relu", "cast"]
APPROX_STEPS = ["div", "exp2", "log2", "sqrt", "recip", "sin", "sigmoid", "silu"]
CONSTS = [0.5, -0.75, 1.5, 2.0, -3.0, 0.125]
# The transpose family's axis sizes and budget (elements of a tensor).
TILE_SIZES = [16, 17, 31, 63, 64, 65, 100, 127, 128, 129, 255, 257, 300]
TILE_BUDGET = 300_000


def product(values):
    p = 1
    for v in values:
        p *= v
    return p


def pick_values(rng, rank, reduced=()):
    """Sizes of `rank` axes from the edge list, within a drawn budget; the
    axes in `reduced` are summed together."""
    budget = rng.choice(BUDGETS)
    while True:
        values = [rng.choice(EDGE_SIZES) for _ in range(rank)]
        if (product(values) <= budget and
                product(values[a] for a in reduced) <= MAX_REDUCED):
            return values


def pick_dims(rng, values, static_axes=()):
    """The axes' Dims (names by rank: N; M, N; B, M, N), symbolic, static or
    mixed; `static_axes` are static in any case. Returns (mode, dims list,
    dims by name)."""
    names = AXIS_NAMES[len(values)]
    _, by_name = make_dims(rng, values, names)
    for a in static_axes:
        by_name[names[a]] = Dim(names[a], values[a], True)
    dims = [by_name[n] for n in names]
    static = [d.static for d in dims]
    mode = "static" if all(static) else "symbolic" if not any(static) else "mixed"
    return mode, dims, by_name


def union(a, b):
    """The right-aligned broadcast shape of two shapes of one problem (every
    axis is the problem's Dim or ONE)."""
    r = max(len(a), len(b))
    pa, pb = [ONE] * (r - len(a)) + a, [ONE] * (r - len(b)) + b
    return [x if x is not ONE else y for x, y in zip(pa, pb)]


class Graph:
    """The ops of one problem with a bound of every value's magnitude, which
    the steps use to keep their arguments in range."""

    def __init__(self, rng, explicit, dtype):
        self.rng, self.body, self.explicit = rng, Body(), explicit
        self.dtype = dtype  # of constants and of the computation
        self.args = []      # (name, stored dims, dtype)
        self.bounds = {}

    def bound(self, x):
        return self.bounds[x[0]]

    def note(self, x, bound):
        self.bounds[x[0]] = bound
        return x

    def arg(self, name, dims, dtype):
        self.args.append((name, dims, dtype))
        return self.note(("%" + name, (dims, dtype)), 1.0)

    def const(self, value):
        return self.note(self.body.const(value, self.dtype), abs(value))

    def reshape(self, x, dims):
        return self.note(self.body.reshape(x, dims), self.bound(x))

    def permute(self, x, order):
        return self.note(self.body.permute(x, order), self.bound(x))

    def cast(self, x, dtype):
        return self.note(self.body.cast(x, dtype), self.bound(x))

    def expand(self, x, shape):
        return self.note(broadcast(self.body, x, shape, True), self.bound(x))

    def unary(self, name, x, bound):
        return self.note(self.body.op(name, [x], x[1]), bound)

    def elementwise(self, name, operands, dtype, bound):
        """`name` on operands broadcast right-aligned, or expanded to the
        broadcast shape first when the problem makes broadcasts explicit."""
        shape = []
        for x in operands:
            shape = union(shape, x[1][0])
        if self.explicit:
            operands = [self.expand(x, shape) for x in operands]
        return self.note(self.body.op(name, operands, (shape, dtype)), bound)

    def binary(self, name, x, y):
        bx, by = self.bound(x), self.bound(y)
        bound = {"tiny.add": bx + by, "tiny.sub": bx + by, "tiny.mul": bx * by,
                 "tiny.max": max(bx, by)}[name]
        return self.elementwise(name, [x, y], x[1][1], bound)

    def where(self, cond, a, b):
        return self.elementwise("tiny.where", [cond, a, b], a[1][1],
                                max(self.bound(a), self.bound(b)))

    def cmplt(self, a, b):
        return self.elementwise("tiny.cmplt", [a, b], "i1", 1.0)

    def cmpne(self, a, b):
        return self.elementwise("tiny.cmpne", [a, b], "i1", 1.0)

    def neg(self, x):
        return self.unary("tiny.neg", x, self.bound(x))

    def scaled(self, x, limit):
        """x, or x times a power of two that brings its bound to `limit`."""
        if self.bound(x) <= limit:
            return x
        k = math.ceil(math.log2(self.bound(x) / limit))
        return self.binary("tiny.mul", x, self.const(2.0 ** -k))

    def positive(self, x):
        """At least 1: x*x + 1 or |x| + 1 as max(x, -x) + 1."""
        x = self.scaled(x, 64.0)
        if self.rng.random() < 0.5:
            sq = self.binary("tiny.mul", x, x)
        else:
            sq = self.binary("tiny.max", x, self.neg(x))
        return self.binary("tiny.add", sq, self.const(1.0))

    def divide(self, x, y, form):
        """x / y for y >= 1: tiny.fdiv, or tinygrad's x * recip(y)."""
        if form == "fdiv":
            return self.elementwise("tiny.fdiv", [x, y], x[1][1], self.bound(x))
        r = self.note(self.body.op("tiny.recip", [y], y[1]), 1.0)
        return self.binary("tiny.mul", x, r)

    def sigmoid(self, x):
        # tinygrad: (1 + (x * (-1/log(2))).exp2()).reciprocal()
        t = self.binary("tiny.mul", x, self.const(-LOG2E))
        e = self.unary("tiny.exp2", t, 2.0 ** min(self.bound(t), 1000))
        d = self.binary("tiny.add", e, self.const(1.0))
        return self.unary("tiny.recip", d, 1.0)

    def exp2(self, x):
        x = self.scaled(x, 4.0)
        return self.unary("tiny.exp2", x, 2.0 ** self.bound(x))

    def reduce(self, op, x, axes, acc, result):
        dims = [d for i, d in enumerate(x[1][0]) if i not in axes]
        n = product(x[1][0][a].value for a in axes)
        r = self.body.op("tiny.reduce", [x], (dims, result),
                         'acc_dtype = %s, axes = array<i64: %s>, op = "%s"'
                         % (acc, ", ".join(str(a) for a in axes), op))
        return self.note(r, self.bound(x) * (n if op == "sum" else 1))

    def keepdim(self, x, shape, axes):
        """The reduce result x reshaped to `shape` with size 1 at `axes`."""
        return self.reshape(x, [ONE if i in axes else d for i, d in enumerate(shape)])


def mean(g, x, axes):
    """tinygrad's mean: the sum times 1/n (n static)."""
    n = product(x[1][0][a].value for a in axes)
    s = g.reduce("sum", x, axes, "f32", "f32")
    return g.binary("tiny.mul", s, g.const(1.0 / n))


def rsqrt(g, x, form):
    """1/sqrt(x) for x > 0: recip(sqrt) (the frontend's LayerNorm) or
    tinygrad's Tensor.rsqrt, reciprocal().sqrt()."""
    if form == "recip_sqrt":
        return g.unary("tiny.recip", g.unary("tiny.sqrt", x, g.bound(x) ** 0.5), 1e3)
    return g.unary("tiny.sqrt", g.unary("tiny.recip", x, 1e6), 1e3)


def input_layout(rng, g, name, dims, dtype, move):
    """Input `name` with logical `dims`, stored as `move` says where it
    applies: permuted (brought back by tiny.permute), or flat when static /
    without its size-1 axes (brought back by tiny.reshape). Returns the
    logical value."""
    real = [d for d in dims if d is not ONE]
    if move in ("permute", "transpose") and len(dims) >= 2:
        order = list(range(len(dims)))
        while order == sorted(order) or (move == "transpose" and order[-1] == len(dims) - 1):
            rng.shuffle(order)
        stored = [dims[i] for i in order]
        inverse = [order.index(j) for j in range(len(dims))]
        return g.permute(g.arg(name, stored, dtype), inverse)
    if move == "reshape" and len(dims) >= 2 and all(d.static for d in dims):
        n = product(d.value for d in dims)
        return g.reshape(g.arg(name, [Dim(str(n), n, True)], dtype), dims)
    if move == "reshape" and real and len(real) < len(dims):
        return g.reshape(g.arg(name, real, dtype), dims)
    return g.arg(name, dims, dtype)


def eltwise_problem(rng, name, transpose=False):
    dtype, out = rng.choice(FLOATS), rng.choice(FLOATS)
    compute = rng.choice(["f32", "f32", "in"])
    ctype = dtype if compute == "in" else "f32"
    explicit = rng.random() < 0.5
    if transpose:
        move, rank = "transpose", rng.choice([2, 3])
        values = [0] * rank
        while not 0 < product(values) <= TILE_BUDGET:
            values = [rng.choice(TILE_SIZES) for _ in range(rank)]
    else:
        move = rng.choice(["none", "permute", "reshape"])
        rank = rng.choice([1, 2, 3])
        values = pick_values(rng, rank)
    mode, shape, by_name = pick_dims(rng, values)
    pool = EXACT_STEPS if ctype != "f32" else CHAIN_STEPS
    steps = [rng.choice(pool) for _ in range(rng.randint(1, 6))]
    binaries = sum(s in BINARY_STEPS for s in steps)
    g = Graph(rng, explicit, ctype)

    # Input 0 has the output's shape; the others broadcast: some axes 1,
    # and leading ones dropped when broadcasts are implicit.
    inputs = []
    for i in range(rng.randint(1, min(4, 1 + binaries))):
        dims = list(shape)
        if i > 0:
            while True:
                dims = [d if rng.random() < 0.6 else ONE for d in shape]
                if any(d is not ONE for d in dims):
                    break
            while not explicit and dims[0] is ONE and rng.random() < 0.7:
                dims = dims[1:]
        x = input_layout(rng, g, "X%s" % (i or ""), dims, dtype, move)
        inputs.append(g.cast(x, ctype))
    unused = inputs[1:]
    values_so_far = [inputs[0]]

    def other():
        if unused:
            return unused.pop(0)
        if rng.random() < 0.5:
            return g.const(rng.choice(CONSTS))
        return rng.choice(values_so_far)

    x = inputs[0]
    for i, s in enumerate(steps):
        x = g.scaled(x, 64.0)
        if s in ("add", "sub", "mul", "max"):
            y = g.scaled(other(), 64.0)
            if s == "sub" and rng.random() < 0.5:
                x, y = y, x
            x = g.binary("tiny." + s, x, y)
        elif s == "div":
            x = g.divide(x, g.positive(other()), rng.choice(["fdiv", "recip"]))
        elif s == "min":  # tinygrad's minimum: -((-x).maximum(-y))
            x = g.neg(g.binary("tiny.max", g.neg(x), g.neg(g.scaled(other(), 64.0))))
        elif s == "neg":
            x = g.neg(x)
        elif s == "exp2":
            x = g.exp2(x)
        elif s == "log2":
            p = g.positive(x)
            x = g.unary("tiny.log2", p, math.log2(g.bound(p)))
        elif s == "sqrt":
            p = g.positive(x)
            x = g.unary("tiny.sqrt", p, math.sqrt(g.bound(p)))
        elif s == "recip":
            x = g.unary("tiny.recip", g.positive(x), 1.0)
        elif s == "sin":
            x = g.unary("tiny.sin", x, 1.0)
        elif s == "where":  # where(x < y, x, z)
            y = other()
            z = other() if unused or rng.random() < 0.5 else g.const(rng.choice(CONSTS))
            x = g.where(g.cmplt(x, y), x, z)
        elif s == "relu":  # tinygrad: (x > 0).where(x, 0), x > 0 is 0 < x
            x = g.where(g.cmplt(g.const(0.0), x), x, g.const(0.0))
        elif s == "cast":  # through another float type and back
            through = rng.choice([t for t in FLOATS if t != ctype])
            # Not after an approximate step: the device's value rounds to
            # the other side of a narrow type's boundary now and then, one
            # ulp of it (bf16: 2^-8 relative, run vs-5's q042), beyond the
            # tolerance; there -(-x), a new value as the casts' (the draws
            # that follow, and the seed's other problems, stay the same).
            if any(a in APPROX_STEPS for a in steps[:i]):
                x = g.neg(g.neg(x))
            else:
                x = g.cast(g.cast(x, through), ctype)
        elif s == "sigmoid":
            x = g.sigmoid(x)
        elif s == "silu":
            x = g.binary("tiny.mul", x, g.sigmoid(x))
        values_so_far.append(x)
    results = [g.cast(x, out)]
    earlier = [v for v in values_so_far[1:-1] if v[0] != x[0]]
    if earlier and rng.random() < 0.3:
        results.append(g.cast(rng.choice(earlier), out))
    features = ("family=eltwise in=%s out=%s compute=%s sizes=%s rank=%d inputs=%d "
                "outputs=%d bcast=%s move=%s chain=%s"
                % (dtype, out, compute, mode, rank, len(inputs), len(results),
                   "expand" if explicit else "implicit", move, "+".join(steps)))
    return finish(name, g.args, g.body, results, dict(zip(AXIS_NAMES[rank], values)),
                  by_name, features)


def reduce_problem(rng, name, column=False, channel=False):
    dtype, out = rng.choice(FLOATS), rng.choice(FLOATS)
    op = rng.choice(["sum", "max", "min", "mean"])
    rank = 3 if channel else rng.choice([2, 3] if column else [1, 2, 3])
    # first / middle: column reductions (sum over M of [M, N], over M of
    # [B, M, N]), the skeleton's column mode.
    wheres = ["last", "first", "two"] + (["middle"] if rank == 3 else [])
    if column:
        wheres = ["first"] + (["middle"] if rank == 3 else [])
    if channel:
        where = rng.choice(["channel", "channel_last"])
    else:
        where = rng.choice(wheres) if rank >= 2 else "last"
    if where == "channel":  # the first and last of [B, M, N] (NCHW-like)
        axes = [0, 2]
    elif where == "channel_last":  # the first two (NHWC-like)
        axes = [0, 1]
    elif where == "last":
        axes = [rank - 1]
    elif where == "first":
        axes = [0]
    elif where == "middle":
        axes = [1]
    else:
        axes = [0, 1] if rank == 2 else rng.choice([[1, 2], [0, 2], [0, 1]])
    keepdim = rng.choice(["yes", "no"])
    pre = rng.choice(["none", "cast", "square"])
    if pre == "cast" and dtype == "f32":
        pre = "none"  # the cast is no op
    move = "none" if channel else rng.choice(["none", "permute"]) if rank >= 2 else "none"
    acc = "f32" if op in ("sum", "mean") or pre != "none" else rng.choice(["f32", "in"])
    values = pick_values(rng, rank, axes)
    mode, shape, by_name = pick_dims(rng, values, axes if op == "mean" else ())
    g = Graph(rng, False, "f32")
    x = input_layout(rng, g, "X", shape, dtype, move)
    if pre != "none":
        x = g.cast(x, "f32")
    if pre == "square":
        x = g.binary("tiny.mul", x, x)
    if op == "mean":
        y = mean(g, x, axes)
    else:
        acc_type = dtype if acc == "in" else "f32"
        y = g.reduce(op, x, axes, acc_type, acc_type)
    if keepdim == "yes":
        y = g.keepdim(y, shape, axes)
    features = ("family=%s in=%s out=%s sizes=%s rank=%d op=%s axes=%s keepdim=%s "
                "acc=%s pre=%s move=%s" % ("column" if column else "reduce", dtype, out,
                                           mode, rank, op, where, keepdim, acc, pre, move))
    return finish(name, g.args, g.body, [g.cast(y, out)],
                  dict(zip(AXIS_NAMES[rank], values)), by_name, features)


def rows(rng, static_last):
    """Rows of the last axis: rank, sizes, (mode, shape, dims by name)."""
    rank = rng.choice([1, 2, 3])
    values = pick_values(rng, rank, [rank - 1])
    if gen_problems.LONG_ROWS and rng.random() < gen_problems.LONG_ROWS:
        while True:
            values = [rng.choice(LONG_ROW_OUTER) for _ in range(rank - 1)]
            if product(values) <= 8:
                break
        values.append(rng.choice(LONG_ROW_SIZES))
    return rank, values, pick_dims(rng, values, [rank - 1] if static_last else ())


def softmax_problem(rng, name):
    dtype, out = rng.choice(FLOATS), rng.choice(FLOATS)
    compute = rng.choice(["f32", "in"])
    ctype = dtype if compute == "in" else "f32"
    explicit = rng.random() < 0.5
    form = rng.choice(["recip", "fdiv"])
    rank, values, (mode, shape, by_name) = rows(rng, False)
    last = [rank - 1]
    g = Graph(rng, explicit, ctype)
    x = g.cast(g.arg("X", shape, dtype), ctype)
    m = g.keepdim(g.reduce("max", x, last, ctype, ctype), shape, last)
    d = g.binary("tiny.sub", x, m)
    # exp(d) = exp2(d * log2 e), d <= 0
    e = g.unary("tiny.exp2", g.binary("tiny.mul", d, g.const(LOG2E)), 1.0)
    s = g.keepdim(g.reduce("sum", e, last, "f32", ctype), shape, last)
    y = g.divide(e, s, form)
    results = [g.cast(y, out)]
    if rng.random() < 0.2:  # the row max too, as attention's online softmax keeps it
        results.append(g.cast(m, out))
    features = ("family=softmax in=%s out=%s compute=%s sizes=%s rank=%d bcast=%s div=%s "
                "outputs=%d" % (dtype, out, compute, mode, rank,
                                "expand" if explicit else "implicit", form, len(results)))
    return finish(name, g.args, g.body, results, dict(zip(AXIS_NAMES[rank], values)),
                  by_name, features)


def norm_draws(rng, variants):
    """What LayerNorm and RMSNorm draw alike, in their order (one of
    `variants`, the affine or weight form, third): types, form, eps, rows,
    the graph and X read in f32."""
    dtype, out = rng.choice(FLOATS), rng.choice(FLOATS)
    explicit = rng.random() < 0.5
    variant = rng.choice(variants)
    form = rng.choice(["recip_sqrt", "sqrt_recip"])
    eps = rng.choice([1e-5, 1e-6])
    rank, values, (mode, shape, by_name) = rows(rng, True)
    g = Graph(rng, explicit, "f32")
    x = g.cast(g.arg("X", shape, dtype), "f32")
    return (dtype, out, explicit, variant, form, eps, rank, values, mode, shape, by_name,
            [rank - 1], g, x)


def layernorm_problem(rng, name):
    (dtype, out, explicit, affine, form, eps, rank, values, mode, shape, by_name, last, g,
     x) = norm_draws(rng, ["none", "gamma", "both"])
    # tinygrad's Tensor.layernorm: y = x - mean; y * rsqrt(mean(y*y) + eps)
    xc = g.binary("tiny.sub", x, g.keepdim(mean(g, x, last), shape, last))
    var = mean(g, g.binary("tiny.mul", xc, xc), last)
    r = rsqrt(g, g.binary("tiny.add", var, g.const(eps)), form)
    y = g.binary("tiny.mul", xc, g.keepdim(r, shape, last))
    if affine != "none":
        y = g.binary("tiny.mul", y, g.cast(g.arg("gamma", shape[-1:], dtype), "f32"))
    if affine == "both":
        y = g.binary("tiny.add", y, g.cast(g.arg("beta", shape[-1:], dtype), "f32"))
    results = [g.cast(y, out)]
    if rng.random() < 0.2:  # the saved statistic of a training forward
        results.append(g.cast(r, out))
    features = ("family=layernorm in=%s out=%s sizes=%s rank=%d bcast=%s affine=%s rsqrt=%s "
                "outputs=%d" % (dtype, out, mode, rank, "expand" if explicit else "implicit",
                                affine, form, len(results)))
    return finish(name, g.args, g.body, results, dict(zip(AXIS_NAMES[rank], values)),
                  by_name, features)


def rmsnorm_problem(rng, name):
    # tinygrad's RMSNorm: _norm(x.float()).cast(x.dtype) * weight
    (dtype, out, explicit, weight, form, eps, rank, values, mode, shape, by_name, last, g,
     x) = norm_draws(rng, ["none", "f32", "typed"])
    ms = mean(g, g.binary("tiny.mul", x, x), last)
    r = rsqrt(g, g.binary("tiny.add", ms, g.const(eps)), form)
    y = g.binary("tiny.mul", x, g.keepdim(r, shape, last))
    if weight == "f32":
        y = g.binary("tiny.mul", y, g.cast(g.arg("weight", shape[-1:], dtype), "f32"))
    elif weight == "typed":
        y = g.binary("tiny.mul", g.cast(y, dtype), g.arg("weight", shape[-1:], dtype))
    features = ("family=rmsnorm in=%s out=%s sizes=%s rank=%d bcast=%s weight=%s rsqrt=%s"
                % (dtype, out, mode, rank, "expand" if explicit else "implicit", weight,
                   form))
    problem = finish(name, g.args, g.body, [g.cast(y, out)],
                     dict(zip(AXIS_NAMES[rank], values)), by_name, features)
    if weight == "typed" and dtype in NARROW_MANTISSA:  # the docstring's Tolerance
        return problem + (None, "--rtol %g" % 2.0 ** -NARROW_MANTISSA[dtype])
    return problem


def column_problem(rng, name):
    return reduce_problem(rng, name, column=True)


def mask_problem(rng, name):
    dtype, out = rng.choice(FLOATS), rng.choice(FLOATS)
    form = rng.choice(["compare", "where", "rowcmp", "colcmp", "maskin", "cast"])
    ctype = rng.choice(["f32", dtype])
    explicit = rng.random() < 0.5
    rank = rng.choice([2, 3] if form == "colcmp" else [1, 2, 3])
    values = pick_values(rng, rank)
    mode, shape, by_name = pick_dims(rng, values)
    g = Graph(rng, explicit, ctype)
    x = g.cast(g.arg("X", shape, dtype), ctype)

    def second(name):
        # Another input, broadcast along some axes (never all).
        dims = list(shape)
        if len(shape) > 1 and rng.random() < 0.5:
            dims[rng.randrange(len(shape))] = ONE
        return g.cast(g.arg(name, dims, dtype), ctype)

    def relu(v):
        return g.where(g.cmplt(g.const(0.0), v), v, g.const(0.0))

    last = [rank - 1]
    if form == "compare":
        if rng.random() < 0.5:
            results = [g.cmplt(x, second("X1"))]
        else:
            results = [g.cmpne(relu(x), g.const(0.0))]
    elif form == "where":  # tinygrad's masked fill keeps the mask too
        m = g.cmplt(x, second("X1"))
        v = g.where(m, x, g.const(rng.choice(CONSTS)))
        results = [m, g.cast(v, out)]
        rng.shuffle(results)
    elif form in ("rowcmp", "colcmp"):
        op = rng.choice(["max", "min"])
        axes = last if form == "rowcmp" else [0]
        r = g.reduce(op, x, axes, ctype, ctype)
        if rng.random() < 0.5:  # each element against its row's half max
            half = g.binary("tiny.mul", g.keepdim(r, shape, axes), g.const(0.5))
            results = [g.cmplt(x, half)]
        else:  # the reduced value against a constant
            results = [g.cmplt(r, g.const(rng.choice([0.5, -0.5, 0.0])))]
    elif form == "maskin":
        p = g.arg("P", shape, "i1")
        v = g.where(p, x, second("X1"))
        results = [g.cmplt(v, g.const(0.0))]
        if rng.random() < 0.5:
            results.append(g.cast(v, out))
    else:  # cast to i1: x != 0
        results = [g.cast(relu(x), "i1")]
    features = ("family=mask in=%s out=%s compute=%s sizes=%s rank=%d bcast=%s form=%s "
                "outputs=%d" % (dtype, out, "f32" if ctype == "f32" else "in", mode, rank,
                                "expand" if explicit else "implicit", form, len(results)))
    return finish(name, g.args, g.body, results, dict(zip(AXIS_NAMES[rank], values)),
                  by_name, features)


FAMILIES = [eltwise_problem, reduce_problem, softmax_problem, layernorm_problem,
            rmsnorm_problem, column_problem]


def memory_problem(rng, index):
    # The mask family only with --bool, the transpose family only with
    # --transpose, channel reduces only with --channel (the other seeds'
    # problems unchanged).
    if gen_problems.BOOL and rng.random() < gen_problems.BOOL:
        problem = mask_problem(rng, "q%03d" % index)
    elif gen_problems.TRANSPOSE and rng.random() < gen_problems.TRANSPOSE:
        problem = eltwise_problem(rng, "q%03d" % index, transpose=True)
    elif gen_problems.CHANNEL and rng.random() < gen_problems.CHANNEL:
        problem = reduce_problem(rng, "q%03d" % index, channel=True)
    else:
        problem = rng.choice(FAMILIES)(rng, "q%03d" % index)
    return problem if len(problem) > 5 else problem + (None,)


if __name__ == "__main__":
    generate(__doc__, memory_problem)
