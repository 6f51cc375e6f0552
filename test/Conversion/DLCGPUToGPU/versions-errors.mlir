// dlc.versions (tiny-symbol-versions) names functions that must each have
// become one kernel of their name; otherwise no manifest can name the
// version, reported at the module.
// RUN: dlc-opt %s --split-input-file --convert-dlcgpu-to-gpu --verify-diagnostics

// expected-error @+1 {{E1501 UnsupportedOp: dlc.versions[0]: 'k' or its version is not one kernel of the module; suggestion: leave this function out of versions= (only a function compiled to one kernel has versions)}}
module attributes {dlc.versions = [{kernel = "k", version = "k_N1", when = {N = 1 : i64}}]} {
func.func @k(%A: memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
}

// -----

// expected-error @+1 {{E1606 SkeletonMalformed: dlc.versions and dlc.kernels must be arrays}}
module attributes {dlc.versions = {kernel = "k"}} {
func.func @k(%A: memref<4xf16> {rbssa.name = "A", rbssa.role = "output", rbssa.shape = [4]}) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
}
