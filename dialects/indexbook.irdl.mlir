// The `indexbook` dialect: per-value IndexInfo (spec §4) as ops.
// Reference: docs/dialects/indexbook.md. Conventions: docs/conventions.md.
//
// An IndexBook is a `func.func` produced from a tiny function by
// tiny -> indexbook lowering: one indexbook op per tiny compute op (same result
// type), graph inputs wrapped by indexbook.leaf; movement ops disappear into
// the consumers' maps, except a masked movement chain (pad, out-of-bounds
// view), which stays as one indexbook.view. The function lists the graph
// symbols in order:
//   func.func @f(...) attributes {indexbook.symbols = ["M", "K", "N"]}
//
// Every op carries (all builtin attributes, DESIGN.md decisions 2 and 4):
//   axes   ArrayAttr of DictionaryAttr, one per axis of the op's iteration
//          space: {name = "i0", size = "M" (a symbol) | 64,
//          kind = "iter" | "reduce" | "broadcast"}. Axes are named i0, i1,
//          ... in order; for reduce/contract the space is the pre-deletion
//          one and the result keeps the non-"reduce" axes, in order.
//   domain ArrayAttr of IntegerSetAttr: a union of pieces, dims = `axes`,
//          symbols = the function's symbols. Points of the box
//          (0 <= ik < size_k) outside the domain hold 0 (not `valid`); for
//          reduce/contract they are skipped.
//   maps   ArrayAttr of AffineMapAttr, one per operand: iteration axes (and
//          symbols) -> operand axes. Affine + floordiv (mod by a positive
//          constant is accepted as its floordiv form); a broadcast is a 0.
//   flags  DictionaryAttr, e.g. {} or {non_scop = true}.
// IRDL ops have no traits, so they print in generic form. IRDL checks counts,
// tensor operands/results, attribute presence and base kinds, and
// enumerations; the contents of axes/domain/maps are checked by DLC passes.
// IRDL variadic operands must all have one type, so elementwise ops are split
// by arity (unary / binary / ternary) instead of one variadic `map` op.

module {
irdl.dialect @indexbook {

  // indexbook.leaf: a graph input (a function argument). Its axes are fresh
  // (i0, i1, ...) and its domain is the box 0 <= ik < size_k. The result has
  // the argument's type.
  //   %a = "indexbook.leaf"(%A) {axes = [{kind = "iter", name = "i0", size = "M"}],
  //        domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
  //        : (tensor<?xf16, ["M"]>) -> tensor<?xf16, ["M"]>
  irdl.operation @leaf {
    %t = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %flags = irdl.base "#builtin.dictionary"
    irdl.operands(input: %t)
    irdl.results(result: %t)
    irdl.attributes {"axes" = %axes, "domain" = %domain, "flags" = %flags}
  }

  // indexbook.const: a splat of `value` (FloatAttr or IntegerAttr); every axis
  // is "broadcast".
  //   %z = "indexbook.const"() {axes = [], domain = [affine_set<()[s0] : (0 == 0)>],
  //        flags = {}, value = 0.000000e+00 : f32} : () -> tensor<f32>
  irdl.operation @const {
    %r = irdl.base "!builtin.tensor"
    %float = irdl.base "#builtin.float"
    %int = irdl.base "#builtin.integer"
    %value = irdl.any_of(%float, %int)
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %flags = irdl.base "#builtin.dictionary"
    irdl.results(result: %r)
    irdl.attributes {"value" = %value, "axes" = %axes, "domain" = %domain,
                     "flags" = %flags}
  }

  // indexbook.view: a masked movement chain (pad, a view that may read out of
  // bounds) composed into one map: result[i] = input[maps[0](i)] where i is
  // in the domain (the in-bounds pieces), 0 elsewhere in the box. Unmasked
  // chains need no view: they fold into the consumer's map.
  //   %xp = "indexbook.view"(%x) {axes = [{kind = "iter", name = "i0", size = 58}],
  //         domain = [affine_set<(d0) : (d0 - 1 >= 0, -d0 + 56 >= 0)>], flags = {},
  //         maps = [affine_map<(d0) -> (d0 - 1)>]}
  //         : (tensor<56xf16>) -> tensor<58xf16>
  irdl.operation @view {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %maps = irdl.base "#builtin.array"
    %flags = irdl.base "#builtin.dictionary"
    irdl.operands(input: %x)
    irdl.results(result: %r)
    irdl.attributes {"axes" = %axes, "domain" = %domain, "maps" = %maps,
                     "flags" = %flags}
  }

  // indexbook.unary: result[i] = fn(x[maps[0](i)]); fn names the tiny op
  // (cast: to the result's element type; valid: i1, true where maps[0](i)
  // lies in x's domain).
  //   %y = "indexbook.unary"(%x) {axes = [...], domain = [...], flags = {},
  //        fn = "exp2", maps = [affine_map<(d0)[s0] -> (d0)>]}
  //        : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @unary {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %neg = irdl.is "neg"
    %exp2 = irdl.is "exp2"
    %log2 = irdl.is "log2"
    %sqrt = irdl.is "sqrt"
    %recip = irdl.is "recip"
    %sin = irdl.is "sin"
    %cast = irdl.is "cast"
    %valid = irdl.is "valid"
    %fn = irdl.any_of(%neg, %exp2, %log2, %sqrt, %recip, %sin, %cast, %valid)
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %maps = irdl.base "#builtin.array"
    %flags = irdl.base "#builtin.dictionary"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"fn" = %fn, "axes" = %axes, "domain" = %domain,
                     "maps" = %maps, "flags" = %flags}
  }

  // indexbook.binary: result[i] = fn(lhs[maps[0](i)], rhs[maps[1](i)]); the
  // broadcast of tiny is explicit here (0 / missing axes in a map).
  //   %c1 = "indexbook.binary"(%acc, %bias) {axes = [...], domain = [...],
  //         flags = {}, fn = "add", maps = [affine_map<(d0, d1)[s0] -> (d0, d1)>,
  //         affine_map<(d0, d1)[s0] -> (d1)>]}
  //         : (tensor<?x64xf32, ["M", 64]>, tensor<64xf32>) -> tensor<?x64xf32, ["M", 64]>
  irdl.operation @binary {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %add = irdl.is "add"
    %sub = irdl.is "sub"
    %mul = irdl.is "mul"
    %fdiv = irdl.is "fdiv"
    %max = irdl.is "max"
    %pow = irdl.is "pow"
    %idiv = irdl.is "idiv"
    %mod = irdl.is "mod"
    %cmplt = irdl.is "cmplt"
    %cmpne = irdl.is "cmpne"
    %fn = irdl.any_of(%add, %sub, %mul, %fdiv, %max, %pow, %idiv, %mod, %cmplt, %cmpne)
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %maps = irdl.base "#builtin.array"
    %flags = irdl.base "#builtin.dictionary"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
    irdl.attributes {"fn" = %fn, "axes" = %axes, "domain" = %domain,
                     "maps" = %maps, "flags" = %flags}
  }

  // indexbook.ternary: result[i] = fn(a0[maps[0](i)], a1[maps[1](i)],
  // a2[maps[2](i)]); fn = "where" (cond ? a : b).
  //   %y = "indexbook.ternary"(%c, %x, %z) {axes = [...], domain = [...],
  //        flags = {}, fn = "where", maps = [#id, #id, affine_map<(d0)[s0] -> ()>]}
  //        : (tensor<?xi1, ["N"]>, tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xf32, ["N"]>
  irdl.operation @ternary {
    %cond = irdl.base "!builtin.tensor"
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %fn = irdl.is "where"
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %maps = irdl.base "#builtin.array"
    %flags = irdl.base "#builtin.dictionary"
    irdl.operands(cond: %cond, a: %a, b: %b)
    irdl.results(result: %r)
    irdl.attributes {"fn" = %fn, "axes" = %axes, "domain" = %domain,
                     "maps" = %maps, "flags" = %flags}
  }

  // indexbook.reduce: `axes` is the pre-deletion iteration space; the axes at
  // positions reduce_axes have kind "reduce" and are removed from the result
  // (spec §4.3.4, §4.4). result[i without reduce axes] = op over the domain of
  // x[maps[0](i)], accumulated in acc_dtype.
  //   %c0 = "indexbook.reduce"(%t) {acc_dtype = f32, axes = [i0 iter, i1 reduce, i2 iter],
  //         domain = [...], flags = {}, maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1, d2)>],
  //         op = "sum", reduce_axes = array<i64: 1>}
  //         : (tensor<?x?x?xf16, ["M", "K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @reduce {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %sum = irdl.is "sum"
    %max = irdl.is "max"
    %min = irdl.is "min"
    %op = irdl.any_of(%sum, %max, %min)
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %maps = irdl.base "#builtin.array"
    %reduce_axes = irdl.base "#builtin.dense_array"
    %f16 = irdl.is f16
    %bf16 = irdl.is bf16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %i32 = irdl.is i32
    %i64 = irdl.is i64
    %acc = irdl.any_of(%f16, %bf16, %f32, %f64, %i32, %i64)
    %flags = irdl.base "#builtin.dictionary"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"op" = %op, "axes" = %axes, "domain" = %domain,
                     "maps" = %maps, "reduce_axes" = %reduce_axes,
                     "acc_dtype" = %acc, "flags" = %flags}
  }

  // indexbook.contract: mul -> reduce(sum) as one op (ContractionPattern):
  // result[i without reduce axes] = sum over the domain of
  // lhs[maps[0](i)] * rhs[maps[1](i)], accumulated in acc_dtype.
  //   %c0 = "indexbook.contract"(%a, %b) {acc_dtype = f32, axes = [i0 iter, i1 reduce, i2 iter],
  //         domain = [...], flags = {}, maps = [affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1)>,
  //         affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>], pattern = "matmul",
  //         reduce_axes = array<i64: 1>}
  //         : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @contract {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %matmul = irdl.is "matmul"
    %conv2d = irdl.is "conv2d"
    %pattern = irdl.any_of(%matmul, %conv2d)
    %axes = irdl.base "#builtin.array"
    %domain = irdl.base "#builtin.array"
    %maps = irdl.base "#builtin.array"
    %reduce_axes = irdl.base "#builtin.dense_array"
    %f16 = irdl.is f16
    %bf16 = irdl.is bf16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %i32 = irdl.is i32
    %i64 = irdl.is i64
    %acc = irdl.any_of(%f16, %bf16, %f32, %f64, %i32, %i64)
    %flags = irdl.base "#builtin.dictionary"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
    irdl.attributes {"pattern" = %pattern, "axes" = %axes, "domain" = %domain,
                     "maps" = %maps, "reduce_axes" = %reduce_axes,
                     "acc_dtype" = %acc, "flags" = %flags}
  }
}
}
