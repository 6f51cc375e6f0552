// A function of 40 symbols, more than the 16 a region once held: the
// region keeps them all (lib/Support/SymbolTable.c) and sizes its axis by
// the last one.
// RUN: dlc-opt %s --convert-indexbook-to-rbssa | FileCheck %s

// CHECK-LABEL: func.func @many_symbols
// CHECK-SAME: rbssa.shape = ["S39"]
// CHECK-SAME: rbssa.iters = [{name = "s39", size = "S39"}]
// CHECK-SAME: rbssa.symbols = ["S0", "S1", {{.*}}, "S38", "S39"]
func.func @many_symbols(%x: tensor<?xf32, ["S39"]>) -> tensor<?xf32, ["S39"]> attributes {indexbook.symbols = ["S0", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12", "S13", "S14", "S15", "S16", "S17", "S18", "S19", "S20", "S21", "S22", "S23", "S24", "S25", "S26", "S27", "S28", "S29", "S30", "S31", "S32", "S33", "S34", "S35", "S36", "S37", "S38", "S39"]} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = "S39"}], domain = [affine_set<(d0)[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22, s23, s24, s25, s26, s27, s28, s29, s30, s31, s32, s33, s34, s35, s36, s37, s38, s39] : (d0 >= 0, -d0 + s39 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["S39"]>) -> tensor<?xf32, ["S39"]>
  return %0 : tensor<?xf32, ["S39"]>
}
