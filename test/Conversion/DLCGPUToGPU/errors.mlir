// What convert-dlcgpu-to-gpu cannot lower is reported at the op.
// RUN: dlc-opt %s --split-input-file --convert-dlcgpu-to-gpu --verify-diagnostics

func.func @sm90(%s: memref<2x64x64xf16, 3>, %acc: vector<16x2x2xf32>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{E1501 UnsupportedOp: 'dlcgpu.wgmma' has no lowering to upstream dialects yet; suggestion: this version lowers the SM80 skeleton only}}
  %d, %t = "dlcgpu.wgmma"(%s, %c0, %c0, %c0, %s, %c0, %c0, %c0, %acc) {shape = array<i64: 64, 128, 64>, trans_a = false, trans_b = false, operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>} : (memref<2x64x64xf16, 3>, index, index, index, memref<2x64x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

// expected-error @+1 {{E1501 UnsupportedOp: argument 0 dimension 0 has no symbolic size}}
func.func @unnamed(%A: memref<?xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
