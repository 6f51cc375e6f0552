/* The symbols of a function in their order (docs/conventions.md, "Symbol
 * order"), and that order rule, coded once for every layer that derives it
 * (convert-tiny-to-indexbook, the interpreter). Internal.
 *
 * A table grows as needed: no fixed cap. It owns its array; the names are
 * borrowed from the MLIR context (StringAttr or type storage). */
#ifndef DLC_LIB_SUPPORT_SYMBOLTABLE_H
#define DLC_LIB_SUPPORT_SYMBOLTABLE_H

#include "dlc/Support.h"

#include "mlir-c/IR.h"

typedef struct DlcSymbolTable {
  int count, capacity;
  MlirStringRef *names; /* owned array of borrowed names */
} DlcSymbolTable;

/* Frees the array; the table is empty (and reusable) afterwards. */
void dlcSymbolTableClear(DlcSymbolTable *table);

/* Position of `name`, or -1. */
int dlcSymbolTableFind(const DlcSymbolTable *table, MlirStringRef name);

/* Adds `name` (borrowed) unless present; returns its position, or -1 when
 * out of memory. */
int dlcSymbolTableAdd(DlcSymbolTable *table, MlirStringRef name);

/* Fills `table` (empty) from the list attribute `attrName` of `op`
 * (`dlc.symbols`, `indexbook.symbols`, `rbssa.symbols`): distinct strings,
 * in order. Emits E1304 at `op` when it is absent or not such a list. */
MlirLogicalResult dlcSymbolTableRead(DlcSymbolTable *table,
                                     DLC_KEEP MlirOperation op,
                                     const char *attrName);

/* Fills `table` (empty) with the symbols of `func` (a func.func) in order:
 * its `dlc.symbols` attribute when given (distinct strings, and every
 * symbol of a type must be listed), otherwise first appearance in the
 * argument types, then the result types, then the types of the body's
 * results (a symbol only met inside, e.g. a padded extent, comes last),
 * dimensions left to right. Types whose shape is malformed are skipped (the
 * verifiers report them). Emits E1304 at `func` for a bad `dlc.symbols`. */
MlirLogicalResult dlcSymbolTableCollect(DlcSymbolTable *table,
                                        DLC_KEEP MlirOperation func);

#endif /* DLC_LIB_SUPPORT_SYMBOLTABLE_H */
