"""ctypes declarations of the C functions the package calls, all exported
by libDLC.so (DLC's C API and the MLIR C API wrappers it carries).

The library is found, in order, at $DLC_LIBRARY, next to an installed
package (<prefix>/lib/python3/dist-packages/dlc -> <prefix>/lib), and in
the source tree's build/ (python/dlc -> build/lib)."""
import ctypes
import os
from pathlib import Path

_SONAME = "libDLC.so.0"


def _candidates():
    if os.environ.get("DLC_LIBRARY"):
        yield Path(os.environ["DLC_LIBRARY"])
        return
    here = Path(__file__).resolve().parent
    yield here.parents[2] / _SONAME  # installed: <prefix>/lib
    yield here.parents[1] / "build" / "lib" / _SONAME  # source tree


def _load():
    tried = []
    for path in _candidates():
        if path.is_file():
            return ctypes.CDLL(str(path)), path
        tried.append(str(path))
    raise ImportError(
        "dlc: cannot find %s (tried %s); set DLC_LIBRARY to its path"
        % (_SONAME, ", ".join(tried)))


lib, library_path = _load()


# --- MLIR C API handle and value types (mlir-c/Support.h, IR.h) -----------

class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    @classmethod
    def of(cls, data):
        """A StringRef borrowing `data` (bytes); keep `data` alive."""
        return cls(ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p),
                   len(data))

    def bytes(self):
        return ctypes.string_at(self.data, self.length) if self.length else b""


class LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]

    def ok(self):
        return self.value != 0


def _handle(name):
    return type(name, (ctypes.Structure,), {"_fields_": [("ptr", ctypes.c_void_p)]})


Context = _handle("MlirContext")
Module = _handle("MlirModule")
Operation = _handle("MlirOperation")
Location = _handle("MlirLocation")
Diagnostic = _handle("MlirDiagnostic")
PassManager = _handle("MlirPassManager")
OpPassManager = _handle("MlirOpPassManager")

StringCallback = ctypes.CFUNCTYPE(None, StringRef, ctypes.c_void_p)
# ctypes callbacks cannot return structures: MlirLogicalResult, a struct
# of one int8_t, is returned like an int8_t in the C calling conventions.
DiagnosticHandler = ctypes.CFUNCTYPE(ctypes.c_int8, Diagnostic, ctypes.c_void_p)


class PassOptionInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("description", ctypes.c_char_p),
                ("defaultValue", ctypes.c_char_p)]


class PassInfo(ctypes.Structure):
    _fields_ = [("argument", ctypes.c_char_p), ("description", ctypes.c_char_p),
                ("anchor", ctypes.c_char_p), ("numOptions", ctypes.c_int),
                ("options", ctypes.POINTER(PassOptionInfo))]


def _declare(name, restype, *argtypes):
    function = getattr(lib, name)
    function.restype = restype
    function.argtypes = list(argtypes)
    globals()[name] = function


_declare("dlcContextCreate", Context)
_declare("mlirContextDestroy", None, Context)
_declare("mlirContextAttachDiagnosticHandler", ctypes.c_uint64, Context,
         DiagnosticHandler, ctypes.c_void_p, ctypes.c_void_p)
_declare("mlirContextDetachDiagnosticHandler", None, Context, ctypes.c_uint64)
_declare("mlirDiagnosticPrint", None, Diagnostic, StringCallback, ctypes.c_void_p)
_declare("mlirDiagnosticGetLocation", Location, Diagnostic)
_declare("mlirDiagnosticGetSeverity", ctypes.c_int, Diagnostic)
_declare("dlcDiagnosticSeverityName", ctypes.c_char_p, ctypes.c_int)
_declare("dlcLocationFormat", None, Location, ctypes.c_char_p, ctypes.c_size_t)
_declare("dlcModuleCreateParse", Module, Context, StringRef, StringRef)
_declare("mlirModuleDestroy", None, Module)
_declare("mlirModuleGetOperation", Operation, Module)
_declare("mlirModuleFromOperation", Module, Operation)
_declare("mlirOperationClone", Operation, Operation)
_declare("mlirOperationPrint", None, Operation, StringCallback, ctypes.c_void_p)
_declare("mlirOperationVerify", ctypes.c_bool, Operation)
_declare("mlirPassManagerCreateOnOperation", PassManager, Context, StringRef)
_declare("mlirPassManagerDestroy", None, PassManager)
_declare("mlirPassManagerGetAsOpPassManager", OpPassManager, PassManager)
_declare("mlirPassManagerRunOnOp", LogicalResult, PassManager, Operation)
_declare("mlirOpPrintingFlagsCreate", ctypes.c_void_p)
_declare("mlirOpPrintingFlagsDestroy", None, ctypes.c_void_p)
_declare("mlirPassManagerEnableIRPrinting", None, PassManager, ctypes.c_bool,
         ctypes.c_bool, ctypes.c_bool, ctypes.c_bool, ctypes.c_bool,
         ctypes.c_void_p, StringRef)
_declare("dlcParsePassPipeline", LogicalResult, OpPassManager, StringRef,
         StringCallback, ctypes.c_void_p)
_declare("dlcImportFrontendJson", Module, Context, StringRef, StringRef,
         StringCallback, ctypes.c_void_p)
_declare("dlcImportTinygradJson", Module, Context, StringRef, StringRef,
         StringCallback, ctypes.c_void_p)
_declare("dlcImportGraphJson", Module, Context, StringRef, StringRef,
         StringCallback, ctypes.c_void_p)
# dlcWriteKernels(module op, DlcKernelsOutput, output, tool name).
KERNELS_DIR = 0
_declare("dlcWriteKernels", ctypes.c_bool, Operation, ctypes.c_int,
         ctypes.c_char_p, ctypes.c_char_p)
_declare("dlcGetNumPasses", ctypes.c_int)
_declare("dlcGetPassInfo", PassInfo, ctypes.c_int)
_declare("dlcGetNumDialects", ctypes.c_int)
_declare("dlcGetDialectName", StringRef, ctypes.c_int)


class Collector:
    """A StringCallback that gathers the text MLIR hands it in chunks.
    Keep the object alive while C may call `callback`."""

    def __init__(self):
        self.chunks = []
        self.callback = StringCallback(
            lambda ref, _: self.chunks.append(ref.bytes()))

    def text(self):
        return b"".join(self.chunks).decode("utf-8", "replace")
