// The interpreter takes the free symbols only and computes the derived
// ones from dlc.derived (docs/interp.md); a derived size given anyway must
// agree with its definition.
// RUN: dlc-interp %s H=2,W=3 --print | FileCheck %s
// RUN: dlc-interp %s H=2,W=3,Hp=4 --print | FileCheck %s
// RUN: not dlc-interp %s H=2,W=3,Hp=5 2>&1 | FileCheck %s --check-prefix=CONTRA
// RUN: not dlc-interp %s H=2 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: result0: f32[4, 5]
// CHECK-NEXT: result0[0] = 0 0 0 0 0{{$}}
// CHECK-NEXT: result0[1] = 0 {{[-0-9.e]+ [-0-9.e]+ [-0-9.e]+}} 0{{$}}
// CHECK-NEXT: result0[2] = 0 {{[-0-9.e]+ [-0-9.e]+ [-0-9.e]+}} 0{{$}}
// CHECK-NEXT: result0[3] = 0 0 0 0 0{{$}}
// CONTRA: error: E1304 AxisAlignmentMismatch: derived symbol Hp is 5, but Hp = H + 2 gives 4; suggestion: pass only the free symbols
// MISSING: dlc-interp: error: no size for symbol 'W' (give W=SIZE)
func.func @pad(%x: tensor<?x?xf32, ["H", "W"]> {dlc.name = "X"}) -> tensor<?x?xf32, ["Hp", "Wp"]> attributes {dlc.derived = {Hp = "H + 2", Wp = "W + 2"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1, 1, 1>} : (tensor<?x?xf32, ["H", "W"]>) -> tensor<?x?xf32, ["Hp", "Wp"]>
  return %p : tensor<?x?xf32, ["Hp", "Wp"]>
}
