"""Contexts and modules: parse and print IR, import Frontend JSON, run pass
pipelines (DLC and upstream passes), each failure a DlcError."""
import ctypes
import os
import warnings
from pathlib import Path

from . import _capi
from .errors import Diagnostic, DlcError, DlcWarning, check_type


class Context:
    """An MLIR context ready for DLC (dlcContextCreate): upstream dialects
    and passes, LLVM translations, the five DLC dialects. Diagnostics it
    emits are collected and raised with the step that failed; a warning
    (DLC's W codes come through the context like errors) is also issued
    as a DlcWarning."""

    def __init__(self):
        self._handler_id = None
        # The modules of this context still alive, as raw pointers: the
        # garbage collector may finalize a context before its modules (in a
        # reference cycle), so the context destroys them first.
        self._live_modules = set()
        self._handle = _capi.dlcContextCreate()
        if not self._handle.ptr:
            raise DlcError("cannot create a DLC context (a DLC dialect did "
                           "not load)")
        self._diagnostics = []
        self._handler = _capi.DiagnosticHandler(self._collect)
        self._handler_id = _capi.mlirContextAttachDiagnosticHandler(
            self._handle, self._handler, None, None)

    def _collect(self, diagnostic, _user_data):
        try:
            where = ctypes.create_string_buffer(512)
            _capi.dlcLocationFormat(
                _capi.mlirDiagnosticGetLocation(diagnostic), where, len(where))
            text = _capi.Collector()
            _capi.mlirDiagnosticPrint(diagnostic, text.callback, None)
            severity = _capi.dlcDiagnosticSeverityName(
                _capi.mlirDiagnosticGetSeverity(diagnostic)).decode()
            diagnostic = Diagnostic.parse(
                severity, where.value.decode("utf-8", "replace"), text.text())
            self._diagnostics.append(diagnostic)
            if severity == "warning":
                # Raises under -W error: dropped below, still collected.
                warnings.warn(DlcWarning(diagnostic), stacklevel=2)
        except Exception:  # never let an exception unwind through C
            pass
        return 1  # handled: MLIR prints nothing

    @property
    def handle(self):
        """The MlirContext; DlcError once the context is closed."""
        if not self._handle.ptr:
            raise DlcError("the context was closed")
        return self._handle

    def take_diagnostics(self):
        """The diagnostics emitted since the last call (and forgets them)."""
        taken, self._diagnostics = self._diagnostics, []
        return taken

    def close(self):
        """Destroys the context; modules of it must not be used after."""
        if getattr(self, "_handle", None) is not None and self._handle.ptr:
            for pointer in self._live_modules:
                _capi.mlirModuleDestroy(_capi.Module(pointer))
            self._live_modules.clear()
            if self._handler_id is not None:
                _capi.mlirContextDetachDiagnosticHandler(self._handle,
                                                         self._handler_id)
            _capi.mlirContextDestroy(self._handle)
            self._handle = _capi.Context(None)

    def __del__(self):
        self.close()

    def parse(self, text, name="<string>"):
        """Parses textual IR as mlir-opt does (implicit module)."""
        data, source = _encoded(text, name)
        self.take_diagnostics()
        handle = _capi.dlcModuleCreateParse(
            self.handle, _capi.StringRef.of(data), _capi.StringRef.of(source))
        if not handle.ptr:
            raise DlcError("cannot parse %s" % name, self.take_diagnostics())
        return Module(self, handle)

    def import_frontend_json(self, text, name="<json>"):
        """A tiny module from a Frontend JSON graph (spec §2,
        docs/frontend.md)."""
        return self._import(_capi.dlcImportFrontendJson, text, name)

    def import_tinygrad(self, text, name="<json>"):
        """A tiny module from a tinygrad UOp graph as JSON
        (docs/frontend.md, "tinygrad UOp graphs"; dlc.tinygrad_export
        writes one)."""
        return self._import(_capi.dlcImportTinygradJson, text, name)

    def import_graph_json(self, text, name="<json>"):
        """A tiny module from a JSON graph: a tinygrad UOp graph when the
        document has "uops", Frontend IR otherwise (dlcImportGraphJson)."""
        return self._import(_capi.dlcImportGraphJson, text, name)

    def _import(self, importer, text, name):
        data, source = _encoded(text, name)
        lines = _capi.Collector()
        self.take_diagnostics()
        handle = importer(self.handle, _capi.StringRef.of(data),
                          _capi.StringRef.of(source), lines.callback, None)
        if not handle.ptr:
            found = [Diagnostic.from_line(chunk.decode("utf-8", "replace"))
                     for chunk in lines.chunks]
            raise DlcError("cannot import %s" % name,
                           found + self.take_diagnostics())
        return Module(self, handle)


def _encoded(text, name):
    """The text (str or bytes) and the file name of a parse or an import,
    as the C API takes them."""
    check_type(text, (str, bytes), "text")
    check_type(name, (str,), "name")
    return text.encode() if isinstance(text, str) else text, name.encode()


class Module:
    """A builtin.module owned by Python; `str(module)` prints it."""

    def __init__(self, context, handle):
        self.context = context  # keeps the context alive
        self._handle = handle
        context._live_modules.add(handle.ptr)

    @property
    def _operation(self):
        live = self.context._live_modules
        if not self._handle.ptr or self._handle.ptr not in live:
            raise DlcError("the module was closed (or its context)")
        return _capi.mlirModuleGetOperation(self._handle)

    def __str__(self):
        text = _capi.Collector()
        _capi.mlirOperationPrint(self._operation, text.callback, None)
        return text.text()

    def _copy(self):
        """A copy of the module, locations and all, in the same context."""
        operation = _capi.mlirOperationClone(self._operation)
        return Module(self.context, _capi.mlirModuleFromOperation(operation))

    def verify(self):
        """Runs the op verifiers; raises DlcError when one fails."""
        self.context.take_diagnostics()
        if not _capi.mlirOperationVerify(self._operation):
            raise DlcError("the module does not verify",
                           self.context.take_diagnostics())

    def run(self, pipeline, ir_tree=None):
        """Runs a pass pipeline in place and returns the module. `pipeline`
        is `builtin.module(...)` or its bare elements (`tiny-verify,
        canonicalize`); DLC and upstream pass names mix freely. With
        `ir_tree` (a folder), the module is printed after every pass into
        files there (MLIR's IR printing tree: <op>/<n>_<pass>.mlir), created
        if missing."""
        check_type(pipeline, (str,), "pipeline")
        pipeline = pipeline.strip()
        if not pipeline.startswith("builtin.module("):
            pipeline = "builtin.module(%s)" % pipeline
        text = pipeline.encode()
        ctx = self.context
        ctx.take_diagnostics()
        # Anchored on builtin.module: a pass manager on "any" refuses a
        # builtin.module(...) pipeline (docs/c-api.md).
        anchor = b"builtin.module"
        pm = _capi.mlirPassManagerCreateOnOperation(
            ctx.handle, _capi.StringRef.of(anchor))
        try:
            if ir_tree is not None:
                tree = str(make_folder(ir_tree, "ir_tree")).encode()
                flags = _capi.mlirOpPrintingFlagsCreate()
                _capi.mlirPassManagerEnableIRPrinting(
                    pm, False, True, True, False, False, flags,
                    _capi.StringRef.of(tree))
                _capi.mlirOpPrintingFlagsDestroy(flags)
            errors = _capi.Collector()
            if not _capi.dlcParsePassPipeline(
                    _capi.mlirPassManagerGetAsOpPassManager(pm),
                    _capi.StringRef.of(text), errors.callback, None).ok():
                found = [Diagnostic.parse("error", "", errors.text())]
                raise DlcError("invalid pipeline %s" % pipeline,
                               found + ctx.take_diagnostics())
            if not _capi.mlirPassManagerRunOnOp(pm, self._operation).ok():
                raise DlcError("pipeline %s failed" % pipeline,
                               ctx.take_diagnostics())
        finally:
            _capi.mlirPassManagerDestroy(pm)
        return self

    def close(self):
        """Destroys the module (unless its context already did)."""
        handle = getattr(self, "_handle", None)
        if handle is not None and handle.ptr in self.context._live_modules:
            self.context._live_modules.discard(handle.ptr)
            _capi.mlirModuleDestroy(handle)
        self._handle = _capi.Module(None)

    def __del__(self):
        self.close()


def make_folder(path, what):
    """`path` as a Path, created with its parents unless it exists, and
    writable; DlcError naming `what` otherwise (MLIR's IR printing would
    only print its failure to stderr and write nothing)."""
    path = Path(check_type(path, (str, os.PathLike), what))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DlcError("cannot create the %s folder %s: %s"
                       % (what, path, error.strerror or error)) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise DlcError("cannot write into the %s folder %s" % (what, path))
    return path


def passes():
    """The DLC passes and named pipelines: {name: description}."""
    return {info.argument.decode(): info.description.decode()
            for info in map(_capi.dlcGetPassInfo,
                            range(_capi.dlcGetNumPasses()))}


def dialects():
    """The DLC dialect names, in pipeline order."""
    return [_capi.dlcGetDialectName(i).bytes().decode()
            for i in range(_capi.dlcGetNumDialects())]
