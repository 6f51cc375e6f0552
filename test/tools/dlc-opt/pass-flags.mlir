// Per-pass flags (--<pass>[=<options>]) build the pipeline in order, as in
// mlir-opt.
// RUN: dlc-opt %s --tiny-verify --canonicalize=max-iterations=1 --mlir-print-ir-after-all 2>&1 | FileCheck %s
// CHECK: IR Dump After tiny-verify
// CHECK: IR Dump After Canonicalizer
// CHECK: func.func @f
func.func @f() {
  return
}


// A pass restricted to func.func (affine-loop-tile) runs on each function,
// nested as mlir-opt nests it; the flags after it stay on the module.
// RUN: dlc-opt %S/Inputs/affine-loop.mlir --affine-loop-tile=tile-size=16 --canonicalize --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=NEST
// NEST: IR Dump After AffineLoopTiling (affine-loop-tile) ('func.func' operation: @tiled)
// NEST: affine.for %{{.*}} = 0 to 64 step 16
// NEST: IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation)
// An unknown pass or option is still an error, named.
// RUN: not dlc-opt %s --canonicalize --no-such-pass 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: dlc-opt: error: invalid pass pipeline: {{.*}}'no-such-pass' does not refer to a registered pass
// RUN: not dlc-opt %S/Inputs/affine-loop.mlir --affine-loop-tile=no-such-option=1 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: dlc-opt: error: invalid pass pipeline: {{.*}}no-such-option
// A flag's options reach the pass whole however long (here 6000
// characters, 700 sizes): the flag was once nested through a 4 KB buffer
// and cut, "unbalanced '(' or '{' in pass pipeline".
// RUN: not dlc-opt %s --convert-rbssa-to-plan=sizes=$(%python3 -c "print(','.join('S%%d=%%d' %% (i, i + 1) for i in range(700)))") 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: option 'sizes': more than 16 symbols
