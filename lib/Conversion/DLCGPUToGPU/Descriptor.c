/* Memref descriptors built over raw pointers, for the kernel's global
 * arguments (bare-pointer ABI) and its views of dynamic shared memory. */
#include "Builder.h"
#include "DLCGPUToGPU.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

MlirValue dlcLlvmI64(DlcBuilder *b, int64_t value) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirAttribute attr = mlirIntegerAttrGet(i64, value);
  const char *names[] = {"value"};
  return dlcBuildValue(b, "llvm.mlir.constant", 0, NULL, i64, 1, names, &attr);
}

static MlirValue insertValue(DlcBuilder *b, MlirValue aggregate,
                             MlirValue value, int64_t p0, int64_t p1) {
  int64_t position[] = {p0, p1};
  MlirAttribute pos = mlirDenseI64ArrayGet(b->ctx, p1 < 0 ? 1 : 2, position);
  const char *names[] = {"position"};
  MlirValue operands[] = {aggregate, value};
  return dlcBuildValue(b, "llvm.insertvalue", 2, operands,
                       mlirValueGetType(aggregate), 1, names, &pos);
}

MlirValue dlcBuildMemrefOverPointer(DlcBuilder *b, MlirType memrefType,
                                    MlirValue ptr, int addressSpace,
                                    const MlirValue *sizes,
                                    const MlirValue *strides) {
  intptr_t rank = mlirShapedTypeGetRank(memrefType);
  char text[192];
  snprintf(text, sizeof(text),
           "!llvm.struct<(ptr<%d>, ptr<%d>, i64, array<%ld x i64>, array<%ld "
           "x i64>)>",
           addressSpace, addressSpace, (long)rank, (long)rank);
  MlirType descType = dlcType(b->ctx, text);
  MlirValue desc =
      dlcBuildValue(b, "llvm.mlir.poison", 0, NULL, descType, 0, NULL, NULL);
  desc = insertValue(b, desc, ptr, 0, -1);
  desc = insertValue(b, desc, ptr, 1, -1);
  desc = insertValue(b, desc, dlcLlvmI64(b, 0), 2, -1);
  for (intptr_t d = 0; d < rank; ++d) {
    desc = insertValue(b, desc, sizes[d], 3, d);
    desc = insertValue(b, desc, strides[d], 4, d);
  }
  return dlcBuildValue(b, "builtin.unrealized_conversion_cast", 1, &desc,
                       memrefType, 0, NULL, NULL);
}
