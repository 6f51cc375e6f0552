/* The kernel-problem model (DESIGN.md decision 10): what one rbssa region
 * of the GEMM family computes, read once from the region and shared by the
 * planner (convert-rbssa-to-plan), the skeleton generators
 * (convert-plan-to-dlcgpu) and the docs' examples.
 *
 *   C[b, m, n] = epilogue(sum_k A[b, m, k] * B[b, n, k])
 *
 * Axis roles come from which factor reads each axis (A only: m, B only: n,
 * both: batch, reduced: k; a missing role has extent 1); several axes of
 * one role collapse into one where every tensor's strides allow (the
 * multi-head bmm's (b, h) batch). Every tensor is
 * described by one stride per role, in elements, as a product of symbols
 * and a constant, so row-major, column-major, transposed reads, broadcasts
 * (stride 0) and any static strided layout are one case. The epilogue is a
 * small SSA program of typed steps over the accumulator (fan-out allowed).
 *
 * Internal to the library (module prefix `kp`). A KpProblem holds borrowed
 * MLIR handles only; it owns nothing and needs no destroy. */
#ifndef DLC_LIB_ANALYSIS_KERNELPROBLEM_KERNELPROBLEM_H
#define DLC_LIB_ANALYSIS_KERNELPROBLEM_KERNELPROBLEM_H

#include "dlc/IR.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

enum {
  /* Tensors the epilogue reads: as many as a region has arguments
   * (RB_MAX_ARGS, E1501 past it when rbssa is built), so that no region
   * convert-indexbook-to-rbssa makes falls off the GEMM family here. */
  KP_MAX_INPUTS = 32,
  KP_MAX_STEPS = 64, /* epilogue steps, the accumulator included */
  KP_NAME = 32,
  KP_MAX_RANK = 12, /* tensor and memref rank */
  /* Symbols in one extent: as many as a memref has dims, so that every
   * stride and size of a memref the model takes (rank <= KP_MAX_RANK, met
   * with E1602 past it) is one extent, whatever its symbols' positions. */
  KP_MAX_FACTORS = KP_MAX_RANK,
  KP_MAX_FUSED = 4, /* axes one role fuses (implicit GEMM) */
};

typedef enum KpRole { KP_BATCH, KP_M, KP_N, KP_K, KP_NUM_ROLES } KpRole;

/* constant * prod(symbols): a size or a stride; symbols index the region's
 * rbssa.symbols. */
typedef struct KpExtent {
  int64_t constant;
  int numSymbols;
  int symbols[KP_MAX_FACTORS];
} KpExtent;

/* Element types the back end moves. KP_I1 is the type of a comparison. */
typedef enum KpElement { KP_F16, KP_BF16, KP_F32, KP_I1 } KpElement;

/* A tensor argument of the region, addressed from the roles. In an
 * implicit GEMM the m role fuses several axes: `mStride` holds one stride
 * per fused m axis, and `mSplit` says they do not collapse into the one
 * stride[KP_M] (an NCHW output: the m index is split into (n, ho, wo)). */
typedef struct KpTensor {
  int arg; /* region (and kernel) argument index */
  KpElement element;
  KpExtent stride[KP_NUM_ROLES]; /* elements per step; 0: not indexed */
  bool mSplit;
  KpExtent mStride[KP_MAX_FUSED];
} KpTensor;

/* The axes one role fuses in an implicit GEMM, outermost first: the
 * role's index is mixed-radix over their sizes (m = (n, ho, wo), k =
 * (kh, kw, ci) with the axis of A's unit-stride dim innermost). */
typedef struct KpFused {
  int num;
  int iter[KP_MAX_FUSED]; /* rbssa.iters (k: rbssa.reduce_iters) */
  KpExtent size[KP_MAX_FUSED];
} KpFused;

/* A's gather in an implicit GEMM (the convolution's window): memref dim d
 * is read at sum_i mCoef[i]·m_i + sum_j kCoef[j]·k_j + offset (the
 * s·ho + d·kh − p of a conv), and reads outside [0, extent) are zero (the
 * region's padding guard, checked to state exactly these bounds). */
typedef struct KpWindowDim {
  KpExtent stride, extent;
  int64_t mCoef[KP_MAX_FUSED], kCoef[KP_MAX_FUSED];
  int64_t offset;
} KpWindowDim;

typedef struct KpWindow {
  int rank;
  KpWindowDim dim[KP_MAX_RANK];
} KpWindow;

typedef enum KpStepKind {
  KP_STEP_ACC,     /* the accumulator (always step 0) */
  KP_STEP_LOAD,    /* inputs[input] at (b, m, n), widened to f32 */
  KP_STEP_CONST,   /* value */
  KP_STEP_UNARY,   /* fn(args[0]): rbssa.unary's fn */
  KP_STEP_BINARY,  /* fn(args[0], args[1]): rbssa.binary's fn */
  KP_STEP_COMPARE, /* fn(args[0], args[1]): rbssa.compare's fn, i1 */
  KP_STEP_SELECT,  /* args[0] ? args[1] : args[2] */
  KP_STEP_CAST,    /* args[0] rounded to `type` */
  /* The memory-bound family only (MemoryProblem.h): */
  KP_STEP_GUARD,  /* a domain holds ? args[0] : value */
  KP_STEP_REDUCE, /* fn over `reduced` loops of args[0], from value */
} KpStepKind;

/* One epilogue step. Every float step computes in f32 and then rounds to
 * its `type` (f16/bf16 steps round, as the reference interpreter does). */
typedef struct KpStep {
  KpStepKind kind;
  KpElement type;
  char fn[KP_NAME];
  int args[3]; /* earlier steps */
  int input;   /* KP_STEP_LOAD (and KP_STEP_GUARD) */
  double value;
  uint32_t loops;   /* memory-bound family: the loops the value depends on */
  uint32_t reduced; /* KP_STEP_REDUCE: the loops it reduces */
} KpStep;

typedef struct KpProblem {
  MlirOperation func; /* the region, borrowed */
  bool has[KP_NUM_ROLES];
  KpExtent size[KP_NUM_ROLES]; /* constant 1 when the role is absent */
  int iter[KP_NUM_ROLES];      /* index into rbssa.iters (k: reduce_iters) */
  KpTensor a, b, c;
  int numInputs;
  KpTensor inputs[KP_MAX_INPUTS]; /* stride[KP_K] is 0 */
  int numSteps;
  KpStep steps[KP_MAX_STEPS];
  int result; /* the step the region yields; C stores it as c.element */
  /* Implicit GEMM (a convolution): m and k fuse the axes of `fused`,
   * size[] are their products, iter[] the innermost fused axis, A is the
   * gather `window` (a.stride[KP_BATCH] is its group offset, the rest
   * unused), B's k axes collapse into one stride. The batch role is a
   * grouped convolution's group: groupWidth > 0 output channels per group,
   * the one output-channel axis (iter[KP_BATCH] == iter[KP_N]) read as
   * (batch, n) = (co floordiv groupWidth, co mod groupWidth). */
  bool implicit;
  int64_t groupWidth;
  /* Groups each batch index stands for (0 or 1: one): the SM90 skeleton
   * packs several narrow groups into a CTA tile (dlcSm90PackGroups), the
   * batch then a block of groupPack groups and n their output channels. */
  int64_t groupPack;
  KpFused fused[KP_NUM_ROLES];
  KpWindow window;
  /* Outside an implicit GEMM, the axes each role collapses, outermost
   * first (num 0: the role is absent; 1: one axis). Several axes of one
   * role are one GEMM dimension when their strides collapse in every
   * tensor the region reads or writes (outer stride = inner size × inner
   * stride, or 0 for both): size[] is then their product, iter[] the
   * innermost, and every tensor's stride[] that of the innermost. */
  KpFused collapsed[KP_NUM_ROLES];
} KpProblem;

/* The role of a contraction axis from which factors read it: read by both,
 * batch (k when reduced); by the first only, m; by the second only, n.
 * False when a reduced axis is not read by both or an axis by neither.
 * Poly-View names conv axes by the same rule. */
bool kpAxisRole(bool readByA, bool readByB, bool reduced, KpRole *role);

/* Reads the GEMM-family problem of `regionFunc` (a func.func carrying
 * rbssa.region): first, quietly, with a factor's several axes collapsed
 * into its role; where that fails, with all but the innermost of them a
 * broadcast batch. On failure emits E1602 RegionNotPlannable (of the
 * second reading) at the offending op, naming what is not covered, and
 * returns false. */
bool kpProblemRead(MlirOperation regionFunc, KpProblem *problem);

/* The step kinds by name, as the dlcgpu.epilogue `steps` attribute spells
 * them ("acc", "load", "const", "unary", "binary", "compare", "select",
 * "cast"); FromName returns false for an unknown name. */
const char *kpStepKindName(KpStepKind kind);
bool kpStepKindFromName(MlirStringRef name, KpStepKind *kind);

/* The elementwise step rbssa op `op` computes, for both families' step
 * readers: fills step->kind (unary, binary and compare ops with their fn
 * in step->fn, select_value, cast) and returns its operand count; 0 when
 * `op` is none of these ops, -1 when a unary, binary or compare op has no
 * fn string that fits. */
int kpElementwiseStep(MlirOperation op, KpStep *step);

/* The plan's name of step `i` ("bias", "residual", "scale", "relu",
 * "where", ...); NULL for steps that are no epilogue op of their own (the
 * accumulator, loads and constants feeding another step). */
const char *kpStepName(const KpProblem *problem, int i);

/* The plan's epilogue list: the names of the steps in order. Returns the
 * count (at most `capacity` written). */
int kpEpilogueNames(const KpProblem *problem, const char **names, int capacity);

/* Whether the extent is the constant `value`; whether two extents are the
 * same product; a * b (false when it has more than KP_MAX_FACTORS symbols
 * or overflows). */
bool kpExtentIs(const KpExtent *extent, int64_t value);
bool kpExtentEqual(const KpExtent *a, const KpExtent *b);
bool kpExtentTimes(const KpExtent *a, const KpExtent *b, KpExtent *out);

/* The extent as text over the symbol names ("K", "M*K", "64", "0"). */
void kpExtentText(MlirOperation regionFunc, const KpExtent *extent, char *out,
                  size_t size);

/* The constant extent `value`; `e` times a size entry of an rbssa.shape
 * (a symbol name or an integer), false when it is neither or overflows. */
KpExtent kpExtentConstant(int64_t value);
bool kpExtentMultiply(MlirOperation regionFunc, KpExtent *e,
                      MlirAttribute entry);

/* The element strides of region argument `arg`'s memref dimensions (a
 * static strided layout, else row- or column-major over rbssa.shape as
 * rbssa.layout says); NULL, or why they cannot be known. */
const char *kpArgStrides(MlirOperation regionFunc, int arg,
                         KpExtent strides[KP_MAX_RANK], int *rank);

/* Attribute `name` of region argument `arg` (null when absent). */
MlirAttribute kpArgAttr(MlirOperation regionFunc, int arg, const char *name);

/* The op that defines `v` (null for a block argument), shared by the
 * model's readers (an op's attributes: dlcOperationAttrGet, dlc/IR.h). */
MlirOperation kpProducer(MlirValue v);

/* Element-type helpers; kpElementOf takes a type or a shaped type. */
bool kpElementOf(MlirType type, KpElement *out);
int kpElementBytes(KpElement element);
const char *kpElementName(KpElement element); /* "f16", "bf16", "f32" */
MlirType kpElementType(MlirContext ctx, KpElement element);

#endif
