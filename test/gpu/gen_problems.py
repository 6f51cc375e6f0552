#!/usr/bin/env python3
"""Random GEMM-family problems in the tiny dialect, for the GPU differential
harness (test/gpu/README.md).

Each problem varies, independently: the layout of each operand (A stored
[M,K] or [K,M], B stored [K,N] or [N,K]), the input type (f16 or bf16),
the output type (f16, bf16 or f32), static / symbolic / mixed sizes, a
batch axis (both operands batched, or B shared across it), how the product
is written (mul then reduce, tinygrad's cast-widened product, or the
reduced axis permuted to the front), and an epilogue of up to three steps
as graph exporters write them (bias, residual, scale, ReLU as max or
where, SiLU/sigmoid/GELU in tinygrad's decomposed forms, clamp, fan-out),
plus the dot forms (1-D x 2-D, 2-D x 1-D) with f32 results.

usage: gen_problems.py --count N --seed S --out DIR
Writes DIR/pNNN.tiny.mlir and DIR/index.json: a list of
{"file", "func", "sizes" ("M=..,N=.." or ""), "features"}.
"""
import argparse
import json
import os
import random

SIZES = [1, 2, 3, 5, 7, 8, 13, 16, 17, 31, 32, 33, 47, 61, 64, 65, 96, 97,
         100, 127, 128, 129, 160, 191, 199, 200, 255, 256, 257, 300]
EPILOGUES = ["bias_n", "bias_m", "residual", "scale", "relu_max",
             "relu_where", "silu", "sigmoid", "gelu", "clamp", "fanout"]
LOG2E = 1.4426950408889634


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


class Body:
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

    def const(self, value):
        self.n += 1
        v = "%%v%d" % self.n
        self.lines.append('  %s = "tiny.const"() {value = %r : f32} : () -> tensor<f32>'
                          % (v, float(value)))
        return (v, ([], "f32"))


def pick_sizes(rng, batch):
    while True:
        b = rng.choice([1, 2, 3]) if batch else 1
        m, n, k = rng.choice(SIZES), rng.choice(SIZES), rng.choice(SIZES)
        if b * m * n * k <= 3_000_000:
            return b, m, n, k


def make_dims(rng, values, names):
    mode = rng.choice(["symbolic", "static", "mixed"])
    dims = {}
    for name, value in zip(names, values):
        static = mode == "static" or (mode == "mixed" and rng.random() < 0.5)
        dims[name] = Dim(name, value, static)
    return mode, dims


def epilogue(body, rng, x, shape, dims, args, steps):
    """Applies `steps` to x (f32, shape) and returns the value."""
    f32 = lambda: (shape, "f32")
    for step in steps:
        if step == "bias_n":
            args.append(("bias_n", [dims["N"]], "f16"))
            b = ("%bias_n", ([dims["N"]], "f16"))
            bc = body.op("tiny.cast", [b], ([dims["N"]], "f32"))
            x = body.op("tiny.add", [x, bc], f32())
        elif step == "bias_m":
            args.append(("bias_m", [dims["M"]], "f32"))
            b = ("%bias_m", ([dims["M"]], "f32"))
            br = body.op("tiny.reshape", [b], ([dims["M"], ONE], "f32"))
            x = body.op("tiny.add", [x, br], f32())
        elif step == "residual":
            args.append(("res", shape, "f16"))
            r = ("%res", (shape, "f16"))
            rc = body.op("tiny.cast", [r], (shape, "f32"))
            x = body.op("tiny.add", [x, rc], f32())
        elif step == "scale":
            x = body.op("tiny.mul", [x, body.const(rng.choice([0.5, 0.125, -0.75]))], f32())
        elif step == "relu_max":
            x = body.op("tiny.max", [x, body.const(0.0)], f32())
        elif step == "relu_where":
            z = body.const(0.0)
            c = body.op("tiny.cmplt", [z, x], (shape, "i1"))
            x = body.op("tiny.where", [c, x, z], f32())
        elif step in ("silu", "sigmoid", "fanout"):
            t = body.op("tiny.mul", [x, body.const(-LOG2E)], f32())
            e = body.op("tiny.exp2", [t], f32())
            d = body.op("tiny.add", [e, body.const(1.0)], f32())
            s = body.op("tiny.recip", [d], f32())
            if step == "sigmoid":
                x = s
            else:
                y = body.op("tiny.mul", [x, s], f32())
                x = body.op("tiny.add", [y, x], f32()) if step == "fanout" else y
        elif step == "gelu":  # tinygrad: 0.5 x (1 + tanh(sqrt(2/pi)(x + 0.044715 x^3)))
            x2 = body.op("tiny.mul", [x, x], f32())
            x3 = body.op("tiny.mul", [x2, x], f32())
            t = body.op("tiny.mul", [x3, body.const(0.044715)], f32())
            u = body.op("tiny.add", [x, t], f32())
            w = body.op("tiny.mul", [u, body.const(2 * 0.7978845608028654 * -LOG2E)], f32())
            e = body.op("tiny.exp2", [w], f32())
            d = body.op("tiny.add", [e, body.const(1.0)], f32())
            s = body.op("tiny.recip", [d], f32())  # sigmoid(2y) = (tanh(y) + 1) / 2
            hx = body.op("tiny.mul", [x, s], f32())  # 0.5 x (1 + tanh) = x sigmoid(2y)
            x = hx
        elif step == "clamp":
            lo = body.const(-1.0)
            hi = body.const(1.0)
            m = body.op("tiny.max", [x, lo], f32())
            c = body.op("tiny.cmplt", [hi, m], (shape, "i1"))
            x = body.op("tiny.where", [c, hi, m], f32())
    return x


def gemm_problem(rng, index):
    a_layout = rng.choice(["mk", "km"])
    b_layout = rng.choice(["kn", "nk"])
    dtype = rng.choice(["f16", "bf16"])
    out = rng.choice(["f16", "bf16", "f32"])
    batch = rng.choice(["none", "none", "both", "shared"])
    form = rng.choice(["mul", "castwide", "permreduce"])
    steps = rng.sample(EPILOGUES, rng.choice([0, 1, 1, 2, 3]))
    bv, mv, nv, kv = pick_sizes(rng, batch != "none")
    mode, dims = make_dims(rng, [bv, mv, nv, kv], ["B", "M", "N", "K"])
    B, M, N, K = dims["B"], dims["M"], dims["N"], dims["K"]
    if batch == "none":
        del dims["B"]
    lead = [B] if batch != "none" else []
    blead = [B] if batch == "both" else []

    body = Body()
    args = [("A", lead + ([M, K] if a_layout == "mk" else [K, M]), dtype),
            ("W", blead + ([K, N] if b_layout == "kn" else [N, K]), dtype)]
    a = ("%A", (args[0][1], dtype))
    if a_layout == "km":
        r = len(lead)
        a = body.op("tiny.permute", [a], (lead + [M, K], dtype),
                    "order = array<i64: %s>" % ", ".join(map(str, list(range(r)) + [r + 1, r])))
    a = body.op("tiny.reshape", [a], (lead + [M, ONE, K], dtype))
    w = ("%W", (args[1][1], dtype))
    wl = [B] if batch == "both" else ([ONE] if batch == "shared" else [])
    if b_layout == "kn":
        w = body.op("tiny.reshape", [w], (wl + [ONE, K, N], dtype))
        r = len(wl)
        w = body.op("tiny.permute", [w], (wl + [ONE, N, K], dtype),
                    "order = array<i64: %s>" % ", ".join(map(str, list(range(r)) + [r, r + 2, r + 1])))
    else:
        w = body.op("tiny.reshape", [w], (wl + [ONE, N, K], dtype))
    full = lead + [M, N, K]
    p = body.op("tiny.mul", [a, w], (full, dtype))
    shape = lead + [M, N]
    rank = len(full)
    if form == "mul":
        x = body.op("tiny.reduce", [p], (shape, "f32"),
                    'op = "sum", axes = array<i64: %d>, acc_dtype = f32' % (rank - 1))
    else:
        pc = body.op("tiny.cast", [p], (full, "f32"))
        if form == "castwide":
            x = body.op("tiny.reduce", [pc], (shape, "f32"),
                        'op = "sum", axes = array<i64: %d>, acc_dtype = f32' % (rank - 1))
        else:
            order = [rank - 1] + list(range(rank - 1))
            pk = body.op("tiny.permute", [pc], ([K] + shape, "f32"),
                         "order = array<i64: %s>" % ", ".join(map(str, order)))
            x = body.op("tiny.reduce", [pk], (shape, "f32"),
                        'op = "sum", axes = array<i64: 0>, acc_dtype = f32')
    x = epilogue(body, rng, x, shape, dims, args, steps)
    if out != "f32":
        x = body.op("tiny.cast", [x], (shape, out))
    features = "layout=%s%s in=%s out=%s batch=%s sizes=%s form=%s epilogue=%s" % (
        a_layout, b_layout, dtype, out, batch, mode, form, "+".join(steps) or "none")
    sizes = {"B": bv, "M": mv, "N": nv, "K": kv}
    return finish(index, "p%03d" % index, args, body, x, (shape, out), sizes, dims, features)


def dot_problem(rng, index):
    kind = rng.choice(["vecmat", "matvec"])
    kv, xv = rng.choice(SIZES), rng.choice(SIZES)
    mode, dims = make_dims(rng, [kv, xv], ["K", "M" if kind == "matvec" else "N"])
    K = dims["K"]
    body = Body()
    if kind == "vecmat":
        N = dims["N"]
        args = [("x", [K], "f16"), ("W", [K, N], "f16")]
        xr = body.op("tiny.reshape", [("%x", ([K], "f16"))], ([K, ONE], "f16"))
        p = body.op("tiny.mul", [xr, ("%W", ([K, N], "f16"))], ([K, N], "f16"))
        y = body.op("tiny.reduce", [p], ([N], "f32"), 'op = "sum", axes = array<i64: 0>, acc_dtype = f32')
        shape = [N]
    else:
        M = dims["M"]
        args = [("X", [M, K], "f16"), ("v", [K], "f16")]
        p = body.op("tiny.mul", [("%X", ([M, K], "f16")), ("%v", ([K], "f16"))], ([M, K], "f16"))
        y = body.op("tiny.reduce", [p], ([M], "f32"), 'op = "sum", axes = array<i64: 1>, acc_dtype = f32')
        shape = [M]
    sizes = {"K": kv, dims[list(dims)[1]].name: xv}
    return finish(index, "p%03d" % index, args, body, y, (shape, "f32"), sizes, dims,
                  "dot=%s sizes=%s out=f32" % (kind, mode))


def finish(index, name, args, body, result, rtype, sizes, dims, features):
    sig = ",\n    ".join('%%%s: %s {dlc.name = "%s"}' % (n, ttype(d, t), n) for n, d, t in args)
    text = "// %s\nfunc.func @%s(%s)\n    -> (%s {dlc.name = \"Y\"}) {\n%s\n  return %s : %s\n}\n" % (
        features, name, sig, ttype(*rtype), "\n".join(body.lines), result[0], ttype(*rtype))
    symbolic = [d.name for d in dims.values() if not d.static]
    bind = ",".join("%s=%d" % (s, sizes[s]) for s in symbolic if s in sizes)
    return name, text, bind, features


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    index = []
    for i in range(args.count):
        make = dot_problem if rng.random() < 0.08 else gemm_problem
        name, text, bind, features = make(rng, i)
        path = os.path.join(args.out, name + ".tiny.mlir")
        with open(path, "w") as f:
            f.write(text)
        index.append({"file": name + ".tiny.mlir", "func": name, "sizes": bind,
                      "features": features})
    with open(os.path.join(args.out, "index.json"), "w") as f:
        json.dump(index, f, indent=1)


if __name__ == "__main__":
    main()
