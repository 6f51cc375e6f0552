/* Poly-View (spec §5), internal: an IndexBook function as isl objects.
 *
 * Poly-View reads one IndexBook function (a func.func with
 * indexbook.symbols, docs/dialects/indexbook.md) into a PvFunction: every
 * indexbook op becomes a PvValue whose domain (a union of IntegerSetAttr
 * pieces) is an isl_set and whose access maps (AffineMapAttr) are
 * isl_multi_aff, all over one parameter space named after the function's
 * symbols (DESIGN.md decision 4). Sets are simplified (coalesce, gist
 * against the context of positive sizes, remove redundancies); axes that
 * are read plainly (`d_k`) by a consumer share an *axis class*, which gives
 * every axis of the function one name (m, n, k; co, ho, kh for a conv);
 * mul -> reduce(sum) and indexbook.contract are classified as matmul or
 * conv ContractionPatterns.
 *
 * Files: Affine.c (MLIR affine -> isl), Function.c (reading, checks,
 * simplification, axis classes), Contraction.c (ContractionPattern),
 * Report.c (attributes and the §5.2 JSON), PolyViewPass.c (dlc-poly-view).
 * Poly-Core (lib/Analysis/PolyCore) builds on the same PvFunction.
 *
 * Ownership follows isl: __isl_give / __isl_take / __isl_keep on isl
 * objects, DLC_GIVE / DLC_TAKE / DLC_KEEP on ours. A PvFunction owns every
 * isl object it holds; pvFunctionClear frees them. One isl_ctx per pass
 * run, created by the pass. */
#ifndef DLC_LIB_ANALYSIS_POLYVIEW_POLYVIEW_H
#define DLC_LIB_ANALYSIS_POLYVIEW_POLYVIEW_H

#include "dlc/Support.h"

#include "AffineIsl.h"
#include "SymbolTable.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum {
  PV_MAX_RANK = 12,    /* axes of one op */
  PV_MAX_OPERANDS = 3, /* ternary */
  PV_MAX_WINDOWS = 6,  /* windowed dims of one contraction */
  PV_NAME = 40,        /* value, axis and symbol names */
  PV_WHY = 256         /* reasons (boundaries, diagnostics) */
};

typedef enum PvKind {
  PV_LEAF,
  PV_CONST,
  PV_VIEW,
  PV_UNARY,
  PV_BINARY,
  PV_TERNARY,
  PV_REDUCE,
  PV_CONTRACT
} PvKind;

/* One axis of an op's iteration space. */
typedef struct PvAxis {
  int symbol;     /* index into the function's symbols; -1 when static */
  int64_t extent; /* the static size; -1 when symbolic */
  char kind;      /* 'i' iter, 'r' reduce, 'b' broadcast */
  int cls;        /* its axis class (PvFunction.classes) */
} PvAxis;

/* A function-wide axis class: axes of different ops that denote the same
 * loop (a consumer reads the producer's dim plainly, sizes equal). */
typedef struct PvClass {
  char name[PV_NAME];
  int symbol; /* size: a symbol or a static extent */
  int64_t extent;
} PvClass;

/* One base-tensor dim of a contraction operand, on the contraction's
 * iteration axes: plain `a`, a constant, or a window `s*o + w*r + c`. */
typedef struct PvWindow {
  int operand; /* 0 = lhs, 1 = rhs */
  int dim;     /* dim of the base tensor */
  int out;     /* iteration axis of the output position */
  int window;  /* iteration axis of the window (a reduce axis) */
  int64_t stride, dilation, offset;
} PvWindow;

/* A ContractionPattern (spec §5.1, §5.2). */
typedef struct PvPattern {
  bool found;
  bool conv;    /* windowed: conv; all dims plain: matmul */
  bool fromMul; /* detected as binary mul -> reduce(sum) */
  int mul;      /* the mul's value index (fromMul), else -1 */
  int base[2];  /* value index of the lhs / rhs base tensors */
  /* The operands' accesses composed through movement (views) down to the
   * base tensors: iteration space -> base tensor (owned). */
  isl_multi_aff *access[2];
  int numWindows;
  PvWindow windows[PV_MAX_WINDOWS];
  /* Per iteration axis: read (through any expression) by lhs / rhs. */
  bool readBy[2][PV_MAX_RANK];
  bool isWindowAxis[PV_MAX_RANK]; /* a window axis of some PvWindow */
} PvPattern;

typedef struct PvValue {
  MlirOperation op;
  PvKind kind;
  char name[PV_NAME]; /* a leaf's dlc.name, a result's dlc.name, or v<k> */
  int rank;           /* iteration axes, at most PV_MAX_RANK (pvValueRank) */
  PvAxis axes[PV_MAX_RANK];
  char axisName[PV_MAX_RANK][PV_NAME]; /* display names, unique in the op */
  int resultRank;
  int resultAxis[PV_MAX_RANK]; /* the iteration axis of each result dim */
  int numOperands;
  int operand[PV_MAX_OPERANDS]; /* producer value index; -1: an argument */
  int argument;                 /* leaf: the function argument index */
  MlirAffineMap maps[PV_MAX_OPERANDS];
  char fn[16];      /* fn / op / pattern attribute, for reports */
  int elementBytes; /* of the result's element type */
  bool scop;        /* false: a region boundary (§4.3 rule 5) */
  char boundary[PV_WHY];
  int numUsers;
  /* isl, owned (NULL when !scop): */
  isl_set *box;    /* 0 <= ik < size_k, within the context */
  isl_set *domain; /* the union of the pieces, coalesced, exact */
  isl_set *simple; /* domain gisted against the context */
  int pieces;      /* basic sets of `simple` */
  isl_multi_aff *access[PV_MAX_OPERANDS]; /* iteration -> operand */
  PvPattern pattern;
} PvValue;

/* v->rank, which Function.c checks against PV_MAX_RANK when it reads the
 * op; the explicit bound lets the optimiser see that loops over the axes
 * stay inside the PV_MAX_RANK arrays (gcc -O3 -Wstringop-overflow). */
static inline int pvValueRank(const PvValue *v) {
  return v->rank < PV_MAX_RANK ? v->rank : PV_MAX_RANK;
}

typedef struct PvFunction {
  isl_ctx *ctx; /* borrowed: one per pass run */
  MlirOperation func;
  char name[PV_NAME * 2];
  /* indexbook.symbols, any number; the table is owned, the names borrowed
   * from the MLIR context. */
  DlcSymbolTable symbols;
  isl_set *context; /* every symbol >= 1 (owned) */
  int numValues;
  PvValue *values; /* owned */
  int numClasses;
  PvClass *classes; /* owned */
  int numResults;
  int results[PV_MAX_OPERANDS * 8]; /* value index of each returned value */
} PvFunction;

/* Options of the reading step. */
typedef struct PvOptions {
  int maxPieces; /* W2101 above this many pieces */
} PvOptions;

/* --- Function.c --------------------------------------------------------- */

/* Whether `op` is an IndexBook function (func.func with indexbook.symbols). */
bool pvIsIndexBookFunction(MlirOperation op);

/* Reads `func` into `fn` (zeroed by the caller), converts and simplifies
 * every domain and map, checks E1203 / W2101, builds the axis classes and
 * detects ContractionPatterns. Returns false after an error diagnostic;
 * `fn` must be cleared with pvFunctionClear in every case. */
bool pvFunctionBuild(isl_ctx *ctx, MlirOperation func, const PvOptions *options,
                     PvFunction *fn);

/* Frees everything `fn` owns. */
void pvFunctionClear(PvFunction *fn);

/* A static size or the symbol's name, into `out`. */
void pvSizeText(const PvFunction *fn, int symbol, int64_t extent, char *out,
                size_t size);

/* The op's iteration space as an isl set space (params = symbols, tuple =
 * the value's name, dims = its axis names). */
__isl_give isl_space *pvValueSpace(const PvFunction *fn, const PvValue *v);

/* The space of the value's result (array) dims: tuple = the value's name,
 * dims unnamed. */
__isl_give isl_space *pvArraySpace(const PvFunction *fn, const PvValue *v);

/* The write access of `v`: iteration space -> its result dims (the
 * non-reduce axes). */
__isl_give isl_multi_aff *pvWriteAccess(const PvFunction *fn, const PvValue *v);

/* Whether `v` is a graph input read as is (leaf) or through movement only
 * (a chain of views down to a leaf). */
bool pvIsMovementOnly(const PvFunction *fn, int value);

/* --- Affine.c ------------------------------------------------------------ */

/* The map as an isl_multi_aff from `domain` to `range` (both set spaces,
 * taken). NULL on failure, with the reason in *error. */
__isl_give isl_multi_aff *pvMultiAffFromMap(MlirAffineMap map,
                                            __isl_take isl_space *domain,
                                            __isl_take isl_space *range,
                                            AffineIslError *error);

/* The union of the IntegerSetAttr pieces of `pieces` (an ArrayAttr) in
 * `space` (taken). NULL on failure, with the reason in *error. */
__isl_give isl_set *pvSetFromPieces(MlirAttribute pieces,
                                    __isl_take isl_space *space,
                                    AffineIslError *error);

/* Whether `expr` contains a mod. */
bool pvExprHasMod(MlirAffineExpr expr);

/* A reason for `error`, for messages. */
const char *affineIslErrorText(AffineIslError error);

/* Prints `expr` as MLIR does, into `out`. */
void pvExprText(MlirAffineExpr expr, char *out, size_t size);

/* Prints an isl_aff without divs and parameters over named dims as
 * "2*ho + kh - 1" (dim names from `names`); false when it has divs or
 * parameters. */
bool pvAffText(__isl_keep isl_aff *aff, const char *const *names, char *out,
               size_t size);

/* The integer coefficient of set dim `dim` (or the constant term with
 * dim = -1) of an aff with integer coefficients. */
int64_t pvAffCoefficient(__isl_keep isl_aff *aff, int dim);

/* The terms of an integral, div- and parameter-free `aff` over the `rank`
 * axes of a statement: at most two axes (`axes`, `coef`, `*numTerms`) plus
 * `*constant`. False when `aff` has divs, parameters, a non-integral
 * coefficient or more than two axis terms. */
bool pvAffAxisTerms(__isl_keep isl_aff *aff, int rank, int axes[2],
                    int64_t coef[2], int *numTerms, int64_t *constant);

/* An isl object as a string (freed by the caller with free()). */
char *pvSetText(__isl_keep isl_set *set);
char *pvMapText(__isl_keep isl_map *map);

/* An access as text: "{ v3[m, n, k] -> X[m, k] }" (a relation), or the
 * multi_aff form when it has divs ("X[(i - 4*floor((i)/4))]"). */
char *pvAccessText(__isl_keep isl_multi_aff *access);

/* --- Contraction.c ------------------------------------------------------- */

/* Detects the ContractionPattern of value `index` (an indexbook.contract,
 * or a reduce(sum) of a single-use binary mul of movement-only operands). */
void pvDetectPattern(PvFunction *fn, int index);

/* The lhs_idx / rhs_idx entry of base dim `dim` of operand `operand`:
 * an axis name, a constant or a window expression. */
void pvPatternIndexText(const PvFunction *fn, const PvValue *v, int operand,
                        int dim, char *out, size_t size);

/* Role names of a conv's axes (co, ci, ho, wo, kh, kw, n); NULL entries for
 * axes without a role. */
void pvConvRoleNames(const PvValue *v, const char *names[PV_MAX_RANK]);

/* --- Report.c ------------------------------------------------------------ */

/* Attaches polyview.* attributes to every op of the function. */
void pvAttachAttributes(const PvFunction *fn);

/* Writes the §5.2 JSON object of one function at `indent`. */
void pvWriteJson(FILE *out, const PvFunction *fn, int indent);

/* A tiny JSON helper shared with Poly-Core: a quoted string. */
void pvJsonString(FILE *out, const char *text);

/* A `report=PATH` JSON file ("-" = stdout) holding one object per analysed
 * function: the object itself for one function, an array for several. */
typedef struct PvReport {
  FILE *out; /* NULL when no report was asked for */
  const char *path;
  MlirOperation at; /* where errors are reported */
  int count, written;
} PvReport;

/* Opens the report at `path` ("" = none) for `count` functions; false after
 * an E1701 diagnostic at `at`. */
bool pvReportBegin(PvReport *report, const char *path, int count,
                   MlirOperation at);

/* Writes the separator before the next object; returns its indent. */
int pvReportEntry(PvReport *report);

/* Closes the array (if any) and the file; false after an E1701 diagnostic. */
bool pvReportEnd(PvReport *report);

/* --- the analysis passes' driver (PassDriver.c) ------------------------ */

/* Reads a pass's options, errors at `at` (the first function, or the
 * root); false after a diagnostic. */
typedef bool (*PvCheckFn)(MlirOperation at, void *userData);
/* Analyses one IndexBook function in `ctx`, writing its JSON object to
 * report->out when a report was asked for (pvReportEntry); false after a
 * diagnostic. */
typedef bool (*PvAnalyzeFn)(isl_ctx *ctx, MlirOperation func, PvReport *report,
                            void *userData);

/* What dlc-poly-view and dlc-poly-core share: collects the IndexBook
 * functions at or below `root`, lets `check` read the options, opens the
 * `report=reportPath` JSON, runs `analyze` on each function in one isl
 * context and closes the report; signals `pass` failed on any failure. */
void pvRunPass(MlirOperation root, MlirExternalPass pass,
               const char *reportPath, PvCheckFn check, PvAnalyzeFn analyze,
               void *userData);

#endif
