/* dlcgpu-verify: checks dlcgpu kernels for what IRDL cannot express
 * (docs/dialects/dlcgpu.md): shared memory is a static memref in address
 * space 3, aligned to a power of two of at most 1 KiB; ldmatrix and mma.sync
 * fragments have the m16n8k16 shapes and f16/bf16 elements; a load token is
 * waited on at most once, with a non-negative `pending`; the epilogue's step
 * program is well formed (kinds of the kernel-problem model, arguments that are
 * earlier steps, loads of existing extra operands, a result step); stores write
 * 1-D vectors. Every violation is E1606 SkeletonMalformed at the op; the pass
 * changes nothing. docs/passes/dlcgpu-verify.md. */
#include "DLCGPUChecks.h"
#include "DialectNames.h"
#include "KernelProblem.h"
#include "PassDef.h"

#include "dlc/Diagnostics.h"
#include "dlc/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

static const char *const kSuggestion =
    "kernels come from convert-plan-to-dlcgpu; a hand-written one must "
    "follow docs/dialects/dlcgpu.md";

static bool bad(MlirOperation op, const char *why) {
  dlcEmitDiagnostic(op, &dlcSkeletonMalformed, kSuggestion, "%s", why);
  return false;
}

/* A vector of `rows` x `cols` (cols 0: 1-D of `rows`) of `element`
 * (NULL: f16 or bf16). */
static bool isFragment(MlirType t, int64_t rows, int64_t cols,
                       bool (*element)(MlirType)) {
  if (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) != (cols ? 2 : 1) ||
      mlirShapedTypeGetDimSize(t, 0) != rows ||
      (cols && mlirShapedTypeGetDimSize(t, 1) != cols))
    return false;
  MlirType e = mlirShapedTypeGetElementType(t);
  return element ? element(e) : mlirTypeIsAF16(e) || mlirTypeIsABF16(e);
}

/* The buffer, and its alignment (convert-dlcgpu-to-gpu checks it too). */
static bool checkSmem(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirAttribute space = mlirMemRefTypeGetMemorySpace(t);
  bool workgroup = !mlirAttributeIsNull(space) &&
                   mlirAttributeIsAInteger(space) &&
                   mlirIntegerAttrGetValueInt(space) == 3;
  if (!mlirShapedTypeHasStaticShape(t) || !workgroup)
    return bad(op, "shared memory must be a static memref in address space 3");
  int64_t alignment =
      mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "alignment"));
  return dlcDlcgpuSmemAlignmentValid(alignment) ||
         bad(op, "smem_alloc's alignment must be a power of two from 1 to "
                 "1024 bytes");
}

static bool checkMma(MlirOperation op) {
  MlirAttribute shape = dlcOperationAttrGet(op, "shape");
  if (mlirDenseI64ArrayGetElement(shape, 2) != 16)
    return true; /* only m16n8k16 has a lowering to check against */
  MlirType a = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType b = mlirValueGetType(mlirOperationGetOperand(op, 1));
  MlirType c = mlirValueGetType(mlirOperationGetOperand(op, 2));
  bool ok = isFragment(a, 4, 2, NULL) && isFragment(b, 2, 2, NULL) &&
            isFragment(c, 2, 2, mlirTypeIsAF32) &&
            mlirTypeEqual(mlirShapedTypeGetElementType(a),
                          mlirShapedTypeGetElementType(b));
  return ok || bad(op, "m16n8k16 mma.sync takes vector<4x2xT>, vector<2x2xT> "
                       "(T f16 or bf16, the same) and vector<2x2xf32>");
}

static bool checkLdmatrix(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t num = mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "num"));
  return isFragment(t, num, 2, NULL) ||
         bad(op, "ldmatrix.xN yields vector<Nx2xT> with T f16 or bf16");
}

/* A load token is waited on at most once (a group, once complete, is
 * gone). */
static bool checkTokens(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
    MlirValue v = mlirOperationGetResult(op, r);
    MlirOpOperand use = mlirValueGetFirstUse(v);
    int waits = 0;
    for (; !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
      MlirOperation user = mlirOpOperandGetOwner(use);
      waits += dlcOperationIsA(user, DLC_OP_DLCGPU_WAIT_GROUP) ||
               dlcOperationIsA(user, DLC_OP_DLCGPU_MBARRIER_WAIT);
    }
    if (waits > 1)
      return bad(op, "a load token is waited on twice");
  }
  if (dlcOperationIsA(op, DLC_OP_DLCGPU_WAIT_GROUP) &&
      mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "pending")) < 0)
    return bad(op, "wait_group's pending count is negative");
  return true;
}

/* The args a step of `kind` reads (KernelProblem.h). */
static int stepArity(KpStepKind kind) {
  switch (kind) {
  case KP_STEP_UNARY:
  case KP_STEP_CAST:
    return 1;
  case KP_STEP_BINARY:
  case KP_STEP_COMPARE:
    return 2;
  case KP_STEP_SELECT:
    return 3;
  default:
    return 0;
  }
}

bool dlcDlcgpuCheckEpilogue(MlirOperation op) {
  MlirAttribute steps = dlcOperationAttrGet(op, "steps");
  intptr_t n = mlirArrayAttrGetNumElements(steps);
  intptr_t extras = mlirOperationGetNumOperands(op) - 2;
  char why[160];
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute step = mlirArrayAttrGetElement(steps, i);
    MlirAttribute kindAttr = dlcDictionaryAttrGet(step, "kind"),
                  args = dlcDictionaryAttrGet(step, "args");
    MlirAttribute input = dlcDictionaryAttrGet(step, "input"),
                  type = dlcDictionaryAttrGet(step, "type");
    KpStepKind kind;
    bool ok =
        !mlirAttributeIsNull(kindAttr) && mlirAttributeIsAString(kindAttr) &&
        kpStepKindFromName(mlirStringAttrGetValue(kindAttr), &kind) &&
        !mlirAttributeIsNull(args) && mlirAttributeIsADenseI64Array(args) &&
        !mlirAttributeIsNull(type) && mlirAttributeIsAType(type) &&
        !mlirAttributeIsNull(input) && mlirAttributeIsAInteger(input) &&
        mlirAttributeIsAString(dlcDictionaryAttrGet(step, "fn")) &&
        mlirAttributeIsAFloat(dlcDictionaryAttrGet(step, "value"));
    ok = ok && mlirDenseArrayGetNumElements(args) >= stepArity(kind);
    for (intptr_t a = 0; ok && a < mlirDenseArrayGetNumElements(args); ++a) {
      int64_t arg = mlirDenseI64ArrayGetElement(args, a);
      ok = arg >= 0 && arg < i;
    }
    if (ok && kind == KP_STEP_LOAD)
      ok = mlirIntegerAttrGetValueInt(input) >= 0 &&
           mlirIntegerAttrGetValueInt(input) < extras;
    if (!ok) {
      snprintf(why, sizeof(why),
               "epilogue step %d is not {kind, type, fn, args (as many "
               "earlier steps as it takes), input (< %d extra operands), "
               "value}",
               (int)i, (int)extras);
      return bad(op, why);
    }
  }
  int64_t result =
      mlirIntegerAttrGetValueInt(dlcOperationAttrGet(op, "result"));
  return (result >= 0 && result < n) ||
         bad(op, "the epilogue's result is not one of its steps");
}

static bool checkStore(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  return (mlirTypeIsAVector(t) && mlirShapedTypeGetRank(t) == 1) ||
         bad(op, "store_vec stores a 1-D vector");
}

typedef struct VerifyState {
  bool ok;
} VerifyState;

static MlirWalkResult verifyOp(MlirOperation op, void *userData) {
  VerifyState *state = userData;
  bool ok = true;
  if (dlcOperationIsA(op, DLC_OP_DLCGPU_SMEM_ALLOC))
    ok = checkSmem(op);
  else if (dlcOperationIsA(op, DLC_OP_DLCGPU_MMA_SYNC))
    ok = checkMma(op);
  else if (dlcOperationIsA(op, DLC_OP_DLCGPU_LDMATRIX))
    ok = checkLdmatrix(op);
  else if (dlcOperationIsA(op, DLC_OP_DLCGPU_EPILOGUE))
    ok = dlcDlcgpuCheckEpilogue(op);
  else if (dlcOperationIsA(op, DLC_OP_DLCGPU_STORE_VEC))
    ok = checkStore(op);
  else if (dlcOperationIsA(op, DLC_OP_DLCGPU_CP_ASYNC) ||
           dlcOperationIsA(op, DLC_OP_DLCGPU_COMMIT_GROUP) ||
           dlcOperationIsA(op, DLC_OP_DLCGPU_WAIT_GROUP) ||
           dlcOperationIsA(op, DLC_OP_DLCGPU_TMA_LOAD) ||
           dlcOperationIsA(op, DLC_OP_DLCGPU_TMA_LOAD_MULTICAST) ||
           dlcOperationIsA(op, DLC_OP_DLCGPU_TMA_LOAD_IM2COL))
    ok = checkTokens(op);
  state->ok &= ok;
  return MlirWalkResultAdvance;
}

static void runVerifyDLCGPU(MlirOperation op, MlirExternalPass pass,
                            const DlcPassOptions *options) {
  (void)options;
  VerifyState state = {true};
  mlirOperationWalk(op, verifyOp, &state, MlirWalkPreOrder);
  if (!state.ok)
    mlirExternalPassSignalFailure(pass);
}

const DlcPassDef dlcDLCGPUVerifyPass = {
    {"dlcgpu-verify",
     "Check dlcgpu kernels for what IRDL cannot: shared memory, fragment "
     "shapes, load tokens waited once, the epilogue program (E1606)",
     "", 0, NULL},
    runVerifyDLCGPU,
    NULL,
    NULL,
};
