/* What SM90 CTAs hand each other through the kernel's workspace
 * (memref<?xi32>, zeroed when the runtime allocates it; internal to
 * convert-plan-to-dlcgpu): f32 partials moved as 16-byte vectors (the flag
 * words are counted and polled by Builder.h's dlcBuildAtomicAddI32 and
 * dlcBuildPollAtLeast). Split-K and stream-K GEMMs (Sm90SplitK.c) and the
 * flash kernel's stream grid (Sm90FlashStream.c) use them. Each emits at
 * g->b. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SM90WORKSPACE_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SM90WORKSPACE_H

#include "GemmGen.h"

/* Rows r0 and r1 (vector<2xf32>) as one vector<4xi32>, built element by
 * element from their i32 bitcasts (the NVVM lowering takes 1-D vectors
 * only: a 2x2 fragment reshaped to four would need a shape_cast it
 * cannot lower), and back. */
MlirValue sm90PackRows(Gen *g, MlirValue r0, MlirValue r1);
void sm90UnpackRows(Gen *g, MlirValue v, MlirValue rows[2]);
/* vector<4xi32> `v` stored at / loaded from word `word` (a multiple of
 * 4: 16-byte accesses). */
void sm90StoreWords4(Gen *g, MlirValue workspace, MlirValue word, MlirValue v);
MlirValue sm90LoadWords4(Gen *g, MlirValue workspace, MlirValue word);

#endif
