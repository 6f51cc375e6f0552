/* Fuzz target: the manifest expression evaluator (dlcRuntimeEvalExpr) on
 * the whole input, over four symbols whose values include the int64
 * extremes, so overflow checks are exercised as well as the grammar. */
#include "FuzzInput.h"

#include "dlc/Runtime.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const names[] = {"M", "N", "K", "B"};
  static const int64_t values[] = {4096, INT64_MAX, INT64_MIN, 0};
  char *text = dlcFuzzCopyInput(data, size);
  char err[256];
  int64_t out;
  dlcRuntimeEvalExpr(text, 4, names, values, &out, err, sizeof(err));
  free(text);
  return 0;
}
