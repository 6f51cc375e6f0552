// Regression (reproducer U01): a kernel with more parameters than the
// outliner takes failed with exit 1 and no message; now E1501 says why.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu --verify-diagnostics -o /dev/null

// expected-error @+1 {{E1501 UnsupportedOp: the kernel has 30 parameters; convert-dlcgpu-to-gpu outlines at most 24}}
func.func @k(%A0: memref<4xf16>, %A1: memref<4xf16>, %A2: memref<4xf16>, %A3: memref<4xf16>, %A4: memref<4xf16>, %A5: memref<4xf16>, %A6: memref<4xf16>, %A7: memref<4xf16>, %A8: memref<4xf16>, %A9: memref<4xf16>, %A10: memref<4xf16>, %A11: memref<4xf16>, %A12: memref<4xf16>, %A13: memref<4xf16>, %A14: memref<4xf16>, %A15: memref<4xf16>, %A16: memref<4xf16>, %A17: memref<4xf16>, %A18: memref<4xf16>, %A19: memref<4xf16>, %A20: memref<4xf16>, %A21: memref<4xf16>, %A22: memref<4xf16>, %A23: memref<4xf16>, %A24: memref<4xf16>, %A25: memref<4xf16>, %A26: memref<4xf16>, %A27: memref<4xf16>, %A28: memref<4xf16>, %A29: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
