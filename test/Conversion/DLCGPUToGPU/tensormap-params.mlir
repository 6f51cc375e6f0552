// Tensor maps passed by value (docs/conventions.md, "Tensor maps").
// convert-dlcgpu-to-gpu (OutlineKernels.c) gives a map that is not
// optional an !llvm.ptr parameter, lists it in dlcgpu.by_value_maps, hands
// the body its address as i64 and names it "tensormap_value" in the
// manifest; an optional map stays an i64 device address ("tensormap").
// RUN: dlc-opt %s --split-input-file --convert-dlcgpu-to-gpu | FileCheck %s --check-prefix=OUTLINE
// dlc-tensormap-params (TensorMapParams.c) then makes each listed argument
// of the llvm.func a 128-byte __grid_constant__ parameter.
// RUN: dlc-opt %s --split-input-file --pass-pipeline='builtin.module(convert-dlcgpu-to-gpu, gpu.module(convert-gpu-to-nvvm{index-bitwidth=64}), dlc-tensormap-params)' | FileCheck %s --check-prefix=PARAMS

// OUTLINE:      params = [{{.*}}{box = array<i64: 64, 64>, {{.*}}kind = "tensormap_value", name = "X.map"{{.*}}}, {box = array<i64: 64, 64>, {{.*}}kind = "tensormap", name = "Y.map", optional = true{{.*}}}]
// OUTLINE:      gpu.func @maps(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: !llvm.ptr, %arg4: i64) kernel attributes {dlcgpu.by_value_maps = array<i64: 3>
// OUTLINE:      %[[X:.*]] = llvm.ptrtoint %arg3 : !llvm.ptr to i64
// OUTLINE:      %[[XP:.*]] = llvm.inttoptr %[[X]] : i64 to !llvm.ptr
// OUTLINE:      %[[XD:.*]] = builtin.unrealized_conversion_cast %[[XP]] : !llvm.ptr to !nvgpu.tensormap.descriptor
// OUTLINE:      nvgpu.tma.async.store %{{.*}} to %[[XD]]
// OUTLINE:      %[[YP:.*]] = llvm.inttoptr %arg4 : i64 to !llvm.ptr
// OUTLINE:      %[[YD:.*]] = builtin.unrealized_conversion_cast %[[YP]] : !llvm.ptr to !nvgpu.tensormap.descriptor
// OUTLINE:      nvgpu.tma.async.store %{{.*}} to %[[YD]]

// PARAMS:      llvm.func @maps(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg4: i64)
// PARAMS-NOT:  dlcgpu.by_value_maps
func.func @maps(%X: memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "M"]},
                %Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "M"]},
                %M: index {dlcgpu.symbol = "M"},
                %xmap: i64 {dlcgpu.tensormap = {box = array<i64: 64, 64>, dims = ["M", "M"], dtype = "f16", strides = ["2*M"], swizzle = "128b", tensor = "X"}},
                %ymap: i64 {dlcgpu.tensormap = {box = array<i64: 64, 64>, dims = ["M", "M"], dtype = "f16", optional = true, strides = ["2*M"], swizzle = "128b", tensor = "Y"}})
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 66560 : i64, dlcgpu.symbols = ["M"]} {
  %c0 = arith.constant 0 : index
  %s = "dlcgpu.smem_alloc"() {alignment = 1024 : i64, swizzle = "128b"} : () -> memref<2x4x64x64xf16, 3>
  "dlcgpu.tma_store"(%xmap, %s, %c0, %c0, %c0, %c0, %c0, %c0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 4, 2>} : (i64, memref<2x4x64x64xf16, 3>, index, index, index, index, index, index) -> ()
  "dlcgpu.tma_store"(%ymap, %s, %c0, %c0, %c0, %c0, %c0, %c0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 4, 2>} : (i64, memref<2x4x64x64xf16, 3>, index, index, index, index, index, index) -> ()
  return
}

// -----

// A kernel whose maps are all optional lists none.
// OUTLINE-LABEL: gpu.func @optional_only
// OUTLINE-NOT:   dlcgpu.by_value_maps
// OUTLINE:       gpu.return
// PARAMS:        llvm.func @optional_only(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64)
func.func @optional_only(%Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "M"]},
                         %M: index {dlcgpu.symbol = "M"},
                         %ymap: i64 {dlcgpu.tensormap = {box = array<i64: 64, 64>, dims = ["M", "M"], dtype = "f16", optional = true, strides = ["2*M"], swizzle = "128b", tensor = "Y"}})
    attributes {dlcgpu.kernel, dlcgpu.block = array<i64: 128, 1, 1>, dlcgpu.flops = "0", dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, dlcgpu.symbols = ["M"]} {
  return
}
