/* The SM90 pieces the GEMM and attention skeletons share (internal to
 * convert-plan-to-dlcgpu): shared-memory buffers and mbarrier groups,
 * the mbarrier and wgmma dlcgpu ops, setmaxnreg, and the ring's phase
 * parity. Each emits at g->b. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SM90GEN_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SM90GEN_H

#include "GemmGen.h"

/* memref<shape x element, 3> (workgroup memory). */
MlirType sm90SmemType(Gen *g, int rank, const int64_t *shape, MlirType element);
/* dlcgpu.smem_alloc of `type` (i64 elements: an mbarrier group). */
MlirValue sm90SmemAlloc(Gen *g, MlirType type, int64_t alignment,
                        const char *swizzle);
/* A 128-byte-swizzled buffer of g->in starting on the swizzle's 1 KiB
 * period, as TMA writes and wgmma descriptors read it. */
MlirValue sm90SwizzledAlloc(Gen *g, int rank, const int64_t *shape);
/* A group of `count` mbarriers. */
MlirValue sm90Barriers(Gen *g, int64_t count);
/* `name`(bars, index) with the optional integer attribute attr = value. */
void sm90MbarrierOp(Gen *g, const char *name, MlirValue bars, MlirValue index,
                    const char *attr, int64_t value);
void sm90MbarrierWait(Gen *g, MlirValue bars, MlirValue index,
                      MlirValue parity);
/* Phase parity (i1) of use `use` of a ring of `stages` stages; `flip`
 * for the producer's wait on an empty barrier (the first use passes). */
MlirValue sm90ParityOf(Gen *g, MlirValue use, int64_t stages, bool flip);
/* setmaxnreg.inc / .dec to `count` registers. */
void sm90SetMaxRegisters(Gen *g, int count, bool increase);
/* The registers a thread of a warp-specialized CTA's producer and of each
 * of its `consumers` consumer warpgroups sets: 40 + 2 x 232 (one or two
 * consumers), 32 + 3 x 160 with three (FlashAttention-3's split): the
 * SM's 64 Ki over the CTA's warpgroups. */
int sm90ProducerRegisters(int64_t consumers);
int sm90ConsumerRegisters(int64_t consumers);
/* The producer warpgroup's threads that run its loop: warp 0 (thread 0
 * issues the loads). Opens `if (g->tid < SM90_PRODUCER_THREADS)` at g->b
 * and returns the builder to give back to sm90EndProducerWarp. The other
 * three warps of the warpgroup take part in its setmaxnreg (a warpgroup
 * instruction) and then leave: they would only wait on the ring's empty
 * barriers without arriving, and a waiter that does not arrive can fall
 * two phases behind a barrier, where its parity test never passes again
 * and the CTA never ends (bench/RESULTS.md run bx-2). */
enum { SM90_PRODUCER_THREADS = 32 };
DlcBuilder sm90BeginProducerWarp(Gen *g);
void sm90EndProducerWarp(Gen *g, DlcBuilder outer);
MlirType sm90Token(Gen *g, const char *name);
/* bar.sync id, threads (dlcgpu.named_barrier): waits until `threads`
 * threads (whole warps) have met or arrived at hardware barrier `id`
 * (1 to 15; 0 is dlcgpu.barrier's). */
void sm90NamedBarrier(Gen *g, MlirValue id, int64_t threads);
/* bar.arrive id, threads (nvvm.barrier.arrive): counts this thread on
 * barrier `id` without waiting (the producer side of a turn). */
void sm90NamedBarrierArrive(Gen *g, MlirValue id, int64_t threads);
/* wgmma.wait_group `pending` on the group of `tok`; returns tok. */
MlirValue sm90WgmmaWait(Gen *g, MlirValue tok, int64_t pending);

/* One wgmma operand: a shared-memory buffer indexed at every dimension,
 * read MN-major (transposed) when `trans`. */
typedef struct Sm90Operand {
  MlirValue smem;
  MlirValue index[6];
  int rank;
  bool trans;
} Sm90Operand;

/* acc += A · B by one dlcgpu.wgmma of shape [64, n, k] (k a multiple of
 * 16) into vector<n/8 x 2 x 2 x f32> `acc`: out[0] the accumulators,
 * out[1] the compute token. */
void sm90Wgmma(Gen *g, const Sm90Operand *a, const Sm90Operand *b, int64_t n,
               int64_t k, MlirValue acc, MlirValue out[2]);
/* acc += A · B by one dlcgpu.wgmma_rs of shape [64, n, k]: A this
 * thread's register fragments vector<k/16 x 4 x 2 x g->in> (mma.sync's A
 * layout per warp), B from shared memory; out as sm90Wgmma's. */
void sm90WgmmaRs(Gen *g, MlirValue a, const Sm90Operand *b, int64_t n,
                 int64_t k, MlirValue acc, MlirValue out[2]);
/* Zero accumulators for an m64nN wgmma (vector<n/8 x 2 x 2 x f32>) and a
 * complete token: out[0], out[1]. */
void sm90AccInit(Gen *g, int64_t n, MlirValue out[2]);

#endif
