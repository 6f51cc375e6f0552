"""One call from a model to kernels: dlc.compile(model) -> Program."""
import json
import os
import subprocess
import tempfile
from pathlib import Path

from . import _capi
from .errors import DlcError
from .ir import Context, Module


def _translate_tool():
    """dlc-translate beside the library (<prefix>/bin, build/bin): it writes
    the PTX and manifests, so that they have one implementation."""
    if os.environ.get("DLC_TRANSLATE"):
        return Path(os.environ["DLC_TRANSLATE"])
    return Path(_capi.library_path).resolve().parent.parent / "bin" / "dlc-translate"


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


class Program:
    """A compiled model. `tiny` is the input IR as text, `module` the
    compiled module, `ptx` the PTX text, `kernels` each kernel's manifest
    (dict, docs/conventions.md), `programs` the program manifests of a
    multi-kernel model, `directory` where the files were written, `layers`
    each layer's IR ({"tiny", "indexbook", "rbssa", "plan", "dlcgpu"} ->
    text) when compiled with layers=True."""

    def __init__(self, tiny, module, directory, layers=None):
        self.tiny = tiny
        self.module = module
        self.layers = layers or {}
        self.directory = Path(directory)
        self.kernels, self.programs, self.ptx = [], [], ""
        for path in sorted(self.directory.glob("*.json")):
            manifest = json.loads(path.read_text())
            (self.programs if "program" in manifest else self.kernels).append(
                manifest)
        for path in sorted(self.directory.glob("*.ptx")):
            self.ptx += path.read_text()

    def kernel(self, name):
        """The manifest of kernel `name`."""
        for manifest in self.kernels:
            if manifest["kernel"] == name:
                return manifest
        raise KeyError(name)


def _load(model, context):
    """A tiny Module from a Module, a .json/.mlir path, or IR text."""
    if isinstance(model, Module):
        return model
    path = Path(model) if isinstance(model, os.PathLike) or (
        isinstance(model, str) and "\n" not in model and
        model.endswith((".json", ".mlir"))) else None
    if path is None:
        return context.parse(model)
    text = path.read_text()
    if path.suffix == ".json":
        return context.import_frontend_json(text, str(path))
    return context.parse(text, str(path))


def compile(model, chip="sm_90", plan_file=None, output=None, context=None,
            layers=False):
    """Compiles `model` (a tiny Module, a Frontend JSON or tiny .mlir path,
    or tiny IR text) with the dlc-to-ptx pipeline for `chip` and writes the
    PTX and manifests into `output` (a fresh temporary folder by default).
    With layers=True the Program also holds each layer's IR (slower: the
    module is printed after every pass). Raises DlcError with the failing
    step's diagnostics."""
    context = context or Context()
    module = _load(model, context)
    tiny = str(module)
    options = "chip=%s" % chip + (" plan-file=%s" % plan_file if plan_file else "")
    directory = Path(output or tempfile.mkdtemp(prefix="dlc-"))
    directory.mkdir(parents=True, exist_ok=True)
    found = None
    if layers:
        with tempfile.TemporaryDirectory(prefix="dlc-ir-") as ir_tree:
            module.run("builtin.module(dlc-to-ptx{%s})" % options, ir_tree)
            found = _layers(tiny, ir_tree)
    else:
        module.run("builtin.module(dlc-to-ptx{%s})" % options)
    compiled = directory / "compiled.mlir"
    compiled.write_text(str(module))
    tool = _translate_tool()
    if not tool.is_file():
        raise DlcError("cannot find dlc-translate at %s (set DLC_TRANSLATE to "
                       "its path)" % tool)
    result = subprocess.run(
        [str(tool), str(compiled), "--emit-kernels=%s" % directory],
        capture_output=True, text=True)
    if result.returncode != 0:
        raise DlcError("dlc-translate --emit-kernels failed: %s"
                       % result.stderr.strip())
    return Program(tiny, module, directory, found)
