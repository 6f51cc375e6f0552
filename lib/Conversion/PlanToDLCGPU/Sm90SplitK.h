/* The split-K pieces of the SM90 skeleton (Sm90SplitK.c; the rule and
 * workspace layout are described in Skeleton.h and Sm90SplitK.c). */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SM90SPLITK_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SM90SPLITK_H

#include "GemmGen.h"

/* The split count S, the k tiles per split and the tiles computed whole
 * (those of the full rounds over the SMs), as index values, for `tiles`
 * output tiles and `kTiles` k tiles (dlcSm90Splits's rule). */
void sm90SplitsValue(Gen *g, MlirValue tiles, MlirValue kTiles,
                     MlirValue *splits, MlirValue *kPer, MlirValue *whole);

/* What one consumer thread holds after its k loop over a split unit
 * `unit` (= tile * splits + split, counted from the first split tile)
 * when splits > 1. Borrowed values. */
typedef struct Sm90SplitK {
  MlirValue workspace; /* memref<?xi32> */
  MlirValue acc;       /* vector<BN/8 x 2 x 2 x f32>, this split's sums */
  MlirValue done;      /* the accumulators' completion token */
  MlirValue unit, tile, splits; /* unit and tile after the whole tiles */
  MlirValue thread;             /* 0..255 among the consumers */
  MlirValue consumer;           /* thread / 128 */
  MlirValue row, col;           /* the fragments' first row and column */
  MlirValue slabRow;            /* the warpgroup's first row */
  MlirValue flags;     /* memref<2xf32> in shared memory, one per consumer */
  MlirAttribute steps; /* gemmStepsAttr */
  MlirValue pairs;     /* gemmPairStores */
} Sm90SplitK;

/* Stores the partial, counts the arrival, and in the last warpgroups to
 * arrive adds the partials (a tree of two levels, fixed order) and runs
 * the epilogue. Every thread of the consumer warpgroup calls it (named
 * barriers inside). */
void sm90SplitKFinish(Gen *g, const Sm90SplitK *s);

#endif
