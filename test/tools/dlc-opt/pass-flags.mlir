// Per-pass flags (--<pass>[=<options>]) build the pipeline in order, as in
// mlir-opt.
// RUN: dlc-opt %s --tiny-verify --canonicalize=max-iterations=1 --mlir-print-ir-after-all 2>&1 | FileCheck %s
// CHECK: IR Dump After tiny-verify
// CHECK: IR Dump After Canonicalizer
// CHECK: func.func @f
func.func @f() {
  return
}
