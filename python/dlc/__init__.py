"""DLC from Python: the compiler's C API (libDLC.so) and the runtime
(libDLCRuntime.so) through ctypes, with no compiled extension
(docs/python.md).

    import dlc
    program = dlc.compile("examples/gemm_bias_relu.tiny.mlir", chip="sm_90a")
    program.ptx, program.kernel("gemm_bias_relu")["grid"]
    y = program(x, w, b)                # torch CUDA tensors in, one out

    ctx = dlc.Context()
    module = ctx.parse(text)            # or ctx.import_frontend_json(json)
    module.run("func.func(tiny-verify), convert-tiny-to-indexbook")
    print(module)

The compiler's names load libDLC.so (and so MLIR) on first use, so that
`dlc.Program.load(folder)` runs compiled programs on a machine that has
the CUDA driver and the runtime but no MLIR.
"""
import importlib

from .errors import Diagnostic, DlcError, DlcWarning
from .program import Program

# name -> the submodule defining it, imported when first asked for.
_COMPILER = {"Context": "ir", "Module": "ir", "dialects": "ir",
             "passes": "ir", "compile": "compiler",
             "import_tinygrad": "compiler"}

__all__ = ["Context", "Diagnostic", "DlcError", "DlcWarning", "Module",
           "Program", "compile", "dialects", "import_tinygrad", "passes"]


def __getattr__(name):
    if name in _COMPILER:
        value = getattr(importlib.import_module("." + _COMPILER[name],
                                                __name__), name)
        globals()[name] = value
        return value
    raise AttributeError("module 'dlc' has no attribute %r" % name)
