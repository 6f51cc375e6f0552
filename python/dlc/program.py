"""A compiled model: its files (PTX, manifests) and, through the DLC
runtime, running it on CUDA. Needs no libDLC.so: `Program.load(folder)`
runs what dlc.compile wrote on another machine."""
import json
from pathlib import Path

from .errors import DlcError


class Program:
    """A compiled model. `tiny` is the input IR as text, `module` the
    compiled module (None for a loaded Program), `ptx` the PTX text,
    `kernels` each kernel's manifest (dict, docs/conventions.md),
    `programs` the program manifests of a multi-kernel model, `directory`
    where the files were written, `layers` each layer's IR ({"tiny",
    "indexbook", "rbssa", "plan", "dlcgpu"} -> text) when compiled with
    layers=True. Calling it runs it on CUDA (docs/python.md)."""

    def __init__(self, directory, paths, tiny=None, module=None,
                 layers=None):
        """The Program of the DLC manifests among the files `paths` in
        `directory`: those only, so that what an earlier compile left in
        the folder is not taken for part of this one."""
        self.tiny = tiny
        self.module = module
        self.layers = layers or {}
        self.directory = Path(directory)
        read = ((path, _read_manifest(path)) for path in sorted(paths))
        self._manifests = [(path, m) for path, m in read if m is not None]
        if not self._manifests:
            raise DlcError("%s holds no DLC manifest (the *.json files "
                           "dlc.compile writes)" % self.directory)
        self.kernels = [m for _, m in self._manifests if "program" not in m]
        self.programs = [m for _, m in self._manifests if "program" in m]
        self.ptx = "".join(
            (self.directory / name).read_text()
            for name in sorted({m["ptx"] for _, m in self._manifests})
            if (self.directory / name).is_file())
        self._executables = {}

    @classmethod
    def load(cls, directory):
        """The Program dlc.compile wrote into `directory` (no compiler
        needed: to run it where libDLC.so is absent): every DLC manifest
        there, other *.json files left aside."""
        directory = Path(directory)
        if not directory.is_dir():
            raise DlcError("cannot load a Program from %s: not a folder"
                           % directory)
        return cls(directory, directory.glob("*.json"))

    def kernel(self, name):
        """The manifest of kernel `name`."""
        for manifest in self.kernels:
            if manifest["kernel"] == name:
                return manifest
        raise KeyError(name)

    def manifest_path(self):
        """The file the runtime loads: the program manifest, or the kernel
        manifest of a one-kernel model."""
        models = self._models()
        if len(models) != 1:
            raise DlcError(
                "%s holds %d models (%s); a Program runs one: compile each "
                "into a folder of its own" % (
                    self.directory, len(models),
                    ", ".join(path.name for path in models)))
        return models[0]

    def _models(self):
        """The manifests the runtime can load, one a model: the program
        manifests and the kernel manifests that are neither a program's
        kernel nor a launch-time version (loaded with the kernel naming
        it)."""
        parts = {k.get("kernel") for m in self.programs
                 for k in m.get("kernels", [])}
        parts |= {v.get("kernel") for m in self.kernels
                  for v in m.get("versions", [])}
        return [path for path, m in self._manifests
                if "program" in m or m["kernel"] not in parts]

    def executable(self, ordinal=0):
        """The runtime's Executable on CUDA device `ordinal`, loaded once."""
        from . import runtime
        if ordinal not in self._executables:
            self._executables[ordinal] = runtime.Executable(
                self.manifest_path(), runtime.device(ordinal))
        return self._executables[ordinal]

    @staticmethod
    def _ordinal(args):
        for arg in args:
            if hasattr(arg, "is_cuda") and arg.is_cuda:
                return arg.device.index or 0
            if hasattr(arg, "device") and hasattr(arg.device, "ordinal"):
                return arg.device.ordinal
        return 0

    def __call__(self, *args, stream=None, **sizes):
        """Runs the model on `args`, its inputs in signature order: torch
        CUDA tensors (returns torch tensors; torch's current stream unless
        `stream`), dlc.runtime.DeviceBuffers or host bytes-like objects
        (the symbol sizes then as keywords, M=128). See
        runtime.Executable.__call__."""
        return self.executable(self._ordinal(args))(*args, stream=stream,
                                                    **sizes)

    def time(self, *args, warmup=5, iters=20, stream=None, **sizes):
        """The median milliseconds of one run (runtime.Executable.time)."""
        return self.executable(self._ordinal(args)).time(
            *args, warmup=warmup, iters=iters, stream=stream, **sizes)


def _read_manifest(path):
    """The kernel or program manifest in `path` (a dict naming its "kernel"
    or "program" and its "ptx"), or None for another file: a folder may
    hold JSON of the user's beside what dlc.compile wrote."""
    try:
        manifest = json.loads(Path(path).read_text())
    except (OSError, ValueError):  # not text, not JSON
        return None
    is_manifest = (isinstance(manifest, dict)
                   and isinstance(manifest.get("ptx"), str)
                   and ("kernel" in manifest or "program" in manifest))
    return manifest if is_manifest else None
