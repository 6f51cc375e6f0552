// The accumulator rule (docs/interp.md, "Precision"): the op that forms a
// reduction's body and has no other use is rounded to the reduction's
// wider accumulator type, as a tensor core forms its products. With
// a = b = 1 + 2^-10 (exact in f16), a * b = 1 + 2^-9 + 2^-20 is exact in
// f32 (1.0019541) but 1 + 2^-9 in f16 (1.0019531).

// A tiny program: by default (--products typed) the f16 tiny.mul rounds its
// product to f16; with --products accumulator it is formed in the f32
// accumulator, as tiny.contract forms it.
// RUN: dlc-interp %s --func tiny_dot K=1 --input a=1.0009765625 --input b=1.0009765625 --print \
// RUN:   | FileCheck %s --check-prefix=TYPED
// TYPED: result0 = 1.0019531
// RUN: dlc-interp %s --func tiny_dot K=1 --input a=1.0009765625 --input b=1.0009765625 --print \
// RUN:   --products accumulator | FileCheck %s --check-prefix=ACC
// RUN: dlc-interp %s --func tiny_contract K=1 --input a=1.0009765625 --input b=1.0009765625 --print \
// RUN:   | FileCheck %s --check-prefix=ACC
// ACC: result0 = 1.0019541
func.func @tiny_dot(%a: tensor<?xf16, ["K"]>, %b: tensor<?xf16, ["K"]>) -> tensor<f32> {
  %p = "tiny.mul"(%a, %b) : (tensor<?xf16, ["K"]>, tensor<?xf16, ["K"]>) -> tensor<?xf16, ["K"]>
  %s = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<?xf16, ["K"]>) -> tensor<f32>
  return %s : tensor<f32>
}
func.func @tiny_contract(%a: tensor<?xf16, ["K"]>, %b: tensor<?xf16, ["K"]>) -> tensor<f32> {
  %s = "tiny.contract"(%a, %b) {pattern = "matmul", lhs_idx = ["k"], rhs_idx = ["k"], out_idx = [],
                                reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?xf16, ["K"]>, tensor<?xf16, ["K"]>) -> tensor<f32>
  return %s : tensor<f32>
}

// An rbssa region always follows the rule (docs/dialects/rbssa.md,
// rbssa.reduce: mul(read f16, read f16) reduced in f32 is the MMA), also
// through the selects that guard the body...
// RUN: dlc-interp %s --func region_dot K=1 --input a=1.0009765625 --input b=1.0009765625 --print \
// RUN:   | FileCheck %s --check-prefix=REGION
// REGION: s = 1.0019541
func.func @region_dot(%a: memref<?xf16> {rbssa.name = "a", rbssa.role = "input", rbssa.shape = ["K"]},
                      %b: memref<?xf16> {rbssa.name = "b", rbssa.role = "input", rbssa.shape = ["K"]},
                      %s: memref<f32> {rbssa.name = "s", rbssa.role = "output", rbssa.shape = []})
    attributes {rbssa.region = "region_dot", rbssa.iters = [], rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["K"]} {
  %x = "rbssa.read"(%a) {map = affine_map<(k)[K] -> (k)>} : (memref<?xf16>) -> tensor<?xf16, ["K"]>
  %y = "rbssa.read"(%b) {map = affine_map<(k)[K] -> (k)>} : (memref<?xf16>) -> tensor<?xf16, ["K"]>
  %p = "rbssa.binary"(%x, %y) {fn = "mul"} : (tensor<?xf16, ["K"]>, tensor<?xf16, ["K"]>) -> tensor<?xf16, ["K"]>
  %g = "rbssa.select"(%p) {pred = affine_set<(k)[K] : (k >= 0)>, else = 0.0 : f16} : (tensor<?xf16, ["K"]>) -> tensor<?xf16, ["K"]>
  %r = "rbssa.reduce"(%g) {op = "sum", axes = array<i64: 0>, init = 0.0 : f32, dtype = f32} : (tensor<?xf16, ["K"]>) -> tensor<f32>
  "rbssa.yield"(%r, %s) {cast = f32, materialize = "gmem"} : (tensor<f32>, memref<f32>) -> ()
  return
}

// ... but a body value with another use is stored in its own type first.
// RUN: dlc-interp %s --func region_shared K=1 --input a=1.0009765625 --input b=1.0009765625 --print \
// RUN:   | FileCheck %s --check-prefix=SHARED
// SHARED: p = 1.002
// SHARED: s = 1.0019531
func.func @region_shared(%a: memref<?xf16> {rbssa.name = "a", rbssa.role = "input", rbssa.shape = ["K"]},
                         %b: memref<?xf16> {rbssa.name = "b", rbssa.role = "input", rbssa.shape = ["K"]},
                         %po: memref<?xf16> {rbssa.name = "p", rbssa.role = "output", rbssa.shape = ["K"]},
                         %s: memref<f32> {rbssa.name = "s", rbssa.role = "output", rbssa.shape = []})
    attributes {rbssa.region = "region_shared", rbssa.iters = [], rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["K"]} {
  %x = "rbssa.read"(%a) {map = affine_map<(k)[K] -> (k)>} : (memref<?xf16>) -> tensor<?xf16, ["K"]>
  %y = "rbssa.read"(%b) {map = affine_map<(k)[K] -> (k)>} : (memref<?xf16>) -> tensor<?xf16, ["K"]>
  %p = "rbssa.binary"(%x, %y) {fn = "mul"} : (tensor<?xf16, ["K"]>, tensor<?xf16, ["K"]>) -> tensor<?xf16, ["K"]>
  "rbssa.yield"(%p, %po) {cast = f16, materialize = "gmem"} : (tensor<?xf16, ["K"]>, memref<?xf16>) -> ()
  %r = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 0>, init = 0.0 : f32, dtype = f32} : (tensor<?xf16, ["K"]>) -> tensor<f32>
  "rbssa.yield"(%r, %s) {cast = f32, materialize = "gmem"} : (tensor<f32>, memref<f32>) -> ()
  return
}
