"""DLC from Python: the compiler's C API (libDLC.so) through ctypes, with no
compiled extension (docs/python.md).

    import dlc
    program = dlc.compile("examples/gemm_bias_relu.tiny.mlir", chip="sm_90a")
    program.ptx, program.kernel("gemm_bias_relu")["grid"]

    ctx = dlc.Context()
    module = ctx.parse(text)            # or ctx.import_frontend_json(json)
    module.run("func.func(tiny-verify), convert-tiny-to-indexbook")
    print(module)
"""
from .compiler import Program, compile
from .errors import Diagnostic, DlcError
from .ir import Context, Module, dialects, passes

__all__ = ["Context", "Diagnostic", "DlcError", "Module", "Program",
           "compile", "dialects", "passes"]
