// A program whose regions or buffers cannot make a program manifest is
// reported at its declaration.
// RUN: dlc-opt %s --split-input-file --convert-dlcgpu-to-gpu --verify-diagnostics

func.func @p_r0(%A: memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
// expected-error @+1 {{E1501 UnsupportedOp: region 'p_r1' of the program has no kernel; suggestion: compile every region of the program to a kernel (dlcgpu.kernel) before convert-dlcgpu-to-gpu}}
func.func private @p(memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]})
    attributes {rbssa.program = {regions = ["p_r0", "p_r1"], buffers = []}}

// -----

func.func @p_r0(%A: memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
// expected-error @+1 {{E1501 UnsupportedOp: buffer 0 of rbssa.program is malformed or its size overflows}}
func.func private @p(memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]})
    attributes {rbssa.program = {regions = ["p_r0"], buffers = [{name = "t0", shape = ["M"], dtype = i8, producer = "p_r0", consumers = []}]}}

// -----

func.func @p_r0(%A: memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
// expected-error @+1 {{E1501 UnsupportedOp: program argument 0 has no tensor name, role, shape or element type a manifest can state}}
func.func private @p(memref<4xf16> {rbssa.role = "output", rbssa.shape = [4]})
    attributes {rbssa.program = {regions = ["p_r0"], buffers = []}}

// -----

func.func @p_r0(%A: memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
// expected-error @+1 {{E1501 UnsupportedOp: rbssa.program has no regions or buffers array}}
func.func private @p(memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]})
    attributes {rbssa.program = {regions = "p_r0"}}
