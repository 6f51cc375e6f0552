// The `tiny` dialect: DLC's entry IR, compatible with tinygrad UOps (spec §3).
// Reference: docs/dialects/tiny.md. Conventions: docs/conventions.md.
//
// A tiny program is a `func.func` whose arguments are the graph inputs and
// whose results (func.return) are the graph outputs. Every value is a builtin
// ranked tensor; a `?` dimension is named by the tensor's encoding:
//   tensor<?x?xf16, ["M", "K"]>     X[M, K]
// Ops hold no regions and carry only builtin attributes (DESIGN.md decisions
// 2-3). IRDL ops have no traits, so they print in generic form:
//   %y = "tiny.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
//
// What IRDL checks here: operand/result counts, that operands and results are
// ranked tensors, the presence and base kind of every attribute, and
// enumerations. Within one op, one constraint value used twice means "the same
// type" (e.g. tiny.neg's operand and result). What IRDL cannot check (element
// types, ranks, attribute contents such as map arity or array lengths, the
// right-aligned broadcast of binary ops) is left to the tiny-verify pass and
// later passes; see docs/dialects/tiny.md, "What the IRDL verifier checks".
//
// Attributes that are maps use affine_map<(d...)[s...] -> (...)>: d = result
// indices, s = graph symbols in signature order, results = source indices.

module {
irdl.dialect @tiny {

  //===--------------------------------------------------------------------===//
  // Movement (view) ops: no data movement; they only change how elements are
  // addressed. Reads that fall outside the source are 0 and not `valid`.
  //===--------------------------------------------------------------------===//

  // tiny.view: general affine view. result[i] = x[map(i)]; map takes the
  // result indices (and the graph symbols, in signature order) to source
  // indices (affine + floordiv/mod by constants). Out-of-bounds reads give 0.
  //   %v = "tiny.view"(%x) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>}
  //        : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  irdl.operation @view {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %map = irdl.base "#builtin.affine_map"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"map" = %map}
  }

  // tiny.reshape: same elements in row-major order, new shape = result type
  // (element counts must agree).
  //   %r = "tiny.reshape"(%x) : (tensor<4x8xf32>) -> tensor<32xf32>
  irdl.operation @reshape {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %r)
  }

  // tiny.permute: result dim j is operand dim order[j].
  //   %t = "tiny.permute"(%x) {order = array<i64: 1, 0>}
  //        : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["K", "M"]>
  irdl.operation @permute {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %order = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"order" = %order}
  }

  // tiny.expand: broadcast. Operand dim i goes to result dim
  // broadcast_dimensions[i] (strictly increasing); an operand dim is 1 or
  // equal to its result dim; the result type gives the shape. A same-rank
  // expand uses the identity list.
  //   %b = "tiny.expand"(%bias) {broadcast_dimensions = array<i64: 1>}
  //        : (tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
  irdl.operation @expand {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %bd = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"broadcast_dimensions" = %bd}
  }

  // tiny.pad: zero padding; padding = [lo0, hi0, lo1, hi1, ...] (>= 0), one
  // pair per dim. The padded elements are 0 and not `valid`.
  //   %p = "tiny.pad"(%x) {padding = array<i64: 1, 1, 1, 1>}
  //        : (tensor<6x6xf16>) -> tensor<8x8xf16>
  irdl.operation @pad {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %padding = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"padding" = %padding}
  }

  // tiny.shrink: strided slice. result[.., t, ..] (dim j) reads operand index
  // offsets[j] + steps[j] * t (steps >= 1); the extent comes from the result.
  //   %s = "tiny.shrink"(%x) {offsets = array<i64: 0, 1>, steps = array<i64: 1, 2>}
  //        : (tensor<8x8xf16>) -> tensor<8x3xf16>
  irdl.operation @shrink {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %offsets = irdl.base "#builtin.dense_array"
    %steps = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"offsets" = %offsets, "steps" = %steps}
  }

  // tiny.flip: reverse the listed dims (negative stride; not an error, §3.4).
  // Result type = operand type.
  //   %f = "tiny.flip"(%x) {axes = array<i64: 0>} : (tensor<8xf32>) -> tensor<8xf32>
  irdl.operation @flip {
    %t = irdl.base "!builtin.tensor"
    %axes = irdl.base "#builtin.dense_array"
    irdl.operands(x: %t)
    irdl.results(result: %t)
    irdl.attributes {"axes" = %axes}
  }

  // tiny.valid: i1 tensor of the operand's shape, true where the element of
  // %x comes from an in-bounds element of its base value (not padding, not an
  // out-of-bounds view read).
  //   %m = "tiny.valid"(%p) : (tensor<8x8xf16>) -> tensor<8x8xi1>
  irdl.operation @valid {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %r)
  }

  //===--------------------------------------------------------------------===//
  // Elementwise unary: one operand, one result of the same type.
  //===--------------------------------------------------------------------===//

  // tiny.neg: -x.
  //   %y = "tiny.neg"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @neg {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(x: %t)
    irdl.results(result: %t)
  }

  // tiny.exp2: 2^x.
  //   %y = "tiny.exp2"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @exp2 {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(x: %t)
    irdl.results(result: %t)
  }

  // tiny.log2: log2(x).
  //   %y = "tiny.log2"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @log2 {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(x: %t)
    irdl.results(result: %t)
  }

  // tiny.sqrt: sqrt(x).
  //   %y = "tiny.sqrt"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @sqrt {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(x: %t)
    irdl.results(result: %t)
  }

  // tiny.recip: 1 / x.
  //   %y = "tiny.recip"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @recip {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(x: %t)
    irdl.results(result: %t)
  }

  // tiny.sin: sin(x).
  //   %y = "tiny.sin"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @sin {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(x: %t)
    irdl.results(result: %t)
  }

  // tiny.cast: element type conversion; the target element type is the
  // result's, the shape is unchanged.
  //   %h = "tiny.cast"(%x) : (tensor<?xf32, ["N"]>) -> tensor<?xf16, ["N"]>
  irdl.operation @cast {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %r)
  }

  //===--------------------------------------------------------------------===//
  // Elementwise binary: two operands with right-aligned broadcasting (checked
  // by a DLC pass, E1001 BroadcastMismatch); the result has the broadcast
  // shape.
  //===--------------------------------------------------------------------===//

  // tiny.add: lhs + rhs.
  //   %z = "tiny.add"(%a, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>)
  //        -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @add {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.sub: lhs - rhs.
  //   %z = "tiny.sub"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  irdl.operation @sub {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.mul: lhs * rhs.
  //   %z = "tiny.mul"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  irdl.operation @mul {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.fdiv: lhs / rhs (floating point).
  //   %z = "tiny.fdiv"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  irdl.operation @fdiv {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.max: max(lhs, rhs).
  //   %z = "tiny.max"(%a, %b) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  irdl.operation @max {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.pow: lhs ^ rhs.
  //   %z = "tiny.pow"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  irdl.operation @pow {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.idiv: integer division, rounding toward zero (tinygrad IDIV).
  //   %z = "tiny.idiv"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  irdl.operation @idiv {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.mod: integer remainder, sign of lhs (pairs with tiny.idiv).
  //   %z = "tiny.mod"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  irdl.operation @mod {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.cmplt: lhs < rhs, an i1 tensor.
  //   %c = "tiny.cmplt"(%a, %b) : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  irdl.operation @cmplt {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  // tiny.cmpne: lhs != rhs, an i1 tensor.
  //   %c = "tiny.cmpne"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  irdl.operation @cmpne {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
  }

  //===--------------------------------------------------------------------===//
  // Ternary
  //===--------------------------------------------------------------------===//

  // tiny.where: cond ? a : b, elementwise, all three broadcast right-aligned;
  // cond is an i1 tensor.
  //   %y = "tiny.where"(%c, %a, %z)
  //        : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  irdl.operation @where {
    %cond = irdl.base "!builtin.tensor"
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    irdl.operands(cond: %cond, a: %a, b: %b)
    irdl.results(result: %r)
  }

  //===--------------------------------------------------------------------===//
  // Constant
  //===--------------------------------------------------------------------===//

  // tiny.const: a splat of `value` (FloatAttr or IntegerAttr) with the
  // result's shape and element type.
  //   %z = "tiny.const"() {value = 0.000000e+00 : f32} : () -> tensor<f32>
  irdl.operation @const {
    %float = irdl.base "#builtin.float"
    %int = irdl.base "#builtin.integer"
    %value = irdl.any_of(%float, %int)
    %r = irdl.base "!builtin.tensor"
    irdl.results(result: %r)
    irdl.attributes {"value" = %value}
  }

  //===--------------------------------------------------------------------===//
  // Reduce and contraction
  //===--------------------------------------------------------------------===//

  // tiny.reduce: reduce `axes` with `op`; the axes are removed (keepdim =
  // false). Accumulation happens in acc_dtype; the result element type is the
  // result's (usually acc_dtype). Neutral: sum 0, max -inf, min +inf.
  //   %s = "tiny.reduce"(%x) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"}
  //        : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  irdl.operation @reduce {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %sum = irdl.is "sum"
    %max = irdl.is "max"
    %min = irdl.is "min"
    %op = irdl.any_of(%sum, %max, %min)
    %axes = irdl.base "#builtin.dense_array"
    %f16 = irdl.is f16
    %bf16 = irdl.is bf16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %i32 = irdl.is i32
    %i64 = irdl.is i64
    %acc = irdl.any_of(%f16, %bf16, %f32, %f64, %i32, %i64)
    irdl.operands(x: %x)
    irdl.results(result: %r)
    irdl.attributes {"op" = %op, "axes" = %axes, "acc_dtype" = %acc}
  }

  // tiny.contract: mul -> reduce(sum) as one op (einsum, §3.3):
  //   result[out_idx] = sum over reduce_idx of lhs[lhs_idx] * rhs[rhs_idx],
  // accumulated in acc_dtype. Index lists are arrays of strings, one per dim;
  // `pattern` names the tensorisation family. Conv strides and padding live
  // in the tiny.pad / tiny.view that build the windowed operand.
  //   %c = "tiny.contract"(%a, %b) {acc_dtype = f32, lhs_idx = ["m", "k"],
  //          out_idx = ["m", "n"], pattern = "matmul", reduce_idx = ["k"],
  //          rhs_idx = ["k", "n"]}
  //        : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>)
  //        -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @contract {
    %lhs = irdl.base "!builtin.tensor"
    %rhs = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %matmul = irdl.is "matmul"
    %conv2d = irdl.is "conv2d"
    %pattern = irdl.any_of(%matmul, %conv2d)
    %lhs_idx = irdl.base "#builtin.array"
    %rhs_idx = irdl.base "#builtin.array"
    %out_idx = irdl.base "#builtin.array"
    %reduce_idx = irdl.base "#builtin.array"
    %f16 = irdl.is f16
    %bf16 = irdl.is bf16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %i32 = irdl.is i32
    %i64 = irdl.is i64
    %acc = irdl.any_of(%f16, %bf16, %f32, %f64, %i32, %i64)
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(result: %r)
    irdl.attributes {"pattern" = %pattern, "lhs_idx" = %lhs_idx,
                     "rhs_idx" = %rhs_idx, "out_idx" = %out_idx,
                     "reduce_idx" = %reduce_idx, "acc_dtype" = %acc}
  }

  //===--------------------------------------------------------------------===//
  // Load / store: the logical accesses of the graph signature (§3.3)
  //===--------------------------------------------------------------------===//

  // tiny.load: logical read of a graph input (a function argument) through an
  // affine map: result[i] = input[map(i)] (map: result indices, symbols ->
  // input indices).
  //   %a = "tiny.load"(%A) {map = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>}
  //        : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x?xf16, ["M", "K"]>
  irdl.operation @load {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %map = irdl.base "#builtin.affine_map"
    irdl.operands(input: %x)
    irdl.results(result: %r)
    irdl.attributes {"map" = %map}
  }

  // tiny.store: the value written to a graph output: output[i] =
  // value[map(i)] (map: output indices, symbols -> value indices). Its result
  // is the stored tensor, which the function returns.
  //   %o = "tiny.store"(%y) {map = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>}
  //        : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  irdl.operation @store {
    %x = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %map = irdl.base "#builtin.affine_map"
    irdl.operands(value: %x)
    irdl.results(result: %r)
    irdl.attributes {"map" = %map}
  }
}
}
