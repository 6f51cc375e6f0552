/* The state convert-dlcgpu-to-gpu's op lowering shares between its files
 * (LowerSkeletonOps.c: the SM80 ops, the epilogue, stores; LowerSm90Ops.c:
 * TMA, mbarriers, wgmma). Internal. */
#ifndef DLC_LIB_CONVERSION_DLCGPUTOGPU_LOWERSKELETON_H
#define DLC_LIB_CONVERSION_DLCGPUTOGPU_LOWERSKELETON_H

#include "Builder.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

typedef struct Lowering DlcLowering;

/* Records that dlcgpu value `from` (a token, a barrier memref) became
 * upstream value `to`; Lookup returns null for an unmapped value. */
void dlcLoweringMap(DlcLowering *l, MlirValue from, MlirValue to);
MlirValue dlcLoweringLookup(DlcLowering *l, MlirValue from);
/* The gpu.module being lowered. */
MlirOperation dlcLoweringGetGpuModule(DlcLowering *l);

/* A TMA tensor map has at most 5 dimensions (cuTensorMapEncodeTiled); the
 * shared-memory side of a copy is a buffer of at most 8. */
enum { TmaMaxCoords = 5, TmaMaxDstRank = 8 };

/* i1: this thread issues for its group of `every` threads (thread 0 of
 * the CTA when `every` is 0). */
MlirValue dlcElectedThread(DlcBuilder *b, int64_t every);
/* A copy's box of `numCoords` dims, outermost first: 1s, then the op's
 * 2-D `box` attribute as the two innermost dims. */
void dlcTmaBoxFromAttr(MlirAttribute boxAttr, int numCoords,
                       int64_t box[TmaMaxCoords]);
/* The nvgpu descriptor of the CUtensorMap at i64 generic address
 * `address`, for a box of `rank` dims (outermost first) of `element`s,
 * 128-byte swizzled. */
MlirValue dlcTmaDescriptor(DlcBuilder *b, MlirValue address, int rank,
                           const int64_t *box, MlirType element);
/* The `boxRank`-dim box (outermost first) of shared-memory `buffer` at
 * `indices` (one per dim of buffer), rank-reduced to the box's dims: what
 * a TMA copy reads or writes. */
MlirValue dlcTmaBoxView(DlcBuilder *b, MlirValue buffer,
                        const MlirValue *indices, int boxRank,
                        const int64_t *box);

/* Each lowers one op before it (the caller erases the dlcgpu ops); false
 * after a diagnostic. */
bool dlcLowerBarriers(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierInit(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierExpectTx(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierArrive(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierWait(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerTmaLoad(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerTmaLoadIm2col(DlcLowering *l, MlirOperation op, DlcBuilder *b);
/* The cluster ops (LowerSm90Ops.c; tma_load_multicast is dlcLowerTmaLoad's
 * with the mask). */
void dlcLowerClusterRank(MlirOperation op, DlcBuilder *b);
void dlcLowerClusterSync(DlcBuilder *b);
bool dlcLowerMbarrierArriveCluster(DlcLowering *l, MlirOperation op,
                                   DlcBuilder *b);
bool dlcLowerWgmma(MlirOperation op, DlcBuilder *b);
bool dlcLowerWgmmaRs(MlirOperation op, DlcBuilder *b);
/* The repack kernel's name and text (RepackKernel.c); the text declares
 * @dlc_repack_shift, whose body dlcRepackDefine builds (the row shift
 * below) into `func` once the text is in the gpu.module. */
extern const char dlcRepackKernelName[];
extern const char dlcRepackKernelText[];
void dlcRepackDefine(MlirOperation func);
/* The row shift (RowShift.c) of a 16-byte store into a row that starts on
 * any 2-byte boundary: the 8 elements from element e (i32, read mod 8) of
 * two aligned 16-byte blocks held as words w[0..7] are words e / 2 .. of
 * w (`hi`: + 2 words, `odd`: + 1) funnel-shifted right by `sh` = 16 bits
 * where e is odd. dlcRowShiftAt computes the selects and the shift once (a
 * thread's rows that share e share them); dlcRowShiftWords applies them to
 * w. Shared by the repack kernel and shifted_store. */
typedef struct DlcRowShift {
  MlirValue hi, odd, sh;
} DlcRowShift;
DlcRowShift dlcRowShiftAt(DlcBuilder *b, MlirValue m);
void dlcRowShiftWords(DlcBuilder *b, const DlcRowShift *k, const MlirValue w[8],
                      MlirValue out[4]);
bool dlcLowerWgmmaWait(MlirOperation op, DlcBuilder *b);
bool dlcLowerTmaStore(MlirOperation op, DlcBuilder *b);
void dlcLowerTmaStoreWait(MlirOperation op, DlcBuilder *b);
void dlcLowerFenceAsyncShared(DlcBuilder *b);
void dlcLowerNamedBarrier(MlirOperation op, DlcBuilder *b);
bool dlcLowerShiftedStore(MlirOperation op, DlcBuilder *b);

#endif
