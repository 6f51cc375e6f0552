/* Fuzz target: the runtime's manifest reader (dlcRuntimeProgramParse, which
 * reads a program manifest or a kernel manifest, as dlc-run does), then
 * every expression a loaded manifest holds, evaluated for small and huge
 * symbol values: launch dimensions, parameter shapes and buffer sizes. */
#include "FuzzInput.h"

#include "dlc/Runtime.h"

#include <stdint.h>
#include <stdlib.h>

enum { MAX_SYMBOLS = 256 };

static void evaluateKernel(const DlcRuntimeManifest *m, const int64_t *sym) {
  char err[256];
  DlcRuntimeLaunchDims launch;
  dlcRuntimeManifestGetLaunch(m, sym, &launch, err, sizeof(err));
  for (int i = 0; i < dlcRuntimeManifestGetNumParams(m); ++i) {
    const DlcRuntimeParam *p = dlcRuntimeManifestGetParam(m, i);
    if (p->kind != DLC_RUNTIME_PARAM_PTR)
      continue;
    int64_t value;
    for (int d = 0; d < p->rank; ++d)
      dlcRuntimeManifestGetParamDim(m, i, d, sym, &value, err, sizeof(err));
    dlcRuntimeManifestGetParamElements(m, i, sym, &value, err, sizeof(err));
  }
}

static void evaluate(const DlcRuntimeProgram *p, int64_t value) {
  int64_t sym[MAX_SYMBOLS];
  for (int i = 0; i < MAX_SYMBOLS; ++i)
    sym[i] = value;
  const DlcRuntimeManifest *signature = dlcRuntimeProgramGetSignature(p);
  if (dlcRuntimeManifestGetNumSymbols(signature) > MAX_SYMBOLS)
    return;
  evaluateKernel(signature, sym);
  for (int k = 0; k < dlcRuntimeProgramGetNumKernels(p); ++k) {
    const DlcRuntimeManifest *m = dlcRuntimeProgramGetKernel(p, k);
    if (dlcRuntimeManifestGetNumSymbols(m) <= MAX_SYMBOLS)
      evaluateKernel(m, sym);
  }
  char err[256];
  for (int b = 0; b < dlcRuntimeProgramGetNumBuffers(p); ++b) {
    int64_t bytes;
    dlcRuntimeProgramGetBufferBytes(p, b, sym, &bytes, err, sizeof(err));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = dlcFuzzCopyInput(data, size);
  char err[512];
  DlcRuntimeProgram *p = dlcRuntimeProgramParse(text, NULL, err, sizeof(err));
  if (p) {
    evaluate(p, 128);
    evaluate(p, INT64_C(1) << 40);
    dlcRuntimeProgramDestroy(p);
  }
  free(text);
  return 0;
}
