/* Partials in the SM90 kernels' workspace (Sm90Workspace.h). */
#include "Sm90Workspace.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirValue bitcast(Gen *g, MlirValue v, MlirType to) {
  return dlcBuildValue(&g->b, "vector.bitcast", 1, &v, to, 0, NULL, NULL);
}

MlirValue sm90PackRows(Gen *g, MlirValue r0, MlirValue r1) {
  const char *valueName[] = {"value"}, *posName[] = {"static_position"};
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32),
           i4 = gemmVectorType(g, "4", i32);
  MlirValue halves[] = {bitcast(g, r0, gemmVectorType(g, "2", i32)),
                        bitcast(g, r1, gemmVectorType(g, "2", i32))};
  MlirAttribute zeros =
      mlirDenseElementsAttrSplatGet(i4, mlirIntegerAttrGet(i32, 0));
  MlirValue v =
      dlcBuildValue(&g->b, "arith.constant", 0, NULL, i4, 1, valueName, &zeros);
  for (int64_t e = 0; e < 4; ++e) {
    MlirAttribute from = mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){e % 2});
    MlirAttribute to = mlirDenseI64ArrayGet(g->b.ctx, 1, &e);
    MlirValue x = dlcBuildValue(&g->b, "vector.extract", 1, &halves[e / 2], i32,
                                1, posName, &from);
    MlirValue operands[] = {x, v};
    v = dlcBuildValue(&g->b, "vector.insert", 2, operands, i4, 1, posName, &to);
  }
  return v;
}

void sm90UnpackRows(Gen *g, MlirValue v, MlirValue rows[2]) {
  const char *valueName[] = {"value"}, *posName[] = {"static_position"};
  MlirType f2 = gemmVectorType(g, "2", g->f32);
  MlirValue f = bitcast(g, v, gemmVectorType(g, "4", g->f32));
  MlirAttribute zeros = mlirDenseElementsAttrFloatSplatGet(f2, 0.0f);
  for (int64_t h = 0; h < 2; ++h) {
    rows[h] = dlcBuildValue(&g->b, "arith.constant", 0, NULL, f2, 1, valueName,
                            &zeros);
    for (int64_t e = 0; e < 2; ++e) {
      MlirAttribute from =
          mlirDenseI64ArrayGet(g->b.ctx, 1, (int64_t[]){2 * h + e});
      MlirAttribute to = mlirDenseI64ArrayGet(g->b.ctx, 1, &e);
      MlirValue x = dlcBuildValue(&g->b, "vector.extract", 1, &f, g->f32, 1,
                                  posName, &from);
      MlirValue operands[] = {x, rows[h]};
      rows[h] = dlcBuildValue(&g->b, "vector.insert", 2, operands, f2, 1,
                              posName, &to);
    }
  }
}

static MlirAttribute align16(Gen *g) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 64), 16);
}

void sm90StoreWords4(Gen *g, MlirValue workspace, MlirValue word, MlirValue v) {
  const char *alignName[] = {"alignment"};
  MlirAttribute alignment = align16(g);
  MlirValue operands[] = {v, workspace, word};
  dlcBuild(&g->b, "vector.store", 3, operands, 0, NULL, 1, alignName,
           &alignment);
}

MlirValue sm90LoadWords4(Gen *g, MlirValue workspace, MlirValue word) {
  const char *alignName[] = {"alignment"};
  MlirAttribute alignment = align16(g);
  MlirValue operands[] = {workspace, word};
  return dlcBuildValue(&g->b, "vector.load", 2, operands,
                       gemmVectorType(g, "4", mlirIntegerTypeGet(g->b.ctx, 32)),
                       1, alignName, &alignment);
}
