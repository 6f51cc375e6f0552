// A derived size that comes out negative at the given free sizes (a 5x5
// window over H = 2: Ho = H - 4 = -2) is an E1007 naming the definition,
// not "no size for symbol 'Ho'" (the value read as unbound).
// RUN: not dlc-interp %s N=1,H=2,W=6 2>&1 | FileCheck %s
// CHECK: error: E1007 DerivedSymbolInvalid: derived symbol Ho = H - 4 is -2 at these sizes: a size cannot be negative; suggestion: give free symbols whose derived sizes are not negative
// At H = W = 5 every size is defined (Ho = Wo = 1).
// RUN: dlc-interp %s N=1,H=5,W=5 --print | FileCheck %s --check-prefix=FITS
// FITS: Y: f16[1, 8, 1, 1]
#map = affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4] -> (d0, d4, d2 + d5, d3 + d6)>
module {
  func.func @c_symneg(%arg0: tensor<?x8x?x?xf16, ["N", 8, "H", "W"]> {dlc.name = "X"}, %arg1: tensor<8x8x5x5xf16> {dlc.name = "Wt"}) -> (tensor<?x8x?x?xf16, ["N", 8, "Ho", "Wo"]> {dlc.name = "Y"}) attributes {dlc.derived = {Ho = "H - 4", Wo = "W - 4"}} {
    %0 = "tiny.view"(%arg0) {map = #map} : (tensor<?x8x?x?xf16, ["N", 8, "H", "W"]>) -> tensor<?x8x?x?x8x5x5xf16, ["N", 8, "Ho", "Wo", 8, 5, 5]>
    %1 = "tiny.reshape"(%arg1) : (tensor<8x8x5x5xf16>) -> tensor<8x1x1x8x5x5xf16>
    %2 = "tiny.mul"(%0, %1) : (tensor<?x8x?x?x8x5x5xf16, ["N", 8, "Ho", "Wo", 8, 5, 5]>, tensor<8x1x1x8x5x5xf16>) -> tensor<?x8x?x?x8x5x5xf16, ["N", 8, "Ho", "Wo", 8, 5, 5]>
    %3 = "tiny.reduce"(%2) {acc_dtype = f32, axes = array<i64: 4, 5, 6>, op = "sum"} : (tensor<?x8x?x?x8x5x5xf16, ["N", 8, "Ho", "Wo", 8, 5, 5]>) -> tensor<?x8x?x?xf32, ["N", 8, "Ho", "Wo"]>
    %4 = "tiny.cast"(%3) : (tensor<?x8x?x?xf32, ["N", 8, "Ho", "Wo"]>) -> tensor<?x8x?x?xf16, ["N", 8, "Ho", "Wo"]>
    return %4 : tensor<?x8x?x?xf16, ["N", 8, "Ho", "Wo"]>
  }
}

