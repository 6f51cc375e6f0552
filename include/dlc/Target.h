/* The chip a module is compiled for, for hosts and tools.
 *
 * convert-rbssa-to-plan records its `chip=` on the module as the attribute
 * `dlc.target = "sm_90"`; everything after it (the skeletons, dlc-translate's
 * manifests) reads it back. docs/target.md describes the target model. */
#ifndef DLC_TARGET_H
#define DLC_TARGET_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The default chip when no `chip=` is given. Option tables and tools spell
 * their default with this macro. */
#define DLC_TARGET_DEFAULT_CHIP "sm_90"

/* The chip recorded on `op` or its closest ancestor with a `dlc.target`
 * attribute ("sm_80", "sm_90a", ...); the default chip ("sm_90") when none
 * is recorded; NULL when the recorded value is not a known chip. Static
 * storage. */
const char *dlcOperationGetTargetChip(MlirOperation op);

/* Whether `chip` names a chip of the target table ("sm_80", "sm_86",
 * "sm_89", "sm_90", "sm_90a", or a family "sm80"/"sm90" for its reference
 * chip), so that a tool can refuse its --chip before building pipelines. */
bool dlcTargetIsKnownChip(const char *chip);

/* Writes the known chip names, comma-separated, into `out` (for the
 * suggestion of a diagnostic). */
void dlcTargetListChips(char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* DLC_TARGET_H */
