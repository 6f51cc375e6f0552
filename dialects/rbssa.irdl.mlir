// rbssa — Region Buffer SSA (spec §6). One region = one kernel.
//
// A region is a `func.func` carrying the attributes `rbssa.region` (its
// name), `rbssa.iters` (output axes, in output-memref order),
// `rbssa.reduce_iters` (axes that exist only inside reductions) and
// `rbssa.symbols` (symbol order, docs/conventions.md). Its arguments are the
// region's inputs and outputs as memrefs with argument attributes
// `rbssa.name`, `rbssa.role`, `rbssa.shape`, `rbssa.alignment`,
// `rbssa.noalias` and `rbssa.layout` (the spec's MemRef{shape, alignment,
// noalias, layout}). Everything inside is pure value SSA over builtin ranked
// tensors whose dimensions are the value's axes, named by the encoding
// (`tensor<?x?xf32, ["M", "N"]>`). Only `rbssa.yield` touches memory.
// See docs/dialects/rbssa.md.
//
// IRDL notes that apply to every op below:
//  * a constraint variable binds once per op: operands/results that share a
//    variable must have identical types (encoding included), which is how
//    "binary operands are already broadcast" (§6.4) is enforced;
//  * ops print in generic form and have no traits (no terminators, no
//    inferred types, no folding);
//  * ranks, element types and attribute/rank agreement (axes against the
//    body's rank, map arity against the result rank, ...) are not
//    expressible in IRDL; a DLC verifier pass (rbssa-verify) must check them.

irdl.dialect @rbssa {

  // Read: logical read of an input memref through an AxisMap (affine +
  // floordiv; dims = the result tensor's axes, symbols = rbssa.symbols).
  // The result tensor is indexed by the value's axes; a memref dimension not
  // named by the map is read once per point (C-CON1 direct read).
  //   %a = "rbssa.read"(%A) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  irdl.operation @read {
    %src = irdl.base "!builtin.memref"
    %res = irdl.base "!builtin.tensor"
    %map = irdl.base "#builtin.affine_map"
    irdl.operands(source: %src)
    irdl.results(result: %res)
    irdl.attributes {"map" = %map}
  }

  // Unary: elementwise function; result type equals operand type.
  //   %r = "rbssa.unary"(%c1) {fn = "relu"} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @unary {
    %t = irdl.base "!builtin.tensor"
    %neg = irdl.is "neg"
    %abs = irdl.is "abs"
    %exp = irdl.is "exp"
    %exp2 = irdl.is "exp2"
    %log = irdl.is "log"
    %log2 = irdl.is "log2"
    %sqrt = irdl.is "sqrt"
    %rsqrt = irdl.is "rsqrt"
    %recip = irdl.is "recip"
    %sin = irdl.is "sin"
    %cos = irdl.is "cos"
    %tanh = irdl.is "tanh"
    %sigmoid = irdl.is "sigmoid"
    %relu = irdl.is "relu"
    %silu = irdl.is "silu"
    %gelu = irdl.is "gelu"
    %gelu_tanh = irdl.is "gelu_tanh"
    %fn = irdl.any_of(%neg, %abs, %exp, %exp2, %log, %log2, %sqrt, %rsqrt, %recip, %sin, %cos, %tanh, %sigmoid, %relu, %silu, %gelu, %gelu_tanh)
    irdl.operands(x: %t)
    irdl.results(result: %t)
    irdl.attributes {"fn" = %fn}
  }

  // Binary: elementwise arithmetic on two values of the SAME type (shape,
  // element type and symbolic encoding); broadcasting must already be
  // explicit through rbssa.broadcast_in_dim (§6.4, E1001 otherwise).
  //   %c1 = "rbssa.binary"(%acc, %bias) {fn = "add"} : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @binary {
    %t = irdl.base "!builtin.tensor"
    %add = irdl.is "add"
    %sub = irdl.is "sub"
    %mul = irdl.is "mul"
    %div = irdl.is "div"
    %max = irdl.is "max"
    %min = irdl.is "min"
    %pow = irdl.is "pow"
    %fn = irdl.any_of(%add, %sub, %mul, %div, %max, %min, %pow)
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %t)
    irdl.attributes {"fn" = %fn}
  }

  // Compare: elementwise comparison of two values of the same type; the
  // result has the operands' shape with element type i1 (tinygrad CMPLT,
  // CMPNE, ...). Separate from rbssa.binary so that binary can require
  // result type == operand type.
  //   %p = "rbssa.compare"(%x, %y) {fn = "cmplt"} : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xi1, ["N"]>
  irdl.operation @compare {
    %t = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %lt = irdl.is "cmplt"
    %le = irdl.is "cmple"
    %eq = irdl.is "cmpeq"
    %ne = irdl.is "cmpne"
    %gt = irdl.is "cmpgt"
    %ge = irdl.is "cmpge"
    %fn = irdl.any_of(%lt, %le, %eq, %ne, %gt, %ge)
    irdl.operands(lhs: %t, rhs: %t)
    irdl.results(result: %r)
    irdl.attributes {"fn" = %fn}
  }

  // Select (domain predication, §6.5): the result is `then` where the
  // integer set `pred` (dims = the value's axes, symbols = rbssa.symbols)
  // holds and the neutral scalar `else` elsewhere. `then` is only evaluated
  // where `pred` holds (guards reads of pad/slice/tail domains).
  //   %x = "rbssa.select"(%xr) {pred = affine_set<(n)[N] : (n - 1 >= 0)>, else = 0.0 : f16} : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  irdl.operation @select {
    %t = irdl.base "!builtin.tensor"
    %set = irdl.base "#builtin.integer_set"
    %f = irdl.base "#builtin.float"
    %i = irdl.base "#builtin.integer"
    %neutral = irdl.any_of(%f, %i)
    irdl.operands(then: %t)
    irdl.results(result: %t)
    irdl.attributes {"pred" = %set, "else" = %neutral}
  }

  // SelectValue (WHERE on data): elementwise `pred ? then : else` with a
  // data mask (element type i1, same shape as then/else).
  //   %r = "rbssa.select_value"(%p, %a, %b) : (tensor<?xi1, ["N"]>, tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @select_value {
    %p = irdl.base "!builtin.tensor"
    %t = irdl.base "!builtin.tensor"
    irdl.operands(pred: %p, then: %t, else: %t)
    irdl.results(result: %t)
  }

  // Reduce (SRNF, C-CON1): `body` is a dataflow value computed over the
  // iteration space including the reduced axes; `axes` (positions in the
  // body's dimensions) are removed from the result. Accumulation happens in
  // `dtype` starting from `init` (the op's neutral: sum 0, max -inf, min +inf).
  //   %acc = "rbssa.reduce"(%t) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @reduce {
    %body = irdl.base "!builtin.tensor"
    %res = irdl.base "!builtin.tensor"
    %sum = irdl.is "sum"
    %max = irdl.is "max"
    %min = irdl.is "min"
    %op = irdl.any_of(%sum, %max, %min)
    %axes = irdl.base "#builtin.dense_array"
    %f = irdl.base "#builtin.float"
    %i = irdl.base "#builtin.integer"
    %init = irdl.any_of(%f, %i)
    %f16 = irdl.is f16
    %bf16 = irdl.is bf16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %i32 = irdl.is i32
    %i64 = irdl.is i64
    %dtype = irdl.any_of(%f16, %bf16, %f32, %f64, %i32, %i64)
    irdl.operands(body: %body)
    irdl.results(result: %res)
    irdl.attributes {"op" = %op, "axes" = %axes, "init" = %init, "dtype" = %dtype}
  }

  // BroadcastInDim (non-materialised): operand dim i becomes result dim
  // broadcast_dimensions[i]; the result shape is the result type.
  //   %b = "rbssa.broadcast_in_dim"(%bias) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @broadcast_in_dim {
    %x = irdl.base "!builtin.tensor"
    %res = irdl.base "!builtin.tensor"
    %dims = irdl.base "#builtin.dense_array"
    irdl.operands(operand: %x)
    irdl.results(result: %res)
    irdl.attributes {"broadcast_dimensions" = %dims}
  }

  // Transpose (non-materialised logical view): result dim i is operand dim
  // permutation[i]; lowered to ldmatrix.trans / TMA strides, not to a copy.
  //   %t = "rbssa.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["N", "K"]>
  irdl.operation @transpose {
    %x = irdl.base "!builtin.tensor"
    %res = irdl.base "!builtin.tensor"
    %perm = irdl.base "#builtin.dense_array"
    irdl.operands(operand: %x)
    irdl.results(result: %res)
    irdl.attributes {"permutation" = %perm}
  }

  // Cast: elementwise conversion to the result's element type (same shape).
  //   %b32 = "rbssa.cast"(%b) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  irdl.operation @cast {
    %x = irdl.base "!builtin.tensor"
    %res = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %res)
  }

  // Const: a scalar splatted over the result's axes.
  //   %c = "rbssa.const"() {value = 1.442695 : f32} : () -> tensor<?x?xf32, ["M", "N"]>
  irdl.operation @const {
    %res = irdl.base "!builtin.tensor"
    %f = irdl.base "#builtin.float"
    %i = irdl.base "#builtin.integer"
    %value = irdl.any_of(%f, %i)
    irdl.results(result: %res)
    irdl.attributes {"value" = %value}
  }

  // Yield: writes a value (over rbssa.iters) to an output memref argument,
  // converting elements to `cast` (equal to the memref's element type; an
  // i1 output holds one byte an element, 0 or 1, and a float yielded with
  // cast = i1 stores x != 0).
  // materialize = "gmem" writes global memory; "deferred" hands the value
  // to the next region on the same SM (no GMEM round trip, §6.7 step 8).
  // Not a terminator: func.return still ends the region function.
  //   "rbssa.yield"(%c2, %C) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  irdl.operation @yield {
    %v = irdl.base "!builtin.tensor"
    %out = irdl.base "!builtin.memref"
    %f16 = irdl.is f16
    %bf16 = irdl.is bf16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %i32 = irdl.is i32
    %i64 = irdl.is i64
    %i1 = irdl.is i1
    %cast = irdl.any_of(%f16, %bf16, %f32, %f64, %i32, %i64, %i1)
    %gmem = irdl.is "gmem"
    %deferred = irdl.is "deferred"
    %mat = irdl.any_of(%gmem, %deferred)
    irdl.operands(value: %v, output: %out)
    irdl.attributes {"cast" = %cast, "materialize" = %mat}
  }
}
