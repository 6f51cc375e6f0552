/* What the SM90 GEMM skeleton's files share (Sm90Gemm.c: the pipeline,
 * the tile walk and the k loops; Sm90GemmEpilogue.c: the epilogue and
 * its stores): an operand's staging, the kernel's pipeline, a consumer's
 * accumulators. Internal to convert-plan-to-dlcgpu. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SM90GEMMINTERNAL_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SM90GEMMINTERNAL_H

#include "Sm90Gen.h"

enum {
  ConsumerRows = DLC_SM90_CONSUMER_ROWS,
  BoxK = DLC_SM90_BOX_K,
  BoxMN = DLC_SM90_BOX_MN
};

/* 64-row wgmmas per stage and consumer at most (warp_tile rows / 64). */
enum { MaxSlabs = 2 };

/* One operand as the SM90 skeleton stages it. */
typedef struct Staging {
  Access *x;
  KpRole fixed;   /* KP_M for A, KP_N for B */
  bool kMajor;    /* k has unit stride: [rows][64 k]; else [chunks][k][64] */
  int64_t rows;   /* BM or BN */
  MlirValue smem; /* the ring */
  MlirValue map;  /* the tensor map's address (i64 kernel argument) */
  bool batched;   /* the map has a batch dimension */
  /* A convolution's A through the im2col map (NULL: a tiled map); the
   * tile's first pixel (n, h, w), set per tile by the producer. */
  const DlcIm2col *im2col;
  MlirValue pixel[3];
} Staging;

/* The kernel's ring of stages, its barriers and schedule: what the
 * producer, the consumers and the epilogue all read. */
typedef struct Pipeline {
  Staging a, b;
  MlirValue full, empty, kTiles;
  /* Split-K (tiling maxSplits > 1): the tiles after the first `whole`
   * are shared by `splits` CTAs each, over kPer k tiles (the last over what
   * remains); else splits = 1 and kPer = kTiles. `workspace`
   * (memref<?xi32>) holds the partials. */
  MlirValue splits, kPer, whole, workspace;
  /* Stream-K (tiling streamK > 0; Skeleton.h, "Stream-K"): the last streamK
   * full rounds and the partial one as k ranges; `workspace` holds the partials
   * and flags. */
  int64_t streamK;
  /* Ping-pong: each consumer owns whole tiles (warp_tile = tile), taking
   * every other tile of the CTA, so one's epilogue overlaps the other's
   * MMAs; cooperative: both share each tile, 64 rows each; a 64-row tile
   * (dlcSm90Consumers) has one consumer, the second warpgroup exits; a
   * 192-row one three, 64 rows each. */
  bool pingPong;
  int64_t consumers;
  int slabs; /* 64-row wgmmas per stage and consumer: warp_tile rows / 64 */
  /* Ping-pong: order[c] completes a phase when consumer c has issued a
   * tile's MMAs; the other consumer waits for it before its own next tile,
   * so the mainloops alternate and neither waits on a stage's full barrier
   * more than one phase ahead (where its parity would be ambiguous). */
  MlirValue order;
  /* The staged epilogue (tiling stagedEpilogue; else null): per consumer
   * `slots` boxes [64 rows][64 columns] of C, 128-byte swizzled as C's map
   * reads them; C's map; i1, the map was encoded (C's base and strides
   * are 16-byte multiples, the runtime's test). A consumer writes
   * `boxes` a tile (BN / 64 per slab), box q into slot q mod slots; with
   * fewer slots than boxes (eachBox) it stores each box as soon as it is
   * written, else all of them at the end. */
  MlirValue staging, outMap, mapUsable;
  int64_t slots, boxes;
  bool eachBox;
  /* The tiling's cluster (1, 2 or a convolution's 4) and the CTA's rank
   * in it. */
  int64_t cluster;
  MlirValue rank;
} Pipeline;

/* A consumer thread's accumulators after a tile's k loop, and what the
 * epilogue needs of them. */
typedef struct Fragments {
  MlirValue inSlab, col, firstSlab; /* row in its slab, first column */
  MlirValue consumer;               /* 0 or 1 */
  const MlirValue *acc;             /* one per slab */
  MlirValue done, pairs;
  MlirAttribute steps;
} Fragments;

/* The epilogue of consumer thread `f`'s tile at (g->m0, g->n0): its
 * steps, then its stores (staged where the pipeline stages C). */
void sm90GemmFinishTile(Gen *g, const Pipeline *p, const Fragments *f);

/* Until at most `pending` of the thread's bulk groups have not yet read
 * their source (the staging slot); their writes are never waited for: the
 * grid's end completes them. */
void sm90GemmStoreReadWait(Gen *g, int64_t pending);

#endif
