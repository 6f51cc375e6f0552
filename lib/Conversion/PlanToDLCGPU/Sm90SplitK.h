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
  MlirValue row;                /* the thread's first row */
  MlirAttribute steps;          /* gemmStepsAttr */
  MlirValue pairs;              /* gemmPairStores */
} Sm90SplitK;

/* Stores the partial, waits for the tile's other splits (the launch is
 * cooperative), adds this CTA's slice of the tile over the S partials in
 * a fixed order and runs the epilogue on it. Every consumer thread of the
 * CTA calls it (named barriers inside). */
void sm90SplitKFinish(Gen *g, const Sm90SplitK *s);

/* Stream-K (Skeleton.h, "Stream-K"), with `unit` the workspace slot: this CTA's
 * (a partial segment: its block) or its partner's (the fixup: block + 1);
 * `tile`, `splits`, `steps`, `pairs` and `done` are not read. */
/* Stores the consumers' accumulators `acc` as partial `unit` and releases
 * it on flag `unit`; nothing waits. */
void sm90StreamKStore(Gen *g, const Sm90SplitK *s);
/* Waits for flag `unit`, clears it for the next launch and returns `acc`
 * plus partial `unit` (that order), the accumulators of the whole tile. */
MlirValue sm90StreamKFixup(Gen *g, const Sm90SplitK *s);

#endif
