// Bool (i1) outputs and intermediates (docs/passes/convert-indexbook-to-rbssa.md,
// "What it produces"; docs/dialects/rbssa.md, rbssa.yield): a comparison
// returned as it is is yielded with cast = i1 into an i1 memref (one byte an
// element, 0 or 1); a final cast to i1 is the yield's cast (x != 0); a
// region boundary on a mask materialises it in an i1 intermediate buffer.
// RUN: dlc-opt %s --split-input-file --convert-tiny-to-indexbook --convert-indexbook-to-rbssa | FileCheck %s

// CHECK-LABEL: func.func @compare(
// CHECK-SAME: %arg2: memref<?xi1> {rbssa.alignment = 128 : i64, rbssa.layout = {kind = "row_major"}, rbssa.name = "Z", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["N"]})
// CHECK: %[[C:[0-9]+]] = "rbssa.compare"(%{{[0-9]+}}, %{{[0-9]+}}) {fn = "cmplt"}
// CHECK-NEXT: "rbssa.yield"(%[[C]], %arg2) {cast = i1, materialize = "gmem"} : (tensor<?xi1, ["N"]>, memref<?xi1>) -> ()
func.func @compare(%X: tensor<?xf16, ["N"]> {dlc.name = "X"},
                   %Y: tensor<?xf16, ["N"]> {dlc.name = "Y"})
    -> (tensor<?xi1, ["N"]> {dlc.name = "Z"}) {
  %z = "tiny.cmplt"(%X, %Y) : (tensor<?xf16, ["N"]>, tensor<?xf16, ["N"]>) -> tensor<?xi1, ["N"]>
  return %z : tensor<?xi1, ["N"]>
}

// -----

// The final cast to i1 becomes the yield's cast of the f32 value.
// CHECK-LABEL: func.func @cast_to_bool(
// CHECK-SAME: %arg1: memref<?xi1>
// CHECK: %[[R:[0-9]+]] = "rbssa.unary"(%{{[0-9]+}}) {fn = "neg"}
// CHECK-NEXT: "rbssa.yield"(%[[R]], %arg1) {cast = i1, materialize = "gmem"} : (tensor<?xf32, ["N"]>, memref<?xi1>) -> ()
func.func @cast_to_bool(%X: tensor<?xf32, ["N"]>) -> tensor<?xi1, ["N"]> {
  %n = "tiny.neg"(%X) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  %b = "tiny.cast"(%n) : (tensor<?xf32, ["N"]>) -> tensor<?xi1, ["N"]>
  return %b : tensor<?xi1, ["N"]>
}

// -----

// A non-SCoP reshape of a mask: the mask is the intermediate buffer t0,
// dtype i1.
// CHECK-LABEL: func.func @mask_cut_r0(
// CHECK-SAME: %arg2: memref<?x?xi1> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "output", rbssa.shape = ["M", "K"]})
// CHECK: "rbssa.yield"(%{{[0-9]+}}, %arg2) {cast = i1, materialize = "gmem"} : (tensor<?x?xi1, ["M", "K"]>, memref<?x?xi1>) -> ()
// CHECK-LABEL: func.func @mask_cut_r1(
// CHECK-SAME: %arg2: memref<?x?xi1> {rbssa.alignment = 128 : i64, rbssa.intermediate, rbssa.layout = {kind = "row_major"}, rbssa.name = "t0", rbssa.noalias, rbssa.role = "input", rbssa.shape = ["M", "K"]}
// CHECK: %[[T:[0-9]+]] = "rbssa.read"(%arg2) {map = #{{map[0-9]*}}} : (memref<?x?xi1>) -> tensor<?x?xi1, ["K", "M"]>
// CHECK: "rbssa.select_value"(%[[T]],
// CHECK-LABEL: func.func private @mask_cut(
// CHECK-SAME: rbssa.program = {buffers = [{consumers = ["mask_cut_r1"], dtype = i1, materialize = "gmem", name = "t0", producer = "mask_cut_r0", shape = ["M", "K"]}]
func.func @mask_cut(%A: tensor<?x?xf32, ["M", "K"]>, %C: tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]> {
  %z = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %m = "tiny.cmplt"(%A, %z) : (tensor<?x?xf32, ["M", "K"]>, tensor<f32>) -> tensor<?x?xi1, ["M", "K"]>
  %r = "tiny.reshape"(%m) : (tensor<?x?xi1, ["M", "K"]>) -> tensor<?x?xi1, ["K", "M"]>
  %y = "tiny.where"(%r, %C, %z) : (tensor<?x?xi1, ["K", "M"]>, tensor<?x?xf32, ["K", "M"]>, tensor<f32>) -> tensor<?x?xf32, ["K", "M"]>
  return %y : tensor<?x?xf32, ["K", "M"]>
}
