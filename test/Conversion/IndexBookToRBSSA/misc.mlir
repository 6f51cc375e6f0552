// Permuted reads, masks (valid / where / compare), several outputs, and an
// output broadcast along an axis.
// RUN: dlc-opt %s --split-input-file --convert-indexbook-to-rbssa | FileCheck %s

// Permutations stay in the read maps: values are kept in region-axis order,
// so no rbssa.transpose appears. c[k] = max over M of Y[M, K] reads Y at
// (m, k) from the body (k, m); t[k, m] = Y[m, k] is a transposed copy.

// CHECK-DAG: #[[$YT:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>
// CHECK-LABEL: func.func @colmax(
// CHECK-SAME: attributes {rbssa.iters = [{name = "k", size = "K"}], rbssa.reduce_iters = [{name = "m", size = "M"}], rbssa.region = "colmax", rbssa.symbols = ["M", "K"]}
// CHECK-NEXT: %[[RY:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$YT]]} : (memref<?x?xf32>) -> tensor<?x?xf32, ["K", "M"]>
// CHECK-NEXT: %[[C:.+]] = "rbssa.reduce"(%[[RY]]) {axes = array<i64: 1>, dtype = f32, init = 0xFF800000 : f32, op = "max"} : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?xf32, ["K"]>
// CHECK-NEXT: "rbssa.yield"(%[[C]], %{{.*}}) {cast = f32, materialize = "gmem"}
// CHECK-NOT: rbssa.transpose
func.func @colmax(%Y: tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["K"]> attributes {indexbook.symbols = ["M", "K"]} {
  %y = "indexbook.leaf"(%Y) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %c = "indexbook.reduce"(%y) {op = "max", acc_dtype = f32, reduce_axes = array<i64: 1>,
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "M", kind = "reduce"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d1, d0)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["K"]>
  return %c : tensor<?xf32, ["K"]>
}

// -----

// CHECK-DAG: #[[$YT:map[0-9]*]] = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>
// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: attributes {rbssa.iters = [{name = "k", size = "K"}, {name = "m", size = "M"}], rbssa.reduce_iters = []
// CHECK-NEXT: %[[RY:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$YT]]} : (memref<?x?xf32>) -> tensor<?x?xf32, ["K", "M"]>
// CHECK-NEXT: %[[N:.+]] = "rbssa.unary"(%[[RY]]) {fn = "neg"}
// CHECK-NEXT: "rbssa.yield"(%[[N]], %{{.*}}) {cast = f32, materialize = "gmem"} : (tensor<?x?xf32, ["K", "M"]>, memref<?x?xf32>) -> ()
func.func @transpose(%Y: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]> attributes {indexbook.symbols = ["M", "K"]} {
  %y = "indexbook.leaf"(%Y) {
      axes = [{name = "i0", size = "M", kind = "iter"}, {name = "i1", size = "K", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + s1 - 1 >= 0)>],
      flags = {}} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %t = "indexbook.unary"(%y) {fn = "neg",
      axes = [{name = "i0", size = "K", kind = "iter"}, {name = "i1", size = "M", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d1, d0)>], flags = {}}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %t : tensor<?x?xf32, ["K", "M"]>
}

// -----

// where(valid(xm), xm, -1) on a masked view xm = x where i >= 2: valid is a
// select of a constant true over the view's domain; the i32 constant is cast
// and broadcast; where is rbssa.select_value.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$GE2:set[0-9]*]] = affine_set<(d0) : (d0 - 2 >= 0)>
// CHECK-LABEL: func.func @where_valid(
// CHECK-NEXT: %[[TB:.+]] = "rbssa.const"() {value = true} : () -> tensor<8xi1>
// CHECK-NEXT: %[[OK:.+]] = "rbssa.select"(%[[TB]]) {else = false, pred = #[[$GE2]]} : (tensor<8xi1>) -> tensor<8xi1>
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$ID]]} : (memref<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[XM:.+]] = "rbssa.select"(%[[RX]]) {else = 0.000000e+00 : f32, pred = #[[$GE2]]} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[NEG1:.+]] = "rbssa.const"() {value = -1 : i32} : () -> tensor<i32>
// CHECK-NEXT: %[[NEG1F:.+]] = "rbssa.cast"(%[[NEG1]]) : (tensor<i32>) -> tensor<f32>
// CHECK-NEXT: %[[NEG1B:.+]] = "rbssa.broadcast_in_dim"(%[[NEG1F]]) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[SEL:.+]] = "rbssa.select_value"(%[[OK]], %[[XM]], %[[NEG1B]]) : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: "rbssa.yield"(%[[SEL]], %{{.*}}) {cast = f32, materialize = "gmem"}
func.func @where_valid(%X: tensor<8xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}} : (tensor<8xf32>) -> tensor<8xf32>
  %xm = "indexbook.view"(%x) {axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 - 2 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>], flags = {}} : (tensor<8xf32>) -> tensor<8xf32>
  %ok = "indexbook.unary"(%xm) {fn = "valid", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>], flags = {}} : (tensor<8xf32>) -> tensor<8xi1>
  %neg1 = "indexbook.const"() {value = -1 : i32, axes = [], domain = [affine_set<() : (0 == 0)>], flags = {}}
      : () -> tensor<i32>
  %neg1f = "indexbook.unary"(%neg1) {fn = "cast", axes = [{name = "i0", size = 8, kind = "broadcast"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> ()>], flags = {}} : (tensor<i32>) -> tensor<8xf32>
  %sel = "indexbook.ternary"(%ok, %xm, %neg1f) {fn = "where", axes = [{name = "i0", size = 8, kind = "iter"}],
      domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>],
      maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], flags = {}}
      : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %sel : tensor<8xf32>
}

// -----

// Two outputs of one shape share the region (one yield each) and the value
// both read: e = exp2(x) is computed once. The constant 0 of the comparison
// is splatted over the compared axes; the final i1 -> i32 cast is the
// yield's. Dead IndexBook ops (the neg) are not converted.

// CHECK-LABEL: func.func @two_outputs(
// CHECK-SAME: %[[X:[^:]+]]: memref<?xf32> {{.*}}rbssa.role = "input"
// CHECK-SAME: %[[E_OUT:[^:]+]]: memref<?xf32> {{.*}}rbssa.name = "e", rbssa.noalias, rbssa.role = "output"
// CHECK-SAME: %[[M_OUT:[^:]+]]: memref<?xi32> {{.*}}rbssa.name = "result1", rbssa.noalias, rbssa.role = "output"
// CHECK-NEXT: %[[RX:.+]] = "rbssa.read"(%[[X]])
// CHECK-NEXT: %[[E:.+]] = "rbssa.unary"(%[[RX]]) {fn = "exp2"}
// CHECK-NEXT: "rbssa.yield"(%[[E]], %[[E_OUT]]) {cast = f32, materialize = "gmem"}
// CHECK-NEXT: %[[Z:.+]] = "rbssa.const"() {value = 0.000000e+00 : f32} : () -> tensor<?xf32, ["N"]>
// CHECK-NEXT: %[[LT:.+]] = "rbssa.compare"(%[[E]], %[[Z]]) {fn = "cmpne"} : (tensor<?xf32, ["N"]>, tensor<?xf32, ["N"]>) -> tensor<?xi1, ["N"]>
// CHECK-NEXT: "rbssa.yield"(%[[LT]], %[[M_OUT]]) {cast = i32, materialize = "gmem"} : (tensor<?xi1, ["N"]>, memref<?xi32>) -> ()
// CHECK-NOT: exp2
// CHECK-NOT: neg
func.func @two_outputs(%X: tensor<?xf32, ["N"]>) -> (tensor<?xf32, ["N"]> {dlc.name = "e"}, tensor<?xi32, ["N"]>)
    attributes {indexbook.symbols = ["N"]} {
  %x = "indexbook.leaf"(%X) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %e = "indexbook.unary"(%x) {fn = "exp2", axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0] -> (d0)>], flags = {}} : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %zero = "indexbook.const"() {value = 0.0 : f32, axes = [], domain = [affine_set<()[s0] : (0 == 0)>], flags = {}}
      : () -> tensor<f32>
  %ne = "indexbook.binary"(%e, %zero) {fn = "cmpne", axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0] -> (d0)>, affine_map<(d0)[s0] -> ()>], flags = {}}
      : (tensor<?xf32, ["N"]>, tensor<f32>) -> tensor<?xi1, ["N"]>
  %nei = "indexbook.unary"(%ne) {fn = "cast", axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0] -> (d0)>], flags = {}} : (tensor<?xi1, ["N"]>) -> tensor<?xi32, ["N"]>
  %nei2 = "indexbook.unary"(%nei) {fn = "neg", axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0)[s0] -> (d0)>], flags = {}} : (tensor<?xi32, ["N"]>) -> tensor<?xi32, ["N"]>
  return %e, %nei : tensor<?xf32, ["N"]>, tensor<?xi32, ["N"]>
}

// -----

// An output constant along an axis: y[m, n] = f32(bias[n]). The cast is the
// yield's, and the read of bias over n is broadcast to the output axes.

// CHECK-DAG: #[[$N:map[0-9]*]] = affine_map<(d0)[s0, s1] -> (d0)>
// CHECK-LABEL: func.func @broadcast_out(
// CHECK-NEXT: %[[RB:.+]] = "rbssa.read"(%{{.*}}) {map = #[[$N]]} : (memref<?xf16>) -> tensor<?xf16, ["N"]>
// CHECK-NEXT: %[[B:.+]] = "rbssa.broadcast_in_dim"(%[[RB]]) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
// CHECK-NEXT: "rbssa.yield"(%[[B]], %{{.*}}) {cast = f32, materialize = "gmem"} : (tensor<?x?xf16, ["M", "N"]>, memref<?x?xf32>) -> ()
func.func @broadcast_out(%bias: tensor<?xf16, ["N"]>) -> tensor<?x?xf32, ["M", "N"]> attributes {indexbook.symbols = ["N", "M"]} {
  %b = "indexbook.leaf"(%bias) {axes = [{name = "i0", size = "N", kind = "iter"}],
      domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}}
      : (tensor<?xf16, ["N"]>) -> tensor<?xf16, ["N"]>
  %y = "indexbook.unary"(%b) {fn = "cast",
      axes = [{name = "i0", size = "M", kind = "broadcast"}, {name = "i1", size = "N", kind = "iter"}],
      domain = [affine_set<(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>],
      maps = [affine_map<(d0, d1)[s0, s1] -> (d1)>], flags = {}} : (tensor<?xf16, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %y : tensor<?x?xf32, ["M", "N"]>
}
