// Regressions (reproducers D09, D10): convert-dlcgpu-to-gpu read a kernel's
// launch attributes and argument attributes without checking presence or
// kind (SEGV), and wrote one manifest parameter per dlcgpu.symbols entry
// into a 24-entry array (stack overflow with 40). Each is now E1606 at the
// kernel, before anything reads them.
// RUN: dlc-opt %s --split-input-file --convert-dlcgpu-to-gpu --verify-diagnostics

// D09: 40 symbol names for no index argument.
// expected-error @+1 {{E1606 SkeletonMalformed: dlcgpu.symbols must be an array of strings, one per index argument; suggestion: kernels come from convert-plan-to-dlcgpu; a hand-written one carries the attributes docs/dialects/dlcgpu.md lists}}
func.func @k(%A: memref<?xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = ["S0", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12", "S13", "S14", "S15", "S16", "S17", "S18", "S19", "S20", "S21", "S22", "S23", "S24", "S25", "S26", "S27", "S28", "S29", "S30", "S31", "S32", "S33", "S34", "S35", "S36", "S37", "S38", "S39"]} {
  return
}

// -----

// D09: dlcgpu.symbols that is not an array.
// expected-error @+1 {{dlcgpu.symbols must be an array of strings, one per index argument}}
func.func @k(%A: memref<?xf16>, %M: index) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = "M"} {
  return
}

// -----

// D10a: no dlcgpu.symbols.
// expected-error @+1 {{dlcgpu.symbols must be an array of strings, one per index argument}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64} {
  return
}

// -----

// D10b: no dlcgpu.block.
// expected-error @+1 {{dlcgpu.block must be array<i64: x, y, z> with each size in [1, 1024]}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// A block of 2048 threads.
// expected-error @+1 {{dlcgpu.block must be array<i64: x, y, z> with each size in [1, 1024]}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 2048, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// D10c: no grid, shared memory or flops (null attributes in dlc.kernels).
// expected-error @+1 {{dlcgpu.grid must be an array of 3 strings (expressions over the symbols)}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{dlcgpu.smem_bytes must be a non-negative integer}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = "0", dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{dlcgpu.flops must be a string (an expression over the symbols)}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{dlcgpu.min_blocks_per_sm must be a positive 32-bit integer}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.min_blocks_per_sm = 0 : i64, dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{dlcgpu.cooperative must be a bool}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.cooperative = 1 : i64, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// A string other than "split".
// expected-error @+1 {{dlcgpu.cooperative must be a bool or "split" (cooperative where grid y is more than 1)}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.cooperative = "always", dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// A symbol before a tensor.
// expected-error @+1 {{E1501 UnsupportedOp: a kernel argument is out of this order}}
func.func @k(%M: index, %A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = ["M"]} {
  return
}

// -----

// Nine dimensions: the rebuilt descriptor holds at most eight.
// expected-error @+1 {{a tensor argument has more than 8 dimensions}}
func.func @k(%A: memref<1x1x1x1x1x1x1x1x2xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{a tensor argument's rbssa.shape must be an array of sizes and symbol names, its rbssa.name and rbssa.role strings}}
func.func @k(%A: memref<?xf16> {rbssa.shape = "M"}, %M: index) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = ["M"]} {
  return
}

// -----

// expected-error @+1 {{dlcgpu.tensormap must be a dictionary naming its 'tensor', with at most 14 fields}}
func.func @k(%A: memref<4xf16>, %map: i64 {dlcgpu.tensormap = {box = [64, 64]}}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{dlcgpu.cluster must be array<i64: x, y, z>, each from 1 to 8 and at most 8 CTAs in all (the portable cluster size)}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.cluster = array<i64: 4, 4, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}

// -----

// expected-error @+1 {{dlcgpu.cluster must be array<i64: x, y, z>}}
func.func @k(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.cluster = array<i64: 2, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
