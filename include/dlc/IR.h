/* Small IR helpers missing from the MLIR C API. */
#ifndef DLC_IR_H
#define DLC_IR_H

#include "dlc/Support.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parses `source` as mlir-opt does: a top-level builtin.module is taken as
 * is, other top-level ops are wrapped in an implicit module. `sourceName`
 * becomes the file name of every location. Returns a null module (after
 * emitting diagnostics) if the text does not parse. */
DLC_GIVE MlirModule dlcModuleCreateParse(DLC_KEEP MlirContext ctx,
                                         MlirStringRef source,
                                         MlirStringRef sourceName);

/* A caller-owned character buffer that MLIR print callbacks
 * (MlirStringCallback) append to. Text past `size - 1` bytes is dropped;
 * `buffer` always ends in NUL. The sink owns nothing. */
typedef struct DlcStringSink {
  char *buffer;
  size_t size;
  size_t used;
} DlcStringSink;

/* A sink over `buffer` (DLC_KEEP, `size` > 0 bytes), emptied. */
DlcStringSink dlcStringSinkCreate(DLC_KEEP char *buffer, size_t size);

/* An MlirStringCallback: appends `chunk` to the DlcStringSink `userData`. */
void dlcStringSinkAppend(MlirStringRef chunk, void *userData);

/* Whether `text` (borrowed) holds exactly the NUL-terminated `expected`:
 * the one comparison of a string ref with a C string. */
bool dlcStringRefIs(MlirStringRef text, const char *expected);

/* Whether `text` is one of the NULL-terminated `list` (borrowed). */
bool dlcStringRefIsOneOf(MlirStringRef text, const char *const *list);

/* Whether `op` (DLC_KEEP, may be null) is the operation named `name`
 * ("rbssa.read"): one comparison of op names for every pass. */
bool dlcOperationIsA(MlirOperation op, const char *name);

/* Entry `name` of `dict` (DLC_KEEP); a null attribute when `dict` is null,
 * no dictionary, or has no such entry: the one null-safe dictionary read. */
MlirAttribute dlcDictionaryAttrGet(MlirAttribute dict, const char *name);

/* Attribute `name` of `op` (DLC_KEEP); a null attribute when it has none. */
MlirAttribute dlcOperationAttrGet(MlirOperation op, const char *name);

/* DLC names: tensor names (a function argument's or result's `dlc.name`, a
 * Frontend tensor) and the names of a plan (spec §8.1: tensors, axes,
 * hardware indices). A tensor name becomes a plan entry, a kernel
 * parameter and a reference-data file name, and a plan keeps its names in
 * fields of DLC_NAME_MAX + 1 bytes, so there is one rule: 1 to DLC_NAME_MAX
 * ASCII letters, digits, '_', '.' or '-' (DLC_NAME_RULE, for messages).
 * The Frontend importer and tiny-verify check it where a name enters (E1010
 * NameInvalid); the planner and plan-verify read plans by it. */
enum { DLC_NAME_MAX = 47 };
#define DLC_NAME_RULE "1 to 47 ASCII letters, digits, '_', '.' or '-'"
bool dlcIsName(MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif /* DLC_IR_H */
