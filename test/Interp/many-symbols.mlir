// A function of 34 symbols, more than the 32 the interpreter's table once
// held: every one is bound from the inputs or the command line.
// RUN: dlc-interp %s T0=1,U0=1,T1=1,U1=1,T2=1,U2=1,T3=1,U3=1,T4=1,U4=1,T5=1,U5=1,T6=1,U6=1,T7=1,U7=1,T8=1,U8=1,T9=1,U9=1,T10=1,U10=1,T11=1,U11=1,T12=1,U12=1,T13=1,U13=1,T14=1,U14=1,T15=1,U15=1,T16=2,U16=3 --input x16=iota --print | FileCheck %s
// CHECK: result0: f32[2, 3]
// CHECK-NEXT: result0[0] = 1 2 4
// CHECK-NEXT: result0[1] = 8 16 32
// dlc-interp --diff draws all 34 sizes per trial (each trial a copy of the
// table with sizes of its own) and compares with the lowered region.
// RUN: dlc-interp %s --diff --trials 2 --max-size 3 | FileCheck %s --check-prefix=DIFF
// DIFF: trial 1: T0={{[0-9]+}} U0={{[0-9]+}} {{.*}} T16={{[0-9]+}} U16={{[0-9]+}}: {{.*}}: PASS
// DIFF: diff @many_symbols: 2 of 2 trials pass
func.func @many_symbols(%x0: tensor<?x?xf32, ["T0", "U0"]>, %x1: tensor<?x?xf32, ["T1", "U1"]>, %x2: tensor<?x?xf32, ["T2", "U2"]>, %x3: tensor<?x?xf32, ["T3", "U3"]>, %x4: tensor<?x?xf32, ["T4", "U4"]>, %x5: tensor<?x?xf32, ["T5", "U5"]>, %x6: tensor<?x?xf32, ["T6", "U6"]>, %x7: tensor<?x?xf32, ["T7", "U7"]>, %x8: tensor<?x?xf32, ["T8", "U8"]>, %x9: tensor<?x?xf32, ["T9", "U9"]>, %x10: tensor<?x?xf32, ["T10", "U10"]>, %x11: tensor<?x?xf32, ["T11", "U11"]>, %x12: tensor<?x?xf32, ["T12", "U12"]>, %x13: tensor<?x?xf32, ["T13", "U13"]>, %x14: tensor<?x?xf32, ["T14", "U14"]>, %x15: tensor<?x?xf32, ["T15", "U15"]>, %x16: tensor<?x?xf32, ["T16", "U16"]>) -> tensor<?x?xf32, ["T16", "U16"]> {
  %e = "tiny.exp2"(%x16) : (tensor<?x?xf32, ["T16", "U16"]>) -> tensor<?x?xf32, ["T16", "U16"]>
  return %e : tensor<?x?xf32, ["T16", "U16"]>
}
