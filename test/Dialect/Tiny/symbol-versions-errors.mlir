// tiny-symbol-versions refuses a versions= value that is not SYM=VALUE
// bindings (E1009), and the pipeline stops before anything is copied.
// RUN: not dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N})' 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: error: E1009 PassOptionInvalid: tiny-symbol-versions: option 'versions': "N" is not SYMBOL=VALUE (a symbol name and a positive integer up to 2^60; at most 8 bindings); suggestion: write versions=SYM=VALUE[,SYM=VALUE...], e.g. versions=N=1
// RUN: not dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=0})' 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: "N=0" is not SYMBOL=VALUE
// RUN: not dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=1,2x=1})' 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: "2x=1" is not SYMBOL=VALUE
// RUN: not dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=1x})' 2>&1 | FileCheck %s --check-prefix=TRAIL
// TRAIL: "N=1x" is not SYMBOL=VALUE
// RUN: not dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=A=1,B=1,C=1,D=1,E=1,F=1,G=1,H=1,I=1})' 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: "I=1" is not SYMBOL=VALUE
// A value past 2^60 (strtoll saturates past 2^63) is no size.
// RUN: not dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=99999999999999999999})' 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: "N=99999999999999999999" is not SYMBOL=VALUE
// RUN: not dlc-opt %s --pass-pipeline='builtin.module(tiny-symbol-versions{versions=N=1152921504606846977})' 2>&1 | FileCheck %s --check-prefix=PAST60
// PAST60: "N=1152921504606846977" is not SYMBOL=VALUE
// CHECK-NOT: func.func @f_N1

func.func @f(%X: tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]> {
  %s = "tiny.reduce"(%X) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?xf32, ["M"]>
  return %s : tensor<?xf32, ["M"]>
}
