// A graph split into two kernels (rbssa.program, left by
// convert-indexbook-to-rbssa): convert-dlcgpu-to-gpu records the program on
// the module as dlc.programs, next to dlc.kernels, for the program manifest
// (docs/conventions.md, "Program manifest"): the kernels in launch order, the
// symbols, the graph tensors and the intermediate t0 with its byte size
// formula. The kernel parameters bound to t0 say "intermediate".
// RUN: dlc-opt %s --convert-dlcgpu-to-gpu | FileCheck %s

// CHECK-LABEL: module attributes {
// CHECK-SAME: dlc.kernels = [{block = array<i64: 32, 1, 1>, dynamic_smem_bytes = 0 : i64, flops = "2*M*H*K", grid = ["1", "1", "1"], kernel = "mlp_r0",
// CHECK-SAME: params = [{dtype = "f16", kind = "ptr", name = "X", role = "input", shape = ["M", "K"]}, {dtype = "f16", kind = "ptr", name = "W1", role = "input", shape = ["K", "H"]}, {dtype = "f16", kind = "ptr", name = "W2", role = "input", shape = ["H", "N"]}, {dtype = "f16", intermediate = true, kind = "ptr", name = "t0", role = "output", shape = ["M", "H"]}, {kind = "i64", name = "M"}, {kind = "i64", name = "K"}, {kind = "i64", name = "H"}, {kind = "i64", name = "N"}]
// CHECK-SAME: kernel = "mlp_r1", params = [{dtype = "f16", kind = "ptr", name = "X", role = "input", shape = ["M", "K"]}, {dtype = "f16", kind = "ptr", name = "W1", role = "input", shape = ["K", "H"]}, {dtype = "f16", kind = "ptr", name = "W2", role = "input", shape = ["H", "N"]}, {dtype = "f16", intermediate = true, kind = "ptr", name = "t0", role = "input", shape = ["M", "H"]}, {dtype = "f32", kind = "ptr", name = "Z", role = "output", shape = ["M", "N"]},
// CHECK-SAME: dlc.programs = [{
// CHECK-SAME: inputs = [{dtype = "f16", name = "X", shape = ["M", "K"]}, {dtype = "f16", name = "W1", shape = ["K", "H"]}, {dtype = "f16", name = "W2", shape = ["H", "N"]}],
// CHECK-SAME: intermediates = [{bytes = "2*M*H", consumers = ["mlp_r1"], dtype = "f16", materialize = "deferred", name = "t0", producer = "mlp_r0", shape = ["M", "H"]}],
// CHECK-SAME: kernels = ["mlp_r0", "mlp_r1"],
// CHECK-SAME: outputs = [{dtype = "f32", name = "Z", shape = ["M", "N"]}],
// CHECK-SAME: program = "mlp", symbols = ["M", "K", "H", "N"]}]
// CHECK: gpu.func @mlp_r0(
// CHECK: gpu.func @mlp_r1(

func.func @mlp_r0(
    %X: memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %W1: memref<?x?xf16> {rbssa.name = "W1", rbssa.role = "input", rbssa.shape = ["K", "H"]},
    %W2: memref<?x?xf16> {rbssa.name = "W2", rbssa.role = "input", rbssa.shape = ["H", "N"]},
    %t0: memref<?x?xf16> {rbssa.name = "t0", rbssa.role = "output", rbssa.shape = ["M", "H"], rbssa.intermediate},
    %M: index, %K: index, %H: index, %N: index)
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "2*M*H*K", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = ["M", "K", "H", "N"]} {
  return
}
func.func @mlp_r1(
    %X: memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    %W1: memref<?x?xf16> {rbssa.name = "W1", rbssa.role = "input", rbssa.shape = ["K", "H"]},
    %W2: memref<?x?xf16> {rbssa.name = "W2", rbssa.role = "input", rbssa.shape = ["H", "N"]},
    %t0: memref<?x?xf16> {rbssa.name = "t0", rbssa.role = "input", rbssa.shape = ["M", "H"], rbssa.intermediate},
    %Z: memref<?x?xf32> {rbssa.name = "Z", rbssa.role = "output", rbssa.shape = ["M", "N"]},
    %M: index, %K: index, %H: index, %N: index)
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "2*M*N*H", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = ["M", "K", "H", "N"]} {
  return
}
func.func private @mlp(
    memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "K"]},
    memref<?x?xf16> {rbssa.name = "W1", rbssa.role = "input", rbssa.shape = ["K", "H"]},
    memref<?x?xf16> {rbssa.name = "W2", rbssa.role = "input", rbssa.shape = ["H", "N"]},
    memref<?x?xf32> {rbssa.name = "Z", rbssa.role = "output", rbssa.shape = ["M", "N"]})
    attributes {rbssa.program = {regions = ["mlp_r0", "mlp_r1"],
                buffers = [{name = "t0", shape = ["M", "H"], dtype = f16, materialize = "deferred", producer = "mlp_r0", consumers = ["mlp_r1"]}]}}
