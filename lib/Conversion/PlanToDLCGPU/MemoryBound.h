/* The memory-bound skeleton's generator state, shared by its files (an
 * internal header of convert-plan-to-dlcgpu; Skeleton.h is the pass's):
 *
 *   MemoryBound.c     the evaluator: frames, addressing, reads, steps,
 *                     reduces, stores; dlcEmitMemoryBound
 *   MemoryVersions.c  which version of a point's code runs (aligned or
 *                     masked)
 *   MemoryRows.c      row and point modes (a warp or a CTA per point)
 *   MemoryColumns.c   column mode (a CTA per column tile, reduces by rows)
 *   MemoryFlat.c      flat mode (a thread per chunk of points)
 *   MemoryTranspose.c transpose mode (a CTA per tile, reads staged)
 *   MemoryFused.c     one-pass reduce pairs (Welford, online softmax)
 *   MemoryModes.c     the planner's questions: modes, widths, scratch */
#ifndef DLC_CONVERSION_PLANTODLCGPU_MEMORYBOUND_H
#define DLC_CONVERSION_PLANTODLCGPU_MEMORYBOUND_H

#include "Builder.h"
#include "MemoryProblem.h"
#include "Skeleton.h"

enum { MaxFrames = 3 * KP_MAX_LOOPS };

/* Register rows: a static row in the aligned version of row mode is read
 * by at most this many chunks a thread (Skeleton.h), straight-line (no loop),
 * so that every pass binds the same chunk values and a read met again reuses
 * the loaded vector: the row is read from memory once. */
enum {
  MbRegisterChunks = DLC_MEMORY_REGISTER_ROW_CHUNKS,
  MbMaxRegisterLoads = 64
};

/* The chunks of one row length (a loop extent) in register rows: chunk k's
 * first index (clamped to the last whole chunk, so that its reads stay in
 * bounds) and whether it is inside the row. */
typedef struct MbRegisterRow {
  const KpExtent *extent;
  MlirValue index[MbRegisterChunks];
  MlirValue inside[MbRegisterChunks];
} MbRegisterRow;

/* A read made in register rows: the vector `raw` (the element type, before
 * the widening to f32) of indexed[input] at the loops' values `at`. */
typedef struct MbRegisterLoad {
  int input;
  MlirValue at[KP_MAX_RANK];
  MlirValue raw;
} MbRegisterLoad;

/* A block the generator is emitting into: the kernel's body (frame 0), a
 * loop's body (binding loops) or a guard's then-block. `op` is the loop or
 * the scf.if, null for frame 0. */
typedef struct Frame {
  MlirOperation op;
  MlirBlock block;
  MlirOperation anchor; /* null: emit at the block's end, else before it */
} Frame;

/* The generator's state for one kernel: on dlcEmitMemoryBound's stack,
 * borrowing the problem `p` and the kernel's entry block. */
typedef struct Mb {
  const KpMemoryProblem *p;
  MlirContext ctx;
  MlirLocation loc;
  MlirType idx, f32, i1, i8, i32;
  MlirBlock entry;
  int numTensors;
  DlcMemoryMode mode;
  DlcMemoryReduce reduce; /* the plan's: one pass for a pair, or passes */
  int64_t threads;
  int width;           /* elements per access along vecLoops; 1: scalar */
  bool aligned;        /* this version's vector accesses are whole, aligned */
  bool peeled;         /* this version's reads share the misalignment `phase`:
                          whole chunks aligned, the ends by elements */
  MlirValue phase;     /* the reads' offset at chunk 0, modulo the width */
  MlirValue wholeTile; /* column mode: i1, the CTA's column tile is inside
                          the last iter (a condition of the aligned
                          version); null elsewhere */
  MlirValue colLane;   /* column mode: the thread's chunk of the tile */
  MlirValue colInside; /* column mode: i1, its chunk is inside the last
                          iter (scalar kernels clamp the others' reads) */
  int sms;             /* column and point modes: > 0 where the code being
                          emitted splits its reduce over grid y (Skeleton.h;
                          a point kernel's code for grid y = 1 has 0); the
                          SMs */
  MlirValue workspace; /* a kernel that may split: its workspace
                          (memref<?xi32>, the last argument); else null */
  MlirValue splitLast; /* ... i1, this CTA stores (the last split to
                          arrive, or the only one); null before the reduce */
  int versionFrame;    /* the frame of this version (reduces are made in it) */
  uint32_t vecLoops;   /* loops bound to the first index of a chunk */
  uint32_t flatLoops;  /* point mode: the loops a reduce's vector chunks run
                          along flattened (several; 0: one loop) */
  MlirValue tid, lane, warp, scratch;
  bool warpRows;    /* a warp per row (short rows): butterflies only */
  MlirValue rowTid; /* the thread's index among its row's: tid or lane */
  int numReduces;   /* cooperative reduces emitted: their scratch slots */
  int splitRounds;  /* a split row's rounds so far (arrivals a CTA) */
  int splitSlots;   /* ... and the workspace slots they took */
  int regChunks;    /* register rows: chunks a lane (0: loops) */
  int numRegRows;
  MbRegisterRow regRows[KP_MAX_LOOPS];
  int numRegLoads;
  MbRegisterLoad regLoads[MbMaxRegisterLoads];
  int numStaged; /* transpose mode: its staged reads (indexed[]) */
  int staged[DLC_MEMORY_TRANSPOSE_MAX_STAGED];
  MlirValue stagedSlot; /* ... the current point's word in each staged tile */
  int numFrames;
  Frame frames[MaxFrames];
  MlirValue loopValue[KP_MAX_LOOPS];
  int loopFrame[KP_MAX_LOOPS]; /* -1: not bound */
  MlirValue stepValue[KP_MAX_STEPS];
  int stepFrame[KP_MAX_STEPS]; /* -1: not computed in an open frame */
} Mb;

/* Builders: at the end of frame `frame` (or before the frame inside it). */
DlcBuilder mbAt(Mb *m, int frame);
MlirValue mbIndex(DlcBuilder *b, int64_t v);
MlirValue mbGpuId(Mb *m, DlcBuilder *b, const char *op);
MlirValue mbExtent(Mb *m, DlcBuilder *b, const KpExtent *e);
MlirValue mbExtentProduct(Mb *m, DlcBuilder *b, uint32_t loops);

/* Frames and loops. */
void mbPushFrame(Mb *m, MlirOperation op, MlirBlock block);
void mbPopFrame(Mb *m);
void mbBindLoops(Mb *m, DlcBuilder *b, uint32_t loops, MlirValue flat,
                 int frame);

/* Unrolled cooperative loops: chunks a trip, chunk k's index, and the
 * step values to compute again for the next chunk. */
int mbUnroll(const Mb *m);
MlirValue mbUnrolledChunk(Mb *m, DlcBuilder *b, MlirValue index, int64_t offset,
                          MlirValue count, MlirValue lastChunk,
                          MlirValue *inside);
void mbForgetFrame(Mb *m, int frame);
/* Register rows: the chunks a lane for this version (0: loop over the
 * row), and chunk k of a row of length `extent` (*inside: it is in the
 * row), built once in the version frame. */
int mbRegisterChunksFor(const Mb *m);
MlirValue mbRegisterChunk(Mb *m, const KpExtent *extent, int k,
                          MlirValue *inside);
/* Forgets the steps that depend on one of `loops` (rebound to the next
 * chunk in register rows). */
void mbForgetAlong(Mb *m, uint32_t loops);

/* Addressing and outputs. */
MlirValue mbReadOffset(Mb *m, DlcBuilder *b, const KpIndexed *x);
MlirValue mbOutputOffset(Mb *m, DlcBuilder *b, const KpOutput *o);
/* One element of read `x` at the loops' current values, as the steps
 * compute it (f32, or i1). */
MlirValue mbLoadElement(Mb *m, DlcBuilder *b, const KpIndexed *x);
/* A whole aligned chunk of m->width elements of read `x` from the loops'
 * current values (the caller knows it whole and aligned), as a vector the
 * steps compute with. */
MlirValue mbLoadChunk(Mb *m, DlcBuilder *b, const KpIndexed *x);
void mbEmitStore(Mb *m, const KpOutput *o, int frame);
/* The stores of `count` outputs, under an scf.if on `cond` built at `b` (a
 * frame while they are emitted): the one thread that stores a CTA's
 * results, or a chunk's store where the chunk is inside. */
void mbEmitStoresIf(Mb *m, DlcBuilder *b, MlirValue cond,
                    const KpOutput *outputs, int count);
/* Step `s`'s value, computed in the innermost open frame binding its loops
 * (at least the version's). */
MlirValue mbEmitStep(Mb *m, int s);
/* ... in the innermost open frame binding its loops, at least `floor`. */
MlirValue mbEmitStepFrom(Mb *m, int s, int floor);
/* `v` as a vector of the width (a scalar is broadcast); i1 lanes of the
 * chunk bound to `loop` inside its extent. */
MlirValue mbWiden(Mb *m, DlcBuilder *b, MlirValue v);
MlirValue mbChunkMask(Mb *m, DlcBuilder *b, int loop);

/* A one-pass pair of row reduces (MemoryFused.c): `first` (welford: sum
 * of a; online: max of a) and `second` (sum of (a - c)^2, c = step
 * `shift`; sum of fn((a - first) k), k = step `scale` or 1 when -1). */
typedef struct MbFused {
  DlcMemoryReduce kind;
  int first, second;
  int shift, scale;
  const char *fn;
} MbFused;
/* Whether reduce `s` is one of a pair (*f). */
bool mbFusedPairOf(const KpMemoryProblem *p, int s, MbFused *f);
/* Whether the pair is computed in one pass here: the plan asks for it, a
 * row kernel's cooperative reduce at `frame` not from registers, neither
 * computed yet, and its state fits two reduces' shared slots. */
bool mbFusedFits(const Mb *m, const MbFused *f, int frame);
/* The pair's loop and tree; records both results at `frame` and returns
 * reduce `s`'s. */
MlirValue mbEmitFused(Mb *m, const MbFused *f, int s, int frame, int floor);

/* The loops a vector kernel runs by chunks (MemoryModes.c), and those a
 * point kernel's chunks run along flattened (0: one loop a chunk). */
uint32_t mbVectorLoops(const KpMemoryProblem *p, DlcMemoryMode mode);
uint32_t mbFlatVectorLoops(const KpMemoryProblem *p, DlcMemoryMode mode);
/* A point's code, once or in versions (MemoryVersions.c). */
void mbEmitVersions(Mb *m, uint32_t vecLoops, void (*emit)(Mb *));
/* The modes' kernels (MemoryRows.c, MemoryFlat.c). */
void mbEmitRows(Mb *m);
void mbEmitColumns(Mb *m);
void mbEmitFlat(Mb *m);
void mbEmitTranspose(Mb *m);
/* Transpose mode: read `x`'s value at the current point from its staged
 * tile, or null when `x` is not staged. */
MlirValue mbStagedRead(Mb *m, DlcBuilder *b, const KpIndexed *x);
/* The split over grid y of column and point modes (MemoryColumns.c):
 * gpu.grid_dim or gpu.block_id `op` of y; the range [*lo, *hi) of the
 * reduce's [begin, end) this CTA's split takes (begin null: 0); and the
 * result from this split's `partial` (column mode: every thread's columns;
 * point mode: the CTA's) — sets m->splitLast. */
MlirValue mbGridY(Mb *m, DlcBuilder *b, const char *op);
void mbSplitRange(Mb *m, DlcBuilder *b, MlirValue begin, MlirValue end,
                  MlirValue *lo, MlirValue *hi);
MlirValue mbSplitCombine(Mb *m, DlcBuilder *b, const KpStep *step,
                         MlirValue partial);
/* A split partial as i32 words at workspace word `word`, and back (of
 * `like`'s type: a vector of the width, or a scalar). */
void mbStorePartial(Mb *m, DlcBuilder *b, MlirValue v, MlirValue word);
MlirValue mbLoadPartial(Mb *m, DlcBuilder *b, MlirValue like, MlirValue word);
/* Row mode's split rows (MemoryRowSplit.c, Skeleton.h): the row's result
 * of a reduce from this CTA's `partial` (every thread's, the same in every
 * CTA of the row), and, after the last round, the CTA's exit (the last of
 * the row's CTAs to leave resets its counters). */
MlirValue mbRowSplitCombine(Mb *m, DlcBuilder *b, const KpStep *step,
                            MlirValue partial);
/* A split row's round of `n` f32 values a CTA (a one-pass pair's state):
 * published and waited for (returns their first slot); value `slot` of
 * split `split` read back. */
int mbRowSplitPublish(Mb *m, DlcBuilder *b, const MlirValue *values, int n);
MlirValue mbRowSplitLoad(Mb *m, DlcBuilder *b, int slot, MlirValue split);
void mbRowSplitExit(Mb *m, DlcBuilder *b);
/* A row or point CTA's tree of a reduce's thread partials (the warps'
 * butterflies, then the warps in order through a new scratch slot set). */
MlirValue mbCtaCombine(Mb *m, DlcBuilder *b, const KpStep *step, MlirValue v);
/* Shared with the split: a reduce's combine of two values, its rounding. */
MlirValue mbCombine(Mb *m, DlcBuilder *b, const char *fn, MlirValue x,
                    MlirValue y);
MlirValue mbRoundStep(Mb *m, DlcBuilder *b, const KpStep *step, MlirValue v);
double mbIdentityOf(const char *fn);

/* The iters, as a set of loops. */
static inline uint32_t mbAllIters(const KpMemoryProblem *p) {
  return (1u << p->numIters) - 1;
}

#endif
