/* The SM90 flash kernel's stream grid hand-over (Sm90FlashStream.c;
 * internal to convert-plan-to-dlcgpu): a work tile split between two
 * CTAs by key tiles (Sm90FlashSchedule.c, "stream") is finished by the
 * CTA holding its first key tiles, from its own O, m, l and the partial
 * the next CTA hands over through the workspace. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SM90FLASHSTREAM_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SM90FLASHSTREAM_H

#include "FlashGen.h"

/* Workspace bytes of the stream grid for `tiling` on `sms` SMs. */
int64_t dlcFlashStreamWorkspaceBytes(const DlcAttnTiling *tiling, int sms);

/* One consumer's view of the hand-over (borrowed values). */
typedef struct FlashStream {
  MlirValue workspace; /* memref<?xi32> */
  MlirValue ctas;      /* grid size x */
  MlirValue slot;      /* the partial's slot: the giver's block id x */
  MlirValue consumer;  /* 0 .. consumers - 1 */
  MlirValue thread;    /* 0 .. 127 within the consumer */
} FlashStream;

/* Stores this consumer's O (one wgmma accumulator vector<Dt/8 x 2 x 2>),
 * m and l as the partial of st->slot and releases it; nothing waits. */
void flashStreamGive(Fa *f, const FlashStream *st, MlirValue o,
                     const MlirValue m[2], const MlirValue l[2]);
/* Waits for the partial of st->slot (the next CTA's), clears its flag for
 * the next launch and merges it into *o, m, l (the online softmax's merge of
 * two key ranges: both rescaled to the larger row max). */
void flashStreamTake(Fa *f, const FlashStream *st, MlirValue *o, MlirValue m[2],
                     MlirValue l[2]);

#endif
