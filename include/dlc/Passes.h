/* DLC passes and pipelines for any MLIR host.
 *
 * MLIR has no global registry for passes written through the C API, so DLC
 * keeps its own table and parses textual pipelines itself: DLC pass names
 * become DLC passes, every other element is handed to MLIR's own pipeline
 * parser, and op-name nesting (`func.func(...)`, `gpu.module(...)`) is
 * honoured. Upstream passes must be registered by the host
 * (mlirRegisterAllPasses) for their names to resolve. */
#ifndef DLC_PASSES_H
#define DLC_PASSES_H

#include "dlc/Support.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One option of a DLC pass, as listed by --list-passes. */
typedef struct DlcPassOptionInfo {
  const char *name;
  const char *description;
  const char *defaultValue; /* textual; "" when the option has no default */
} DlcPassOptionInfo;

/* Read-only facts about a DLC pass. All strings are static. */
typedef struct DlcPassInfo {
  const char *argument;    /* pipeline name, e.g. "tiny-verify" */
  const char *description; /* one line */
  const char *anchor;      /* op the pass runs on; "" for any op */
  int numOptions;
  const DlcPassOptionInfo *options;
} DlcPassInfo;

/* The DLC pass table. An index outside 0..dlcGetNumPasses()-1 gives an
 * all-null DlcPassInfo (argument NULL, no options). */
int dlcGetNumPasses(void);
DlcPassInfo dlcGetPassInfo(int index);

/* Creates the DLC pass named `argument` with options written as in a
 * pipeline (`key=value key2=value2`, may be empty). Returns a null pass and
 * reports through `errorCallback` if the name or an option is unknown or
 * malformed. The caller owns the pass until it adds it to a pass manager. */
DLC_GIVE MlirPass dlcCreatePass(MlirStringRef argument, MlirStringRef options,
                                MlirStringCallback errorCallback,
                                void *userData);

/* Adds a comma-separated list of pipeline elements to `pm` (DLC_KEEP), like
 * mlirOpPassManagerAddPipeline but with DLC passes known. */
MlirLogicalResult dlcOpPassManagerAddPipeline(DLC_KEEP MlirOpPassManager pm,
                                              MlirStringRef elements,
                                              MlirStringCallback errorCallback,
                                              void *userData);

/* Parses a full pipeline anchored on `pm`'s operation, e.g.
 * `builtin.module(tiny-verify, canonicalize, func.func(cse))`. */
MlirLogicalResult dlcParsePassPipeline(DLC_KEEP MlirOpPassManager pm,
                                       MlirStringRef pipeline,
                                       MlirStringCallback errorCallback,
                                       void *userData);

/* The layers the dlc-to-ptx pipeline lowers through, in order (spec §13's
 * per-layer dumps): "tiny", "indexbook", "rbssa", "plan", "dlcgpu", "ptx".
 * dlcGetLayerName returns NULL outside 0..DLC_NUM_LAYERS-1. */
enum { DLC_NUM_LAYERS = 6 };

/* The LLVM optimisation level dlc-to-ptx uses unless told otherwise. */
#define DLC_DEFAULT_OPT_LEVEL "3"
const char *dlcGetLayerName(int layer);

/* The part of dlc-to-ptx{chip plan-file device opt-level} that produces
 * `layer` from the one before it (for "tiny": its checks), as pipeline
 * elements for dlcOpPassManagerAddPipeline; dlc-to-ptx is these six in
 * order. NULL or "" means the option's default: `chip` NULL the default
 * chip (DLC_TARGET_DEFAULT_CHIP), `optLevel` NULL DLC_DEFAULT_OPT_LEVEL,
 * `planFile` and `device` NULL or "" none. The arguments are spliced into
 * pipeline text, so each must be what its option takes: `chip` a known
 * chip (dlcTargetIsKnownChip; it is written as the chip's canonical name),
 * `optLevel` one of "0".."3", `planFile` and `device` without a '"'
 * (they are written quoted); `device`'s figures are checked where the
 * elements are parsed. Malloc'ed, the caller frees it; NULL for an unknown
 * layer, an argument refused above, or without memory. */
DLC_GIVE char *dlcGetLayerPipeline(int layer, const char *chip,
                                   const char *planFile, const char *device,
                                   const char *optLevel);

/* The pass dlc-to-ptx{versions=...} runs before the tiny layer to add
 * launch-time versions ("tiny-symbol-versions{versions=N=1}"), as pipeline
 * elements; NULL for an empty `versions` or without memory. Malloc'ed, the
 * caller frees it. */
DLC_GIVE char *dlcGetVersionsPipeline(const char *versions);

#ifdef __cplusplus
}
#endif

#endif /* DLC_PASSES_H */
