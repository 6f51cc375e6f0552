// convert-indexbook-to-rbssa's region arguments are a real bound (the
// kernel's parameter list; RB_MAX_ARGS = 32 inputs and outputs in all): a
// function past it gets E1501 at the function, naming both counts.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(func.func(tiny-verify), convert-tiny-to-indexbook, convert-indexbook-to-rbssa)' --verify-diagnostics

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
