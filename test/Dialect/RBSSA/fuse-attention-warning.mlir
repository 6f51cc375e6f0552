// rbssa-fuse-attention: attention it recognises but the flash kernels do
// not take gets W1405 at the output region with the reason and the cost of
// the unfused form; it is not fused (fuse-attention.test, PLAIN). The
// kernels take a constant head dimension D that is a multiple of 8 up to
// 256 (padded to the tile width 64, 128 or 256; fuse-attention.test, D32):
// here a symbolic D, D = 36 (not a multiple of 8) and D = 264 (over 256).
// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tiny-verify), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa, rbssa-fuse-attention)' --verify-diagnostics | FileCheck %s
// CHECK: fused = false
// CHECK: fused = false
// CHECK: fused = false

// expected-warning@+1 {{W1405 AttentionNotFused: attention is recognised but not fused into one flash kernel: the head dimension is symbolic (the flash kernels' tiles, registers and loads are compiled for a constant one); it compiles as two kernels (scores, then P·V) with P in global memory, and the scores kernel recomputes Q·Kᵀ on CUDA cores for the row max and sum (work growing as M·N²·D}}
func.func @attention(%Q: tensor<?x?x?x?xf16, ["B", "H", "M", "D"]> {dlc.name = "Q"},
                     %K: tensor<?x?x?x?xf16, ["B", "H", "N", "D"]> {dlc.name = "K"},
                     %V: tensor<?x?x?x?xf16, ["B", "H", "N", "D"]> {dlc.name = "V"})
    -> (tensor<?x?x?x?xf16, ["B", "H", "M", "D"]> {dlc.name = "O"}) {
  %q = "tiny.reshape"(%Q) : (tensor<?x?x?x?xf16, ["B", "H", "M", "D"]>) -> tensor<?x?x?x1x?xf16, ["B", "H", "M", 1, "D"]>
  %k = "tiny.reshape"(%K) : (tensor<?x?x?x?xf16, ["B", "H", "N", "D"]>) -> tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "D"]>
  %qk = "tiny.mul"(%q, %k) : (tensor<?x?x?x1x?xf16, ["B", "H", "M", 1, "D"]>, tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "D"]>)
      -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>
  %s = "tiny.reduce"(%qk) {op = "sum", axes = array<i64: 4>, acc_dtype = f32}
      : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %mrow = "tiny.reduce"(%s) {op = "max", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %m1 = "tiny.reshape"(%mrow) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %s0 = "tiny.sub"(%s, %m1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %log2e = "tiny.const"() {value = 1.442695 : f32} : () -> tensor<f32>
  %s1 = "tiny.mul"(%s0, %log2e) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %a = "tiny.exp2"(%s1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %z = "tiny.reduce"(%a) {op = "sum", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %z1 = "tiny.reshape"(%z) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %p = "tiny.fdiv"(%a, %z1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  %p5 = "tiny.reshape"(%ph) : (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?x1xf16, ["B", "H", "M", "N", 1]>
  %v5 = "tiny.reshape"(%V) : (tensor<?x?x?x?xf16, ["B", "H", "N", "D"]>) -> tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "D"]>
  %pv = "tiny.mul"(%p5, %v5) : (tensor<?x?x?x?x1xf16, ["B", "H", "M", "N", 1]>, tensor<?x?x1x?x?xf16, ["B", "H", 1, "N", "D"]>)
      -> tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>
  %o = "tiny.reduce"(%pv) {op = "sum", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?x?xf16, ["B", "H", "M", "N", "D"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "D"]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x?xf32, ["B", "H", "M", "D"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "D"]>
  return %oh : tensor<?x?x?x?xf16, ["B", "H", "M", "D"]>
}

// -----

// expected-warning@+1 {{W1405 AttentionNotFused: attention is recognised but not fused into one flash kernel: the head dimension is not a multiple of 8 (the flash kernels load rows in 16-byte pieces); it compiles}}
func.func @attention(%Q: tensor<?x?x?x36xf16, ["B", "H", "M", 36]> {dlc.name = "Q"},
                     %K: tensor<?x?x?x36xf16, ["B", "H", "N", 36]> {dlc.name = "K"},
                     %V: tensor<?x?x?x36xf16, ["B", "H", "N", 36]> {dlc.name = "V"})
    -> (tensor<?x?x?x36xf16, ["B", "H", "M", 36]> {dlc.name = "O"}) {
  %q = "tiny.reshape"(%Q) : (tensor<?x?x?x36xf16, ["B", "H", "M", 36]>) -> tensor<?x?x?x1x36xf16, ["B", "H", "M", 1, 36]>
  %k = "tiny.reshape"(%K) : (tensor<?x?x?x36xf16, ["B", "H", "N", 36]>) -> tensor<?x?x1x?x36xf16, ["B", "H", 1, "N", 36]>
  %qk = "tiny.mul"(%q, %k) : (tensor<?x?x?x1x36xf16, ["B", "H", "M", 1, 36]>, tensor<?x?x1x?x36xf16, ["B", "H", 1, "N", 36]>)
      -> tensor<?x?x?x?x36xf16, ["B", "H", "M", "N", 36]>
  %s = "tiny.reduce"(%qk) {op = "sum", axes = array<i64: 4>, acc_dtype = f32}
      : (tensor<?x?x?x?x36xf16, ["B", "H", "M", "N", 36]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %mrow = "tiny.reduce"(%s) {op = "max", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %m1 = "tiny.reshape"(%mrow) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %s0 = "tiny.sub"(%s, %m1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %log2e = "tiny.const"() {value = 1.442695 : f32} : () -> tensor<f32>
  %s1 = "tiny.mul"(%s0, %log2e) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %a = "tiny.exp2"(%s1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %z = "tiny.reduce"(%a) {op = "sum", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %z1 = "tiny.reshape"(%z) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %p = "tiny.fdiv"(%a, %z1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  %p5 = "tiny.reshape"(%ph) : (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?x1xf16, ["B", "H", "M", "N", 1]>
  %v5 = "tiny.reshape"(%V) : (tensor<?x?x?x36xf16, ["B", "H", "N", 36]>) -> tensor<?x?x1x?x36xf16, ["B", "H", 1, "N", 36]>
  %pv = "tiny.mul"(%p5, %v5) : (tensor<?x?x?x?x1xf16, ["B", "H", "M", "N", 1]>, tensor<?x?x1x?x36xf16, ["B", "H", 1, "N", 36]>)
      -> tensor<?x?x?x?x36xf16, ["B", "H", "M", "N", 36]>
  %o = "tiny.reduce"(%pv) {op = "sum", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?x36xf16, ["B", "H", "M", "N", 36]>) -> tensor<?x?x?x36xf32, ["B", "H", "M", 36]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x36xf32, ["B", "H", "M", 36]>) -> tensor<?x?x?x36xf16, ["B", "H", "M", 36]>
  return %oh : tensor<?x?x?x36xf16, ["B", "H", "M", 36]>
}

// -----

// expected-warning@+1 {{W1405 AttentionNotFused: attention is recognised but not fused into one flash kernel: the head dimension is over 256 (the flash kernels' O accumulator is at most 256 columns); it compiles}}
func.func @attention(%Q: tensor<?x?x?x264xf16, ["B", "H", "M", 264]> {dlc.name = "Q"},
                     %K: tensor<?x?x?x264xf16, ["B", "H", "N", 264]> {dlc.name = "K"},
                     %V: tensor<?x?x?x264xf16, ["B", "H", "N", 264]> {dlc.name = "V"})
    -> (tensor<?x?x?x264xf16, ["B", "H", "M", 264]> {dlc.name = "O"}) {
  %q = "tiny.reshape"(%Q) : (tensor<?x?x?x264xf16, ["B", "H", "M", 264]>) -> tensor<?x?x?x1x264xf16, ["B", "H", "M", 1, 264]>
  %k = "tiny.reshape"(%K) : (tensor<?x?x?x264xf16, ["B", "H", "N", 264]>) -> tensor<?x?x1x?x264xf16, ["B", "H", 1, "N", 264]>
  %qk = "tiny.mul"(%q, %k) : (tensor<?x?x?x1x264xf16, ["B", "H", "M", 1, 264]>, tensor<?x?x1x?x264xf16, ["B", "H", 1, "N", 264]>)
      -> tensor<?x?x?x?x264xf16, ["B", "H", "M", "N", 264]>
  %s = "tiny.reduce"(%qk) {op = "sum", axes = array<i64: 4>, acc_dtype = f32}
      : (tensor<?x?x?x?x264xf16, ["B", "H", "M", "N", 264]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %mrow = "tiny.reduce"(%s) {op = "max", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %m1 = "tiny.reshape"(%mrow) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %s0 = "tiny.sub"(%s, %m1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %log2e = "tiny.const"() {value = 1.442695 : f32} : () -> tensor<f32>
  %s1 = "tiny.mul"(%s0, %log2e) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<f32>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %a = "tiny.exp2"(%s1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %z = "tiny.reduce"(%a) {op = "sum", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?xf32, ["B", "H", "M"]>
  %z1 = "tiny.reshape"(%z) : (tensor<?x?x?xf32, ["B", "H", "M"]>) -> tensor<?x?x?x1xf32, ["B", "H", "M", 1]>
  %p = "tiny.fdiv"(%a, %z1) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>, tensor<?x?x?x1xf32, ["B", "H", "M", 1]>)
      -> tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>
  %ph = "tiny.cast"(%p) : (tensor<?x?x?x?xf32, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>
  %p5 = "tiny.reshape"(%ph) : (tensor<?x?x?x?xf16, ["B", "H", "M", "N"]>) -> tensor<?x?x?x?x1xf16, ["B", "H", "M", "N", 1]>
  %v5 = "tiny.reshape"(%V) : (tensor<?x?x?x264xf16, ["B", "H", "N", 264]>) -> tensor<?x?x1x?x264xf16, ["B", "H", 1, "N", 264]>
  %pv = "tiny.mul"(%p5, %v5) : (tensor<?x?x?x?x1xf16, ["B", "H", "M", "N", 1]>, tensor<?x?x1x?x264xf16, ["B", "H", 1, "N", 264]>)
      -> tensor<?x?x?x?x264xf16, ["B", "H", "M", "N", 264]>
  %o = "tiny.reduce"(%pv) {op = "sum", axes = array<i64: 3>, acc_dtype = f32}
      : (tensor<?x?x?x?x264xf16, ["B", "H", "M", "N", 264]>) -> tensor<?x?x?x264xf32, ["B", "H", "M", 264]>
  %oh = "tiny.cast"(%o) : (tensor<?x?x?x264xf32, ["B", "H", "M", 264]>) -> tensor<?x?x?x264xf16, ["B", "H", "M", 264]>
  return %oh : tensor<?x?x?x264xf16, ["B", "H", "M", 264]>
}
