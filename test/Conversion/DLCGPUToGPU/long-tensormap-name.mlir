// A tensor map's manifest parameter is named "<tensor>.map" whole, however
// long the tensor's name (OutlineKernels.c once built it in 96 characters,
// so a 100-character name lost its ".map" and its tail): here 104.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

// CHECK: kind = "tensormap_value", name = "C_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefgh.map", {{.*}} tensor = "C_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefgh"}
func.func @long_map(%C: memref<?x?xf16> {rbssa.name = "C_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefgh", rbssa.role = "output", rbssa.shape = ["M", "N"]},
                    %M: index {dlcgpu.symbol = "M"}, %N: index {dlcgpu.symbol = "N"},
                    %desc: i64 {dlcgpu.tensormap = {box = array<i64: 64, 64>, dims = ["N", "M"], dtype = "f16", strides = ["2*N"], swizzle = "128b", tensor = "C_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefgh"}})
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = ["M", "N"]} {
  return
}
