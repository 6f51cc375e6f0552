/* The symbols of a function in their order (docs/conventions.md, "Symbol
 * order"), and that order rule, coded once for every layer that derives it
 * (convert-tiny-to-indexbook, the interpreter, the kernel manifests).
 * Internal.
 *
 * A symbol is *free* (its value is given by the caller) or *derived*: named
 * in the function's `dlc.derived` attribute, a dictionary from the name to
 * its definition, an expression of other symbols (`{Hp = "H + 2", Ho =
 * "(Hp - 3) floordiv 2 + 1"}`, SymbolExpr.h): affine, or a product of
 * symbols (`MK = "M * K"`, dlcSymbolTableIsProduct). Free
 * symbols come first; each derived one keeps its definition with every
 * derived symbol substituted, an expression of free symbol positions.
 *
 * A table grows as needed: no fixed cap. It owns its arrays; the names are
 * borrowed from the MLIR context (StringAttr or type storage), the
 * expressions live in the context. */
#ifndef DLC_LIB_SUPPORT_SYMBOLTABLE_H
#define DLC_LIB_SUPPORT_SYMBOLTABLE_H

#include "dlc/Shape.h"
#include "dlc/Support.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/IR.h"

#include <stdint.h>

typedef struct DlcSymbolTable {
  int count, capacity;
  MlirStringRef *names;        /* owned array of borrowed names */
  MlirAffineExpr *definitions; /* owned, parallel to names: null for a free
                                  symbol */
} DlcSymbolTable;

/* Frees the array; the table is empty (and reusable) afterwards. */
void dlcSymbolTableClear(DlcSymbolTable *table);

/* Position of `name`, or -1. */
int dlcSymbolTableFind(const DlcSymbolTable *table, MlirStringRef name);

/* Adds `name` (borrowed, free) unless present; returns its position, or -1
 * when out of memory. */
int dlcSymbolTableAdd(DlcSymbolTable *table, MlirStringRef name);

/* Fills `table` (empty) from the list attribute `attrName` of `op`
 * (`dlc.symbols`, `indexbook.symbols`, `rbssa.symbols`): distinct strings,
 * in order. Emits E1304 at `op` when it is absent or not such a list. */
MlirLogicalResult dlcSymbolTableRead(DlcSymbolTable *table,
                                     DLC_KEEP MlirOperation op,
                                     const char *attrName);

/* Adds derived symbol `name` (borrowed) defined by `definition` (over the
 * table's free symbols); -1 when `name` is present or out of memory. */
int dlcSymbolTableAddDerived(DlcSymbolTable *table, MlirStringRef name,
                             MlirAffineExpr definition);

/* A derived symbol already defined by `definition`, or -1. */
int dlcSymbolTableFindDefinition(const DlcSymbolTable *table,
                                 MlirAffineExpr definition);

/* Symbol `i` as an expression of the free symbols: its definition, or
 * itself. */
MlirAffineExpr dlcSymbolTableExpr(MlirContext ctx, const DlcSymbolTable *table,
                                  int i);

/* The `dlc.derived` attribute of the table's derived symbols (null when
 * there are none, or when a definition does not print in 1 KiB). */
MlirAttribute dlcSymbolTableDerivedAttr(MlirContext ctx,
                                        const DlcSymbolTable *table);

/* Whether symbol `i` is derived. */
bool dlcSymbolTableIsDerived(const DlcSymbolTable *table, int i);

/* The number of free symbols (they come first once collected). */
int dlcSymbolTableNumFree(const DlcSymbolTable *table);

/* Appends the derived symbols of `func`'s `dlc.derived` attribute (none
 * when absent) to `table`, which holds the free symbols: each definition
 * is parsed, checked (affine, only known symbols, no cycle) and
 * substituted down to free symbols. Emits E1007 DerivedSymbolInvalid at
 * `func` and fails otherwise. */
MlirLogicalResult dlcSymbolTableDefine(DlcSymbolTable *table,
                                       DLC_KEEP MlirOperation func);

/* Fills `table` (empty) from a layer's own symbol list (`names`, e.g.
 * rbssa.symbols): those `func`'s `dlc.derived` does not define are free, in
 * their order; then dlcSymbolTableDefine. */
MlirLogicalResult dlcSymbolTableFromNames(DlcSymbolTable *table,
                                          DLC_KEEP MlirOperation func,
                                          const MlirStringRef *names,
                                          int count);

/* Whether `name` is a key of `func`'s `dlc.derived` attribute. */
bool dlcSymbolIsDerivedIn(DLC_KEEP MlirOperation func, MlirStringRef name);

/* Writes the definition of derived symbol `i` in the manifest's formula
 * grammar over the free symbols' names ("H + 2"); false if it does not
 * fit. */
bool dlcSymbolTableFormatDefinition(const DlcSymbolTable *table, int i,
                                    char *buffer, size_t size);

/* Computes every derived symbol's value into `values` (by position) from
 * the free ones there; false when a value overflows or needs a free symbol
 * whose value is negative (unbound). */
bool dlcSymbolTableEvaluate(const DlcSymbolTable *table, int64_t *values);

/* Fills `table` (empty) with the symbols of `func` (a func.func) in order:
 * the free ones, from its `dlc.symbols` attribute when given (distinct
 * strings, no derived one, and every free symbol of a type must be
 * listed), otherwise first appearance in the argument types, then the
 * result types, then the types of the body's results (a symbol only met
 * inside, e.g. a padded extent, comes last), dimensions left to right;
 * then the derived ones in `dlc.derived`'s order (dlcSymbolTableDefine).
 * Types whose shape is malformed are skipped (the verifiers report them).
 * Emits E1304 at `func` for a bad `dlc.symbols`, E1007 for a bad
 * `dlc.derived`. */
MlirLogicalResult dlcSymbolTableCollect(DlcSymbolTable *table,
                                        DLC_KEEP MlirOperation func);

/* Whether derived symbol `i` is a product of symbols (`MK = M * K`): a
 * size the interpreter and the runtime compute, but which isl cannot hold
 * (docs/conventions.md, "Products of symbols"). */
bool dlcSymbolTableIsProduct(const DlcSymbolTable *table, int i);

/* The first product symbol a dimension of `type` (a ranked tensor) names,
 * or -1. */
int dlcSymbolTableFindProductIn(const DlcSymbolTable *table, MlirType type);

/* Whether shapes `a` and `b` hold the same number of elements, their
 * symbols read as expressions of the free ones (`[MK]` and `[M, 1, K]`
 * under MK = M * K); false when a symbol is not in `table`. */
bool dlcSymbolTableSameElementCount(MlirContext ctx,
                                    const DlcSymbolTable *table,
                                    const DlcShape *a, const DlcShape *b);

#endif /* DLC_LIB_SUPPORT_SYMBOLTABLE_H */
