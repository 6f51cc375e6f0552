// RUN: dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=1,M=1}, func.func(tiny-verify))' | FileCheck %s
// RUN: dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions)' | FileCheck %s --check-prefix=NONE
// A second run keeps the first's entries and copies no copy (a version has
// no versions): gemm gets its M = 1 copy, gemm_N1 none.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=1}, tiny-symbol-versions{versions=N=1,M=1})' | FileCheck %s --check-prefix=TWICE
// TWICE: module attributes {dlc.versions = [{kernel = "gemm", version = "gemm_N1", when = {N = 1 : i64}}, {kernel = "gemm", version = "gemm_M1", when = {M = 1 : i64}}, {kernel = "rows", version = "rows_M1"
// TWICE-NOT: gemm_N1_M1
// The copy computes what the function computes at N = 1 (same inputs in
// the same order: the same random values).
// RUN: dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=1})' -o %t.mlir
// RUN: dlc-interp %t.mlir --func gemm M=3,K=5,N=1 --print > %t.general
// RUN: dlc-interp %t.mlir --func gemm_N1 M=3,K=5 --print > %t.version
// RUN: diff %t.general %t.version
// RUN: dlc-interp %t.mlir --func gemm_N1 --diff --trials 4 | FileCheck %s --check-prefix=DIFF
// DIFF: diff @gemm_N1: 4 of 4 trials pass (tiny vs rbssa

// tiny-symbol-versions (docs/passes/tiny-symbol-versions.md): each function
// whose arguments name a bound symbol gets a copy with the symbol a static
// size, named <func>_<SYM><VALUE>, after it in binding order; dlc.versions
// on the module records each for convert-dlcgpu-to-gpu's manifest.
// CHECK: module attributes {dlc.versions = [{kernel = "gemm", version = "gemm_N1", when = {N = 1 : i64}}, {kernel = "gemm", version = "gemm_M1", when = {M = 1 : i64}}, {kernel = "rows", version = "rows_M1", when = {M = 1 : i64}}, {kernel = "named_attr", version = "named_attr_M1", when = {M = 1 : i64}}]}
// CHECK-LABEL: func.func @gemm(
// CHECK-SAME: tensor<?x?xf16, ["K", "N"]>
// CHECK-LABEL: func.func @gemm_N1(
// CHECK-SAME: %{{.*}}: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"}, %{{.*}}: tensor<?x1xf16, ["K", 1]> {dlc.name = "W"}
// CHECK-SAME: -> (tensor<?x1xf32, ["M", 1]> {dlc.name = "Y"})
// CHECK: "tiny.mul"({{.*}}) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x1x?xf16, [1, 1, "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
// CHECK: "tiny.reduce"({{.*}} : (tensor<?x1x?xf16, ["M", 1, "K"]>) -> tensor<?x1xf32, ["M", 1]>
// CHECK-LABEL: func.func @gemm_M1(
// CHECK-SAME: tensor<1x?xf16, [1, "K"]> {dlc.name = "X"}
// CHECK-SAME: -> (tensor<1x?xf32, [1, "N"]> {dlc.name = "Y"})
// CHECK-LABEL: func.func @rows(
// CHECK-LABEL: func.func @rows_M1(
// CHECK-SAME: tensor<1x?xf32, [1, "K"]>
// No copy: two reduces (two kernels), a derived symbol, a symbol no
// argument names, an attribute naming the symbol (N; M gets its copy).
// CHECK-LABEL: func.func @two_reduces(
// CHECK-NOT: func.func @two_reduces_
// CHECK-LABEL: func.func @derived(
// CHECK-NOT: func.func @derived_
// CHECK-LABEL: func.func @elementwise(
// CHECK-NOT: func.func @elementwise_
// CHECK-LABEL: func.func @named_attr(
// CHECK-NOT: func.func @named_attr_N1
// CHECK: func.func @named_attr_M1(
// CHECK-NOT: func.func @named_attr_N1
// NONE-NOT: dlc.versions
// NONE-NOT: _N1

func.func @gemm(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"})
    -> (tensor<?x?xf32, ["M", "N"]> {dlc.name = "Y"}) {
  %x = "tiny.reshape"(%X) : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?x1x?xf16, ["M", 1, "K"]>
  %w = "tiny.reshape"(%W) : (tensor<?x?xf16, ["K", "N"]>) -> tensor<1x?x?xf16, [1, "K", "N"]>
  %wt = "tiny.permute"(%w) {order = array<i64: 0, 2, 1>} : (tensor<1x?x?xf16, [1, "K", "N"]>) -> tensor<1x?x?xf16, [1, "N", "K"]>
  %p = "tiny.mul"(%x, %wt) : (tensor<?x1x?xf16, ["M", 1, "K"]>, tensor<1x?x?xf16, [1, "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 2>, acc_dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %acc : tensor<?x?xf32, ["M", "N"]>
}

func.func @rows(%X: tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]> {
  %s = "tiny.reduce"(%X) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %s : tensor<?xf32, ["M"]>
}

func.func @two_reduces(%X: tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]> {
  %s = "tiny.reduce"(%X) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %m = "tiny.reduce"(%X) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  %a = "tiny.add"(%s, %m) : (tensor<?xf32, ["M"]>, tensor<?xf32, ["M"]>) -> tensor<?xf32, ["M"]>
  return %a : tensor<?xf32, ["M"]>
}

func.func @derived(%X: tensor<?x?xf32, ["Mp", "N"]>) -> tensor<?xf32, ["Mp"]>
    attributes {dlc.symbols = ["M", "N"], dlc.derived = {Mp = "M + 2"}} {
  %s = "tiny.reduce"(%X) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["Mp", "N"]>) -> tensor<?xf32, ["Mp"]>
  return %s : tensor<?xf32, ["Mp"]>
}

func.func @elementwise(%X: tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %n = "tiny.neg"(%X) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %n : tensor<?x?xf32, ["M", "N"]>
}

func.func @named_attr(%X: tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]> {
  %s = "tiny.reduce"(%X) {op = "sum", axes = array<i64: 1>, acc_dtype = f32, dlc.note = ["N"]} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return %s : tensor<?xf32, ["M"]>
}
