// Regression (reproducer U01): a kernel with more parameters than the
// outliner took (24) failed with exit 1 and no message. The parameter list
// now grows with the kernel: 30 parameters outline in order; only CUDA's
// own limit (4 KiB of parameters, 512 of 8 bytes) is an error, E1501.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s
// RUN: python3 %S/Inputs/many-params.py 513 > %t.mlir
// RUN: not dlc-opt %t.mlir --convert-dlcgpu-to-gpu -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LIMIT
// RUN: python3 %S/Inputs/many-params.py 512 > %t-512.mlir
// RUN: dlc-opt %t-512.mlir --convert-dlcgpu-to-gpu | FileCheck %s --check-prefix=MAX

// LIMIT: error: E1501 UnsupportedOp: the kernel has 513 parameters; CUDA passes at most 4096 bytes of them, 512 8-byte parameters
// MAX: gpu.func @k({{.*}}%arg511: !llvm.ptr) kernel

// The manifest entry lists all 30, then the kernel takes all 30.
// CHECK: kernel = "k", params = [{{.*}}name = "arg29"
// CHECK: gpu.func @k(%arg0: !llvm.ptr,
// CHECK-SAME: %arg29: !llvm.ptr) kernel
func.func @k(%A0: memref<4xf16>, %A1: memref<4xf16>, %A2: memref<4xf16>, %A3: memref<4xf16>, %A4: memref<4xf16>, %A5: memref<4xf16>, %A6: memref<4xf16>, %A7: memref<4xf16>, %A8: memref<4xf16>, %A9: memref<4xf16>, %A10: memref<4xf16>, %A11: memref<4xf16>, %A12: memref<4xf16>, %A13: memref<4xf16>, %A14: memref<4xf16>, %A15: memref<4xf16>, %A16: memref<4xf16>, %A17: memref<4xf16>, %A18: memref<4xf16>, %A19: memref<4xf16>, %A20: memref<4xf16>, %A21: memref<4xf16>, %A22: memref<4xf16>, %A23: memref<4xf16>, %A24: memref<4xf16>, %A25: memref<4xf16>, %A26: memref<4xf16>, %A27: memref<4xf16>, %A28: memref<4xf16>, %A29: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
