// More than 32 kernels in one module: every one keeps its dlc.kernels
// entry (dlc.kernels used to stop at 32, silently dropping k31..k38;
// reproducer D20-manifest-cap-32-kernels).
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | grep -o 'kernel = "k[0-9]*"' | count 40
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s
// CHECK: kernel = "k30"
// CHECK-SAME: kernel = "k31"
// CHECK-SAME: kernel = "k38"
// CHECK-SAME: kernel = "k39"

func.func @k0(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k1(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k2(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k3(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k4(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k5(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k6(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k7(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k8(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k9(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k10(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k11(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k12(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k13(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k14(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k15(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k16(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k17(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k18(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k19(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k20(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k21(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k22(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k23(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k24(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k25(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k26(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k27(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k28(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k29(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k30(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k31(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k32(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k33(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k34(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k35(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k36(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k37(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k38(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
func.func @k39(%A: memref<4xf16>) attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = []} {
  return
}
