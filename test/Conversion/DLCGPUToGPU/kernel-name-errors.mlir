// A kernel's name becomes its PTX symbol, and LLVM's NVPTX back end aborts
// the process on a name it cannot spell: convert-dlcgpu-to-gpu reports it
// at the function instead (regression D01: "gemm-relu" aborted dlc-opt with
// "LLVM ERROR: Symbol name with unsupported characters").
// RUN: dlc-opt %s --split-input-file --convert-dlcgpu-to-gpu --verify-diagnostics

// expected-error @+1 {{E1501 UnsupportedOp: kernel name 'gemm-relu' is not a PTX identifier; suggestion: rename the function with letters, digits and '_', not starting with a digit}}
func.func @"gemm-relu"(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{kernel name 'a b' is not a PTX identifier}}
func.func @"a b"(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{kernel name 'é' is not a PTX identifier}}
func.func @"é"(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{kernel name '1k' is not a PTX identifier}}
func.func @"1k"(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// Every kernel is checked, not only the first; a non-kernel is not.
func.func @"helper-fn"() {
  return
}
func.func @_ok_1(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
// expected-error @+1 {{kernel name 'b.c' is not a PTX identifier}}
func.func @"b.c"(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// Names beginning with dlc_ are DLC's own (the gpu.module, @dlc_smem, the
// runtime's helper kernels): a kernel named after a helper would silently
// stand for it, or clash with it at a bogus location.
// expected-error @+1 {{E1501 UnsupportedOp: kernel name 'dlc_repack_b16' begins with 'dlc_', which DLC reserves for the symbols it adds (its runtime helper kernels such as dlc_repack_b16); suggestion: rename the function so that its name does not begin with 'dlc_'}}
func.func @dlc_repack_b16(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// A program (a graph split into kernels) names the program manifest.
// expected-error @+1 {{program name 'dlc_kernels' begins with 'dlc_'}}
func.func private @dlc_kernels(memref<4xf16>) attributes {rbssa.program = {regions = ["k_r0"], buffers = []}}
func.func @k_r0(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
