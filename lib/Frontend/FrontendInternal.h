/* Graph importers → tiny (internal): the importer's state, its error and
 * JSON helpers and import session (Importer.c), the tiny op emitters
 * (Emit.c), the Frontend JSON's per-op lowerings (LowerOps.c); the tinygrad
 * UOp importer (ImportTinygrad.c) shares all but the lowerings.
 *
 * ImportFrontend.c reads the document (signature, tensors, graph), keeps one
 * FeTensor per tensor name and one FeValue (an SSA value with its symbolic
 * shape) per defined tensor, and calls one lowering per graph node. Every
 * error names the JSON path and position of the offending value; the first
 * error stops the import (`failed`). */
#ifndef DLC_LIB_FRONTEND_FRONTENDINTERNAL_H
#define DLC_LIB_FRONTEND_FRONTENDINTERNAL_H

#include "Builder.h"
#include "Json.h"
#include "StringMap.h"
#include "SymbolTable.h"

#include "dlc/Diagnostics.h"
#include "dlc/Shape.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { FE_MAX_INPUTS = 4, FE_PATH_SIZE = 96 };

/* A tensor value: the SSA value, its element type and symbolic shape (the
 * symbols point into the context's attribute storage). */
typedef struct FeValue {
  MlirValue value;
  MlirType element;
  DlcShape shape;
} FeValue;

/* One tensor name of the document: declared in `tensors` and/or defined by
 * a signature input or a graph node. */
typedef struct FeTensor {
  const char *name; /* borrowed from the JSON tree */
  bool declared;
  const DlcJsonValue *decl; /* tensors.<name> */
  MlirType declElement;
  DlcShape declShape;
  /* Per dim: a declared product size's text ("M*K", borrowed), its symbol
   * (M_K) left empty until feResolveDeclared defines it; else NULL. */
  const char *declProduct[DLC_MAX_RANK];
  bool defined;
  FeValue value;
  char definedBy[FE_PATH_SIZE]; /* "signature.inputs[0]", "graph[2]" */
} FeTensor;

/* A tiny.view whose map is written once every symbol is known: maps carry
 * one symbol per graph symbol, and a later Conv2D may add symbols. */
typedef struct FePendingMap {
  MlirOperation op;
  int numDims;
  char *results; /* owned: "d0, d4, d2 * 2 + d5" */
} FePendingMap;

/* What one tinygrad UOp became (ImportTinygrad.c): a tensor value, a
 * symbol (DEFINE_VAR), or a list of shape entries (STACK/VECTORIZE). */
typedef struct FeUop {
  enum { FE_UOP_NONE, FE_UOP_TENSOR, FE_UOP_SYMBOL, FE_UOP_SHAPE } kind;
  FeValue value;        /* TENSOR */
  bool weak;            /* TENSOR: a weakly typed constant (takes the other
                           operand's dtype) */
  bool isConst;         /* TENSOR: a CONST (its number in `constant`) */
  double constant;      /* TENSOR of a CONST */
  MlirStringRef symbol; /* SYMBOL */
  DlcShape shape;       /* SHAPE: its entries (a static one: size >= 0) */
} FeUop;

typedef struct FeImporter {
  MlirContext ctx;
  MlirStringRef sourceName;
  MlirStringCallback errorCallback;
  void *userData;
  bool failed;
  DlcBuilder b; /* appends to the function body at the current node */

  FeTensor *tensors;
  size_t numTensors, capacityTensors;
  DlcStringMap tensorIndex; /* name -> position in `tensors` (D12: linear) */

  /* Graph symbols in order: those of the argument types (first
   * appearance), then those a Conv2D introduces. */
  DlcSymbolTable symbols; /* owned; names borrowed */
  int numArgumentSymbols;
  /* A free symbol named only in a flat input's product size ("M*K"): the
   * function states the order (dlc.symbols). */
  bool productSymbols;

  FePendingMap *maps;
  size_t numMaps, capacityMaps;

  /* The code and suggestion of format errors (a missing or unknown field,
   * malformed JSON); NULL: plain errors. */
  const DlcDiagnosticCode *formatCode;
  const char *formatSuggestion;

  FeUop *uops; /* owned: one per UOp of a tinygrad graph */
  size_t numUops;
} FeImporter;

/* The most outputs a node has (Attention with "lse": O and LSE). */
#define FE_MAX_OUTPUTS 2

/* A graph node being lowered. */
typedef struct FeNode {
  const DlcJsonValue *json;
  char path[FE_PATH_SIZE]; /* "graph[3]" */
  const char *op;
  const char *fn; /* NULL when absent */
  const DlcJsonValue *fnJson;
  const DlcJsonValue *inputsJson;
  const DlcJsonValue *attrs; /* NULL when absent */
  size_t numInputs;
  FeValue inputs[FE_MAX_INPUTS];
  const char *inputNames[FE_MAX_INPUTS];
  size_t numOutputs;                       /* 1, or up to the op's maxOutputs */
  const char *outputNames[FE_MAX_OUTPUTS]; /* borrowed from the document */
  const DlcJsonValue *outputJsons[FE_MAX_OUTPUTS];
} FeNode;

/* --- errors (Importer.c) -------------------------------------------------- */

/* Reports "<source>:<line>:<col>: error: <path>: <what>" at `at` (the root
 * position when NULL) and marks the import failed. Only the first error is
 * reported. */
void feError(FeImporter *im, const DlcJsonValue *at, const char *path,
             const char *format, ...) __attribute__((format(printf, 4, 5)));

/* The same with a spec code: "<code> <Kind>: <why>; suggestion: <s>". */
void feCodedError(FeImporter *im, const DlcJsonValue *at, const char *path,
                  const DlcDiagnosticCode *code, const char *suggestion,
                  const char *format, ...)
    __attribute__((format(printf, 6, 7)));

/* --- JSON fields (Importer.c) -------------------------------------------- */

/* Requires `value` to be of `kind`. */
bool feExpectKind(FeImporter *im, const DlcJsonValue *value, const char *path,
                  DlcJsonValueKind kind);
/* Rejects members of `object` not in `allowed` (NULL-terminated). */
bool feCheckKeys(FeImporter *im, const DlcJsonValue *object, const char *path,
                 const char *const *allowed);
/* The member `key` of `object` (of `kind`); NULL when absent (an error when
 * `required`) or ill-typed (always an error: check im->failed). */
const DlcJsonValue *feMember(FeImporter *im, const DlcJsonValue *object,
                             const char *path, const char *key,
                             DlcJsonValueKind kind, bool required);
/* A letter or '_', then letters, digits or '_'. */
bool feIsIdentifier(const char *s);

/* Whether `name`, a tensor name of the document at `at`, is a DLC name
 * (dlcIsName); reports E1010 NameInvalid at `at` when not. */
bool feCheckTensorName(FeImporter *im, const DlcJsonValue *at, const char *path,
                       const char *name);
/* {dlc.name = name}, an argument's or result's attributes. */
MlirAttribute feNameDictionary(FeImporter *im, const char *name);
/* The JSON position as a file:line:col location. */
MlirLocation feJsonLocation(FeImporter *im, const DlcJsonValue *at);

/* --- the session (Importer.c) ----------------------------------------------
 */

typedef MlirModule (*FeImportFn)(FeImporter *im, const DlcJsonValue *root);
/* Parses `json`, loads the dialects, calls `importDocument` with MLIR
 * diagnostics forwarded to `errorCallback`, frees the importer's state;
 * the contract of dlcImportFrontendJson. Format errors carry `formatCode`
 * and `formatSuggestion` unless NULL. */
MlirModule feImport(MlirContext ctx, MlirStringRef json,
                    MlirStringRef sourceName, MlirStringCallback errorCallback,
                    void *userData, FeImportFn importDocument,
                    const DlcDiagnosticCode *formatCode,
                    const char *formatSuggestion);
/* Ends `func` (borrowed) with func.return of `values` at `at`, and sets
 * its function_type (the entry block's arguments -> `types`) and its
 * res_attrs (`resAttrs`), n of each. False only when memory runs out. */
bool feReturn(FeImporter *im, MlirOperation func, const DlcJsonValue *at,
              intptr_t n, const MlirValue *values, const MlirType *types,
              const MlirAttribute *resAttrs);
/* Both importers' last step: when `built`, the module must verify and pass
 * tiny-verify's checks (an importer bug otherwise, reported like any
 * diagnostic). Gives `module` back, or destroys it and gives null. */
DLC_GIVE MlirModule feFinishModule(FeImporter *im, DLC_TAKE MlirModule module,
                                   bool built);

/* --- symbols and types (Importer.c, ImportFrontend.c) ----------------------
 */

/* `name` kept in the context's storage (a StringAttr's value). */
MlirStringRef feInternSymbol(FeImporter *im, const char *name);
bool feHasSymbol(const FeImporter *im, MlirStringRef symbol);
/* Appends a symbol not yet known; false (after an error) past the limit. */
bool feAddSymbol(FeImporter *im, MlirStringRef symbol, const DlcJsonValue *at,
                 const char *path);

/* --- derived symbols (Importer.c; docs/conventions.md) ------------------- */

/* Dimension `d` as an affine expression of the graph's free symbols (a
 * derived symbol's definition, a free symbol, or the static size). */
MlirAffineExpr feDimExpr(FeImporter *im, DlcDim d);
/* The dimension of size `definition` (over the free symbols): static when
 * it is a constant, the symbol when it is one, else a derived symbol: the
 * one already defined so, or a new one named `base` (made unique with 2,
 * 3, ...). False after an error (out of memory). */
bool feDeriveDim(FeImporter *im, MlirAffineExpr definition, const char *base,
                 const DlcJsonValue *at, const char *path, DlcDim *out);
/* A shape entry written as an expression of symbols ("H + 2*p",
 * "(H - 3) floordiv 2 + 1"): the dimension it derives. E1501 when it is
 * not affine (a product of symbols) or names an unknown symbol. */
/* Defines the declared product sizes of `t` ("M*K": the derived symbol
 * M_K, its new factors free symbols); false after an error. */
bool feResolveDeclared(FeImporter *im, FeTensor *t);

/* Whether `text` is a product of names and integers ("M*K", "B * 64 * N"):
 * a flat buffer's size (docs/conventions.md, "Products of symbols"). */
bool feIsProductText(const char *text);

/* Before such a product becomes a derived symbol (feDimFromText: M_K =
 * M * K), its factors that are no symbol yet become free symbols, in
 * order; the function then states the order (dlc.symbols). Other text is
 * left alone. */
bool feAddProductFactors(FeImporter *im, const char *text,
                         const DlcJsonValue *at, const char *path);

bool feDimFromText(FeImporter *im, const char *text, const DlcJsonValue *at,
                   const char *path, DlcDim *out);
/* States the graph's symbols on `func`: `dlc.derived` for the derived
 * ones, and `dlc.symbols` (the free ones in order) when some are not in
 * the argument types. */
bool feFinishSymbols(FeImporter *im, MlirOperation func);

/* The tensor entry named `name`, or NULL. */
FeTensor *feFindTensor(FeImporter *im, const char *name);

/* --- attributes of a node (ImportFrontend.c) ------------------------------ */

/* Each returns false after reporting an error; an absent key leaves the
 * default in *out. */
bool feAttrInt(FeImporter *im, const FeNode *node, const char *key,
               int64_t *out);
bool feAttrBool(FeImporter *im, const FeNode *node, const char *key, bool *out);
bool feAttrNumber(FeImporter *im, const FeNode *node, const char *key,
                  double *out, bool *given);
/* An int or a list of `count` ints (count 2: [h, w]); a single int fills
 * every entry. `alsoCount` (0 for none) is a second accepted length. */
bool feAttrInts(FeImporter *im, const FeNode *node, const char *key, int count,
                int alsoCount, int64_t *out, int *numGiven);
/* fp16|f16, bf16, fp32|f32; the default when absent. */
bool feAttrDtype(FeImporter *im, const FeNode *node, const char *key,
                 MlirType *out);
/* An int or a list of ints, each in [-rank, rank), normalised and sorted,
 * no repeats. */
bool feAttrAxes(FeImporter *im, const FeNode *node, const char *key, int rank,
                int64_t *axes, int *numAxes);

/* The attribute's JSON value (for error positions), or NULL. */
const DlcJsonValue *feAttrJson(const FeNode *node, const char *key);
/* "graph[3].attrs.stride" into `buffer`. */
void feAttrPath(const FeNode *node, const char *key, char *buffer, size_t size);

/* --- tiny emitters (Emit.c) ------------------------------------------------
 */

MlirType feTensorType(FeImporter *im, const DlcShape *shape, MlirType element);
bool feIsHalf(MlirType element);
/* The type two operands are computed in: the same type, else f32. */
MlirType fePromote(FeImporter *im, MlirType a, MlirType b);
/* "f16", "bf16", "f32", "i1", ... for messages. */
const char *feElementName(MlirType element);

FeValue feCast(FeImporter *im, FeValue x, MlirType element);
FeValue feUnary(FeImporter *im, const char *op, FeValue x);
/* A rank-0 constant (broadcasts against anything). */
FeValue feConst(FeImporter *im, double value, MlirType element);
FeValue feConstShaped(FeImporter *im, double value, MlirType element,
                      const DlcShape *shape);
/* tiny.add/sub/mul/fdiv/max: operands promoted (fePromote), shapes
 * broadcast right-aligned; a mismatch is E1001 at node.inputs. */
bool feBinary(FeImporter *im, const FeNode *node, const char *op, FeValue a,
              FeValue b, FeValue *out);
/* The same with the error at `at`/`path`; tiny.cmplt and tiny.cmpne give
 * i1. */
bool feBinaryAt(FeImporter *im, const DlcJsonValue *at, const char *path,
                const char *op, FeValue a, FeValue b, FeValue *out);
FeValue fePermute(FeImporter *im, FeValue x, const int64_t *order);
/* tiny.shrink with steps 1: dim i keeps [offsets[i], offsets[i] + to[i]). */
FeValue feShrink(FeImporter *im, FeValue x, const int64_t *offsets,
                 const DlcShape *to);
FeValue feFlip(FeImporter *im, FeValue x, const int64_t *axes, int numAxes);
FeValue feReduce(FeImporter *im, const char *kind, FeValue x,
                 const int64_t *axes, int numAxes, MlirType acc);
FeValue feExpand(FeImporter *im, FeValue x, const DlcShape *to,
                 const int64_t *broadcastDims);
FeValue feReshape(FeImporter *im, FeValue x, const DlcShape *to);
/* tiny.pad to shape `to` (NULL: the static dims grown by the padding). */
FeValue fePad(FeImporter *im, FeValue x, const int64_t *padding,
              const DlcShape *to);
/* tiny.view with the map (d0..d{rank-1})[symbols] -> (results); the map is
 * attached when the import ends (FePendingMap). */
FeValue feView(FeImporter *im, FeValue x, const DlcShape *to,
               const char *results);
FeValue feValid(FeImporter *im, FeValue x);
FeValue feWhere(FeImporter *im, FeValue cond, FeValue a, FeValue b);
/* tiny.contract; index lists are NULL-terminated arrays of names. */
FeValue feContract(FeImporter *im, FeValue lhs, FeValue rhs,
                   const char *const *lhsIdx, const char *const *rhsIdx,
                   const char *const *outIdx, const char *const *reduceIdx,
                   const char *pattern, MlirType acc, const DlcShape *out);

/* Writes every pending map; false after an error. */
bool feFinishMaps(FeImporter *im);
void feDestroyMaps(FeImporter *im);

/* --- lowerings (LowerOps.c) ------------------------------------------------
 */

/* Writes out[i] for each of the node's numOutputs outputs. */
typedef bool (*FeLowerFn)(FeImporter *im, const FeNode *node, FeValue *out);

typedef struct FeOpDef {
  const char *name;
  int minInputs, maxInputs;
  bool takesFn;
  const char *const *attrs; /* NULL-terminated accepted attribute keys */
  FeLowerFn lower;
  int maxOutputs; /* 1, or up to FE_MAX_OUTPUTS */
} FeOpDef;

/* The op named `name`, or NULL; feOpNames lists them for messages. */
const FeOpDef *feLookupOp(const char *name);
extern const char feOpNames[];

#endif
