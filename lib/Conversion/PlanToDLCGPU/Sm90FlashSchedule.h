/* The SM90 flash kernel's work-tile schedule (Sm90FlashSchedule.c;
 * internal to convert-plan-to-dlcgpu): the visits of a CTA and the work
 * tile (query tile, batch row) of each. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SM90FLASHSCHEDULE_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SM90FLASHSCHEDULE_H

#include "FlashGen.h"

typedef struct FlashSchedule {
  bool persistent;
  MlirValue visits;    /* work tiles this CTA visits (1 in "tiles") */
  MlirValue cta, ctas; /* block id x, grid size x (persistent) */
  MlirValue qTiles;    /* ceildiv(Lq, BM) (persistent) */
} FlashSchedule;

/* The CTA's schedule, at the kernel's entry. */
void flashScheduleInit(Fa *f, FlashSchedule *s);
/* Work tile of visit `visit` (0 <= visit < s->visits): query tile and
 * flattened batch row (flashBindBatch's). */
void flashScheduleTile(Fa *f, const FlashSchedule *s, MlirValue visit,
                       MlirValue *qTile, MlirValue *batch);

#endif
