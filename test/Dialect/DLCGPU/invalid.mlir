// RUN: dlc-opt %s --split-input-file --verify-diagnostics

// One case per IRDL constraint of the dlcgpu dialect worth having.

func.func @smem_alloc_unknown_swizzle() {
  // expected-error @+1 {{'"16b"' does not satisfy the constraint}}
  %b = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "16b"} : () -> memref<2x64x64xf16, 3>
  return
}

// -----

func.func @smem_alloc_missing_alignment() {
  // expected-error @+1 {{attribute "alignment" is expected but not provided}}
  %b = "dlcgpu.smem_alloc"() {swizzle = "none"} : () -> memref<2x64x64xf16, 3>
  return
}

// -----

func.func @smem_alloc_tensor() {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  %b = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "none"} : () -> tensor<2x64x64xf16>
  return
}

// -----

// Two variadic index groups: the segment sizes are mandatory.
func.func @cp_async_missing_segments(%s: memref<2x16x16xf16, 3>, %A: memref<?x?xf16>, %i: index) {
  // expected-error @+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  %t = "dlcgpu.cp_async"(%s, %i, %i, %i, %A, %i, %i, %i) {elements = 8 : i64, cache = "cg"}
      : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

func.func @cp_async_segments_wrong_sum(%s: memref<2x16x16xf16, 3>, %A: memref<?x?xf16>, %i: index) {
  // expected-error @+1 {{sum of elements in 'operandSegmentSizes' attribute must be equal to the number of operands}}
  %t = "dlcgpu.cp_async"(%s, %i, %i, %i, %A, %i, %i, %i) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>}
      : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

func.func @cp_async_src_elements_not_index(%s: memref<2x16x16xf16, 3>, %A: memref<?x?xf16>, %i: index, %n: i32) {
  // expected-error @+1 {{expected 'index' but got 'i32'}}
  %t = "dlcgpu.cp_async"(%s, %i, %i, %i, %A, %i, %i, %n) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
      : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, i32) -> !dlcgpu.load_token
  return
}

// -----

func.func @cp_async_unknown_cache(%s: memref<2x16x16xf16, 3>, %A: memref<?x?xf16>, %i: index) {
  // expected-error @+1 {{'"cs"' does not satisfy the constraint}}
  %t = "dlcgpu.cp_async"(%s, %i, %i, %i, %A, %i, %i, %i) {elements = 8 : i64, cache = "cs", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
      : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

func.func @cp_async_source_tensor(%s: memref<2x16x16xf16, 3>, %A: tensor<?x?xf16>, %i: index) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  %t = "dlcgpu.cp_async"(%s, %i, %i, %i, %A, %i, %i, %i) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
      : (memref<2x16x16xf16, 3>, index, index, index, tensor<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

// A copy makes a TokLoad, not a TokCompute.
func.func @cp_async_wrong_token(%s: memref<2x16x16xf16, 3>, %A: memref<?x?xf16>, %i: index) {
  // expected-error @+1 {{expected base type 'dlcgpu.load_token' but got 'dlcgpu.compute_token'}}
  %t = "dlcgpu.cp_async"(%s, %i, %i, %i, %A, %i, %i, %i) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>}
      : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.compute_token
  return
}

// -----

func.func @commit_group_compute_token(%t: !dlcgpu.compute_token) {
  // expected-error @+1 {{expected base type 'dlcgpu.load_token' but got 'dlcgpu.compute_token'}}
  %g = "dlcgpu.commit_group"(%t) : (!dlcgpu.compute_token) -> !dlcgpu.load_token
  return
}

// -----

func.func @wait_group_missing_pending(%g: !dlcgpu.load_token) {
  // expected-error @+1 {{attribute "pending" is expected but not provided}}
  "dlcgpu.wait_group"(%g) : (!dlcgpu.load_token) -> ()
  return
}

// -----

// wait_group waits on copies; an MMA is waited with wgmma_wait.
func.func @wait_group_compute_token(%t: !dlcgpu.compute_token) {
  // expected-error @+1 {{expected base type 'dlcgpu.load_token' but got 'dlcgpu.compute_token'}}
  "dlcgpu.wait_group"(%t) {pending = 0 : i64} : (!dlcgpu.compute_token) -> ()
  return
}

// -----

func.func @barrier_with_operand(%g: !dlcgpu.load_token) {
  // expected-error @+1 {{expects exactly 0 operands, but got 1}}
  "dlcgpu.barrier"(%g) : (!dlcgpu.load_token) -> ()
  return
}

// -----

func.func @ldmatrix_num_three(%s: memref<2x16x16xf16, 3>, %i: index) {
  // expected-error @+1 {{'3 : i64' does not satisfy the constraint}}
  %f = "dlcgpu.ldmatrix"(%s, %i, %i, %i) {num = 3 : i64, trans = false} : (memref<2x16x16xf16, 3>, index, index, index) -> vector<4x2xf16>
  return
}

// -----

// trans is a BoolAttr (true/false), not a unit attribute.
func.func @ldmatrix_trans_unit(%s: memref<2x16x16xf16, 3>, %i: index) {
  // expected-error @+1 {{'unit' does not satisfy the constraint}}
  %f = "dlcgpu.ldmatrix"(%s, %i, %i, %i) {num = 4 : i64, trans} : (memref<2x16x16xf16, 3>, index, index, index) -> vector<4x2xf16>
  return
}

// -----

func.func @ldmatrix_result_not_vector(%s: memref<2x16x16xf16, 3>, %i: index) {
  // expected-error @+1 {{expected base type 'builtin.vector' but got 'builtin.tensor'}}
  %f = "dlcgpu.ldmatrix"(%s, %i, %i, %i) {num = 4 : i64, trans = false} : (memref<2x16x16xf16, 3>, index, index, index) -> tensor<4x2xf16>
  return
}

// -----

func.func @acc_init_without_token() {
  // expected-error @+1 {{expects exactly 2 results, but got 1}}
  %acc = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> vector<2x2xf32>
  return
}

// -----

func.func @acc_init_string_value() {
  // expected-error @+1 {{'"zero"' does not satisfy the constraint}}
  %acc, %tc = "dlcgpu.acc_init"() {value = "zero"} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

func.func @mma_sync_unknown_shape(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  // expected-error @+1 {{'array<i64: 16, 16, 16>' does not satisfy the constraint}}
  %d, %t = "dlcgpu.mma_sync"(%a, %b, %c) {shape = array<i64: 16, 16, 16>}
      : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

// The accumulator keeps its type through the MMA.
func.func @mma_sync_result_differs(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  // expected-error @+1 {{expected 'vector<2x2xf32>' but got 'vector<2x2xf16>'}}
  %d, %t = "dlcgpu.mma_sync"(%a, %b, %c) {shape = array<i64: 16, 8, 16>}
      : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf16>, !dlcgpu.compute_token)
  return
}

// -----

func.func @mma_sync_acc_not_vector(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: tensor<2x2xf32>) {
  // expected-error @+1 {{expected base type 'builtin.vector' but got 'builtin.tensor'}}
  %d, %t = "dlcgpu.mma_sync"(%a, %b, %c) {shape = array<i64: 16, 8, 16>}
      : (vector<4x2xf16>, vector<2x2xf16>, tensor<2x2xf32>) -> (tensor<2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

func.func @mbarrier_init_missing_count(%mb: memref<2xi64, 3>, %i: index) {
  // expected-error @+1 {{attribute "count" is expected but not provided}}
  "dlcgpu.mbarrier_init"(%mb, %i) : (memref<2xi64, 3>, index) -> ()
  return
}

// -----

func.func @mbarrier_init_index_not_index(%mb: memref<2xi64, 3>, %i: i32) {
  // expected-error @+1 {{expected base type 'builtin.index' but got 'builtin.integer'}}
  "dlcgpu.mbarrier_init"(%mb, %i) {count = 1 : i64} : (memref<2xi64, 3>, i32) -> ()
  return
}

// -----

func.func @arrive_expect_tx_missing_bytes(%mb: memref<2xi64, 3>, %i: index) {
  // expected-error @+1 {{attribute "bytes" is expected but not provided}}
  "dlcgpu.mbarrier_arrive_expect_tx"(%mb, %i) : (memref<2xi64, 3>, index) -> ()
  return
}

// -----

// The TMA descriptor is the i64 generic address of a CUtensorMap.
func.func @tma_load_desc_not_i64(%d: index, %mb: memref<2xi64, 3>, %s: memref<2x64x64xf16, 3>, %i: index) {
  // expected-error @+1 {{expected 'i64' but got 'index'}}
  %t = "dlcgpu.tma_load"(%d, %mb, %i, %s, %i, %i, %i, %i, %i) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
      : (index, memref<2xi64, 3>, index, memref<2x64x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

func.func @tma_load_missing_box(%d: i64, %mb: memref<2xi64, 3>, %s: memref<2x64x64xf16, 3>, %i: index) {
  // expected-error @+1 {{attribute "box" is expected but not provided}}
  %t = "dlcgpu.tma_load"(%d, %mb, %i, %s, %i, %i, %i, %i, %i) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>}
      : (i64, memref<2xi64, 3>, index, memref<2x64x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

func.func @tma_load_segments_wrong_length(%d: i64, %mb: memref<2xi64, 3>, %s: memref<2x64x64xf16, 3>, %i: index) {
  // expected-error @+1 {{'operandSegmentSizes' attribute for specifying operand segments must have 6 elements, but got 5}}
  %t = "dlcgpu.tma_load"(%d, %mb, %i, %s, %i, %i, %i, %i, %i) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 5>}
      : (i64, memref<2xi64, 3>, index, memref<2x64x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

func.func @mbarrier_wait_parity_not_i1(%mb: memref<2xi64, 3>, %i: index, %ta: !dlcgpu.load_token) {
  // expected-error @+1 {{expected 'i1' but got 'index'}}
  "dlcgpu.mbarrier_wait"(%mb, %i, %i, %ta) : (memref<2xi64, 3>, index, index, !dlcgpu.load_token) -> ()
  return
}

// -----

func.func @mbarrier_wait_epilogue_token(%mb: memref<2xi64, 3>, %i: index, %p: i1, %te: !dlcgpu.epilogue_token) {
  // expected-error @+1 {{expected base type 'dlcgpu.load_token' but got 'dlcgpu.epilogue_token'}}
  "dlcgpu.mbarrier_wait"(%mb, %i, %p, %te) : (memref<2xi64, 3>, index, i1, !dlcgpu.epilogue_token) -> ()
  return
}

// -----

// wgmma reads A from shared memory (register A is wgmma_rs).
func.func @wgmma_a_in_registers(%a: vector<8x2xf16>, %b: memref<2x128x64xf16, 3>, %i: index, %acc: vector<16x2x2xf32>) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.vector'}}
  %r, %t = "dlcgpu.wgmma"(%a, %b, %i, %i, %i, %acc) {shape = array<i64: 64, 128, 64>, trans_a = false, trans_b = false, operandSegmentSizes = array<i32: 1, 0, 1, 3, 1>}
      : (vector<8x2xf16>, memref<2x128x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

func.func @wgmma_result_differs(%a: memref<2x64x64xf16, 3>, %b: memref<2x128x64xf16, 3>, %i: index, %acc: vector<16x2x2xf32>) {
  // expected-error @+1 {{expected 'vector<16x2x2xf32>' but got 'vector<16x2x2xf16>'}}
  %r, %t = "dlcgpu.wgmma"(%a, %i, %i, %i, %b, %i, %i, %i, %acc) {shape = array<i64: 64, 128, 64>, trans_a = false, trans_b = false, operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>}
      : (memref<2x64x64xf16, 3>, index, index, index, memref<2x128x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf16>, !dlcgpu.compute_token)
  return
}

// -----

func.func @wgmma_missing_trans_b(%a: memref<2x64x64xf16, 3>, %b: memref<2x128x64xf16, 3>, %i: index, %acc: vector<16x2x2xf32>) {
  // expected-error @+1 {{attribute "trans_b" is expected but not provided}}
  %r, %t = "dlcgpu.wgmma"(%a, %i, %i, %i, %b, %i, %i, %i, %acc) {shape = array<i64: 64, 128, 64>, trans_a = false, operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>}
      : (memref<2x64x64xf16, 3>, index, index, index, memref<2x128x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

func.func @wgmma_shape_not_dense(%a: memref<2x64x64xf16, 3>, %b: memref<2x128x64xf16, 3>, %i: index, %acc: vector<16x2x2xf32>) {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.string'}}
  %r, %t = "dlcgpu.wgmma"(%a, %i, %i, %i, %b, %i, %i, %i, %acc) {shape = "64x128x64", trans_a = false, trans_b = false, operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>}
      : (memref<2x64x64xf16, 3>, index, index, index, memref<2x128x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

func.func @wgmma_wait_load_token(%g: !dlcgpu.load_token) {
  // expected-error @+1 {{expected base type 'dlcgpu.compute_token' but got 'dlcgpu.load_token'}}
  "dlcgpu.wgmma_wait"(%g) {pending = 0 : i64} : (!dlcgpu.load_token) -> ()
  return
}

// -----

// The epilogue depends on TokCompute (§9.2), not on a load.
func.func @epilogue_load_token(%acc: vector<2x2xf32>, %g: !dlcgpu.load_token) {
  // expected-error @+1 {{expected base type 'dlcgpu.compute_token' but got 'dlcgpu.load_token'}}
  %v, %te = "dlcgpu.epilogue"(%acc, %g) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 0>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.000000e+00 : f32}], result = 1 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.load_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

func.func @epilogue_steps_not_array(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{expected base attribute 'builtin.array' but got 'builtin.string'}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = "relu", result = 0 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

func.func @epilogue_missing_overlap(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{attribute "overlap" is expected but not provided}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}], result = 0 : i64}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

func.func @epilogue_makes_compute_token(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{expected base type 'dlcgpu.epilogue_token' but got 'dlcgpu.compute_token'}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}, {args = array<i64: 0>, fn = "relu", input = 0 : i64, kind = "unary", type = f32, value = 0.000000e+00 : f32}], result = 1 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token) -> (vector<2x2xf16>, !dlcgpu.compute_token)
  return
}

// -----

// All extras of one epilogue share one fragment type (IRDL binds a variadic
// group's constraint once).
func.func @epilogue_extras_differ(%acc: vector<2x2xf32>, %tc: !dlcgpu.compute_token, %b: vector<2x2xf16>, %r: vector<2x2xf32>) {
  // expected-error @+1 {{expected 'vector<2x2xf16>' but got 'vector<2x2xf32>'}}
  %v, %te = "dlcgpu.epilogue"(%acc, %tc, %b, %r) {steps = [{args = array<i64>, fn = "", input = 0 : i64, kind = "acc", type = f32, value = 0.000000e+00 : f32}], result = 0 : i64, overlap = false}
      : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  return
}

// -----

// A store waits for the epilogue (TokEpilogue), not for the MMA.
func.func @store_vec_compute_token(%v: vector<8xf16>, %C: memref<?x?xf16>, %i: index, %p: i1, %tc: !dlcgpu.compute_token) {
  // expected-error @+1 {{expected base type 'dlcgpu.epilogue_token' but got 'dlcgpu.compute_token'}}
  "dlcgpu.store_vec"(%v, %C, %i, %i, %p, %tc) : (vector<8xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.compute_token) -> ()
  return
}

// -----

func.func @store_vec_missing_pred(%v: vector<8xf16>, %C: memref<?x?xf16>, %i: index, %te: !dlcgpu.epilogue_token) {
  // expected-error @+1 {{expected 'i1' but got 'index'}}
  "dlcgpu.store_vec"(%v, %C, %i, %i, %te) : (vector<8xf16>, memref<?x?xf16>, index, index, !dlcgpu.epilogue_token) -> ()
  return
}

// -----

func.func @store_vec_to_tensor(%v: vector<8xf16>, %C: tensor<?x?xf16>, %i: index, %p: i1, %te: !dlcgpu.epilogue_token) {
  // expected-error @+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  "dlcgpu.store_vec"(%v, %C, %i, %i, %p, %te) : (vector<8xf16>, tensor<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
  return
}

// -----

// wgmma_rs reads A from registers: a shared-memory A is wgmma's.
func.func @wgmma_rs_a_in_smem(%a: memref<2x64x64xf16, 3>, %b: memref<2x64x64xf16, 3>, %i: index, %acc: vector<8x2x2xf32>) {
  // expected-error @+1 {{expected base type 'builtin.vector' but got 'builtin.memref'}}
  %r, %t = "dlcgpu.wgmma_rs"(%a, %b, %i, %i, %i, %acc) {shape = array<i64: 64, 64, 64>, trans_b = true}
      : (memref<2x64x64xf16, 3>, memref<2x64x64xf16, 3>, index, index, index, vector<8x2x2xf32>) -> (vector<8x2x2xf32>, !dlcgpu.compute_token)
  return
}

// -----

// A multicast's CTA mask is an i16 (one bit per CTA of the cluster).
func.func @tma_load_multicast_mask_i32(%d: i64, %mb: memref<2xi64, 3>, %sm: memref<2x128x64xf16, 3>, %i: index, %m: i32) {
  // expected-error @+1 {{expected 'i16' but got 'i32'}}
  %t = "dlcgpu.tma_load_multicast"(%d, %mb, %i, %m, %sm, %i, %i, %i, %i, %i) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 3, 2>} : (i64, memref<2xi64, 3>, index, i32, memref<2x128x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  return
}

// -----

// A remote arrival names the barrier and the CTA: three operands.
func.func @mbarrier_arrive_cluster_no_cta(%mb: memref<2xi64, 3>, %i: index) {
  // expected-error @+1 {{op expects exactly 3 operands, but got 2}}
  "dlcgpu.mbarrier_arrive_cluster"(%mb, %i) : (memref<2xi64, 3>, index) -> ()
  return
}
