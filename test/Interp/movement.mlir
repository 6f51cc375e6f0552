// Movement ops on small known values (inputs are iota: 0, 1, 2, ...).

// reshape [2,3] -> [3,2] = [[0,1],[2,3],[4,5]], then permute -> [[0,2,4],[1,3,5]].
// RUN: dlc-interp %s --func reshape_permute --input 0=iota --print | FileCheck %s --check-prefix=RP
// RP: result0: f32[2, 3]
// RP-NEXT: result0[0] = 0 2 4
// RP-NEXT: result0[1] = 1 3 5
func.func @reshape_permute(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "tiny.reshape"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %p = "tiny.permute"(%r) {order = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %p : tensor<2x3xf32>
}

// pad by one all round: [[0,0,0,0,0],[0,0,1,2,0],[0,3,4,5,0],[0,0,0,0,0]];
// shrinking it back and flipping the columns gives [[2,1,0],[5,4,3]]; a
// strided shrink (rows 0 and 2, columns 1 and 3) gives [[0,0],[3,5]].
// RUN: dlc-interp %s --func pad_shrink_flip --input 0=iota --print | FileCheck %s --check-prefix=PSF
// PSF: result0: f32[4, 5]
// PSF-NEXT: result0[0] = 0 0 0 0 0
// PSF-NEXT: result0[1] = 0 0 1 2 0
// PSF-NEXT: result0[2] = 0 3 4 5 0
// PSF-NEXT: result0[3] = 0 0 0 0 0
// PSF-NEXT: result1: f32[2, 3]
// PSF-NEXT: result1[0] = 2 1 0
// PSF-NEXT: result1[1] = 5 4 3
// PSF-NEXT: result2: f32[2, 2]
// PSF-NEXT: result2[0] = 0 0
// PSF-NEXT: result2[1] = 3 5
func.func @pad_shrink_flip(%x: tensor<2x3xf32>) -> (tensor<4x5xf32>, tensor<2x3xf32>, tensor<2x2xf32>) {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1, 1, 1>} : (tensor<2x3xf32>) -> tensor<4x5xf32>
  %s = "tiny.shrink"(%p) {offsets = array<i64: 1, 1>, steps = array<i64: 1, 1>}
      : (tensor<4x5xf32>) -> tensor<2x3xf32>
  %f = "tiny.flip"(%s) {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = "tiny.shrink"(%p) {offsets = array<i64: 0, 1>, steps = array<i64: 2, 2>}
      : (tensor<4x5xf32>) -> tensor<2x2xf32>
  return %p, %f, %t : tensor<4x5xf32>, tensor<2x3xf32>, tensor<2x2xf32>
}

// expand [N] -> [M, N] along dim 1, and [M, 1] -> [M, N] (same rank).
// RUN: dlc-interp %s --func expand M=2,N=3 --input b=iota --input c=7,8 --print \
// RUN:   | FileCheck %s --check-prefix=EXPAND
// EXPAND: result0: f32[2, 3]
// EXPAND-NEXT: result0[0] = 0 1 2
// EXPAND-NEXT: result0[1] = 0 1 2
// EXPAND-NEXT: result1: f32[2, 3]
// EXPAND-NEXT: result1[0] = 7 7 7
// EXPAND-NEXT: result1[1] = 8 8 8
func.func @expand(%b: tensor<?xf32, ["N"]>, %c: tensor<?x1xf32, ["M", 1]>)
    -> (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) {
  %e = "tiny.expand"(%b) {broadcast_dimensions = array<i64: 1>}
      : (tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %f = "tiny.expand"(%c) {broadcast_dimensions = array<i64: 0, 1>}
      : (tensor<?x1xf32, ["M", 1]>) -> tensor<?x?xf32, ["M", "N"]>
  return %e, %f : tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>
}

// tiny.view: a transpose, a flatten with floordiv/mod, a stride-2 read that
// runs off the end (reads 0), and a reversal through a symbol
// (dlc.symbols puts N first, so s0 = N).
// RUN: dlc-interp %s --func view M=3,N=4 --input x=iota --input y=iota --print \
// RUN:   | FileCheck %s --check-prefix=VIEW
// VIEW: result0: f32[4, 3]
// VIEW-NEXT: result0[0] = 0 4 8
// VIEW-NEXT: result0[1] = 1 5 9
// VIEW-NEXT: result0[2] = 2 6 10
// VIEW-NEXT: result0[3] = 3 7 11
// VIEW-NEXT: result1: f32[12]
// VIEW-NEXT: result1 = 0 1 2 3 4 5 6 7 8 9 10 11
// VIEW-NEXT: result2: f32[3]
// VIEW-NEXT: result2 = 0 2 0
// VIEW-NEXT: result3: f32[4]
// VIEW-NEXT: result3 = 3 2 1 0
func.func @view(%x: tensor<?x?xf32, ["M", "N"]>, %y: tensor<?xf32, ["N"]>)
    -> (tensor<?x?xf32, ["N", "M"]>, tensor<12xf32>, tensor<3xf32>, tensor<?xf32, ["N"]>)
    attributes {dlc.symbols = ["N", "M"]} {
  %t = "tiny.view"(%x) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["N", "M"]>
  %flat = "tiny.view"(%x) {map = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>}
      : (tensor<?x?xf32, ["M", "N"]>) -> tensor<12xf32>
  %strided = "tiny.view"(%y) {map = affine_map<(d0) -> (d0 * 2)>}
      : (tensor<?xf32, ["N"]>) -> tensor<3xf32>
  %rev = "tiny.view"(%y) {map = affine_map<(d0)[s0] -> (s0 - d0 - 1)>}
      : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %t, %flat, %strided, %rev
      : tensor<?x?xf32, ["N", "M"]>, tensor<12xf32>, tensor<3xf32>, tensor<?xf32, ["N"]>
}

// tiny.load / tiny.store read through their maps like tiny.view.
// RUN: dlc-interp %s --func load_store M=2,K=3 --input A=iota --print \
// RUN:   | FileCheck %s --check-prefix=LS
// LS: result0: f32[3, 2]
// LS-NEXT: result0[0] = 0 3
// LS-NEXT: result0[1] = 1 4
// LS-NEXT: result0[2] = 2 5
func.func @load_store(%A: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]> {
  %a = "tiny.load"(%A) {map = affine_map<(d0, d1)[s0, s1] -> (d1, d0)>}
      : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %o = "tiny.store"(%a) {map = affine_map<(d0, d1)[s0, s1] -> (d0, d1)>}
      : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %o : tensor<?x?xf32, ["K", "M"]>
}

// tiny.valid: 1 where the element comes from inside its base value. Padding
// is not valid, and stays so through a shrink; an out-of-bounds view read
// is not valid; a value not made by a movement op is valid everywhere.
// RUN: dlc-interp %s --func valid --input 0=iota --input 1=iota --print \
// RUN:   | FileCheck %s --check-prefix=VALID
// VALID: result0: i1[4, 2]
// VALID-NEXT: result0[0] = 0 0
// VALID-NEXT: result0[1] = 1 1
// VALID-NEXT: result0[2] = 1 1
// VALID-NEXT: result0[3] = 0 0
// VALID-NEXT: result1: i1[3, 1]
// VALID-NEXT: result1[0] = 1
// VALID-NEXT: result1[1] = 1
// VALID-NEXT: result1[2] = 0
// VALID-NEXT: result2: i1[3]
// VALID-NEXT: result2 = 1 1 0
// VALID-NEXT: result3: i1[2, 2]
// VALID-NEXT: result3[0] = 1 1
// VALID-NEXT: result3[1] = 1 1
func.func @valid(%x: tensor<2x2xf32>, %y: tensor<4xf32>)
    -> (tensor<4x2xi1>, tensor<3x1xi1>, tensor<3xi1>, tensor<2x2xi1>) {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1, 0, 0>} : (tensor<2x2xf32>) -> tensor<4x2xf32>
  %vp = "tiny.valid"(%p) : (tensor<4x2xf32>) -> tensor<4x2xi1>
  %s = "tiny.shrink"(%p) {offsets = array<i64: 1, 1>, steps = array<i64: 1, 1>}
      : (tensor<4x2xf32>) -> tensor<3x1xf32>
  %vs = "tiny.valid"(%s) : (tensor<3x1xf32>) -> tensor<3x1xi1>
  %w = "tiny.view"(%y) {map = affine_map<(d0) -> (d0 * 2)>} : (tensor<4xf32>) -> tensor<3xf32>
  %vw = "tiny.valid"(%w) : (tensor<3xf32>) -> tensor<3xi1>
  %n = "tiny.neg"(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %vn = "tiny.valid"(%n) : (tensor<2x2xf32>) -> tensor<2x2xi1>
  return %vp, %vs, %vw, %vn : tensor<4x2xi1>, tensor<3x1xi1>, tensor<3xi1>, tensor<2x2xi1>
}
