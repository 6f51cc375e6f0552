// The mlir-opt plugin (DESIGN.md decision 12): upstream mlir-opt loads this
// library with --load-dialect-plugin= and --load-pass-plugin= and then knows
// the five DLC dialects and every DLC pass and named pipeline. MLIR's plugin
// entry points are C++, so this file is: a shim over DLC's C API
// (dlcRegisterAllDialects, the pass table, the pipeline parser), holding no
// logic of its own. DLC's warnings need nothing here: they go through the
// context's diagnostic engine (lib/Support/EmitWarning.cpp).
#include "dlc/Dialects.h"
#include "dlc/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <string>

using namespace mlir;

namespace {

// IRDL dialects are loaded into a context, not registered ahead of it. Each
// DLC dialect name is registered with an allocator that loads all five when
// the context first needs one (the parser meeting `tiny.add`), then returns
// the one asked for. dlcRegisterAllDialects asks the context for each name to
// stay idempotent, which comes back here: while loading, answer "not loaded".
thread_local bool loadingDialects = false;

Dialect *loadDialect(MLIRContext *ctx, const std::string &name) {
  if (loadingDialects)
    return nullptr;
  loadingDialects = true;
  // A definition that does not parse reports through the context.
  (void)dlcRegisterAllDialects(wrap(ctx));
  loadingDialects = false;
  return ctx->getLoadedDialect(name);
}

void registerDialects(DialectRegistry *registry) {
  for (int i = 0, e = dlcGetNumDialects(); i < e; ++i) {
    MlirStringRef ref = dlcGetDialectName(i);
    std::string name(ref.data, ref.length);
    // Like DialectRegistry::insertDynamic: a dynamic dialect's TypeID only
    // exists once it is built.
    registry->insert(TypeID::get<void>(), name, [name](MLIRContext *ctx) {
      return loadDialect(ctx, name);
    });
  }
}

void appendMessage(MlirStringRef chunk, void *userData) {
  static_cast<std::string *>(userData)->append(chunk.data, chunk.length);
}

// Every DLC entry is registered as a pipeline so that its options reach
// DLC's own option parser (an external pass has no MLIR pass options); the
// builder hands `name{options}` to dlcOpPassManagerAddPipeline, which also
// expands named pipelines into DLC and upstream passes.
void registerPasses() {
  for (int i = 0, e = dlcGetNumPasses(); i < e; ++i) {
    DlcPassInfo info = dlcGetPassInfo(i);
    std::string name = info.argument;
    auto build = [name](OpPassManager &pm, StringRef options,
                        function_ref<LogicalResult(const Twine &)> onError) {
      std::string element = name + "{" + options.str() + "}";
      std::string message;
      if (mlirLogicalResultIsSuccess(dlcOpPassManagerAddPipeline(
              wrap(&pm), mlirStringRefCreate(element.data(), element.size()),
              appendMessage, &message)))
        return success();
      return onError(message);
    };
    registerPassPipeline(
        info.argument, info.description, build,
        [](function_ref<void(const detail::PassOptions &)>) {});
  }
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "DLC", "0.1", registerDialects};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "DLC", "0.1", registerPasses};
}
