/* The summary table of Summary.h. */
#include "Summary.h"
#include "DialectNames.h"

#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static bool isString(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a);
}

/* The plan.schedule in `func`'s body, or null. */
static MlirOperation scheduleOf(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockIsNull(body)
                              ? (MlirOperation){NULL}
                              : mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (dlcPlanIsSchedule(op))
      return op;
  return (MlirOperation){NULL};
}

/* "family:implementation" from the schedule's algo_choice, e.g.
 * "memory:row", "matmul:implicit_gemm". */
static MlirAttribute modeOf(MlirContext ctx, MlirOperation schedule) {
  MlirAttribute choice =
      mlirOperationGetAttributeByName(schedule, ref("algo_choice"));
  if (mlirAttributeIsNull(choice) || !mlirAttributeIsADictionary(choice) ||
      mlirDictionaryAttrGetNumElements(choice) < 1)
    return mlirStringAttrGet(ctx, ref("-"));
  MlirNamedAttribute e = mlirDictionaryAttrGetElement(choice, 0);
  MlirStringRef family = mlirIdentifierStr(e.name);
  MlirStringRef how =
      isString(e.attribute) ? mlirStringAttrGetValue(e.attribute) : ref("?");
  char text[128];
  snprintf(text, sizeof(text), "%.*s:%.*s", (int)family.length, family.data,
           (int)how.length, how.data);
  return mlirStringAttrGet(ctx, ref(text));
}

MlirAttribute summaryCollectPlans(MlirContext ctx, MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  size_t ops = 0; /* a plan per region at most: as many as the module has */
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ++ops;
  MlirAttribute *plans = malloc((ops + 1) * sizeof(*plans)); /* owned */
  if (!plans)
    return mlirAttributeGetNull(); /* no summary: planOf finds none */
  intptr_t n = 0;
  for (MlirOperation func = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(func); func = mlirOperationGetNextInBlock(func)) {
    MlirAttribute region =
        mlirOperationGetAttributeByName(func, ref("rbssa.region"));
    MlirOperation schedule = scheduleOf(func);
    if (!isString(region) || mlirOperationIsNull(schedule))
      continue;
    MlirAttribute vectorize =
        mlirOperationGetAttributeByName(schedule, ref("vectorize"));
    MlirAttribute width = dlcDictionaryAttrGet(vectorize, "width");
    MlirNamedAttribute entries[] = {
        {mlirIdentifierGet(ctx, ref("region")), region},
        {mlirIdentifierGet(ctx, ref("tile")),
         mlirOperationGetAttributeByName(schedule, ref("tile"))},
        {mlirIdentifierGet(ctx, ref("mode")), modeOf(ctx, schedule)},
        {mlirIdentifierGet(ctx, ref("vector")),
         mlirAttributeIsNull(width) ? mlirUnitAttrGet(ctx) : width},
    };
    if (mlirAttributeIsNull(entries[1].attribute))
      entries[1].attribute = mlirUnitAttrGet(ctx);
    plans[n++] = mlirDictionaryAttrGet(ctx, 4, entries);
  }
  MlirAttribute all = mlirArrayAttrGet(ctx, n, plans);
  free(plans);
  return all;
}

/* The plan of kernel `name`: its region's, the kernel being named after
 * the region (one kernel per symbolic signature adds a suffix). */
static MlirAttribute planOf(MlirAttribute plans, MlirStringRef name) {
  MlirAttribute best = mlirAttributeGetNull();
  size_t bestLength = 0;
  for (intptr_t i = 0;
       !mlirAttributeIsNull(plans) && i < mlirArrayAttrGetNumElements(plans);
       ++i) {
    MlirAttribute plan = mlirArrayAttrGetElement(plans, i);
    MlirStringRef region =
        mlirStringAttrGetValue(dlcDictionaryAttrGet(plan, "region"));
    if (region.length <= name.length && region.length > bestLength &&
        strncmp(region.data, name.data, region.length) == 0) {
      best = plan;
      bestLength = region.length;
    }
  }
  return best;
}

/* Writes `a` (a string, integer, i64 array or array of strings) into
 * `out` as a table cell: "128x256x32", "[ceildiv(M, 128), 1, 1]". */
static void cell(MlirAttribute a, const char *join, char *out, size_t size) {
  size_t used = 0;
  out[0] = '\0';
  if (mlirAttributeIsNull(a)) {
    snprintf(out, size, "-");
  } else if (mlirAttributeIsAString(a)) {
    MlirStringRef s = mlirStringAttrGetValue(a);
    snprintf(out, size, "%.*s", (int)s.length, s.data);
  } else if (mlirAttributeIsAInteger(a)) {
    snprintf(out, size, "%lld", (long long)mlirIntegerAttrGetValueInt(a));
  } else if (mlirAttributeIsADenseI64Array(a)) {
    for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a) && used < size;
         ++i)
      used += (size_t)snprintf(out + used, size - used, "%s%lld", i ? join : "",
                               (long long)mlirDenseI64ArrayGetElement(a, i));
  } else if (mlirAttributeIsAArray(a)) {
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a) && used < size;
         ++i) {
      char item[256];
      cell(mlirArrayAttrGetElement(a, i), join, item, sizeof(item));
      used += (size_t)snprintf(out + used, size - used, "%s%s", i ? join : "",
                               item);
    }
  } else {
    snprintf(out, size, "-");
  }
}

/* One row of the table, header included. */
#define ROW "%-24s %-12s %-22s %-4s %-50s %-10s %s\n"

void summaryPrint(MlirOperation module, MlirAttribute plans) {
  MlirAttribute kernels =
      mlirOperationGetAttributeByName(module, ref("dlc.kernels"));
  printf("\n" ROW, "kernel", "tile", "mode", "vec", "grid", "block",
         "smem bytes");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(kernels); ++i) {
    MlirAttribute k = mlirArrayAttrGetElement(kernels, i);
    MlirAttribute name = dlcDictionaryAttrGet(k, "kernel");
    MlirAttribute plan = planOf(plans, mlirStringAttrGetValue(name));
    char cells[7][512];
    cell(name, "", cells[0], sizeof(cells[0]));
    cell(dlcDictionaryAttrGet(plan, "tile"), "x", cells[1], sizeof(cells[1]));
    cell(dlcDictionaryAttrGet(plan, "mode"), "", cells[2], sizeof(cells[2]));
    cell(dlcDictionaryAttrGet(plan, "vector"), "", cells[3], sizeof(cells[3]));
    char grid[480];
    cell(dlcDictionaryAttrGet(k, "grid"), ", ", grid, sizeof(grid));
    snprintf(cells[4], sizeof(cells[4]), "[%s]", grid);
    cell(dlcDictionaryAttrGet(k, "block"), "x", cells[5], sizeof(cells[5]));
    cell(dlcDictionaryAttrGet(k, "dynamic_smem_bytes"), "", cells[6],
         sizeof(cells[6]));
    printf(ROW, cells[0], cells[1], cells[2], cells[3], cells[4], cells[5],
           cells[6]);
  }
  printf("(registers per thread are known only after ptxas: run `ptxas -v` "
         "on the .ptx)\n");
}
