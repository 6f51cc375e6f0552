// Region boundaries (docs/passes/convert-indexbook-to-rbssa.md, "Several
// regions"): a non-SCoP value, outputs of different shapes, and attention's
// P (spec §5.1, §6.7 step 8, §15.3).
// RUN: dlc-opt %s --split-input-file --convert-tiny-to-indexbook --convert-indexbook-to-rbssa | FileCheck %s

// A non-SCoP value (a reshape swapping symbolic dims) ends a region: what
// it reads, exp2(a), is yielded to the intermediate buffer t0 (gmem: read
// back through a semi-affine map), which the next region reads.
// CHECK-LABEL: func.func @reshape_symbolic_r0(
// CHECK-SAME: %arg0: memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "arg0", rbssa.noalias, rbssa.role = "input"
// CHECK-SAME: %arg1: memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "arg1", rbssa.noalias, rbssa.role = "input"
// CHECK-SAME: %arg2: memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "K"]})
// CHECK-SAME: rbssa.iters = [{name = "m", size = "M"}, {name = "k", size = "K"}]{{.*}}rbssa.region = "reshape_symbolic_r0"
// CHECK-NEXT: %[[R:[0-9]+]] = "rbssa.read"(%arg0)
// CHECK-NEXT: %[[E:[0-9]+]] = "rbssa.unary"(%[[R]]) {fn = "exp2"}
// CHECK-NEXT: "rbssa.yield"(%[[E]], %arg2) {cast = f32, materialize = "gmem"}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @reshape_symbolic_r1(
// CHECK-SAME: %arg2: memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "K"]}
// CHECK-SAME: %arg3: memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "result0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["K", "M"]})
// CHECK-SAME: rbssa.region = "reshape_symbolic_r1"
// CHECK-NEXT: %[[T:[0-9]+]] = "rbssa.read"(%arg2) {map = #{{map[0-9]*}}}
// CHECK-NEXT: %[[N:[0-9]+]] = "rbssa.unary"(%[[T]]) {fn = "neg"}
// CHECK-NEXT: %[[B:[0-9]+]] = "rbssa.read"(%arg1)
// CHECK-NEXT: %[[S:[0-9]+]] = "rbssa.binary"(%[[N]], %[[B]]) {fn = "add"}
// CHECK-NEXT: "rbssa.yield"(%[[S]], %arg3) {cast = f32, materialize = "gmem"}
// CHECK-LABEL: func.func private @reshape_symbolic(memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "arg0", rbssa.noalias, rbssa.role = "input", rbssa.shape = {{.*}}}, memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "arg1", rbssa.noalias, rbssa.role = "input", rbssa.shape = {{.*}}}, memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "result0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["K", "M"]})
// CHECK-SAME: attributes {rbssa.program = {buffers = [{consumers = ["reshape_symbolic_r1"], dtype = f32, materialize = "gmem", name = "t0", producer = "reshape_symbolic_r0", shape = ["M", "K"]}], regions = ["reshape_symbolic_r0", "reshape_symbolic_r1"]}}
func.func @reshape_symbolic(%a: tensor<?x?xf32, ["M", "K"]>, %b: tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]> {
  %e = "tiny.exp2"(%a) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r = "tiny.reshape"(%e) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %y = "tiny.neg"(%r) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %z = "tiny.add"(%y, %b) : (tensor<?x?xf32, ["K", "M"]>, tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %z : tensor<?x?xf32, ["K", "M"]>
}

// -----

// A non-SCoP read of a graph input needs no buffer: one region, the read
// keeps the semi-affine map and is not bounds-checked.
// CHECK: #[[$SEMI:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> ((d1 + d0 * s0) floordiv s1, (d1 + d0 * s0) mod s1)>
// CHECK-LABEL: func.func @reshape_input(
// CHECK-SAME: rbssa.region = "reshape_input"
// CHECK-NEXT: %[[R:[0-9]+]] = "rbssa.read"(%arg0) {map = #[[$SEMI]]}
// CHECK-NEXT: %[[N:[0-9]+]] = "rbssa.unary"(%[[R]]) {fn = "neg"}
// CHECK-NEXT: "rbssa.yield"(%[[N]], %arg1) {cast = f32, materialize = "gmem"}
// CHECK-NOT: rbssa.program
func.func @reshape_input(%a: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]> {
  %r = "tiny.reshape"(%a) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %y = "tiny.neg"(%r) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %y : tensor<?x?xf32, ["K", "M"]>
}

// -----

// Outputs of different shapes: one region per shape, no buffer (the shared
// exp2 is recomputed).
// CHECK-LABEL: func.func @two_shapes_r0(
// CHECK-SAME: %arg1: memref<?x?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "result0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "N"]})
// CHECK-SAME: rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [], rbssa.region = "two_shapes_r0"
// CHECK: "rbssa.yield"({{.*}}, %arg1) {cast = f32, materialize = "gmem"}
// CHECK-LABEL: func.func @two_shapes_r1(
// CHECK-SAME: %arg1: memref<?xf32> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "result1", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M"]})
// CHECK-SAME: rbssa.iters = [{name = "m", size = "M"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "two_shapes_r1"
// CHECK: %[[E:[0-9]+]] = "rbssa.unary"(%{{[0-9]+}}) {fn = "exp2"}
// CHECK-NEXT: %[[S:[0-9]+]] = "rbssa.reduce"(%[[E]]) {axes = array<i64: 1>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK-NEXT: "rbssa.yield"(%[[S]], %arg1) {cast = f32, materialize = "gmem"}
// CHECK-LABEL: func.func private @two_shapes(
// CHECK-SAME: attributes {rbssa.program = {buffers = [], regions = ["two_shapes_r0", "two_shapes_r1"]}}
func.func @two_shapes(%x: tensor<?x?xf32, ["M", "N"]>) -> (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["M"]>) {
  %e = "tiny.exp2"(%x) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %s = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return %e, %s : tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["M"]>
}

// -----

// Attention (§15.3): S = Q K^T, row softmax and P in the first region, P
// yielded "deferred" (the next region alone reads it, pointwise); P V in
// the second.
// CHECK-LABEL: func.func @attention_r0(
// CHECK-SAME: %arg3: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "N"]})
// CHECK-SAME: rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}], rbssa.reduce_iters = [{name = "d", size = "D"}], rbssa.region = "attention_r0"
// CHECK: "rbssa.reduce"({{.*}}op = "sum"
// CHECK: "rbssa.reduce"({{.*}}op = "max"
// CHECK: "rbssa.reduce"({{.*}}op = "sum"
// CHECK: "rbssa.yield"(%{{[0-9]+}}, %arg3) {cast = f16, materialize = "deferred"}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @attention_r1(
// CHECK-SAME: %arg3: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "N"]}
// CHECK-SAME: %arg4: memref<?x?xf16> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "result0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "D"]})
// CHECK-SAME: rbssa.iters = [{name = "m", size = "M"}, {name = "d", size = "D"}], rbssa.reduce_iters = [{name = "n", size = "N"}], rbssa.region = "attention_r1"
// CHECK-NEXT: %[[P:[0-9]+]] = "rbssa.read"(%arg3) {map = #{{map[0-9]*}}} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "D", "N"]>
// CHECK-NEXT: %[[V:[0-9]+]] = "rbssa.read"(%arg2)
// CHECK-NEXT: %[[PV:[0-9]+]] = "rbssa.binary"(%[[P]], %[[V]]) {fn = "mul"}
// CHECK-NEXT: %[[O:[0-9]+]] = "rbssa.reduce"(%[[PV]]) {axes = array<i64: 2>, dtype = f32, init = 0.000000e+00 : f32, op = "sum"}
// CHECK-NEXT: "rbssa.yield"(%[[O]], %arg4) {cast = f16, materialize = "gmem"}
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @attention(
// CHECK-SAME: attributes {rbssa.program = {buffers = [{consumers = ["attention_r1"], dtype = f16, materialize = "deferred", name = "t0", producer = "attention_r0", shape = ["M", "N"]}], regions = ["attention_r0", "attention_r1"]}}
func.func @attention(%Q: tensor<?x?xf16, ["M", "D"]>, %K: tensor<?x?xf16, ["N", "D"]>, %V: tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf16, ["M", "D"]> {
  %s = "tiny.contract"(%Q, %K) {pattern = "matmul", lhs_idx = ["m", "d"], rhs_idx = ["n", "d"],
                                out_idx = ["m", "n"], reduce_idx = ["d"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "D"]>, tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf32, ["M", "N"]>
  %mx = "tiny.reduce"(%s) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %mxe = "tiny.reshape"(%mx) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %d = "tiny.sub"(%s, %mxe) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %e = "tiny.exp2"(%d) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %sum = "tiny.reduce"(%e) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %sume = "tiny.reshape"(%sum) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
  %p = "tiny.fdiv"(%e, %sume) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %o = "tiny.contract"(%ph, %V) {pattern = "matmul", lhs_idx = ["m", "n"], rhs_idx = ["n", "d"],
                                 out_idx = ["m", "d"], reduce_idx = ["n"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "N"]>, tensor<?x?xf16, ["N", "D"]>) -> tensor<?x?xf32, ["M", "D"]>
  %oh = "tiny.cast"(%o) : (tensor<?x?xf32, ["M", "D"]>) -> tensor<?x?xf16, ["M", "D"]>
  return %oh : tensor<?x?xf16, ["M", "D"]>
}
