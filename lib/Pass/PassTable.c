/* The DLC pass table: one line per pass. Adding a pass is its file plus a
 * line here. */
#include "PassDef.h"

extern const DlcPassDef dlcTinyVerifyPass;
extern const DlcPassDef dlcTinyExpandBroadcastsPass;
extern const DlcPassDef dlcTinyUnflattenProductsPass;
extern const DlcPassDef dlcTinySymbolVersionsPass;
extern const DlcPassDef dlcTinyToIndexBookPass;
extern const DlcPassDef dlcConvertIndexBookToRBSSAPass;
extern const DlcPassDef dlcRBSSAFoldActivationsPass;
extern const DlcPassDef dlcRBSSAFuseAttentionPass;
extern const DlcPassDef dlcRBSSAVerifyPass;
extern const DlcPassDef dlcConvertRBSSAToPlanPass;
extern const DlcPassDef dlcPlanVerifyPass;
extern const DlcPassDef dlcPlanToDLCGPUPass;
extern const DlcPassDef dlcDLCGPUVerifyPass;
extern const DlcPassDef dlcDLCGPUToGPUPass;
extern const DlcPassDef dlcTensorMapParamsPass;
extern const DlcPassDef dlcPolyViewPass;
extern const DlcPassDef dlcPolyCorePass;
extern const DlcPassDef dlcGpuToPtxPipeline;
extern const DlcPassDef dlcToPtxPipeline;

const DlcPassDef *const dlcPassTable[] = {
    &dlcTinyVerifyPass,
    &dlcTinyExpandBroadcastsPass,  // tiny to tiny: explicit broadcasts
    &dlcTinyUnflattenProductsPass, // tiny to tiny: flat M*K buffers renamed
    &dlcTinySymbolVersionsPass,    // tiny to tiny: copies with a symbol bound
    &dlcTinyToIndexBookPass,
    &dlcConvertIndexBookToRBSSAPass,
    &dlcRBSSAVerifyPass,
    &dlcRBSSAFoldActivationsPass, // rbssa to rbssa: activations folded
    &dlcRBSSAFuseAttentionPass,   // rbssa to rbssa: attention recognised
    &dlcConvertRBSSAToPlanPass,
    &dlcPlanVerifyPass,
    &dlcPlanToDLCGPUPass,
    &dlcDLCGPUVerifyPass,
    &dlcDLCGPUToGPUPass,
    &dlcTensorMapParamsPass, // llvm.func: by-value tensor maps
    &dlcPolyViewPass,
    &dlcPolyCorePass,
    &dlcGpuToPtxPipeline,
    &dlcToPtxPipeline,
};

const int dlcPassTableSize =
    (int)(sizeof(dlcPassTable) / sizeof(dlcPassTable[0]));
