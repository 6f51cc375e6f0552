"""One call from a model to kernels: dlc.compile(model) -> Program."""
import contextlib
import ctypes
import json
import os
import sys
import tempfile
import threading
from pathlib import Path

from . import _capi
from .errors import DlcError, check_type
from .ir import Context, Module, make_folder
from .program import Program


# File descriptors 1 and 2 belong to the process: two captures at once
# would each save the other's sink as the "original" and restore it.
_CAPTURE_LOCK = threading.Lock()


@contextlib.contextmanager
def _captured_output():
    """Collects what C code writes to file descriptors 1 and 2 meanwhile
    (dlcWriteKernels prints `wrote PATH` and its errors, as the tools
    need) into the yielded list as one text; one capture at a time."""
    libc = ctypes.CDLL(None)
    collected = []
    with _CAPTURE_LOCK, tempfile.TemporaryFile() as sink:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = [os.dup(1), os.dup(2)]
        try:
            os.dup2(sink.fileno(), 1)
            os.dup2(sink.fileno(), 2)
            yield collected
        finally:
            libc.fflush(None)
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            collected.append(sink.read().decode("utf-8", "replace"))


def _write_kernels(module, directory):
    """Writes the PTX and manifests of a compiled module into `directory`,
    by the library's one writer (dlcWriteKernels, as dlc-translate
    --emit-kernels and dlc-compile), and returns the manifests' paths: the
    writer's `wrote PATH` lines (dlc/Kernels.h)."""
    with _captured_output() as output:
        ok = _capi.dlcWriteKernels(module._operation, _capi.KERNELS_DIR,
                                   str(directory).encode(), b"dlc")
    if not ok:
        raise DlcError("writing the kernels failed: %s" % output[0].strip())
    return [Path(line[len("wrote "):]) for line in output[0].splitlines()
            if line.startswith("wrote ") and line.endswith(".json")]


# Each layer's IR is the module after the pass of dlc-to-ptx that ends the
# layer: its verifier where it has one (which changes nothing).
_LAYER_ENDS = {"indexbook": "convert-tiny-to-indexbook",
               "rbssa": "rbssa-verify",
               "plan": "plan-verify",
               "dlcgpu": "dlcgpu-verify"}


def _layers(tiny, ir_tree):
    """{layer: IR text} from an IR printing tree of a dlc-to-ptx run."""
    layers = {"tiny": tiny}
    for layer, end in _LAYER_ENDS.items():
        # Module-scope files sit one folder down: <module>/<n>_<pass>.mlir.
        found = sorted(Path(ir_tree).glob("*/[0-9]*_%s.mlir" % end))
        if found:
            layers[layer] = found[-1].read_text()
    return layers


def _as_path(value, suffixes):
    """`value` as the Path of a file to read: a PathLike, or a one-line str
    ending in one of `suffixes`; None for text."""
    if isinstance(value, os.PathLike) or (
            isinstance(value, str) and "\n" not in value and
            value.endswith(suffixes)):
        return Path(value)
    return None


def _looks_like_no_ir(text):
    """Whether `text`, which did not parse, is rather JSON text or a path
    of another suffix (one line without IR's punctuation)."""
    text = text.strip()
    return text.startswith(("{", "[")) or (
        "\n" not in text and not set(text) & set('(){}%@"=:'))


def _parse_model(text, context):
    """The Module of IR text. Text that does not parse and looks like no
    IR is said to be neither a model path nor IR, rather than what the
    parser makes of it ("custom op 'examples' is unknown")."""
    try:
        return context.parse(text)
    except DlcError as error:
        if not isinstance(text, str) or not _looks_like_no_ir(text):
            raise
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise DlcError("compile(): the model %r is neither a .mlir or .json "
                       "path nor tiny IR text (a pathlib.Path of another "
                       "suffix is read as IR)" % shown,
                       error.diagnostics) from None


def _load(model, context):
    """A tiny Module from a Module, a .json (Frontend or tinygrad graph) or
    .mlir path, or IR text."""
    check_type(model, (Module, str, bytes, os.PathLike), "model")
    if isinstance(model, Module):
        return model._copy()  # the pipeline lowers it in place
    path = _as_path(model, (".json", ".mlir"))
    if path is None:
        return _parse_model(model, context)
    text = path.read_text()
    if path.suffix == ".json":
        return context.import_graph_json(text, str(path))
    return context.parse(text, str(path))


def import_tinygrad(graph, context=None):
    """A tiny Module from a tinygrad UOp graph: a .json path, its text, or
    the dict dlc.tinygrad_export.export returns."""
    check_type(graph, (dict, str, bytes, os.PathLike), "graph")
    context = context or Context()
    if isinstance(graph, dict):
        return context.import_tinygrad(json.dumps(graph), "<tinygrad>")
    path = _as_path(graph, (".json",))
    if path is not None:
        return context.import_tinygrad(path.read_text(), str(path))
    return context.import_tinygrad(graph)


def _option_value(name, value):
    """`value` quoted as one pass-option value: a space, a bracket or
    another option's text inside it (device="sms=114 chip=sm_80") stays
    part of this value, which the pass then checks."""
    text = os.fspath(value) if isinstance(value, os.PathLike) else str(value)
    if '"' in text:
        raise DlcError("compile(): %s %r holds a double quote, which no "
                       "pass option can carry" % (name.replace("-", "_"),
                                                   text))
    return '"%s"' % text


def compile(model, chip="sm_90", plan_file=None, output=None, context=None,
            layers=False, versions=None, device=None):
    """Compiles `model` (a tiny Module, compiled as a copy so that it stays
    as it was; a Frontend JSON, tinygrad UOp JSON or tiny .mlir path; or
    tiny IR text) with the dlc-to-ptx pipeline for `chip` and writes the
    PTX and manifests into `output` (a fresh temporary folder by default);
    the Program is what this compile wrote, not what an earlier one left
    there (which is left alone: the folder is the caller's).
    With layers=True the Program also holds each layer's IR (slower: the
    module is printed after every pass). versions ("N=1,M=1" or a dict
    {"N": 1}) adds launch-time versions: copies of the model with those
    symbols bound, which the runtime launches when the sizes match
    (dlc-to-ptx{versions=}, docs/runtime.md "Versions"). device
    ("sms=114" or a dict {"sms": 114}) overrides figures of the chip's row
    for another product of it; the SM count sizes the kernels' grids too
    (dlc-to-ptx{device=}). Raises DlcError with the failing step's
    diagnostics."""
    context = context or Context()
    module = _load(model, context)
    tiny = str(module)
    if "func.func" not in tiny:  # not the kernel writer's "run dlc-opt first"
        raise DlcError("compile(): the model holds no function to compile "
                       "(a tiny model is a module of func.func)")
    if isinstance(versions, dict):  # values checked by the pass (E1009)
        versions = ",".join("%s=%s" % (k, v) for k, v in versions.items())
    if isinstance(device, dict):
        device = ",".join("%s=%s" % (k, v) for k, v in device.items())
    options = " ".join("%s=%s" % (name, _option_value(name, value))
                       for name, value in (("chip", chip),
                                           ("plan-file", plan_file),
                                           ("versions", versions),
                                           ("device", device))
                       if name == "chip" or value)
    directory = make_folder(output or tempfile.mkdtemp(prefix="dlc-"),
                            "output")
    found = None
    if layers:
        with tempfile.TemporaryDirectory(prefix="dlc-ir-") as ir_tree:
            module.run("builtin.module(dlc-to-ptx{%s})" % options, ir_tree)
            found = _layers(tiny, ir_tree)
    else:
        module.run("builtin.module(dlc-to-ptx{%s})" % options)
    written = _write_kernels(module, directory)
    return Program(directory, written, tiny, module, found)
