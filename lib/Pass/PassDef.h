/* How a DLC pass is defined (internal).
 *
 * A pass is one file that defines one `const DlcPassDef` and one line in
 * lib/Pass/PassTable.c. The wrapper in ExternalPass.c turns it into an MLIR
 * external pass (mlirCreateExternalPass) and handles options, cloning and
 * destruction, so a pass file holds only its patterns and its run
 * function. */
#ifndef DLC_LIB_PASS_PASSDEF_H
#define DLC_LIB_PASS_PASSDEF_H

#include "dlc/Passes.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Parsed option values of one pass instance (owned by the instance). */
typedef struct DlcPassOptions DlcPassOptions;

/* Returns the handle of a dialect a pass creates ops of (e.g.
 * mlirGetDialectHandle__scf__). */
typedef MlirDialectHandle (*DlcDialectHandleGetter)(void);

typedef struct DlcPassDef {
  DlcPassInfo info;
  /* Runs on `op`; signals failure with mlirExternalPassSignalFailure. */
  void (*run)(MlirOperation op, MlirExternalPass pass,
              const DlcPassOptions *options);
  /* Dialects whose ops the pass creates, so they are loaded before it runs
   * (NULL-terminated; may be left out when none). */
  const DlcDialectHandleGetter *dependentDialects;
  /* Set for a named pipeline instead of `run`: gives the pipeline elements
   * it stands for, given its options, as a malloc'ed string that the caller
   * frees (no length limit: an option value such as a path is never cut).
   * When an option value is invalid it returns NULL with the message in
   * `error`; the pipeline parser reports it and nothing runs. */
  char *(*expand)(const DlcPassOptions *options, char *error, size_t errorSize);
} DlcPassDef;

/* The value of option `name` (its default when not given). The string is
 * owned by `options`. */
const char *dlcPassOptionsGet(const DlcPassOptions *options, const char *name);

/* Whether option `name` was given (its value may still equal the
 * default). */
bool dlcPassOptionsIsSet(const DlcPassOptions *options, const char *name);

/* Integer value of option `name`; `fallback` if it does not parse. */
int64_t dlcPassOptionsGetInt(const DlcPassOptions *options, const char *name,
                             int64_t fallback);

/* Parses `key=value ...` for `def` (reporting through `callback`);
 * NULL on error. Destroy with dlcPassOptionsDestroy. */
DlcPassOptions *dlcPassOptionsCreate(const DlcPassDef *def, MlirStringRef text,
                                     MlirStringCallback callback,
                                     void *userData);
void dlcPassOptionsDestroy(DlcPassOptions *options);

/* The pass table (PassTable.c). */
extern const DlcPassDef *const dlcPassTable[];
extern const int dlcPassTableSize;

/* Finds a pass by pipeline name; NULL when unknown. */
const DlcPassDef *dlcLookupPass(const char *argument, size_t length);

#endif
