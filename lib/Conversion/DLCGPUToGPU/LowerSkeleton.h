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

/* Each lowers one op before it (the caller erases the dlcgpu ops); false
 * after a diagnostic. */
bool dlcLowerBarriers(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierInit(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierExpectTx(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierArrive(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerMbarrierWait(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerTmaLoad(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerTmaLoadIm2col(DlcLowering *l, MlirOperation op, DlcBuilder *b);
bool dlcLowerWgmma(MlirOperation op, DlcBuilder *b);
bool dlcLowerWgmmaRs(MlirOperation op, DlcBuilder *b);
bool dlcLowerWgmmaWait(MlirOperation op, DlcBuilder *b);

#endif
