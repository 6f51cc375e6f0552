/* The CPU reference interpreter for `tiny` programs and `rbssa` regions
 * (spec §6.11, §13).
 *
 * It evaluates a tiny `func.func` on concrete tensors, one op at a time, in
 * f32 or f64, and is the numerical reference every generated kernel is
 * checked against (rtol = atol = 1e-3). It also plays back an RB-SSA region
 * (a func.func carrying `rbssa.region`) on concrete buffers under the same
 * precision rules, so a lowering can be checked against its source. Values are
 * held as f64 and rounded after every op to what their element type (and the
 * precision mode) can hold, so f16 casts, f16 products and fp32 accumulators
 * behave as typed. Errors are MLIR diagnostics at the offending op, never a
 * crash. See docs/interp.md. */
#ifndef DLC_INTERP_H
#define DLC_INTERP_H

#include "dlc/Shape.h"
#include "dlc/Support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*
 * Tensors
 *===----------------------------------------------------------------------===*/

/* A dense row-major tensor of f64 values with a concrete shape of any rank
 * (an rbssa region's values have one dim per region axis, which may be more
 * than DLC_MAX_RANK). The struct is plain data: fields may be read and
 * `data` written; it exists only as created by dlcTensorCreate (its shape
 * is allocated with it). */
typedef struct DlcTensor {
  int rank;
  int64_t numElements; /* product of shape; 1 for rank 0 */
  double *data;        /* numElements values, owned by the tensor */
  int64_t shape[];     /* rank sizes; room for max(rank, DLC_MAX_RANK) */
} DlcTensor;

/* Creates a zero-filled tensor. Returns NULL when the rank or a size is
 * negative or the memory is not there. */
DLC_GIVE DlcTensor *dlcTensorCreate(int rank, const int64_t *shape);

/* Creates a copy of `tensor` (NULL when out of memory). */
DLC_GIVE DlcTensor *dlcTensorCreateCopy(DLC_KEEP const DlcTensor *tensor);

/* Destroys `tensor`; NULL is ignored. */
void dlcTensorDestroy(DLC_TAKE DlcTensor *tensor);

/*===----------------------------------------------------------------------===*
 * Element types and rounding
 *===----------------------------------------------------------------------===*/

/* The element types the interpreter knows. */
typedef enum DlcInterpDtype {
  DlcInterpDtypeInvalid,
  DlcInterpDtypeF16,
  DlcInterpDtypeBF16,
  DlcInterpDtypeF32,
  DlcInterpDtypeF64,
  DlcInterpDtypeI1,
  DlcInterpDtypeI8,
  DlcInterpDtypeI16,
  DlcInterpDtypeI32,
  DlcInterpDtypeI64,
} DlcInterpDtype;

/* How wide the arithmetic is. F32: every float result is rounded to f32
 * (and further to f16/bf16 where typed so). F64: f32/f64 values stay f64;
 * only f16/bf16 values are rounded. */
typedef enum DlcInterpPrecision {
  DlcInterpPrecisionF32,
  DlcInterpPrecisionF64,
} DlcInterpPrecision;

/* Classifies an MLIR element type; DlcInterpDtypeInvalid if unsupported. */
DlcInterpDtype dlcInterpDtypeFromType(MlirType elementType);

/* "f16", "bf16", "f32", "f64", "i1", "i8", "i16", "i32", "i64" (static). */
const char *dlcInterpDtypeGetName(DlcInterpDtype dtype);

/* Bytes per element in a reference-data file (i1 takes one byte). */
size_t dlcInterpDtypeGetSize(DlcInterpDtype dtype);

bool dlcInterpDtypeIsFloat(DlcInterpDtype dtype);

/* Rounds `value` to what a `dtype` value holds under `precision`: floats
 * round to nearest even (f16/bf16 always; f32/f64 to f32 in F32 mode);
 * integers truncate toward zero, saturate to int64 (NaN gives 0) and wrap
 * to their width; i1 is `value != 0`. */
double dlcInterpRound(DlcInterpDtype dtype, DlcInterpPrecision precision,
                      double value);

/* Rounds `value` to exactly what `dtype` stores (f32 to f32 whatever the
 * precision mode): the value a reference-data file holds. */
double dlcInterpRoundToStorage(DlcInterpDtype dtype, double value);

/* IEEE binary16 and bfloat16 bit patterns, round to nearest even. */
uint16_t dlcInterpF16FromDouble(double value);
double dlcInterpF16ToDouble(uint16_t bits);
uint16_t dlcInterpBF16FromDouble(double value);
double dlcInterpBF16ToDouble(uint16_t bits);

/*===----------------------------------------------------------------------===*
 * Symbols (docs/conventions.md, "Symbolic shapes" and "Symbol order")
 *===----------------------------------------------------------------------===*/

/* The symbols of a graph in signature order, with their sizes. The table
 * grows with the graph (no cap); it owns its two arrays, the names in them
 * are borrowed from the MLIR context. Fields may be read and `values`
 * written; release the arrays with dlcInterpSymbolsClear. */
typedef struct DlcInterpSymbols {
  int count, capacity;
  MlirStringRef *names; /* `count` names, owned array */
  int64_t *values;      /* `count` sizes, owned array; < 0: not bound yet */
} DlcInterpSymbols;

/* Fills `symbols` (uninitialised or cleared: what it held is not freed)
 * with the symbols of `func` (a func.func) in signature order (its
 * `dlc.symbols` attribute wins; a region's order is its `rbssa.symbols`),
 * all unbound. Emits a diagnostic at `func` and fails on a malformed
 * signature. Either way the caller then owns the table's arrays and
 * releases them with dlcInterpSymbolsClear. */
MlirLogicalResult dlcInterpSymbolsInit(DLC_KEEP MlirOperation func,
                                       DLC_GIVE DlcInterpSymbols *symbols);

/* Frees the table's arrays; it is empty (and may be filled again) after. */
void dlcInterpSymbolsClear(DLC_TAKE DlcInterpSymbols *symbols);

/* Makes `to` (uninitialised or cleared) a copy of `from`, names and sizes,
 * with arrays of its own (release them with dlcInterpSymbolsClear). Fails,
 * `to` empty, only when out of memory. */
MlirLogicalResult dlcInterpSymbolsCopy(DLC_KEEP const DlcInterpSymbols *from,
                                       DLC_GIVE DlcInterpSymbols *to);

/* Index of `name` in `symbols`, or -1. */
int dlcInterpSymbolsFind(const DlcInterpSymbols *symbols, MlirStringRef name);

/* Whether symbol `i` is a derived symbol of `func` (its `dlc.derived`,
 * docs/conventions.md): its size follows from the free symbols. */
bool dlcInterpSymbolIsDerived(DLC_KEEP MlirOperation func,
                              const DlcInterpSymbols *symbols, int i);

/* Computes the derived symbols of `func` from the bound free ones (one
 * whose free symbols are not all bound stays unbound). With `check`, a
 * derived symbol already bound (given by the caller, or by an input's
 * shape) must agree: E1304 at `func` otherwise. */
MlirLogicalResult dlcInterpSymbolsDerive(DLC_KEEP MlirOperation func,
                                         DlcInterpSymbols *symbols, bool check);

/* Concrete shape of a ranked tensor type under bound `symbols`: writes the
 * rank and sizes. Emits a diagnostic at `at` and fails when the type is not
 * a well-formed ranked tensor or names an unbound or unknown symbol. */
MlirLogicalResult dlcInterpResolveShape(DLC_KEEP MlirOperation at,
                                        MlirType type,
                                        const DlcInterpSymbols *symbols,
                                        int *rank, int64_t *shape);

/*===----------------------------------------------------------------------===*
 * Parameters
 *===----------------------------------------------------------------------===*/

/* True when `func` is an rbssa region (it carries `rbssa.region`). */
bool dlcInterpIsRegion(DLC_KEEP MlirOperation func);

/* The numbers of inputs and outputs of `func`: a tiny function's arguments
 * and results, or a region's memref arguments of role "input" and
 * "output" (inputs first, the kernel ABI order). Emits a diagnostic at
 * `func` and fails on a malformed signature. */
MlirLogicalResult dlcInterpGetSignature(DLC_KEEP MlirOperation func,
                                        intptr_t *numInputs,
                                        intptr_t *numOutputs);

/* The argument that parameter `index` of the region `func` is: `index`,
 * except in a fused attention region (`rbssa.attention` with `fused =
 * true`), whose parameters are its arguments but P (docs/interp.md,
 * "Fused attention"). Emits a diagnostic at `func` and fails when its
 * model names no argument for P. */
MlirLogicalResult dlcInterpGetRegionArgument(DLC_KEEP MlirOperation func,
                                             intptr_t index,
                                             intptr_t *argument);

/* The concrete shape and element type of parameter `index` of `func`
 * (inputs, then outputs) under bound `symbols`. A region parameter's shape
 * is its `rbssa.shape`. Emits a diagnostic at `func` and fails when a
 * symbol is unbound or the parameter is malformed. */
MlirLogicalResult dlcInterpGetParam(DLC_KEEP MlirOperation func, intptr_t index,
                                    const DlcInterpSymbols *symbols, int *rank,
                                    int64_t *shape, DlcInterpDtype *dtype);

/*===----------------------------------------------------------------------===*
 * Evaluation
 *===----------------------------------------------------------------------===*/

/* Evaluates the tiny program `func` (a func.func: arguments are the inputs,
 * func.return's operands the outputs), or the rbssa region `func` (memref
 * arguments: the inputs, then the outputs that its rbssa.yield ops write;
 * see docs/interp.md, "rbssa regions").
 *
 * `inputs` holds one tensor per argument (borrowed); each is first rounded
 * to its argument's element type. `symbols` (may be NULL) comes from
 * dlcInterpSymbolsInit; sizes already bound in it are checked, the others
 * are derived from the inputs' shapes, and on return all are bound. An
 * input whose shape disagrees with its argument type or with another input
 * is an E1304 AxisAlignmentMismatch at `func`.
 *
 * On success writes `numOutputs` (which must equal the number of results,
 * or of a region's output arguments) new tensors to `outputs`; the caller
 * destroys them. On failure emits diagnostics through the context and leaves
 * `outputs` all NULL. */
MlirLogicalResult
dlcInterpEvaluate(DLC_KEEP MlirOperation func, DlcInterpPrecision precision,
                  intptr_t numInputs, DLC_KEEP DlcTensor *const *inputs,
                  DlcInterpSymbols *symbols, intptr_t numOutputs,
                  DLC_GIVE DlcTensor **outputs);

/* How a tiny program's reductions form their bodies. */
typedef enum DlcInterpProducts {
  /* Every tiny value is rounded to its own type: the product of a
   * tinygrad-form GEMM (a tiny.mul typed f16) is rounded to f16 before
   * the f32 REDUCE. The literal reading; dlcInterpEvaluate's. */
  DlcInterpProductsTyped,
  /* An ALU op whose only user is a tiny.reduce with a wider float
   * acc_dtype is rounded to acc_dtype instead: products are formed as
   * tiny.contract, tensor cores and the rbssa regions that the lowering
   * makes of them form them (docs/conventions.md, "Numerics of
   * contractions"). rbssa regions always evaluate this way. */
  DlcInterpProductsInAccumulator,
} DlcInterpProducts;

typedef struct DlcInterpOptions {
  DlcInterpPrecision precision;
  DlcInterpProducts products;
} DlcInterpOptions;

/* dlcInterpEvaluate with every option spelled out. */
MlirLogicalResult dlcInterpEvaluateWithOptions(
    DLC_KEEP MlirOperation func, const DlcInterpOptions *options,
    intptr_t numInputs, DLC_KEEP DlcTensor *const *inputs,
    DlcInterpSymbols *symbols, intptr_t numOutputs,
    DLC_GIVE DlcTensor **outputs);

#ifdef __cplusplus
}
#endif

#endif /* DLC_INTERP_H */
