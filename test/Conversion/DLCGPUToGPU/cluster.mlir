// A kernel's dlcgpu.cluster (the CTAs of a thread-block cluster in each grid
// dim) reaches its manifest entry as "cluster", which the runtime launches
// through cuLaunchKernelEx (test/tools/dlc-run/cluster.test); a kernel
// without it has none.
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s
// CHECK: module attributes {dlc.kernels = [{block = array<i64: 64, 1, 1>, cluster = array<i64: 2, 1, 1>, {{.*}}kernel = "paired"
// CHECK-NOT: cluster
// CHECK-SAME: kernel = "single"
func.func @paired(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 64, 1, 1>, dlcgpu.cluster = array<i64: 2, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["2", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @single(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 64, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["2", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
