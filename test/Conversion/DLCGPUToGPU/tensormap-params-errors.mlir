// dlc-tensormap-params refuses a dlcgpu.by_value_maps it cannot honour (only
// hand-written IR lists one: convert-dlcgpu-to-gpu lists its own !llvm.ptr
// map parameters) instead of skipping it or marking a non-pointer byval.
// RUN: dlc-opt %s --split-input-file --dlc-tensormap-params --verify-diagnostics

// expected-error @+1 {{E1501 UnsupportedOp: dlcgpu.by_value_maps names argument 2, which is not an !llvm.ptr argument of this function; suggestion: list only !llvm.ptr arguments of the function (as convert-dlcgpu-to-gpu does)}}
llvm.func @out_of_range(%arg0: !llvm.ptr, %arg1: i64) attributes {dlcgpu.by_value_maps = array<i64: 2>} {
  llvm.return
}

// -----

// expected-error @+1 {{names argument 1, which is not an !llvm.ptr argument}}
llvm.func @not_a_pointer(%arg0: !llvm.ptr, %arg1: i64) attributes {dlcgpu.by_value_maps = array<i64: 0, 1>} {
  llvm.return
}

// -----

// expected-error @+1 {{dlcgpu.by_value_maps is not an array of i64}}
llvm.func @not_an_array(%arg0: !llvm.ptr) attributes {dlcgpu.by_value_maps = 0 : i64} {
  llvm.return
}

// -----

// A declaration has no arguments to mark (maps are a kernel's).
// expected-error @+1 {{E1501 UnsupportedOp: dlcgpu.by_value_maps is on a function without a body; suggestion: list by-value maps on kernels only (as convert-dlcgpu-to-gpu does), not on declarations}}
llvm.func @declaration(%arg0: !llvm.ptr, %arg1: i64) attributes {dlcgpu.by_value_maps = array<i64: 0>}
