/* Launch-time versions in the kernel manifest (docs/runtime.md,
 * "Versions"): tiny-symbol-versions left `dlc.versions` on the module, one
 * entry {kernel, version, when} per copy of a function with a symbol bound
 * to a value. Each copy compiled to a kernel of its own name; the general
 * kernel's `dlc.kernels` entry gets "versions": [{kernel, when}, ...] in
 * the recorded order, and the runtime launches the first whose `when`
 * holds. */
#include "Builder.h"
#include "DLCGPUToGPU.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

/* `entry` with {kernel = version, when} appended to its "versions". */
static MlirAttribute withVersion(MlirAttribute entry, MlirAttribute version,
                                 MlirAttribute when) {
  MlirContext ctx = mlirAttributeGetContext(entry);
  MlirNamedAttribute fields[] = {dlcNamedAttr(ctx, "kernel", version),
                                 dlcNamedAttr(ctx, "when", when)};
  MlirAttribute item = mlirDictionaryAttrGet(ctx, 2, fields);
  MlirAttribute old = dlcDictionaryAttrGet(entry, "versions");
  intptr_t n = mlirAttributeIsNull(old) ? 0 : mlirArrayAttrGetNumElements(old);
  intptr_t m = mlirDictionaryAttrGetNumElements(entry);
  MlirAttribute *items = malloc((size_t)(n + 1) * sizeof(*items));
  MlirNamedAttribute *members = malloc((size_t)(m + 1) * sizeof(*members));
  if (!items || !members)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i)
    items[i] = mlirArrayAttrGetElement(old, i);
  items[n] = item;
  intptr_t k = 0;
  for (intptr_t i = 0; i < m; ++i) {
    MlirNamedAttribute f = mlirDictionaryAttrGetElement(entry, i);
    if (!mlirStringRefEqual(mlirIdentifierStr(f.name),
                            mlirStringRefCreateFromCString("versions")))
      members[k++] = f;
  }
  members[k++] =
      dlcNamedAttr(ctx, "versions", mlirArrayAttrGet(ctx, n + 1, items));
  MlirAttribute result = mlirDictionaryAttrGet(ctx, k, members);
  free(members);
  free(items);
  return result;
}

bool dlcRecordVersions(MlirOperation module) {
  MlirStringRef key = mlirStringRefCreateFromCString("dlc.kernels");
  MlirAttribute versions = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("dlc.versions"));
  MlirAttribute kernels = mlirOperationGetAttributeByName(module, key);
  if (mlirAttributeIsNull(versions) || mlirAttributeIsNull(kernels))
    return true;
  if (!mlirAttributeIsAArray(versions) || !mlirAttributeIsAArray(kernels)) {
    dlcEmitDiagnostic(module, &dlcSkeletonMalformed,
                      "let tiny-symbol-versions write dlc.versions",
                      "dlc.versions and dlc.kernels must be arrays");
    return false;
  }
  intptr_t n = mlirArrayAttrGetNumElements(kernels);
  MlirAttribute *entries = malloc((size_t)n * sizeof(*entries) + 1);
  if (!entries)
    abort(); /* out of memory: MLIR itself cannot go on either */
  for (intptr_t i = 0; i < n; ++i)
    entries[i] = mlirArrayAttrGetElement(kernels, i);
  bool ok = true;
  for (intptr_t v = 0; ok && v < mlirArrayAttrGetNumElements(versions); ++v) {
    MlirAttribute record = mlirArrayAttrGetElement(versions, v);
    MlirAttribute kernel = dlcDictionaryAttrGet(record, "kernel");
    MlirAttribute version = dlcDictionaryAttrGet(record, "version");
    MlirAttribute when = dlcDictionaryAttrGet(record, "when");
    intptr_t at = -1;
    for (intptr_t i = 0; i < n && !mlirAttributeIsNull(kernel); ++i)
      if (mlirAttributeEqual(dlcDictionaryAttrGet(entries[i], "kernel"),
                             kernel))
        at = i;
    /* Both functions must have become one kernel each, of their names. */
    ok = at >= 0 && !mlirAttributeIsNull(version) &&
         !mlirAttributeIsNull(dlcFindKernelEntry(kernels, version)) &&
         !mlirAttributeIsNull(when) && mlirAttributeIsADictionary(when);
    if (!ok) {
      MlirStringRef name =
          !mlirAttributeIsNull(kernel) && mlirAttributeIsAString(kernel)
              ? mlirStringAttrGetValue(kernel)
              : mlirStringRefCreateFromCString("?");
      dlcEmitDiagnostic(module, &dlcUnsupportedOp,
                        "leave this function out of versions= (only a "
                        "function compiled to one kernel has versions)",
                        "dlc.versions[%ld]: '%.*s' or its version is not one "
                        "kernel of the module",
                        (long)v, (int)name.length, name.data);
      break;
    }
    entries[at] = withVersion(entries[at], version, when);
  }
  if (ok)
    mlirOperationSetAttributeByName(
        module, key,
        mlirArrayAttrGet(mlirOperationGetContext(module), n, entries));
  free(entries);
  return ok;
}
