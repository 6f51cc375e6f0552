/* C API test of the reference interpreter (include/dlc/Interp.h): f16/bf16
 * rounding, symbol order and binding, evaluation, and the diagnostics for
 * inputs that disagree with the signature. Output goes to stderr for
 * FileCheck. */
// RUN: dlc-capi-interp 2>&1 | FileCheck %s

#include "dlc/Interp.h"
#include "dlc/IR.h"
#include "dlc/dlc.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include <math.h>
#include <stdio.h>

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  fprintf(stderr, "diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStderr, NULL);
  fprintf(stderr, "\n");
  return mlirLogicalResultSuccess();
}

static MlirContext createContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  dlcRegisterAllDialects(ctx);
  return ctx;
}

/* The only func.func of a parsed module. */
static MlirOperation firstFunction(MlirModule module) {
  return mlirBlockGetFirstOperation(mlirModuleGetBody(module));
}

static DlcTensor *vector(int64_t n, const double *values) {
  DlcTensor *t = dlcTensorCreate(1, &n);
  for (int64_t i = 0; i < n; ++i)
    t->data[i] = values[i];
  return t;
}

// CHECK-LABEL: testHalfRounding
// CHECK: f16: 3c00 7bff 7c00 0001 0000 0001 8000 7e00 fc00
// CHECK: f16 to double: 1 65504 5.96046e-08 inf
// CHECK: f16 round trips: 63488 of 63488
// CHECK: f16 midpoints to even: 31743 of 31743
// CHECK: bf16: 3f80 3eab 7f80 0001
// CHECK: bf16 round trips: 65280 of 65280
static void testHalfRounding(void) {
  fprintf(stderr, "testHalfRounding\n");
  const double f16Cases[] = {1.0,           65504.0,       65520.0,
                             ldexp(1, -24), ldexp(1, -25), ldexp(3, -26),
                             -0.0,          NAN,           -INFINITY};
  fprintf(stderr, "f16:");
  for (size_t i = 0; i < sizeof(f16Cases) / sizeof(f16Cases[0]); ++i)
    fprintf(stderr, " %04x", dlcInterpF16FromDouble(f16Cases[i]));
  fprintf(stderr, "\nf16 to double: %g %g %g %g\n",
          dlcInterpF16ToDouble(0x3c00), dlcInterpF16ToDouble(0x7bff),
          dlcInterpF16ToDouble(0x0001), dlcInterpF16ToDouble(0x7c00));

  /* Every finite f16 survives a round trip; the midpoint between two
   * neighbours goes to the one with an even mantissa. */
  int trips = 0, finite = 0, midpoints = 0, even = 0;
  for (unsigned bits = 0; bits < 0x10000; ++bits) {
    if ((bits & 0x7c00) == 0x7c00)
      continue;
    ++finite;
    trips +=
        dlcInterpF16FromDouble(dlcInterpF16ToDouble((uint16_t)bits)) == bits;
    if (bits >= 0x7bff)
      continue;
    double mid = (dlcInterpF16ToDouble((uint16_t)bits) +
                  dlcInterpF16ToDouble((uint16_t)(bits + 1))) /
                 2;
    ++midpoints;
    even += dlcInterpF16FromDouble(mid) == ((bits & 1) ? bits + 1 : bits);
  }
  fprintf(stderr, "f16 round trips: %d of %d\n", trips, finite);
  fprintf(stderr, "f16 midpoints to even: %d of %d\n", even, midpoints);

  fprintf(stderr, "bf16: %04x %04x %04x %04x\n", dlcInterpBF16FromDouble(1.0),
          dlcInterpBF16FromDouble(1.0 / 3.0), dlcInterpBF16FromDouble(1e39),
          dlcInterpBF16FromDouble(ldexp(1, -133)));
  trips = finite = 0;
  for (unsigned bits = 0; bits < 0x10000; ++bits) {
    if ((bits & 0x7f80) == 0x7f80)
      continue;
    ++finite;
    trips +=
        dlcInterpBF16FromDouble(dlcInterpBF16ToDouble((uint16_t)bits)) == bits;
  }
  fprintf(stderr, "bf16 round trips: %d of %d\n", trips, finite);
}

static const char gemmSignature[] =
    "func.func @g(%X: tensor<?x?xf16, [\"M\", \"K\"]>,\n"
    "             %W: tensor<?x?xf16, [\"K\", \"N\"]>,\n"
    "             %b: tensor<?xf16, [\"N\"]>) -> tensor<?xf16, [\"N\"]> {\n"
    "  return %b : tensor<?xf16, [\"N\"]>\n"
    "}\n";

// CHECK-LABEL: testSymbolOrder
// CHECK: symbols: M K N
static void testSymbolOrder(void) {
  fprintf(stderr, "testSymbolOrder\n");
  MlirContext ctx = createContext();
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(gemmSignature),
                           mlirStringRefCreateFromCString("gemm"));
  DlcInterpSymbols symbols;
  dlcInterpSymbolsInit(firstFunction(module), &symbols);
  fprintf(stderr, "symbols:");
  for (int i = 0; i < symbols.count; ++i)
    fprintf(stderr, " %.*s", (int)symbols.names[i].length,
            symbols.names[i].data);
  fprintf(stderr, "\n");
  dlcInterpSymbolsClear(&symbols);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

// A graph of 40 symbols (more than the 32 the table once held): the table
// grows, and a copy owns arrays of its own.
// CHECK-LABEL: testManySymbols
// CHECK: symbols: 40, S0 .. S39
// CHECK: copy: 40, S39 = 39, original S39 = -1
static void testManySymbols(void) {
  fprintf(stderr, "testManySymbols\n");
  char source[4096];
  int used = snprintf(source, sizeof(source), "func.func @many(");
  for (int i = 0; i < 40; ++i)
    used += snprintf(source + used, sizeof(source) - (size_t)used,
                     "%s%%x%d: tensor<?xf32, [\"S%d\"]>", i ? ", " : "", i, i);
  snprintf(source + used, sizeof(source) - (size_t)used,
           ") -> tensor<?xf32, [\"S0\"]> {\n"
           "  return %%x0 : tensor<?xf32, [\"S0\"]>\n}\n");
  MlirContext ctx = createContext();
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(source),
                           mlirStringRefCreateFromCString("many"));
  DlcInterpSymbols symbols, copy;
  dlcInterpSymbolsInit(firstFunction(module), &symbols);
  MlirStringRef last = symbols.names[symbols.count - 1];
  fprintf(stderr, "symbols: %d, %.*s .. %.*s\n", symbols.count,
          (int)symbols.names[0].length, symbols.names[0].data, (int)last.length,
          last.data);
  dlcInterpSymbolsCopy(&symbols, &copy);
  copy.values[copy.count - 1] = 39;
  fprintf(stderr, "copy: %d, %.*s = %lld, original %.*s = %lld\n", copy.count,
          (int)last.length, last.data, (long long)copy.values[copy.count - 1],
          (int)last.length, last.data,
          (long long)symbols.values[symbols.count - 1]);
  dlcInterpSymbolsClear(&copy);
  dlcInterpSymbolsClear(&symbols);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

static const char addProgram[] =
    "func.func @add(%a: tensor<?xf32, [\"M\"]>, %b: tensor<?xf32, [\"M\"]>)\n"
    "    -> tensor<?xf32, [\"M\"]> {\n"
    "  %c = \"tiny.add\"(%a, %b) : (tensor<?xf32, [\"M\"]>, "
    "tensor<?xf32, [\"M\"]>) -> tensor<?xf32, [\"M\"]>\n"
    "  return %c : tensor<?xf32, [\"M\"]>\n"
    "}\n";

/* Evaluates @add on vectors of sizes n and m, with M pre-bound to
 * `preset` when it is >= 0, and prints the outcome. */
static void evaluateAdd(MlirOperation func, int64_t n, int64_t m,
                        int64_t preset) {
  const double a[] = {0.5, 1.5, 2.5, 3.5}, b[] = {1, 2, 3, 4};
  DlcTensor *inputs[2] = {vector(n, a), vector(m, b)};
  DlcTensor *output = NULL;
  DlcInterpSymbols symbols;
  dlcInterpSymbolsInit(func, &symbols);
  symbols.values[0] = preset;
  bool ok = mlirLogicalResultIsSuccess(dlcInterpEvaluate(
      func, DlcInterpPrecisionF32, 2, inputs, &symbols, 1, &output));
  fprintf(stderr, "evaluate: %s", ok ? "ok" : "failed");
  for (int64_t i = 0; ok && i < output->numElements; ++i)
    fprintf(stderr, " %g", output->data[i]);
  fprintf(stderr, " (M = %lld)\n", (long long)symbols.values[0]);
  dlcInterpSymbolsClear(&symbols);
  dlcTensorDestroy(output);
  dlcTensorDestroy(inputs[0]);
  dlcTensorDestroy(inputs[1]);
}

// CHECK-LABEL: testEvaluate
// CHECK: evaluate: ok 1.5 3.5 5.5 (M = 3)
// CHECK: diagnostic: E1304 AxisAlignmentMismatch: symbol M is 3 (from argument
// 0, dimension 0) but argument 1 has size 4 in dimension 0 CHECK: evaluate:
// failed CHECK: diagnostic: E1304 AxisAlignmentMismatch: symbol M is 2 (as
// given) but argument 0 has size 3 in dimension 0 CHECK: evaluate: failed
static void testEvaluate(void) {
  fprintf(stderr, "testEvaluate\n");
  MlirContext ctx = createContext();
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(addProgram),
                           mlirStringRefCreateFromCString("add"));
  MlirOperation func = firstFunction(module);
  evaluateAdd(func, 3, 3, -1);
  evaluateAdd(func, 3, 4, -1);
  evaluateAdd(func, 3, 3, 2);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testBadInputs
// CHECK: diagnostic: interpreter: the function takes 2 inputs but 1 were given
// CHECK: wrong count: failed
// CHECK: diagnostic: E1304 AxisAlignmentMismatch: argument 1 has rank 2 but its
// type has rank 1 CHECK: wrong rank: failed
static void testBadInputs(void) {
  fprintf(stderr, "testBadInputs\n");
  MlirContext ctx = createContext();
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(addProgram),
                           mlirStringRefCreateFromCString("add"));
  MlirOperation func = firstFunction(module);
  int64_t shape[2] = {2, 2};
  DlcTensor *inputs[2] = {dlcTensorCreate(1, shape), dlcTensorCreate(2, shape)};
  DlcTensor *output = NULL;
  bool ok = mlirLogicalResultIsSuccess(dlcInterpEvaluate(
      func, DlcInterpPrecisionF64, 1, inputs, NULL, 1, &output));
  fprintf(stderr, "wrong count: %s\n", ok ? "ok" : "failed");
  ok = mlirLogicalResultIsSuccess(dlcInterpEvaluate(
      func, DlcInterpPrecisionF64, 2, inputs, NULL, 1, &output));
  fprintf(stderr, "wrong rank: %s\n", ok ? "ok" : "failed");
  dlcTensorDestroy(inputs[0]);
  dlcTensorDestroy(inputs[1]);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

int main(void) {
  testHalfRounding();
  testSymbolOrder();
  testManySymbols();
  testEvaluate();
  testBadInputs();
  return 0;
}
