// 17 region boundaries in one function (each non-SCoP reshape, swapping
// symbolic dims, ends a region): 18 regions and 17 intermediate buffers,
// past the 16 buffers convert-indexbook-to-rbssa once held (a coded E1501
// then). The bound now is the function's tensors in all (limits.mlir).
// RUN: dlc-opt %s --convert-tiny-to-indexbook --convert-indexbook-to-rbssa | FileCheck %s
// RUN: dlc-interp %s --diff | FileCheck %s --check-prefix=DIFF
// CHECK: rbssa.region = "many_cuts_r17"
// CHECK: rbssa.program = {buffers = [{{.*}}name = "t16"
// CHECK-NOT: name = "t17"
// CHECK-SAME: regions = ["many_cuts_r0", {{.*}}, "many_cuts_r17"]
// DIFF: diff @many_cuts: 10 of 10 trials pass
func.func @many_cuts(%a: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]> {
  %e0 = "tiny.exp2"(%a) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r0 = "tiny.reshape"(%e0) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e1 = "tiny.exp2"(%r0) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r1 = "tiny.reshape"(%e1) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e2 = "tiny.exp2"(%r1) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r2 = "tiny.reshape"(%e2) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e3 = "tiny.exp2"(%r2) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r3 = "tiny.reshape"(%e3) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e4 = "tiny.exp2"(%r3) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r4 = "tiny.reshape"(%e4) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e5 = "tiny.exp2"(%r4) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r5 = "tiny.reshape"(%e5) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e6 = "tiny.exp2"(%r5) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r6 = "tiny.reshape"(%e6) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e7 = "tiny.exp2"(%r6) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r7 = "tiny.reshape"(%e7) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e8 = "tiny.exp2"(%r7) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r8 = "tiny.reshape"(%e8) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e9 = "tiny.exp2"(%r8) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r9 = "tiny.reshape"(%e9) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e10 = "tiny.exp2"(%r9) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r10 = "tiny.reshape"(%e10) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e11 = "tiny.exp2"(%r10) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r11 = "tiny.reshape"(%e11) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e12 = "tiny.exp2"(%r11) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r12 = "tiny.reshape"(%e12) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e13 = "tiny.exp2"(%r12) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r13 = "tiny.reshape"(%e13) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e14 = "tiny.exp2"(%r13) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r14 = "tiny.reshape"(%e14) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e15 = "tiny.exp2"(%r14) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r15 = "tiny.reshape"(%e15) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e16 = "tiny.exp2"(%r15) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r16 = "tiny.reshape"(%e16) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %y = "tiny.neg"(%r16) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %y : tensor<?x?xf32, ["K", "M"]>
}
