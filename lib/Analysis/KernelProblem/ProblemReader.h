/* The GEMM-family reader's state, shared by KernelProblem.c (the walk, one
 * axis per role) and Implicit.c (the implicit-GEMM reading of a
 * convolution: fused roles and A's window). Internal to the model. */
#ifndef DLC_LIB_ANALYSIS_KERNELPROBLEM_PROBLEMREADER_H
#define DLC_LIB_ANALYSIS_KERNELPROBLEM_PROBLEMREADER_H

#include "KernelProblem.h"

#include "mlir-c/AffineExpr.h"

enum {
  KP_READER_MAX_AXES = 2 * KP_MAX_RANK,
  KP_READER_MAX_MEMO = 2 * KP_MAX_STEPS
};

/* What the walk knows about the region. Axis numbering: the reduce body's
 * dims (iters and reduce iters interleaved as the reduce places them). */
typedef struct KpReader {
  MlirOperation func;
  MlirBlock body;
  KpProblem *p; /* borrowed: the caller's */
  int numIters, numReduce, rank;
  int iterOfAxis[KP_READER_MAX_AXES]; /* >= 0: iter; < 0: -(reduce) - 1 */
  int axisOfIter[KP_MAX_RANK]; /* output (iter) i is body axis axisOfIter[i] */
  KpRole roleOfAxis[KP_READER_MAX_AXES];
  /* Outside an implicit GEMM: the axes of each role, outermost (body
   * order) first; several collapse into one (KpProblem.collapsed). */
  int numRoleAxes[KP_NUM_ROLES];
  int roleAxes[KP_NUM_ROLES][KP_MAX_FUSED];
  /* Whether a factor's outer axes become a batch the other factor is
   * broadcast across (kpProblemRead's second reading) rather than
   * collapse with its inner one into its role (the first). */
  bool broadcastBatch;
  int fusedAt[KP_READER_MAX_AXES]; /* implicit: place in p->fused[role] */
  /* implicit: the output-channel axis a grouped convolution splits into
   * (group, channel in group) = (d floordiv groupWidth, d mod groupWidth),
   * or -1 */
  int groupAxis;
  int64_t groupWidth;
  MlirValue acc; /* the reduce's result */
  int numMemo;
  MlirValue memoValue[KP_READER_MAX_MEMO];
  int memoDims[KP_READER_MAX_MEMO][KP_MAX_RANK];
  int memoStep[KP_READER_MAX_MEMO];
} KpReader;

/* E1602 at `op` with the GEMM family's suggestion; returns false. */
bool kpReaderFail(MlirOperation op, const char *why);
/* The size of body axis `axis`; its name. */
bool kpReaderAxisSize(KpReader *r, int axis, KpExtent *out);
void kpReaderAxisName(KpReader *r, int axis, char *out, size_t size);
/* Region argument `arg`'s memref strides (E1602 when unknown). */
bool kpReaderStrides(KpReader *r, int arg, KpExtent strides[KP_MAX_RANK],
                     int *rank);
/* The read's region argument and element type into `t` (E1602 when it is
 * not an argument or not f16, bf16 or f32). */
bool kpReaderTensorArg(KpReader *r, MlirOperation read, KpTensor *t);
/* A read of region argument `arg` as the readers see it (ReadView.c):
 * per memref dim its map result, stride and extent, with each pair of
 * dims a contiguous reshape merged ((x floordiv c, x mod c) over dims
 * contiguous in the argument) one dim read at x. The expressions are
 * borrowed from the context. */
typedef struct KpReadView {
  int rank;                /* dims after merging */
  int numDims, numSymbols; /* the map's */
  MlirAffineExpr expr[KP_MAX_RANK];
  KpExtent stride[KP_MAX_RANK];
  KpExtent extent[KP_MAX_RANK];
} KpReadView;

/* Fills `view`; NULL, or why not (the argument's strides or the read's map
 * are not readable). kpReaderView emits the why as E1602 at `read`. */
const char *kpReadViewOf(MlirOperation regionFunc, MlirOperation read, int arg,
                         KpReadView *view);
bool kpReaderView(KpReader *r, MlirOperation read, int arg, KpReadView *view);
/* Whether every dim of the view is an axis or the constant 0 (a broadcast
 * size-1 dim). */
bool kpReadViewIsSelection(const KpReadView *view);
/* Follows `v` through casts, transposes and broadcasts to a read of a
 * region argument, `dims` (in: v's axes) becoming the read's. With `guard`
 * non-null an rbssa.select directly over the read is passed and returned
 * there (null when none); without, a select stops the walk. */
MlirOperation kpReaderTrace(MlirValue v, int dims[KP_MAX_RANK],
                            MlirOperation *guard);
/* The same walk, returning the first op that is no cast, transpose,
 * broadcast (or passed guard): the read, another op, or null (a block
 * argument or a malformed movement). Also read by the attention family
 * (AttentionProblem.c), which starts its walks from other ops. */
MlirOperation kpTraceSource(MlirValue v, int dims[KP_MAX_RANK],
                            MlirOperation *guard);

/* Implicit.c: whether the contraction needs the implicit-GEMM reading
 * (several reduced axes, a windowed map or a guard on a factor); then the
 * roles, sizes, A's window and B from the factors' reads (swapped so that
 * A is the windowed one), the output's and an epilogue input's strides. */
bool kpReaderIsImplicit(KpReader *r, MlirOperation read[2],
                        MlirOperation guard[2]);
bool kpReadImplicit(KpReader *r, MlirOperation mul, MlirOperation read[2],
                    int dims[2][KP_MAX_RANK], MlirOperation guard[2]);
bool kpImplicitTensor(KpReader *r, MlirOperation read, const int *dims,
                      KpTensor *t);
bool kpImplicitOutput(KpReader *r, MlirOperation yield, KpTensor *c);

#endif
