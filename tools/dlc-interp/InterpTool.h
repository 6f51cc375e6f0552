/* What the parts of dlc-interp share: the command-line options, the
 * random input generator (dlc-interp.c), the lowering of a tiny function
 * to rbssa and the evaluation of its regions (Program.c), and the
 * differential driver (Diff.c). Nothing here is DLC API. */
#ifndef DLC_TOOLS_DLC_INTERP_INTERPTOOL_H
#define DLC_TOOLS_DLC_INTERP_INTERPTOOL_H

#include "dlc/Interp.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SizeArg {
  char *name; /* owned: as long as the command line's */
  int64_t value;
} SizeArg;

/* --input ARG=VALUES: explicit values for one argument (tests). */
typedef struct InputValues {
  const char *arg;    /* argument index or name */
  const char *values; /* "iota" or comma-separated numbers */
} InputValues;

typedef struct Options {
  const char *program;
  const char *funcName;
  const char *refDir;
  uint64_t seed;
  DlcInterpPrecision precision;
  bool print, printInputs;
  int64_t printLimit;
  int numSizes;
  SizeArg *sizes; /* SYM=SIZE arguments and their names, owned (main
                   * frees them) */
  int numInputValues;
  InputValues *inputValues; /* owned (main frees them); room for argc */
  /* How tiny reductions form their bodies; --diff and --write-ref default
   * to DlcInterpProductsInAccumulator, the form the lowering gives them. */
  DlcInterpProducts products;
  bool productsGiven;
  /* --diff */
  bool diff;
  int64_t trials, maxSize;
  const char *diffOption; /* --trials or --max-size, when given */
} Options;

/* splitmix64: a small, well-mixed, deterministic generator. */
uint64_t interpToolNextRandom(uint64_t *state);

/* Fills `tensor` with values drawn from `state` (floats uniform in
 * [-1, 1), integers in [-8, 8], i1 0/1), rounded to `dtype`; an all-zero
 * result gets a 1 in its first element. */
void interpToolFillRandom(DlcTensor *tensor, DlcInterpDtype dtype,
                          uint64_t *state);

/*===----------------------------------------------------------------------===*
 * Program.c: a tiny function lowered to rbssa in-process
 *===----------------------------------------------------------------------===*/

/* "builtin.module(convert-tiny-to-indexbook, ...)", as dlc-to-ptx lowers. */
extern const char interpToolPipeline[];

/* The lowering of one tiny function: a copy of it alone in `module`,
 * lowered, and its regions in launch order. */
typedef struct InterpProgram {
  MlirModule module; /* owned */
  /* The bodiless func.func carrying rbssa.program (its arguments are the
   * graph's, with rbssa.name), or null when the lowering made one region. */
  MlirOperation program;
  int numRegions;
  MlirOperation *regions; /* owned: numRegions */
} InterpProgram;

typedef enum InterpLowering {
  InterpLowered,
  InterpLoweringBadPipeline, /* the pipeline does not parse (a bug) */
  InterpLoweringRejected,    /* a pass fails on the function */
  InterpLoweringInvalid,     /* the lowered module does not verify */
  InterpLoweringNoRegions,   /* neither one region nor a program naming them */
} InterpLowering;

/* Lowers a copy of the tiny function `tiny` by interpToolPipeline into
 * `program` (which the caller destroys whatever the outcome). The passes'
 * diagnostics go to the context's handlers; a pipeline that does not parse
 * writes why into `error`. */
InterpLowering interpToolLower(MlirContext ctx, MlirOperation tiny,
                               InterpProgram *program, char *error,
                               size_t errorSize);
void interpToolProgramDestroy(InterpProgram *program);

/* Argument attribute `key` of argument `i` of `func`, or null. */
MlirAttribute interpToolArgAttr(MlirOperation func, intptr_t i,
                                const char *key);
/* Whether argument `i` of a region or program has rbssa.role "input". */
bool interpToolIsInputArg(MlirOperation func, intptr_t i);
intptr_t interpToolNumArgs(MlirOperation func);

/* The most elements any value of `func` (arguments and op results) holds
 * under `symbols`: what the interpreter materialises. */
double interpToolLargestValue(MlirOperation func,
                              const DlcInterpSymbols *symbols);
/* Gives `to`'s symbols the sizes of `from`'s of the same name; a symbol
 * `from` does not have stays unbound. */
void interpToolCopySizes(const DlcInterpSymbols *from, DlcInterpSymbols *to);

/* One buffer of a program's evaluation. */
typedef struct InterpBuffer {
  MlirAttribute name; /* its rbssa.name */
  DlcTensor *tensor;
  bool owned; /* a region output not yet taken; else borrowed */
} InterpBuffer;

/* The buffers of one evaluation of a program, by rbssa.name: the graph
 * inputs (borrowed), then every region's outputs in launch order (owned:
 * intermediates and graph outputs). As many as the program has. */
typedef struct InterpBuffers {
  int count, capacity;
  InterpBuffer *items; /* owned: room for capacity, count used */
} InterpBuffers;

/* Evaluates the regions of `program` (which has several: program->program
 * is not null) in order on the graph inputs `inputs` (program argument
 * order), each region reading its inputs by rbssa.name. On failure nothing
 * is left in `buffers`. */
MlirLogicalResult interpToolEvaluateProgram(const InterpProgram *program,
                                            const DlcInterpOptions *evaluation,
                                            intptr_t numInputs,
                                            DlcTensor *const *inputs,
                                            const DlcInterpSymbols *symbols,
                                            InterpBuffers *buffers);
/* Gives `t` the shape `rank`/`shape` when it holds as many elements: a
 * flat buffer the lowering renamed (tiny-unflatten-products: [MK] is
 * [M, 1, K]) keeps its row-major elements. */
void interpToolReshapeLike(DlcTensor *t, int rank, const int64_t *shape);
/* The graph inputs in the shapes of `region`'s parameters when the
 * lowering is that one region (`program` null; a program's regions take
 * theirs in interpToolEvaluateProgram); false after a diagnostic. */
bool interpToolReshapeInputs(MlirOperation program, MlirOperation region,
                             intptr_t n, DlcTensor **inputs,
                             const DlcInterpSymbols *symbols);
/* The region output named `name`, now the caller's; NULL when none. */
DLC_GIVE DlcTensor *interpToolBuffersTake(InterpBuffers *buffers,
                                          MlirAttribute name);
/* Destroys the owned buffers left and frees the table. */
void interpToolBuffersClear(InterpBuffers *buffers);

/*===----------------------------------------------------------------------===*
 * Diff.c
 *===----------------------------------------------------------------------===*/

/* dlc-interp --diff on the tiny function `func` (docs/interp.md): returns
 * the exit status (0 all trials pass, 1 a mismatch or an error, 2 the
 * lowering rejects the program). */
int interpToolRunDiff(const Options *options, MlirContext ctx,
                      MlirOperation func);

#endif /* DLC_TOOLS_DLC_INTERP_INTERPTOOL_H */
