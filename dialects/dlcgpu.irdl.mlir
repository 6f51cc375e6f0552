// dlcgpu — the GPU skeleton (spec §9): one MMA template with async tokens.
//
//   SM80: cp_async -> commit_group -> wait_group -> barrier -> ldmatrix
//         -> mma_sync -> epilogue -> store_vec
//   SM90: mbarrier_arrive_expect_tx + tma_load -> mbarrier_wait -> wgmma
//         -> wgmma_wait -> epilogue -> store_vec, or (a staged epilogue)
//         epilogue -> vector.store to shared -> fence_async_shared ->
//         named_barrier -> tma_store ... tma_store_wait (or, into rows
//         TMA cannot store, named_barrier -> shifted_store)
//
// Each op is one tile step of one thread (SIMT view, like nvgpu): loops,
// stages and tails are upstream scf.for / scf.if / arith inside a func.func
// (a gpu.func after outlining). Shared memory is memref<..., 3>; register
// fragments (ldmatrix results, accumulators) are builtin vectors holding this
// thread's part in the PTX fragment layout. Ops whose PTX is issued by a
// single thread are executed by every thread and the lowering elects the
// issuing one: thread 0 of the CTA for mbarrier_init, thread 0 of each
// warpgroup for tma_load, tma_store and mbarrier_arrive_expect_tx (in a
// warp-specialized kernel only the producer warpgroup executes them).
//
// Async tokens (§9.2), parameterless types:
//   !dlcgpu.load_token     (TokLoad)     global -> smem arrival; made by
//       cp_async / commit_group / tma_load, consumed by wait_group (SM80) or
//       mbarrier_wait (SM90).
//   !dlcgpu.compute_token  (TokCompute)  an accumulator is complete; made by
//       acc_init / mma_sync / wgmma, consumed by wgmma_wait and epilogue.
//   !dlcgpu.epilogue_token (TokEpilogue) epilogue done; consumed by
//       store_vec. Nothing orders it against the next tile's load tokens, so
//       loads may overlap the epilogue (async.epilogue_overlap).
// Tokens may be carried through scf.for iter_args. Every load token must
// reach exactly one wait; IRDL cannot check use counts, a DLC verifier pass
// (dlcgpu-verify) must.
//
// IRDL notes: a constraint variable binds once per op, so all operands of one
// variadic group share a type, and operands sharing a variable (mma_sync
// acc/result) must be identical. Ops with two variadic groups (cp_async,
// tma_load, wgmma) need `operandSegmentSizes = array<i32: ...>`. Address
// space 3, static shapes, ranks, element types and fragment shapes are not
// expressible in IRDL and are left to dlcgpu-verify.
// See docs/dialects/dlcgpu.md.

irdl.dialect @dlcgpu {

  // TokLoad: a global -> shared copy (or group of copies) has landed once
  // waited on.
  irdl.type @load_token

  // TokCompute: an MMA accumulator is complete once waited on.
  irdl.type @compute_token

  // TokEpilogue: the epilogue on an accumulator is done.
  irdl.type @epilogue_token

  // SmemAlloc: a static shared-memory buffer (stages x tile), with its
  // alignment in bytes and its swizzle (shared with TMA descriptors, wgmma
  // descriptors and ldmatrix addressing).
  //   %smA = "dlcgpu.smem_alloc"() {alignment = 128 : i64, swizzle = "128b"} : () -> memref<2x128x64xf16, 3>
  irdl.operation @smem_alloc {
    %buf = irdl.base "!builtin.memref"
    %align = irdl.base "#builtin.integer"
    %none = irdl.is "none"
    %s32 = irdl.is "32b"
    %s64 = irdl.is "64b"
    %s128 = irdl.is "128b"
    %swizzle = irdl.any_of(%none, %s32, %s64, %s128)
    irdl.results(buffer: %buf)
    irdl.attributes {"alignment" = %align, "swizzle" = %swizzle}
  }

  // CpAsync (SM80 cp.async): copies `elements` contiguous elements from
  // src[src_indices] to dst[dst_indices] (4, 8 or 16 bytes); only the first
  // `src_elements` are read, the rest are zero-filled (tail predication:
  // 0 = fully predicated off). cache "ca" keeps L1, "cg" bypasses it.
  //   %t = "dlcgpu.cp_async"(%smA, %s, %r, %c, %A, %gr, %gc, %n) {elements = 8 : i64, cache = "cg", operandSegmentSizes = array<i32: 1, 3, 1, 2, 1>} : (memref<2x16x16xf16, 3>, index, index, index, memref<?x?xf16>, index, index, index) -> !dlcgpu.load_token
  irdl.operation @cp_async {
    %dst = irdl.base "!builtin.memref"
    %src = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %tok = irdl.base @dlcgpu::@load_token
    %elements = irdl.base "#builtin.integer"
    %ca = irdl.is "ca"
    %cg = irdl.is "cg"
    %cache = irdl.any_of(%ca, %cg)
    irdl.operands(dst: %dst, dst_indices: variadic %idx, src: %src, src_indices: variadic %idx, src_elements: %idx)
    irdl.results(token: %tok)
    irdl.attributes {"elements" = %elements, "cache" = %cache}
  }

  // CommitGroup (cp.async.commit_group): closes a group of copies; the
  // result names the group.
  //   %g = "dlcgpu.commit_group"(%ta, %tb) : (!dlcgpu.load_token, !dlcgpu.load_token) -> !dlcgpu.load_token
  irdl.operation @commit_group {
    %tok = irdl.base @dlcgpu::@load_token
    irdl.operands(tokens: variadic %tok)
    irdl.results(group: %tok)
  }

  // WaitGroup (cp.async.wait_group N): waits until the group `group` and all
  // older groups have landed, leaving at most `pending` younger groups in
  // flight. Consumes the token. Follow with dlcgpu.barrier before other
  // threads read the data.
  //   "dlcgpu.wait_group"(%g) {pending = 1 : i64} : (!dlcgpu.load_token) -> ()
  irdl.operation @wait_group {
    %tok = irdl.base @dlcgpu::@load_token
    %pending = irdl.base "#builtin.integer"
    irdl.operands(group: %tok)
    irdl.attributes {"pending" = %pending}
  }

  // Barrier (bar.sync 0 / __syncthreads): CTA-wide execution and shared
  // memory barrier.
  //   "dlcgpu.barrier"() : () -> ()
  irdl.operation @barrier {
  }

  // Ldmatrix (ldmatrix.sync.aligned.m8n8.xN[.trans].shared.b16): loads `num`
  // 8x8 b16 matrices; the indices are this lane's row address. The result is
  // this thread's fragment (vector<numx2xf16>).
  //   %a = "dlcgpu.ldmatrix"(%smA, %s, %r, %c) {num = 4 : i64, trans = false} : (memref<2x16x16xf16, 3>, index, index, index) -> vector<4x2xf16>
  irdl.operation @ldmatrix {
    %src = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %frag = irdl.base "!builtin.vector"
    %n1 = irdl.is 1 : i64
    %n2 = irdl.is 2 : i64
    %n4 = irdl.is 4 : i64
    %num = irdl.any_of(%n1, %n2, %n4)
    %true = irdl.is true
    %false = irdl.is false
    %trans = irdl.any_of(%true, %false)
    irdl.operands(src: %src, indices: variadic %idx)
    irdl.results(fragment: %frag)
    irdl.attributes {"num" = %num, "trans" = %trans}
  }

  // AccInit: this thread's accumulator fragment filled with `value`, and a
  // compute token that is already complete (the loop-carried initial
  // TokCompute of the mainloop).
  //   %acc, %tc = "dlcgpu.acc_init"() {value = 0.0 : f32} : () -> (vector<2x2xf32>, !dlcgpu.compute_token)
  irdl.operation @acc_init {
    %acc = irdl.base "!builtin.vector"
    %tok = irdl.base @dlcgpu::@compute_token
    %f = irdl.base "#builtin.float"
    %i = irdl.base "#builtin.integer"
    %value = irdl.any_of(%f, %i)
    irdl.results(acc: %acc, token: %tok)
    irdl.attributes {"value" = %value}
  }

  // MmaSync (SM80 mma.sync.aligned.m16n8kK.row.col): acc += a * b on this
  // warp's fragments; synchronous, so the returned token is complete.
  // shape is [m, n, k] of one instruction.
  //   %acc1, %tc = "dlcgpu.mma_sync"(%a, %b, %acc) {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> (vector<2x2xf32>, !dlcgpu.compute_token)
  irdl.operation @mma_sync {
    %a = irdl.base "!builtin.vector"
    %b = irdl.base "!builtin.vector"
    %acc = irdl.base "!builtin.vector"
    %tok = irdl.base @dlcgpu::@compute_token
    %k16 = irdl.is array<i64: 16, 8, 16>
    %k8 = irdl.is array<i64: 16, 8, 8>
    %k4 = irdl.is array<i64: 16, 8, 4>
    %k32 = irdl.is array<i64: 16, 8, 32>
    %shape = irdl.any_of(%k16, %k8, %k4, %k32)
    irdl.operands(a: %a, b: %b, acc: %acc)
    irdl.results(result: %acc, token: %tok)
    irdl.attributes {"shape" = %shape}
  }

  // MbarrierInit (mbarrier.init.shared.b64): initialises barrier
  // bars[index] with an expected arrival count.
  //   "dlcgpu.mbarrier_init"(%mb, %c0) {count = 1 : i64} : (memref<2xi64, 3>, index) -> ()
  irdl.operation @mbarrier_init {
    %bars = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %count = irdl.base "#builtin.integer"
    irdl.operands(bars: %bars, index: %idx)
    irdl.attributes {"count" = %count}
  }

  // MbarrierArriveExpectTx (mbarrier.arrive.expect_tx): arrives on
  // bars[index] and announces `bytes` of TMA traffic for the current phase.
  //   "dlcgpu.mbarrier_arrive_expect_tx"(%mb, %s) {bytes = 24576 : i64} : (memref<2xi64, 3>, index) -> ()
  irdl.operation @mbarrier_arrive_expect_tx {
    %bars = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %bytes = irdl.base "#builtin.integer"
    irdl.operands(bars: %bars, index: %idx)
    irdl.attributes {"bytes" = %bytes}
  }

  // MbarrierArrive (mbarrier.arrive): every executing thread arrives on
  // bars[index] (a consumer releasing a stage to the producer).
  //   "dlcgpu.mbarrier_arrive"(%mb, %s) : (memref<2xi64, 3>, index) -> ()
  irdl.operation @mbarrier_arrive {
    %bars = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    irdl.operands(bars: %bars, index: %idx)
  }

  // TmaLoad (SM90 cp.async.bulk.tensor...mbarrier::complete_tx): loads one
  // `box` of the tensor described by the CUtensorMap at generic address
  // `desc` (i64) at `coords` (outermost first) into dst[dst_indices],
  // completing on bars[bar_index]. Out-of-bounds elements are zero-filled.
  //   %t = "dlcgpu.tma_load"(%descA, %mb, %s, %smA, %s, %c0, %c0, %m0, %k0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 2>} : (i64, memref<2xi64, 3>, index, memref<2x64x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  irdl.operation @tma_load {
    %desc = irdl.is i64
    %bars = irdl.base "!builtin.memref"
    %dst = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %tok = irdl.base @dlcgpu::@load_token
    %box = irdl.base "#builtin.dense_array"
    irdl.operands(desc: %desc, bars: %bars, bar_index: %idx, dst: %dst, dst_indices: variadic %idx, coords: variadic %idx)
    irdl.results(token: %tok)
    irdl.attributes {"box" = %box}
  }

  // TmaLoadMulticast (cp.async.bulk.tensor...multicast::cluster): tma_load
  // whose box lands at dst[dst_indices] in every CTA of the thread-block
  // cluster whose rank is set in `mask` (i16), each completing bytes on its
  // own bars[bar_index] (the same shared-memory offset as here). Each CTA's
  // full barrier then expects the bytes of every CTA's multicast part.
  //   %t = "dlcgpu.tma_load_multicast"(%descB, %mb, %s, %mask, %smB, %s, %r, %c0, %n0, %k0) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 3, 2>} : (i64, memref<4xi64, 3>, index, i16, memref<4x256x64xf16, 3>, index, index, index, index, index) -> !dlcgpu.load_token
  irdl.operation @tma_load_multicast {
    %desc = irdl.is i64
    %bars = irdl.base "!builtin.memref"
    %mask = irdl.is i16
    %dst = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %tok = irdl.base @dlcgpu::@load_token
    %box = irdl.base "#builtin.dense_array"
    irdl.operands(desc: %desc, bars: %bars, bar_index: %idx, mask: %mask, dst: %dst, dst_indices: variadic %idx, coords: variadic %idx)
    irdl.results(token: %tok)
    irdl.attributes {"box" = %box}
  }

  // ClusterRank (%cluster_ctarank): this CTA's rank in its thread-block
  // cluster, 0 .. CTAs of the cluster - 1.
  //   %r = "dlcgpu.cluster_rank"() : () -> index
  irdl.operation @cluster_rank {
    %idx = irdl.base "!builtin.index"
    irdl.results(rank: %idx)
  }

  // ClusterSync (fence.mbarrier_init.release.cluster; barrier.cluster.arrive;
  // barrier.cluster.wait): every thread of every CTA of the cluster meets
  // here; barriers initialised before it may be signalled by the other CTAs
  // after it (multicast loads, mbarrier_arrive_cluster), and no CTA leaves
  // the kernel while another may still signal its barriers.
  //   "dlcgpu.cluster_sync"() : () -> ()
  irdl.operation @cluster_sync {
  }

  // MbarrierArriveCluster (mapa; mbarrier.arrive.shared::cluster, its
  // default .release.cta): one arrival per warp (its lane 0; the warp's
  // threads have executed what precedes it) on bars[index] of the CTA of
  // rank `cta` in the cluster (this CTA's own rank too): a consumer
  // releasing a stage that the cluster's producers multicast into.
  //   "dlcgpu.mbarrier_arrive_cluster"(%mb, %s, %cta) : (memref<4xi64, 3>, index, index) -> ()
  irdl.operation @mbarrier_arrive_cluster {
    %bars = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    irdl.operands(bars: %bars, index: %idx, cta: %idx)
  }

  // TmaLoadIm2col (cp.async.bulk.tensor...im2col...mbarrier::complete_tx):
  // the im2col form of tma_load over an NHWC activation whose map was
  // encoded by cuTensorMapEncodeIm2col: `coords` (outermost first: n, h,
  // w, c) name the first pixel of the column and its first channel,
  // `offsets` (outermost first: kh, kw) the filter tap added to every
  // pixel; `box` is [pixels, channels]. Pixels outside the tensor (the
  // padding) and channels past C are zero-filled.
  //   %t = "dlcgpu.tma_load_im2col"(%descA, %mb, %s, %smA, %s, %c0, %c0, %n, %h, %w, %c, %kh, %kw) {box = array<i64: 128, 64>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 3, 4, 2>} : (i64, memref<2xi64, 3>, index, memref<2x128x64xf16, 3>, index, index, index, index, index, index, index, index, index) -> !dlcgpu.load_token
  irdl.operation @tma_load_im2col {
    %desc = irdl.is i64
    %bars = irdl.base "!builtin.memref"
    %dst = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %tok = irdl.base @dlcgpu::@load_token
    %box = irdl.base "#builtin.dense_array"
    irdl.operands(desc: %desc, bars: %bars, bar_index: %idx, dst: %dst, dst_indices: variadic %idx, coords: variadic %idx, offsets: variadic %idx)
    irdl.results(token: %tok)
    irdl.attributes {"box" = %box}
  }

  // TmaStore (SM90 cp.async.bulk.tensor global <- shared, then
  // cp.async.bulk.commit_group): thread 0 of the warpgroup stores the `box`
  // at src[src_indices] (the box's dims, outermost first, trailing the
  // indices) to the tensor described by the CUtensorMap at generic address
  // `desc` at `coords` (outermost first, in elements). Elements of the box
  // outside the tensor are not written. The writes of every thread to src
  // must be ordered before it by fence_async_shared and a barrier; src may
  // be written again only after a tma_store_wait with `read`.
  //   "dlcgpu.tma_store"(%descC, %stC, %c0, %c1, %c0, %c0, %m0, %n0) {box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 1, 4, 2>} : (i64, memref<2x4x64x64xf16, 3>, index, index, index, index, index, index) -> ()
  irdl.operation @tma_store {
    %desc = irdl.is i64
    %src = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %box = irdl.base "#builtin.dense_array"
    irdl.operands(desc: %desc, src: %src, src_indices: variadic %idx, coords: variadic %idx)
    irdl.attributes {"box" = %box}
  }

  // ShiftedStore (SM90 staged epilogue into rows TMA cannot store, such as
  // N = 4097 halves): the 128 threads of a warpgroup store the box [64][64]
  // of 2-byte elements at src[src_indices] (the box's dims trailing the
  // indices, 128-byte swizzled as tma_store reads it) into the flat `dst`,
  // row r (r < `rows`) at elements offset + r * stride ..., each row
  // starting at any 2-byte boundary: 16-byte stores of the dst blocks
  // wholly inside a row, assembled across the row's shift from two chunks
  // of src, and its first and last partial blocks in aligned pieces of 2, 4
  // and 8 bytes. The writes of every thread to src must be ordered before
  // it by a barrier; src may be written again after the next barrier of the
  // warpgroup (its reads are synchronous).
  //   "dlcgpu.shifted_store"(%stC, %c0, %c1, %C, %off, %N, %rows) {box = array<i64: 64, 64>} : (memref<2x4x64x64xf16, 3>, index, index, memref<?xf16>, index, index, index) -> ()
  irdl.operation @shifted_store {
    %src = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %dst = irdl.base "!builtin.memref"
    %box = irdl.base "#builtin.dense_array"
    irdl.operands(src: %src, src_indices: variadic %idx, dst: %dst, offset: %idx, stride: %idx, rows: %idx)
    irdl.attributes {"box" = %box}
  }

  // TmaStoreWait (cp.async.bulk.wait_group[.read] N): waits until at most
  // `pending` of this thread's tma_store groups are in flight; with `read`,
  // only until they have read their shared memory (which may then be
  // written again), else until their writes are done.
  //   "dlcgpu.tma_store_wait"() {pending = 0 : i64, read = true} : () -> ()
  irdl.operation @tma_store_wait {
    %pending = irdl.base "#builtin.integer"
    %t = irdl.is true
    %f = irdl.is false
    %read = irdl.any_of(%t, %f)
    irdl.attributes {"pending" = %pending, "read" = %read}
  }

  // FenceAsyncShared (fence.proxy.async.shared::cta): orders this thread's
  // earlier shared-memory writes before later TMA (async proxy) reads.
  //   "dlcgpu.fence_async_shared"() : () -> ()
  irdl.operation @fence_async_shared {
  }

  // NamedBarrier (bar.sync id, threads): a barrier of `threads` threads (a
  // multiple of 32: whole warps) on hardware barrier `id` (1 to 15, the
  // same in every thread that meets it; 0 is dlcgpu.barrier's).
  //   "dlcgpu.named_barrier"(%id) {threads = 128 : i64} : (index) -> ()
  irdl.operation @named_barrier {
    %id = irdl.base "!builtin.index"
    %threads = irdl.base "#builtin.integer"
    irdl.operands(id: %id)
    irdl.attributes {"threads" = %threads}
  }

  // MbarrierWait (mbarrier.try_wait.parity loop): waits for phase `parity`
  // of bars[index] to complete; consumes the load tokens that signal it.
  //   "dlcgpu.mbarrier_wait"(%mb, %s, %parity, %ta, %tb) : (memref<2xi64, 3>, index, i1, !dlcgpu.load_token, !dlcgpu.load_token) -> ()
  irdl.operation @mbarrier_wait {
    %bars = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %parity = irdl.is i1
    %tok = irdl.base @dlcgpu::@load_token
    irdl.operands(bars: %bars, index: %idx, parity: %parity, tokens: variadic %tok)
  }

  // Wgmma (SM90 wgmma.mma_async over one k-stage, then commit_group): acc +=
  // A * B with A = a[a_indices...] and B = b[b_indices...] read from shared
  // memory through descriptors (swizzle from their smem_alloc). shape is the
  // [m, n, k] of the whole step (m = 64, k a multiple of 16); trans_a/trans_b
  // select MN-major operands. The result may only be read after its token is
  // waited (wgmma_wait or epilogue).
  //   %acc1, %tc = "dlcgpu.wgmma"(%smA, %s, %c0, %c0, %smB, %s, %c0, %c0, %acc) {shape = array<i64: 64, 128, 64>, trans_a = false, trans_b = false, operandSegmentSizes = array<i32: 1, 3, 1, 3, 1>} : (memref<2x64x64xf16, 3>, index, index, index, memref<2x128x64xf16, 3>, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  irdl.operation @wgmma {
    %a = irdl.base "!builtin.memref"
    %b = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %acc = irdl.base "!builtin.vector"
    %tok = irdl.base @dlcgpu::@compute_token
    %shape = irdl.base "#builtin.dense_array"
    %ta_t = irdl.is true
    %ta_f = irdl.is false
    %trans_a = irdl.any_of(%ta_t, %ta_f)
    %tb_t = irdl.is true
    %tb_f = irdl.is false
    %trans_b = irdl.any_of(%tb_t, %tb_f)
    irdl.operands(a: %a, a_indices: variadic %idx, b: %b, b_indices: variadic %idx, acc: %acc)
    irdl.results(result: %acc, token: %tok)
    irdl.attributes {"shape" = %shape, "trans_a" = %trans_a, "trans_b" = %trans_b}
  }

  // WgmmaRs (SM90 wgmma.mma_async with A in registers, over one k-stage,
  // then commit_group): acc += A * B with A this thread's fragments
  // vector<(k/16) x 4 x 2 x f16|bf16> (per k16 step the four registers of
  // mma.sync m16n8k16's A layout, repeated per warp of the warpgroup: rows
  // 16·warp + lane/4 (+8), columns 2·(lane%4) (+8)) and B = b[b_indices...]
  // read from shared memory through a descriptor (MN-major when trans_b).
  // shape is [64, n, k]. A's registers are read until the token is waited.
  //   %acc1, %tc = "dlcgpu.wgmma_rs"(%p, %smV, %s, %c0, %c0, %c0, %acc) {shape = array<i64: 64, 128, 64>, trans_b = true} : (vector<4x4x2xf16>, memref<2x64x2x64xf16, 3>, index, index, index, index, vector<16x2x2xf32>) -> (vector<16x2x2xf32>, !dlcgpu.compute_token)
  irdl.operation @wgmma_rs {
    %a = irdl.base "!builtin.vector"
    %b = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %acc = irdl.base "!builtin.vector"
    %tok = irdl.base @dlcgpu::@compute_token
    %shape = irdl.base "#builtin.dense_array"
    %tb_t = irdl.is true
    %tb_f = irdl.is false
    %trans_b = irdl.any_of(%tb_t, %tb_f)
    irdl.operands(a: %a, b: %b, b_indices: variadic %idx, acc: %acc)
    irdl.results(result: %acc, token: %tok)
    irdl.attributes {"shape" = %shape, "trans_b" = %trans_b}
  }

  // WgmmaWait (wgmma.wait_group N): waits until at most `pending` wgmma
  // groups younger than `token`'s are in flight.
  //   "dlcgpu.wgmma_wait"(%tc) {pending = 0 : i64} : (!dlcgpu.compute_token) -> ()
  irdl.operation @wgmma_wait {
    %tok = irdl.base @dlcgpu::@compute_token
    %pending = irdl.base "#builtin.integer"
    irdl.operands(token: %tok)
    irdl.attributes {"pending" = %pending}
  }

  // Epilogue: runs the kernel problem's epilogue program `steps` on the
  // accumulator fragment once `in_token` is complete (docs/kernel-problem.md).
  // Each step is a dictionary {kind, type, fn, args, input, value}: kind is
  // "acc" (the accumulator), "load" (extra operand `input`, one fragment of
  // an input tensor per load, in f32), "const", "unary", "binary",
  // "compare", "select" or "cast"; fn is rbssa's function name; args are
  // earlier steps; a step of type f16/bf16 is rounded to it. Step `result`
  // is converted to the result's element type. `overlap` = true lets the
  // next tile's loads run during it. Returns the converted fragment and the
  // TokEpilogue `out_token`.
  //   %v, %te = "dlcgpu.epilogue"(%acc, %tc, %bias) {steps = [{kind = "acc", type = f32, fn = "", args = array<i64>, input = 0 : i64, value = 0.0 : f32}, {kind = "load", type = f32, fn = "", args = array<i64>, input = 0 : i64, value = 0.0 : f32}, {kind = "binary", type = f32, fn = "add", args = array<i64: 0, 1>, input = 0 : i64, value = 0.0 : f32}], result = 2 : i64, overlap = false} : (vector<2x2xf32>, !dlcgpu.compute_token, vector<2x2xf32>) -> (vector<2x2xf16>, !dlcgpu.epilogue_token)
  irdl.operation @epilogue {
    %acc = irdl.base "!builtin.vector"
    %tc = irdl.base @dlcgpu::@compute_token
    %extra = irdl.base "!builtin.vector"
    %res = irdl.base "!builtin.vector"
    %te = irdl.base @dlcgpu::@epilogue_token
    %steps = irdl.base "#builtin.array"
    %result = irdl.base "#builtin.integer"
    %t = irdl.is true
    %f = irdl.is false
    %overlap = irdl.any_of(%t, %f)
    irdl.operands(acc: %acc, in_token: %tc, extras: variadic %extra)
    irdl.results(result: %res, out_token: %te)
    irdl.attributes {"steps" = %steps, "result" = %result, "overlap" = %overlap}
  }

  // StoreVec (st.global.vN, predicated): stores the 1-D vector `value`
  // contiguously at dst[indices...] when `pred` holds, after the epilogue
  // named by `token`.
  //   "dlcgpu.store_vec"(%v, %C, %i, %j, %p, %te) : (vector<2xf16>, memref<?x?xf16>, index, index, i1, !dlcgpu.epilogue_token) -> ()
  irdl.operation @store_vec {
    %val = irdl.base "!builtin.vector"
    %dst = irdl.base "!builtin.memref"
    %idx = irdl.base "!builtin.index"
    %pred = irdl.is i1
    %te = irdl.base @dlcgpu::@epilogue_token
    irdl.operands(value: %val, dst: %dst, indices: variadic %idx, pred: %pred, token: %te)
  }
}
