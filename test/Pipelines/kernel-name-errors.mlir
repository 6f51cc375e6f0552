// A tiny function whose name PTX cannot spell stops the whole pipeline with
// a diagnostic at the function (regression D01: dlc-to-ptx aborted in the
// NVPTX back end, exit 134, no location).
// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(dlc-to-ptx)' --verify-diagnostics -o /dev/null

// expected-error @+1 {{E1501 UnsupportedOp: kernel name 'gemm-relu' is not a PTX identifier}}
func.func @"gemm-relu"(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                          %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"},
                          %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %b = "tiny.cast"(%bias) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}

// -----

// A function named after one of the runtime's helper kernels (which an
// SM90 module gets) was silently used as that helper; the dlc_ prefix is
// DLC's.
// expected-error @+1 {{E1501 UnsupportedOp: kernel name 'dlc_repack_b16' begins with 'dlc_'}}
func.func @dlc_repack_b16(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                          %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"},
                          %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"})
    -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %prod = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%prod) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  %b = "tiny.cast"(%bias) : (tensor<?xf16, ["N"]>) -> tensor<?xf32, ["N"]>
  %sum = "tiny.add"(%acc, %b) : (tensor<?x?xf32, ["M", "N"]>, tensor<?xf32, ["N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %relu = "tiny.max"(%sum, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %y = "tiny.cast"(%relu) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %y : tensor<?x?xf16, ["M", "N"]>
}
