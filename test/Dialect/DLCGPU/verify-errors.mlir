// dlcgpu-verify: each malformed kernel op is E1606 SkeletonMalformed at the
// op, with the reason and a suggestion.
// RUN: dlc-opt %s --split-input-file --dlcgpu-verify --verify-diagnostics

func.func @smem_global() {
  // expected-error @+1 {{E1606 SkeletonMalformed: shared memory must be a static memref in address space 3}}
  %0 = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "128b"} : () -> memref<2x64x64xf16, 1>
  return
}

// -----

func.func @mma_types(%a: vector<4x2xf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) {
  // expected-error @+1 {{E1606 SkeletonMalformed: m16n8k16 mma.sync takes vector<4x2xT>, vector<2x2xT> (T f16 or bf16, the same) and vector<2x2xf32>}}
  %d, %t = "dlcgpu.mma_sync"(%a, %b, %c) {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xbf16>, vector<2x2xf32>) -> (vector<2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

func.func @ldmatrix_shape(%s: memref<2x64x64xf16, 3>, %i: index) {
  // expected-error @+1 {{E1606 SkeletonMalformed: ldmatrix.xN yields vector<Nx2xT> with T f16 or bf16}}
  %f = "dlcgpu.ldmatrix"(%s, %i, %i, %i) {num = 4 : i64, trans = false} : (memref<2x64x64xf16, 3>, index, index, index) -> vector<2x2xf16>
  return
}

// -----

func.func @waited_twice() {
  // expected-error @+1 {{E1606 SkeletonMalformed: a load token is waited on twice}}
  %g = "dlcgpu.commit_group"() : () -> !dlcgpu.load_token
  "dlcgpu.wait_group"(%g) {pending = 0 : i64} : (!dlcgpu.load_token) -> ()
  "dlcgpu.wait_group"(%g) {pending = 0 : i64} : (!dlcgpu.load_token) -> ()
  return
}

// -----

func.func @epilogue_forward_arg(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{E1606 SkeletonMalformed: epilogue step 1 is not {kind, type, fn, args (as many earlier steps as it takes), input (< 0 extra operands), value}}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.0 : f32}, {args = array<i64: 1>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.0 : f32}], result = 1 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

func.func @epilogue_missing_load(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{E1606 SkeletonMalformed: epilogue step 1 is not {kind, type, fn, args (as many earlier steps as it takes), input (< 0 extra operands), value}}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.0 : f32}, {args = array<i64>, fn = "", input = 0 : i64, kind = "load", type = f32, value = 0.0 : f32}], result = 1 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

func.func @epilogue_kind(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{E1606 SkeletonMalformed: epilogue step 0 is not}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "accumulate", type = f32, value = 0.0 : f32}], result = 0 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

func.func @epilogue_result(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{E1606 SkeletonMalformed: the epilogue's result is not one of its steps}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.0 : f32}], result = 3 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

func.func @store_2d(%v: vector<2x2xf16>, %C: memref<?xf16>, %i: index, %p: i1, %te: !dlcgpu.epilogue_token) {
  // expected-error @+1 {{E1606 SkeletonMalformed: store_vec stores a 1-D vector}}
  "dlcgpu.store_vec"(%v, %C, %i, %p, %te) : (vector<2x2xf16>, memref<?xf16>, index, i1, !dlcgpu.epilogue_token) -> ()
  return
}

// -----

// A buffer's alignment is a power of two of at most 1 KiB: 0 would divide
// by zero in the lowering, a negative one overlap buffers, 3 misalign them.
func.func @smem_align_zero() {
  // expected-error @+1 {{E1606 SkeletonMalformed: smem_alloc's alignment must be a power of two from 1 to 1024 bytes}}
  %0 = "dlcgpu.smem_alloc"() {alignment = 0 : i64, swizzle = "none"} : () -> memref<2x64x64xf16, 3>
  return
}

// -----

func.func @smem_align_negative() {
  // expected-error @+1 {{E1606 SkeletonMalformed: smem_alloc's alignment must be a power of two from 1 to 1024 bytes}}
  %0 = "dlcgpu.smem_alloc"() {alignment = -128 : i64, swizzle = "none"} : () -> memref<2x64x64xf16, 3>
  return
}

// -----

func.func @smem_align_three() {
  // expected-error @+1 {{E1606 SkeletonMalformed: smem_alloc's alignment must be a power of two from 1 to 1024 bytes}}
  %0 = "dlcgpu.smem_alloc"() {alignment = 3 : i64, swizzle = "none"} : () -> memref<2x64x64xf16, 3>
  return
}

// -----

func.func @smem_align_huge() {
  // expected-error @+1 {{E1606 SkeletonMalformed: smem_alloc's alignment must be a power of two from 1 to 1024 bytes}}
  %0 = "dlcgpu.smem_alloc"() {alignment = 2048 : i64, swizzle = "none"} : () -> memref<2x64x64xf16, 3>
  return
}

// -----

// A binary step reads two earlier steps.
func.func @epilogue_arity(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{E1606 SkeletonMalformed: epilogue step 1 is not {kind, type, fn, args (as many earlier steps as it takes)}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.0 : f32}, {args = array<i64: 0>, fn = "add", input = 0 : i64, kind = "binary", type = f32, value = 0.0 : f32}], result = 1 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}
