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

    def __init__(self, tiny, module, directory, layers=None):
        self.tiny = tiny
        self.module = module
        self.layers = layers or {}
        self.directory = Path(directory)
        self.kernels, self.programs, self.ptx = [], [], ""
        self._manifests = []  # (path, manifest)
        for path in sorted(self.directory.glob("*.json")):
            manifest = json.loads(path.read_text())
            is_program = "program" in manifest
            (self.programs if is_program else self.kernels).append(manifest)
            self._manifests.append((path, manifest))
        for path in sorted(self.directory.glob("*.ptx")):
            self.ptx += path.read_text()
        self._executables = {}

    @classmethod
    def load(cls, directory):
        """The Program dlc.compile wrote into `directory` (no compiler
        needed: to run it where libDLC.so is absent)."""
        return cls(None, None, directory)

    def kernel(self, name):
        """The manifest of kernel `name`."""
        for manifest in self.kernels:
            if manifest["kernel"] == name:
                return manifest
        raise KeyError(name)

    def manifest_path(self):
        """The file the runtime loads: the program manifest, or the kernel
        manifest of a one-kernel model."""
        programs = [p for p, m in self._manifests if "program" in m]
        # A launch-time version is loaded with the kernel that names it.
        versions = {v.get("kernel") for m in self.kernels
                    for v in m.get("versions", [])}
        kernels = [p for p, m in self._manifests
                   if "program" not in m and m.get("kernel") not in versions]
        if len(programs) == 1:
            return programs[0]
        if not programs and len(kernels) == 1:
            return kernels[0]
        raise DlcError("%s holds %d program and %d kernel manifests; a "
                       "Program runs one model" % (self.directory,
                                                   len(programs), len(kernels)))

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
