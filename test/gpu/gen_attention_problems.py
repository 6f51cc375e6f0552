#!/usr/bin/env python3
"""Random attention problems in the tiny dialect, for the GPU differential
harness (test/gpu/README.md): O = softmax(mask(scale * Q K^T)) V in the form
the Frontend's Attention op imports to (contract, where(valid, s, -inf) for
a causal mask, row max, exp2 with the scale folded in, row sum, fdiv, P
cast to the operand type, contract with V), which rbssa-fuse-attention
fuses into one flash-attention kernel.

Features, drawn uniformly: in (f16, bf16; Q, K, V and O), D (64, 128),
causal (0, 1), scale (1/sqrt(D), or 1 for sharper rows), batch axes (B and
H, or H only), gqa (0, or 1: grouped-query attention, Q and O with a
further axis G of 2-4 query heads per K/V head, K and V without it),
bias (none; "full": a tensor over every axis of S, or "mn": [M, N] shared
by the batch axes; in the operand type or f32, added to S), maskt (none;
a boolean tensor, true keeps the key: "full" over S's axes or "key" [N];
only without the causal mask, one mask per problem). The bias and mask
tensors are read by the flash kernel per S tile; a row whose keys a mask
drops all is NaN on both sides. Sizes: B in 1..3, H in 1..4, Lq = M and Lk = N from an edge
list (1, primes, tile sizes and their neighbours), Lq != Lk allowed; a quarter
of the problems without grouped queries have one (batch, head) and Lk past
two SM90 key tiles (LONG_KEYS); each
tensor stays under 48k elements so a bundle of a few hundred problems stays
under the device call's 64 MiB.

--lse P: a share P of the problems also return the log-sum-exp of each
query row, LSE = (c * max + log2 sum) * ln 2 with the softmax's own max,
sum and exp2 factor c (f32 over the batch axes and M; the form the
Frontend's Attention op with "lse": true imports to), which the flash
kernel's epilogue writes (feature lse=1); half of them in the natural-log
form ln sum + k * max, ln = log2 * ln 2, k = c * ln 2 (feature lse=ln).

--many P: a share P of the problems have more work tiles (query tiles
times batch rows) than the SM90 kernel's persistent grid has CTAs (132):
Lq, Lk in 1..2, no grouped queries, 133 to 750 (batch, head) rows within
MAX_ELEMENTS, so each CTA visits several tiles, causal ones several pairs
(feature many=1).

--d256 P: a share P of the problems (not "many" ones, whose rows would not
fit MAX_ELEMENTS) have head dimension 256 (the SM90 kernel's BN = 64 tiles;
their long keys pass two of them), feature D=256.

--balanced P: a share P of the problems (not "many" ones) are causal with
Lq from BALANCED_ROWS (1 to 5 query tiles; Q and O up to twice
MAX_ELEMENTS) and compile with a plan file asking for the SM90 kernel's
"balanced" grid (at D = 64 one in three with three consumers, BM = 192)
and with dlc-to-ptx device=sms=S, S in 1 .. the pairs / 3: a grid of at most S CTAs, so that problems of a few work tiles
have the grid's rounds of pairs, the tail dealt one tile at a time, the
fill of a short last round of pairs (half the problems whose sizes allow
it; three in ten of the two-consumer ones have three query tiles and at
most 7 keys, whose rows fit more often), CTAs with no tail tile (features
grid=balanced sms=S, and m192=1 for three consumers).

Tolerance: the reference rounds the normalised P to the operand type, the
kernel rounds the unnormalised exp2 values and divides by the row sum in
f32, so each problem states dlc-run's --atol as 2 u (u = 2^-8 for bf16,
2^-11 for f16; at least the default 1e-3): bf16 0.0078125, f16 1e-3.

--padded-d P: a share P of the problems (not "many" ones) have a head
dimension that is a multiple of 8 but not 64, 128 or 256 (PADDED_D), which
the flash kernels compute at the next tile width Dt (64, 128 or 256),
zero-filling columns D..Dt-1 of Q, K and V and storing O's columns below D
only; 136 to 192 leave Dt = 256's last 64-column box unloaded (feature
D=d, with Dt=t).

--few-sms P: a share P of the problems neither "many" nor "balanced" are
compiled with dlc-to-ptx device=sms=S, S in 1..3, on the planner's own
grid (persistent; balanced when causal), so that a CTA visits several
work tiles with ordinary row counts (feature sms=S; runs pd-3 and hg-1:
the turn hand-over's hang needed several visits and a consumer without
rows).

--stream P: a share P of the problems neither "many" nor "balanced" are
non-causal with Lq from STREAM_ROWS and keys past one key tile (Lk > BN:
129 and more, at D = 256 65 and more; Q, K, V and O, and a bias or mask
tensor over S, up to three times MAX_ELEMENTS) and compile with a plan file asking for the SM90 kernel's
"stream" grid and with dlc-to-ptx device=sms=S, S in 1..5 (a ragged last
round where the work tiles allow one: T mod S > 0, T > S), so that the
last rounds' tiles are split by key tiles between two CTAs and the
partial of one is merged into the other's O (features grid=stream
sms=S).

--static-keys P: a share P of the problems (not "many" ones) have a static
key length Lk (N a number in the types, not a symbol; a third of them
Lk = 1, which convert-indexbook-to-rbssa refused before with E1501 "the
value does not fit the reduction body"), feature Lk=static.

--all-static P: a share P of the problems (not "many", balanced or stream
ones) have every size static (no symbol at all; a quarter of them one
query row, M = 1), which rbssa-fuse-attention did not fuse before (the
contraction's types carry no axis names), feature static=all.

usage: gen_attention_problems.py --count N --seed S --out DIR [--append]
                                 [--lse P] [--many P] [--balanced P] [--d256 P]
                                 [--padded-d P] [--few-sms P] [--stream P]
                                 [--static-keys P] [--all-static P]
Writes DIR/aNNN.tiny.mlir and DIR/index.json (gen_problems.py's format).
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_problems import generate  # noqa: E402

EDGE = [1, 2, 3, 5, 7, 13, 16, 31, 63, 64, 65, 97, 127, 128, 129, 191, 192, 193,
        257, 383]
# Key lengths past two SM90 key tiles of 128 (at D = 64 past two of 192
# too) that fit MAX_ELEMENTS with one (batch, head).
LONG_KEYS = {64: [385, 449, 577, 641], 128: [257, 300, 373],
             256: [131, 150, 187]}
MAX_ELEMENTS = 48_000
# --stream's query lengths: 2 to 5 query tiles of 128 (1 to 4 of 192).
STREAM_ROWS = [129, 193, 257, 300, 383, 449, 577]
# --balanced's query lengths: 1 to 5 query tiles of 128 (or of 192).
BALANCED_ROWS = [1, 13, 64, 128, 129, 191, 193, 257, 257, 300, 383, 449]
LOG2E = 1.4426950408889634
LN2 = 0.6931471805599453
LSE = 0.0  # --lse: the share of problems with a log-sum-exp output
MANY = 0.0  # --many: the share with more work tiles than the grid's CTAs
BALANCED = 0.0  # --balanced: the share of causal ones on the balanced grid
FEW_SMS = 0.0  # --few-sms: the share of the others on a grid of 1 to 3 CTAs
STREAM = 0.0  # --stream: the share of the others on the stream grid
D256 = 0.0  # --d256: the share with head dimension 256
PADDED = 0.0  # --padded-d: the share with a padded head dimension
STATIC_KEYS = 0.0  # --static-keys: the share with a static key length
ALL_STATIC = 0.0  # --all-static: the share with every size static
PADDED_D = [8, 32, 40, 80, 96, 136, 160, 192, 248]
SMS = 132  # the persistent grid's CTAs (lib/Target/Target.c, sm_90a)


def balanced_fill(rows, n, grid):
    """Whether the balanced grid of `grid` CTAs (Sm90FlashSchedule.c) gives
    some CTA a fill tile: the last round of its pairs was a unit short."""
    units = (rows * n + 1) // 2
    early = max(-(-units // grid) - 2, 0)
    pair_units = (2 * early * grid // n * n + 1) // 2
    return pair_units % grid != 0


def tensor(shape, dtype):
    dims = "x".join("?" if isinstance(s, str) else str(s) for s in shape)
    names = ", ".join('"%s"' % s if isinstance(s, str) else str(s) for s in shape)
    return "tensor<%sx%s, [%s]>" % (dims, dtype, names)


def make(rng, i):
    name = "a%03d" % i
    dtype = rng.choice(["f16", "bf16"])
    d = rng.choice([64, 128])
    causal = rng.random() < 0.5
    sharp = rng.random() < 0.3
    batch = ["B", "H"] if rng.random() < 0.7 else ["H"]
    many = MANY > 0 and rng.random() < MANY
    if many:
        batch = ["B", "H"]
    if D256 > 0 and rng.random() < D256 and not many:  # drawn only with --d256
        d = 256
    if PADDED > 0 and rng.random() < PADDED and not many:  # --padded-d only
        d = rng.choice(PADDED_D)
    dt = 64 if d <= 64 else 128 if d <= 128 else 256  # the tile width
    balanced = not many and BALANCED > 0 and rng.random() < BALANCED
    three = wide = False
    stream = not many and not balanced and STREAM > 0 and rng.random() < STREAM
    if stream:
        causal = False
    if balanced:
        causal = True
        three = dt == 64 and rng.random() < 1 / 3
        wide = not three and rng.random() < 0.3
    gqa = not many and rng.random() < 0.25
    bias = rng.choice(["none", "none", "full", "mn"])
    bias_type = rng.choice([dtype, "f32"])
    maskt = "none" if causal else rng.choice(["none", "full", "key"])
    qbatch = batch + (["G"] if gqa else [])
    lse = LSE > 0 and rng.random() < LSE
    natural = lse and rng.random() < 0.5  # ln sum + k max
    long_keys = not gqa and not many and not wide and rng.random() < 0.25  # several key tiles
    static_n = not many and STATIC_KEYS > 0 and rng.random() < STATIC_KEYS
    all_static = (not many and not balanced and not stream and ALL_STATIC > 0
                  and rng.random() < ALL_STATIC)
    while True:
        sizes = {"B": rng.randint(1, 3), "H": rng.randint(1, 4),
                 "G": rng.randint(2, 4), "M": rng.choice(EDGE), "N": rng.choice(EDGE)}
        if many:  # > SMS work tiles; causal: > SMS pairs where they fit
            sizes.update(M=rng.choice([1, 2]), N=rng.choice([1, 2]))
            top = MAX_ELEMENTS // (max(sizes["M"], sizes["N"]) * d)
            rows = rng.randint(SMS + 1, top)
            if causal and top > 2 * SMS:
                rows = rng.randint(2 * SMS + 1, top)
            sizes.update(B=rng.choice([1, 2, 3, 5]))
            sizes.update(H=-(-rows // sizes["B"]))
        if balanced:  # up to 5 query tiles a row, up to 5 x 4 (x 4) rows
            sizes.update(M=rng.choice(BALANCED_ROWS), B=rng.randint(1, 5))
            if wide:  # three query tiles, short keys: room for more rows
                sizes.update(M=rng.choice([257, 300, 383]), N=rng.choice(EDGE[:7]))
        if long_keys:
            sizes.update(B=1, H=1, N=rng.choice(LONG_KEYS[dt]))
            if causal and bias != "full":  # causal CTAs stop at the diagonal
                sizes["M"] = rng.choice(LONG_KEYS[dt])
        if stream:  # 2 to 5 query tiles, keys past one key tile of BN
            bn = 64 if dt == 256 else 128
            sizes["M"] = rng.choice(STREAM_ROWS)
            if not long_keys:
                sizes["N"] = rng.choice([n for n in EDGE if n > bn])
        # (One static key makes a causal mask true everywhere: no mask is
        # left for the balanced grid's plan, E1501; such a draw is redrawn
        # below, however N came to be 1.)
        if static_n and rng.random() < 1 / 3 and not balanced:
            sizes["N"] = 1
        if all_static and rng.random() < 1 / 4:
            sizes["M"] = 1
        z = 1
        for x in qbatch:
            z *= sizes[x]
        full = "full" in (bias, maskt)
        top = MAX_ELEMENTS * (3 if balanced or stream else 1)
        one_static_key = static_n and sizes["N"] == 1
        if not (balanced and one_static_key) and z * max(sizes["M"], sizes["N"]) * d <= top and (
                not full or z * sizes["M"] * sizes["N"] <= (top if stream else MAX_ELEMENTS)):
            break
    scale = 1.0 if sharp else 1.0 / math.sqrt(d)
    b = qbatch
    idx = [x.lower() for x in b]
    kidx = [x.lower() for x in batch]
    q, k, o = b + ["M", d], batch + ["N", d], b + ["M", d]
    s = b + ["M", "N"]
    row = b + ["M"]
    r = len(b)
    statics = set(b + ["M", "N"]) if all_static else {"N"} if static_n else set()
    sym = len([x for x in b + ["M", "N"] if x not in statics])  # the symbols
    smap = "[%s]" % ", ".join("s%d" % j for j in range(sym)) if sym else ""
    lines = []
    t = lambda shape, ty="f32": tensor(  # noqa: E731
        [sizes[x] if x in statics else x for x in shape], ty)
    lines.append('  %%s = "tiny.contract"(%%Q, %%K) {acc_dtype = f32, lhs_idx = [%s], '
                 'out_idx = [%s], pattern = "matmul", reduce_idx = ["d"], rhs_idx = [%s]} '
                 ': (%s, %s) -> %s' % (
                     ", ".join('"%s"' % x for x in idx + ["m", "d"]),
                     ", ".join('"%s"' % x for x in idx + ["m", "n"]),
                     ", ".join('"%s"' % x for x in kidx + ["n", "d"]),
                     t(q, dtype), t(k, dtype), t(s)))
    logits = "%s"
    extra = []  # (name, shape, type) of the bias and mask arguments
    if bias != "none":
        bshape = s if bias == "full" else ["M", "N"]
        extra.append(("Bias", bshape, bias_type))
        if bias_type != "f32":
            lines.append('  %%bc = "tiny.cast"(%%Bias) : (%s) -> %s' % (
                t(bshape, bias_type), t(bshape)))
        lines.append('  %%sb = "tiny.add"(%s, %s) : (%s, %s) -> %s' % (
            logits, "%Bias" if bias_type == "f32" else "%bc", t(s), t(bshape), t(s)))
        logits = "%sb"
    if maskt != "none":
        mshape = s if maskt == "full" else ["N"]
        extra.append(("Keep", mshape, "i1"))
        lines += [
            '  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>',
            '  %%sk = "tiny.where"(%%Keep, %s, %%ninf) : (%s, %s, tensor<f32>) -> %s' % (
                logits, t(mshape, "i1"), t(s), t(s)),
        ]
        logits = "%sk"
    if causal:
        lines += [
            '  %%one = "tiny.const"() {value = 1.000000e+00 : f32} : () -> %s' % t(["M"]),
            '  %%view = "tiny.view"(%%one) {map = affine_map<(d0, d1)%s -> (d0 - d1)>} '
            ': (%s) -> %s' % (smap, t(["M"]), t(["M", "N"])),
            '  %%valid = "tiny.valid"(%%view) : (%s) -> %s' % (t(["M", "N"]), t(["M", "N"], "i1")),
            '  %ninf = "tiny.const"() {value = 0xFF800000 : f32} : () -> tensor<f32>',
            '  %%sm = "tiny.where"(%%valid, %s, %%ninf) : (%s, %s, tensor<f32>) -> %s' % (
                logits, t(["M", "N"], "i1"), t(s), t(s)),
        ]
        logits = "%sm"
    bd = ", ".join(str(j) for j in range(r + 1))
    lines += [
        '  %%mx = "tiny.reduce"(%s) {acc_dtype = f32, axes = array<i64: %d>, op = "max"} '
        ': (%s) -> %s' % (logits, r + 1, t(s), t(row)),
        '  %%mxe = "tiny.expand"(%%mx) {broadcast_dimensions = array<i64: %s>} : (%s) -> %s' % (
            bd, t(row), t(s)),
        '  %%d = "tiny.sub"(%s, %%mxe) : (%s, %s) -> %s' % (logits, t(s), t(s), t(s)),
        '  %%c = "tiny.const"() {value = %.9e : f32} : () -> tensor<f32>' % (scale * LOG2E),
        '  %%ds = "tiny.mul"(%%d, %%c) : (%s, tensor<f32>) -> %s' % (t(s), t(s)),
        '  %%e = "tiny.exp2"(%%ds) : (%s) -> %s' % (t(s), t(s)),
        '  %%sum = "tiny.reduce"(%%e) {acc_dtype = f32, axes = array<i64: %d>, op = "sum"} '
        ': (%s) -> %s' % (r + 1, t(s), t(row)),
        '  %%sume = "tiny.expand"(%%sum) {broadcast_dimensions = array<i64: %s>} : (%s) -> %s' % (
            bd, t(row), t(s)),
        '  %%p = "tiny.fdiv"(%%e, %%sume) : (%s, %s) -> %s' % (t(s), t(s), t(s)),
        '  %%ph = "tiny.cast"(%%p) : (%s) -> %s' % (t(s), t(s, dtype)),
        '  %%o = "tiny.contract"(%%ph, %%V) {acc_dtype = f32, lhs_idx = [%s], '
        'out_idx = [%s], pattern = "matmul", reduce_idx = ["n"], rhs_idx = [%s]} '
        ': (%s, %s) -> %s' % (
            ", ".join('"%s"' % x for x in idx + ["m", "n"]),
            ", ".join('"%s"' % x for x in idx + ["m", "d"]),
            ", ".join('"%s"' % x for x in kidx + ["n", "d"]),
            t(s, dtype), t(k, dtype), t(o)),
        '  %%oh = "tiny.cast"(%%o) : (%s) -> %s' % (t(o), t(o, dtype)),
    ]
    if natural:
        lines += [
            '  %%l2 = "tiny.log2"(%%sum) : (%s) -> %s' % (t(row), t(row)),
            '  %%ln2 = "tiny.const"() {value = %.9e : f32} : () -> tensor<f32>' % LN2,
            '  %%ln = "tiny.mul"(%%l2, %%ln2) : (%s, tensor<f32>) -> %s' % (t(row), t(row)),
            '  %%k = "tiny.const"() {value = %.9e : f32} : () -> tensor<f32>' % (scale * LOG2E * LN2),
            '  %%mk = "tiny.mul"(%%mx, %%k) : (%s, tensor<f32>) -> %s' % (t(row), t(row)),
            '  %%lse = "tiny.add"(%%ln, %%mk) : (%s, %s) -> %s' % (t(row), t(row), t(row)),
        ]
    elif lse:
        lines += [
            '  %%l2 = "tiny.log2"(%%sum) : (%s) -> %s' % (t(row), t(row)),
            '  %%mc = "tiny.mul"(%%mx, %%c) : (%s, tensor<f32>) -> %s' % (t(row), t(row)),
            '  %%lsum = "tiny.add"(%%mc, %%l2) : (%s, %s) -> %s' % (t(row), t(row), t(row)),
            '  %%ln2 = "tiny.const"() {value = %.9e : f32} : () -> tensor<f32>' % LN2,
            '  %%lse = "tiny.mul"(%%lsum, %%ln2) : (%s, tensor<f32>) -> %s' % (t(row), t(row)),
        ]
    features = "in=%s D=%d causal=%d scale=%s batch=%s gqa=%d bias=%s maskt=%s" % (
        dtype, d, int(causal), "1" if sharp else "rsqrtD", "+".join(batch), int(gqa),
        bias if bias == "none" else "%s-%s" % (bias, bias_type), maskt)
    if d != dt:
        features += " Dt=%d" % dt
    if all_static:
        features += " static=all"
    elif static_n:
        features += " Lk=static"
    if LSE > 0:
        features += " lse=%s" % ("ln" if natural else int(lse))
    if MANY > 0:
        features += " many=%d" % int(many)
    plan = device = None
    if balanced:  # a grid of 1 .. units / 3 CTAs: three rounds of pairs or more
        n = -(-sizes["M"] // (192 if three else 128))
        grids = range(1, max(1, (z * n + 1) // 6) + 1)
        filled = [g for g in grids if balanced_fill(z, n, g)]
        sms = rng.choice(filled if filled and rng.random() < 0.5 else grids)
        choice = '"grid": "balanced"' + (
            ', "attention": "online_softmax.m192"' if three else "")
        plan = '{"region": "%s_r1", "algo_choice": {%s}}' % (name, choice)
        device = "sms=%d" % sms
        features += " grid=balanced sms=%d m192=%d" % (sms, int(three))
    elif stream:  # a ragged last round of T work tiles on S CTAs if any
        bm = 192 if dt == 64 else 128  # the planner's non-causal tile
        tiles = z * -(-sizes["M"] // bm)
        ragged = [g for g in range(1, 6) if tiles > g and tiles % g]
        sms = rng.choice(ragged) if ragged else rng.randint(1, 5)
        plan = '{"region": "%s_r1", "algo_choice": {"grid": "stream"}}' % name
        device = "sms=%d" % sms
        features += " grid=stream sms=%d" % sms
    elif FEW_SMS > 0 and not many and rng.random() < FEW_SMS:
        # The planner's own grid (persistent; balanced when causal) on 1 to
        # 3 CTAs: several visits a CTA with ordinary row counts, where a
        # consumer of the last query tile may own no row (the turn
        # hand-over's hang of runs pd-3 and hg-1 needed exactly that).
        sms = rng.randint(1, 3)
        device = "sms=%d" % sms
        features += " sms=%d" % sms
    results = '%s {dlc.name = "O"}' % t(o, dtype) + (
        ', %s {dlc.name = "LSE"}' % t(row) if lse else "")
    returned = "%%oh%s : %s%s" % (", %lse" if lse else "", t(o, dtype),
                                  ", " + t(row) if lse else "")
    args = "".join(', %%%s: %s {dlc.name = "%s"}' % (n, t(sh, ty), n) for n, sh, ty in extra)
    text = ("// %s\nfunc.func @%s(%%Q: %s {dlc.name = \"Q\"}, %%K: %s {dlc.name = \"K\"}, "
            "%%V: %s {dlc.name = \"V\"}%s)\n    -> (%s) {\n%s\n"
            "  return %s\n}\n") % (
                features, name, t(q, dtype), t(k, dtype), t(k, dtype), args, results,
                "\n".join(lines), returned)
    used = [x for x in ["B", "H", "G", "M", "N"] if x in b or x in ("M", "N")]
    bind = ",".join("%s=%d" % (x, sizes[x]) for x in used if x not in statics)
    shown = " ".join("%s=%d" % (x, sizes[x]) for x in used)
    # The reference rounds P / l to the operand type, the kernel the
    # unnormalised P: two roundings of P, each within u = 2^-8 (bf16) or
    # 2^-11 (f16) relative, put up to 2 u sum_n p |v| <= 2 u max|V| (inputs
    # in [-1, 1]) between the two outputs.
    atol = 2.0 * (2.0 ** -8 if dtype == "bf16" else 2.0 ** -11)
    return (name, text, bind, shown, features, None, "--atol %g" % max(atol, 1e-3),
            plan, None, device)


if __name__ == "__main__":
    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--lse", type=float, default=0.0)
    extra.add_argument("--many", type=float, default=0.0)
    extra.add_argument("--balanced", type=float, default=0.0)
    extra.add_argument("--d256", type=float, default=0.0)
    extra.add_argument("--padded-d", type=float, default=0.0)
    extra.add_argument("--few-sms", type=float, default=0.0)
    extra.add_argument("--stream", type=float, default=0.0)
    extra.add_argument("--static-keys", type=float, default=0.0)
    extra.add_argument("--all-static", type=float, default=0.0)
    known, rest = extra.parse_known_args()
    LSE = known.lse
    MANY = known.many
    BALANCED = known.balanced
    D256 = known.d256
    PADDED = known.padded_d
    FEW_SMS = known.few_sms
    STREAM = known.stream
    STATIC_KEYS = known.static_keys
    ALL_STATIC = known.all_static
    sys.argv = sys.argv[:1] + rest
    generate(__doc__, make)
