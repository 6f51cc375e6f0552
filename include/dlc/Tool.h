/* What DLC's command-line tools share: reading the input file and printing
 * MLIR diagnostics as `file:line:col: error: message`. Errors are prefixed
 * with the tool's name (`dlc-translate: error: ...`). */
#ifndef DLC_TOOL_H
#define DLC_TOOL_H

#include "dlc/Support.h"
#include "mlir-c/Diagnostics.h"

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The whole of file `path` ("-" is stdin), NUL-terminated; the caller frees
 * it. NULL, with a message naming `tool`, when it cannot be opened. */
DLC_GIVE char *dlcToolReadFile(const char *path, const char *tool);

/* From now on dlcToolOpenOutput refuses to open the file at `path` (the
 * same file by device and inode, whatever the path's spelling): a tool
 * whose output names are derived (dlc-compile's manifests and dumps, named
 * after the model) must not write over its own input. */
void dlcToolProtectInput(const char *path);

/* `path` opened for writing; stdout when it is NULL or "-". NULL, with a
 * message naming `tool`, when it cannot be opened or is the input that
 * dlcToolProtectInput named. The caller closes it unless it is stdout. */
DLC_GIVE FILE *dlcToolOpenOutput(const char *path, const char *tool);

/* Creates directory `dir` and its missing parents (mkdir -p) unless it
 * exists; false, with a message naming `tool`, when it cannot (a path
 * component that is a file included). */
bool dlcToolCreateDirectory(const char *dir, const char *tool);

/* An MlirStringCallback writing `text` to the FILE * `userData`. */
void dlcToolWriteToFile(MlirStringRef text, void *userData);

/* An MlirStringCallback printing `line` and a newline to stderr (for
 * dlcImportFrontendJson's error lines). */
void dlcToolPrintErrorLine(MlirStringRef line, void *userData);

/* A diagnostic handler (mlirContextAttachDiagnosticHandler, no user data)
 * printing each diagnostic to stderr as `location: error: message` (or
 * `warning:`, `note:`, `remark:` by its severity). */
MlirLogicalResult dlcToolPrintDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData);

#ifdef __cplusplus
}
#endif

#endif /* DLC_TOOL_H */
