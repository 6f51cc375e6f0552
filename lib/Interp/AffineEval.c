/* Affine maps evaluated per element. A map is flattened once into a node
 * array (children before parents) so the inner loops of tiny.view/load/
 * store do plain integer arithmetic instead of calling into MLIR for every
 * element. floordiv, ceildiv and mod follow MLIR: floor semantics and a
 * non-negative remainder, with a divisor that must be positive. */
#include "IntDiv.h"
#include "InterpInternal.h"

#include "mlir-c/AffineExpr.h"

#include <stdlib.h>

enum {
  NodeDim,
  NodeSymbol,
  NodeConstant,
  NodeAdd,
  NodeMul,
  NodeMod,
  NodeFloorDiv,
  NodeCeilDiv,
};

/* Appends a node; returns its index or -1 when out of memory. */
static int addNode(DlcInterpAffineMap *map, DlcInterpAffineNode node) {
  if (map->numNodes == map->capacity) {
    int capacity = map->capacity ? 2 * map->capacity : 16;
    DlcInterpAffineNode *grown =
        realloc(map->nodes, (size_t)capacity * sizeof(*grown));
    if (!grown)
      return -1;
    map->nodes = grown;
    map->capacity = capacity;
  }
  map->nodes[map->numNodes] = node;
  return map->numNodes++;
}

static int binaryKind(MlirAffineExpr expr) {
  if (mlirAffineExprIsAAdd(expr))
    return NodeAdd;
  if (mlirAffineExprIsAMul(expr))
    return NodeMul;
  if (mlirAffineExprIsAMod(expr))
    return NodeMod;
  if (mlirAffineExprIsAFloorDiv(expr))
    return NodeFloorDiv;
  if (mlirAffineExprIsACeilDiv(expr))
    return NodeCeilDiv;
  return -1;
}

/* Flattens `expr` (post-order); returns its node index or -1. */
static int compileExpr(DlcInterpAffineMap *map, MlirAffineExpr expr) {
  DlcInterpAffineNode node = {NodeConstant, -1, -1, 0};
  if (mlirAffineExprIsADim(expr)) {
    node.kind = NodeDim;
    node.value = mlirAffineDimExprGetPosition(expr);
    return addNode(map, node);
  }
  if (mlirAffineExprIsASymbol(expr)) {
    node.kind = NodeSymbol;
    node.value = mlirAffineSymbolExprGetPosition(expr);
    return addNode(map, node);
  }
  if (mlirAffineExprIsAConstant(expr)) {
    node.value = mlirAffineConstantExprGetValue(expr);
    return addNode(map, node);
  }
  node.kind = binaryKind(expr);
  if (node.kind < 0)
    return -1;
  node.lhs = compileExpr(map, mlirAffineBinaryOpExprGetLHS(expr));
  node.rhs =
      node.lhs < 0 ? -1 : compileExpr(map, mlirAffineBinaryOpExprGetRHS(expr));
  return node.rhs < 0 ? -1 : addNode(map, node);
}

bool dlcInterpAffineMapCompile(MlirOperation op, MlirAffineMap map,
                               DlcInterpAffineMap *out) {
  *out = (DlcInterpAffineMap){0};
  out->numDims = (int)mlirAffineMapGetNumDims(map);
  out->numSymbols = (int)mlirAffineMapGetNumSymbols(map);
  out->numResults = (int)mlirAffineMapGetNumResults(map);
  out->results = calloc((size_t)out->numResults + 1, sizeof(int));
  if (!out->results) {
    dlcInterpError(op, "out of memory");
    return false;
  }
  for (int i = 0; i < out->numResults; ++i) {
    out->results[i] = compileExpr(out, mlirAffineMapGetResult(map, i));
    if (out->results[i] < 0) {
      dlcInterpError(op, "cannot evaluate result %d of the affine map", i);
      return false;
    }
  }
  out->values = calloc((size_t)out->numNodes + 1, sizeof(int64_t));
  if (!out->values) {
    dlcInterpError(op, "out of memory");
    return false;
  }
  return true;
}

void dlcInterpAffineMapDestroy(DlcInterpAffineMap *map) {
  free(map->nodes);
  free(map->results);
  free(map->values);
  *map = (DlcInterpAffineMap){0};
}

/* One binary node; false on overflow or a non-positive divisor. */
static bool evalBinary(int kind, int64_t a, int64_t b, int64_t *out) {
  switch (kind) {
  case NodeAdd:
    return !__builtin_add_overflow(a, b, out);
  case NodeMul:
    return !__builtin_mul_overflow(a, b, out);
  default:
    break;
  }
  if (b <= 0)
    return false;
  if (kind == NodeMod)
    *out = a - dlcFloorDiv(a, b) * b;
  else if (kind == NodeFloorDiv)
    *out = dlcFloorDiv(a, b);
  else
    *out = dlcCeilDiv(a, b);
  return true;
}

bool dlcInterpAffineMapEval(DlcInterpAffineMap *map, const int64_t *dims,
                            const int64_t *symbols, int64_t *results) {
  int64_t *values = map->values;
  for (int i = 0; i < map->numNodes; ++i) {
    const DlcInterpAffineNode *node = &map->nodes[i];
    switch (node->kind) {
    case NodeDim:
      values[i] = dims[node->value];
      break;
    case NodeSymbol:
      values[i] = symbols[node->value];
      break;
    case NodeConstant:
      values[i] = node->value;
      break;
    default:
      if (!evalBinary(node->kind, values[node->lhs], values[node->rhs],
                      &values[i]))
        return false;
    }
  }
  for (int i = 0; i < map->numResults; ++i)
    results[i] = values[map->results[i]];
  return true;
}

int dlcInterpAffineMapFindUnbound(const DlcInterpAffineMap *map,
                                  const int64_t *symbols) {
  for (int i = 0; i < map->numNodes; ++i)
    if (map->nodes[i].kind == NodeSymbol && symbols[map->nodes[i].value] < 0)
      return (int)map->nodes[i].value;
  return -1;
}
