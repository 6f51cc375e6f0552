/* The SM90 flash kernel's work-tile schedule (Sm90FlashSchedule.c;
 * internal to convert-plan-to-dlcgpu): the loop over a CTA's visits and
 * the work tile (query tile, batch row) of each. */
#ifndef DLC_LIB_CONVERSION_PLANTODLCGPU_SM90FLASHSCHEDULE_H
#define DLC_LIB_CONVERSION_PLANTODLCGPU_SM90FLASHSCHEDULE_H

#include "FlashGen.h"

typedef struct FlashSchedule {
  DlcAttnGrid grid;
  bool persistent;     /* a CTA may visit several work tiles */
  MlirValue visits;    /* work tiles this CTA visits (static grids) */
  MlirValue cta, ctas; /* block id x, grid size x (persistent) */
  MlirValue qTiles;    /* ceildiv(Lq, BM) (persistent) */
  /* The balanced grid's (this CTA's, from the kernel's entry): */
  MlirValue pairVisits; /* visits of the pairs' rounds (the first ones) */
  MlirValue tailFirst, tailRows; /* the tail's batch rows, heaviest first */
  MlirValue fill;       /* i1: this CTA's pairs were a unit short, so it
                         * takes one of the tail's first tiles */
  MlirValue fillTile;   /* that tile's position in the tail */
  MlirValue snakeFirst; /* the tail's position where the snake starts */
  /* The dynamic grid's: */
  MlirValue tiles;   /* work tiles of the launch */
  MlirValue rows;    /* batch rows (tiles / qTiles) */
  MlirValue section; /* batch rows of an L2 section */
  MlirValue counter; /* the workspace, memref<?xi32>: word 0 counts the
                      * tiles taken (borrowed kernel argument) */
  MlirValue slots;   /* shared memref<3xf32> of i32 bits: [0] the visit's
                      * tile for the consumers, [1 + v % 2] the producer's
                      * tile of visit v; the stream grid's
                      * memref<8xf32>: a visit record (query tile,
                      * batch row, first key tile, key tiles) per Q
                      * buffer */
  int64_t qSlots;    /* Q buffers (the emitter's, before
                      * flashScheduleInit) */
  /* The stream grid's (this CTA's): */
  MlirValue workspace;     /* memref<?xi32> (borrowed kernel argument):
                            * Sm90FlashStream.c's flags and partials */
  MlirValue keyTiles;      /* key tiles of every work tile, ceildiv(Lk, BN) */
  MlirValue keyUnits;      /* keyTiles, at least 1: the shares' divisor */
  MlirValue wholeVisits;   /* the visits of whole tiles, which come first */
  MlirValue streamFirst;   /* the first tile the CTAs share out */
  MlirValue lo, hi;        /* this CTA's share: key tiles [lo, hi) of the
                            * shared tiles' key tiles in a row */
  MlirValue qFull, qEmpty; /* the Q buffer's barriers (the emitter's;
                            * set after flashScheduleInit) */
} FlashSchedule;

/* One visit of the loop flashScheduleBegin opens. */
typedef struct FlashVisit {
  MlirValue visit;   /* its number (0, 1, ...) */
  MlirValue carried; /* the index value the loop carries (0 at visit 0) */
  MlirValue qTile, batch;
  /* The stream grid's piece of the work tile (null on the other grids:
   * all its key tiles, flashKeyTiles): key tiles kFirst .. kFirst +
   * keyTiles - 1; `gives` (i1): the piece ends the tile and its partial
   * goes to the CTA before; `takes` (i1): the piece starts the tile and
   * the CTA after gives the rest. */
  MlirValue kFirst, keyTiles, gives, takes;
  MlirValue slot; /* the consumers': the workspace slot given or taken */
  /* flashScheduleEnd's: */
  bool producer;
  MlirOperation loop;
  DlcBuilder outer;
  MlirValue tile, taken;
} FlashVisit;

/* Whether `grid` is a static persistent grid ("persistent", "balanced",
 * "stream"): at most a CTA per SM, each CTA's visits computed from the
 * sizes (no counter), the producer telling the consumers each visit's
 * record (flashScheduleTell). */
bool flashGridIsStatic(DlcAttnGrid grid);
/* Q buffers a grid's records are kept for, at most. */
enum { DLC_FLASH_MAX_Q_SLOTS = 2 };

/* The CTA's schedule, at the kernel's entry. */
void flashScheduleInit(Fa *f, FlashSchedule *s);
/* Opens the loop over the CTA's visits and moves the builder into its
 * body, where v's fields hold the visit's values. The producer warpgroup
 * (`producer`) takes the dynamic grid's tiles and tells the consumers
 * through s->slots and qFull; every warpgroup runs one such loop. */
void flashScheduleBegin(Fa *f, const FlashSchedule *s, bool producer,
                        FlashVisit *v);
/* The producer's word to the consumers about visit v (Q buffer `qSlot`),
 * before its arrival on qFull releases it: the stream grid's record;
 * nothing on the other grids. */
void flashScheduleTell(Fa *f, const FlashSchedule *s, const FlashVisit *v,
                       MlirValue qSlot);
/* Closes the loop: `carried` is the next visit's carried value. */
void flashScheduleEnd(Fa *f, const FlashSchedule *s, FlashVisit *v,
                      MlirValue carried);

#endif
