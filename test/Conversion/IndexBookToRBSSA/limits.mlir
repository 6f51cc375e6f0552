// convert-indexbook-to-rbssa's region arguments are a real bound (the
// kernel's parameter list; RB_MAX_ARGS = 32 inputs and outputs in all): a
// function past it gets E1501 at the function, naming both counts. The
// intermediate buffers of region boundaries count with them (a region may
// read every one): 30 boundaries beside one input and one output are
// E1501 at the boundary that would make the 33rd tensor, naming the three
// counts. Below that any number of boundaries is taken (many-cuts.mlir:
// 17, past the 16 buffers once held).
// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tiny-verify), convert-tiny-to-indexbook, convert-indexbook-to-rbssa)' --verify-diagnostics

// expected-error@+1 {{E1501 UnsupportedOp: the function has 33 inputs and 1 outputs; suggestion: return at least one tensor, and at most 32 tensors in all}}
func.func @too_many_tensors(%a0: tensor<?xf32, ["E"]>, %a1: tensor<?xf32, ["E"]>, %a2: tensor<?xf32, ["E"]>, %a3: tensor<?xf32, ["E"]>, %a4: tensor<?xf32, ["E"]>, %a5: tensor<?xf32, ["E"]>, %a6: tensor<?xf32, ["E"]>, %a7: tensor<?xf32, ["E"]>, %a8: tensor<?xf32, ["E"]>, %a9: tensor<?xf32, ["E"]>, %a10: tensor<?xf32, ["E"]>, %a11: tensor<?xf32, ["E"]>, %a12: tensor<?xf32, ["E"]>, %a13: tensor<?xf32, ["E"]>, %a14: tensor<?xf32, ["E"]>, %a15: tensor<?xf32, ["E"]>, %a16: tensor<?xf32, ["E"]>, %a17: tensor<?xf32, ["E"]>, %a18: tensor<?xf32, ["E"]>, %a19: tensor<?xf32, ["E"]>, %a20: tensor<?xf32, ["E"]>, %a21: tensor<?xf32, ["E"]>, %a22: tensor<?xf32, ["E"]>, %a23: tensor<?xf32, ["E"]>, %a24: tensor<?xf32, ["E"]>, %a25: tensor<?xf32, ["E"]>, %a26: tensor<?xf32, ["E"]>, %a27: tensor<?xf32, ["E"]>, %a28: tensor<?xf32, ["E"]>, %a29: tensor<?xf32, ["E"]>, %a30: tensor<?xf32, ["E"]>, %a31: tensor<?xf32, ["E"]>, %a32: tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]> {
  %s1 = "tiny.add"(%a0, %a1) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s2 = "tiny.add"(%s1, %a2) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s3 = "tiny.add"(%s2, %a3) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s4 = "tiny.add"(%s3, %a4) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s5 = "tiny.add"(%s4, %a5) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s6 = "tiny.add"(%s5, %a6) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s7 = "tiny.add"(%s6, %a7) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s8 = "tiny.add"(%s7, %a8) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s9 = "tiny.add"(%s8, %a9) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s10 = "tiny.add"(%s9, %a10) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s11 = "tiny.add"(%s10, %a11) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s12 = "tiny.add"(%s11, %a12) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s13 = "tiny.add"(%s12, %a13) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s14 = "tiny.add"(%s13, %a14) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s15 = "tiny.add"(%s14, %a15) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s16 = "tiny.add"(%s15, %a16) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s17 = "tiny.add"(%s16, %a17) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s18 = "tiny.add"(%s17, %a18) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s19 = "tiny.add"(%s18, %a19) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s20 = "tiny.add"(%s19, %a20) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s21 = "tiny.add"(%s20, %a21) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s22 = "tiny.add"(%s21, %a22) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s23 = "tiny.add"(%s22, %a23) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s24 = "tiny.add"(%s23, %a24) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s25 = "tiny.add"(%s24, %a25) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s26 = "tiny.add"(%s25, %a26) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s27 = "tiny.add"(%s26, %a27) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s28 = "tiny.add"(%s27, %a28) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s29 = "tiny.add"(%s28, %a29) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s30 = "tiny.add"(%s29, %a30) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s31 = "tiny.add"(%s30, %a31) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  %s32 = "tiny.add"(%s31, %a32) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
  return %s32 : tensor<?xf32, ["E"]>
}

// -----

// 31 region boundaries (a reshape swapping symbolic dims is no SCoP).
func.func @too_many_cuts(%a: tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]> {
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
  %e17 = "tiny.exp2"(%r16) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r17 = "tiny.reshape"(%e17) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e18 = "tiny.exp2"(%r17) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r18 = "tiny.reshape"(%e18) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e19 = "tiny.exp2"(%r18) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r19 = "tiny.reshape"(%e19) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e20 = "tiny.exp2"(%r19) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r20 = "tiny.reshape"(%e20) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e21 = "tiny.exp2"(%r20) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r21 = "tiny.reshape"(%e21) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e22 = "tiny.exp2"(%r21) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r22 = "tiny.reshape"(%e22) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e23 = "tiny.exp2"(%r22) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r23 = "tiny.reshape"(%e23) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e24 = "tiny.exp2"(%r23) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r24 = "tiny.reshape"(%e24) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e25 = "tiny.exp2"(%r24) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r25 = "tiny.reshape"(%e25) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e26 = "tiny.exp2"(%r25) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r26 = "tiny.reshape"(%e26) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e27 = "tiny.exp2"(%r26) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r27 = "tiny.reshape"(%e27) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e28 = "tiny.exp2"(%r27) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r28 = "tiny.reshape"(%e28) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  %e29 = "tiny.exp2"(%r28) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  %r29 = "tiny.reshape"(%e29) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e30 = "tiny.exp2"(%r29) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  %r30 = "tiny.reshape"(%e30) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["K", "M"]>
  // expected-error@+1 {{E1501 UnsupportedOp: a region boundary falls here, but the function already has 1 inputs, 1 outputs and 30 intermediate buffers; at most 32 tensors in all are supported; suggestion: split the function into several (each gets its own buffers), or remove region boundaries}}
  %y = "tiny.neg"(%r30) : (tensor<?x?xf32, ["K", "M"]>) -> tensor<?x?xf32, ["K", "M"]>
  return %y : tensor<?x?xf32, ["K", "M"]>
}
