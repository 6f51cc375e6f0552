"""Running compiled programs on CUDA through the DLC runtime
(libDLCRuntime.so, include/dlc/Runtime.h) over ctypes.

The runtime needs no MLIR, so this module works where libDLC.so cannot
load (a GPU machine without LLVM): `dlc.Program.load(folder)` then runs
what `dlc.compile` wrote elsewhere. docs/python.md, "Running on CUDA".

The library is found, in order, at $DLC_RUNTIME_LIBRARY, next to an
installed package (<prefix>/lib) and in the source tree's build/lib."""
import ctypes
import operator
import os
from pathlib import Path

from .errors import DlcError

_SONAME = "libDLCRuntime.so.0"
_ERR_SIZE = 4096
_INT64_MAX = 2**63 - 1  # symbol values are int64_t (Runtime.h)


def _find_library():
    if os.environ.get("DLC_RUNTIME_LIBRARY"):
        return Path(os.environ["DLC_RUNTIME_LIBRARY"])
    here = Path(__file__).resolve().parent
    for path in (here.parents[2] / _SONAME,  # installed: <prefix>/lib
                 here.parents[1] / "build" / "lib" / _SONAME):  # source tree
        if path.is_file():
            return path
    raise DlcError("cannot find %s (set DLC_RUNTIME_LIBRARY to its path)"
                   % _SONAME)


class _Param(ctypes.Structure):
    """DlcRuntimeParam (one kernel or signature parameter)."""
    _fields_ = [("name", ctypes.c_char_p), ("kind", ctypes.c_int),
                ("dtype", ctypes.c_int), ("role", ctypes.c_int),
                ("rank", ctypes.c_int),
                ("shape", ctypes.POINTER(ctypes.c_char_p)),
                ("intermediate", ctypes.c_int), ("tensor", ctypes.c_char_p),
                ("strides", ctypes.POINTER(ctypes.c_char_p)),
                ("box", ctypes.c_int64 * 3)]


_PARAM_PTR = 0
_ROLE_OUTPUT = 2
_P, _I, _I64, _S = (ctypes.c_void_p, ctypes.c_int, ctypes.c_int64,
                    ctypes.c_size_t)
_I64P = ctypes.POINTER(ctypes.c_int64)
_PTRS = ctypes.POINTER(ctypes.c_uint64)
_SIGNATURES = {
    "dlcRuntimeCreate": (_P, _I, ctypes.c_char_p, _S),
    "dlcRuntimeDestroy": (None, _P),
    "dlcRuntimeGetLastError": (ctypes.c_char_p, _P),
    "dlcRuntimeGetDeviceName": (ctypes.c_char_p, _P),
    "dlcRuntimeSetStream": (None, _P, _P),
    "dlcRuntimeMalloc": (_I, _P, _S, _PTRS),
    "dlcRuntimeFree": (_I, _P, ctypes.c_uint64),
    "dlcRuntimeCopyToDevice": (_I, _P, ctypes.c_uint64, _P, _S),
    "dlcRuntimeCopyToHost": (_I, _P, _P, ctypes.c_uint64, _S),
    "dlcRuntimeSynchronize": (_I, _P),
    "dlcRuntimeEvalExpr": (_I, ctypes.c_char_p, _I,
                           ctypes.POINTER(ctypes.c_char_p), _I64P, _I64P,
                           ctypes.c_char_p, _S),
    "dlcRuntimeProgramLoad": (_P, ctypes.c_char_p, ctypes.c_char_p, _S),
    "dlcRuntimeProgramDestroy": (None, _P),
    "dlcRuntimeProgramGetSignature": (_P, _P),
    "dlcRuntimeManifestGetNumSymbols": (_I, _P),
    "dlcRuntimeManifestGetSymbol": (ctypes.c_char_p, _P, _I),
    "dlcRuntimeManifestGetDerived": (ctypes.c_char_p, _P, _I),
    "dlcRuntimeManifestGetParamFlat": (ctypes.c_char_p, _P, _I),
    "dlcRuntimeManifestDeriveSymbols": (_I, _P, _I64P,
                                        ctypes.POINTER(ctypes.c_int),
                                        ctypes.c_char_p, _S),
    "dlcRuntimeManifestGetNumParams": (_I, _P),
    "dlcRuntimeManifestGetParam": (ctypes.POINTER(_Param), _P, _I),
    "dlcRuntimeDtypeToString": (ctypes.c_char_p, _I),
    "dlcRuntimeDtypeSize": (_S, _I),
    "dlcRuntimeExecutableLoad": (_P, _P, _P),
    "dlcRuntimeExecutableDestroy": (None, _P),
    "dlcRuntimeExecutableLaunch": (_I, _P, _PTRS, _I64P),
    "dlcRuntimeExecutableTime": (_I, _P, _PTRS, _I64P, _I, _I,
                                 ctypes.POINTER(ctypes.c_double)),
}
_lib = None


def _runtime():
    """The loaded library, its functions declared (on first use)."""
    global _lib
    if _lib is None:
        lib = ctypes.CDLL(str(_find_library()))
        for name, (restype, *argtypes) in _SIGNATURES.items():
            function = getattr(lib, name)
            function.restype, function.argtypes = restype, argtypes
        _lib = lib
    return _lib


_devices = {}


class Device:
    """A CUDA device through the runtime (dlcRuntimeCreate: the device's
    primary context, the one torch uses too). `device(ordinal)` keeps one
    per ordinal for the process."""

    def __init__(self, ordinal=0):
        lib = _runtime()
        err = ctypes.create_string_buffer(_ERR_SIZE)
        self._handle = lib.dlcRuntimeCreate(ordinal, err, _ERR_SIZE)
        if not self._handle:
            raise DlcError("cannot open CUDA device %d: %s"
                           % (ordinal, err.value.decode()))
        self.ordinal = ordinal
        self.name = lib.dlcRuntimeGetDeviceName(self._handle).decode()

    @property
    def handle(self):
        return self._handle

    def check(self, rc, what):
        """Raises DlcError with the runtime's last error when rc != 0."""
        if rc != 0:
            raise DlcError("%s: %s" % (what, _runtime().dlcRuntimeGetLastError(
                self._handle).decode()))

    def synchronize(self):
        self.check(_runtime().dlcRuntimeSynchronize(self._handle),
                   "synchronize")

    def close(self):
        if getattr(self, "_handle", None):
            _runtime().dlcRuntimeDestroy(self._handle)
            self._handle = None

    def __del__(self):
        self.close()


def device(ordinal=0):
    """The process's Device for `ordinal`."""
    if ordinal not in _devices:
        _devices[ordinal] = Device(ordinal)
    return _devices[ordinal]


class DeviceBuffer:
    """Device memory owned by Python (dlcRuntimeMalloc/Free): a plain
    buffer for programs when torch is absent."""

    def __init__(self, nbytes, dev=None):
        self.device = dev or device()
        self.nbytes = int(nbytes)
        ptr = ctypes.c_uint64(0)
        self.device.check(_runtime().dlcRuntimeMalloc(
            self.device.handle, self.nbytes, ctypes.byref(ptr)), "malloc")
        self.ptr = ptr.value

    @classmethod
    def from_host(cls, data, dev=None):
        """A buffer holding a copy of `data` (any bytes-like object)."""
        view = memoryview(data).cast("B")
        buffer = cls(view.nbytes, dev)
        host = (ctypes.c_char * view.nbytes).from_buffer_copy(view)
        buffer.device.check(_runtime().dlcRuntimeCopyToDevice(
            buffer.device.handle, buffer.ptr, host, view.nbytes), "copy in")
        return buffer

    @property
    def closed(self):
        """Whether close() freed the memory (ptr is 0 then)."""
        return not self.ptr

    def to_host(self):
        """The contents as a bytearray (synchronous)."""
        if self.closed:
            raise DlcError("buffer is closed")
        out = bytearray(self.nbytes)
        host = (ctypes.c_char * self.nbytes).from_buffer(out)
        self.device.check(_runtime().dlcRuntimeCopyToHost(
            self.device.handle, host, self.ptr, self.nbytes), "copy out")
        return out

    def close(self):
        """Frees the memory; the buffer cannot be used after."""
        if getattr(self, "ptr", 0):
            _runtime().dlcRuntimeFree(self.device.handle, self.ptr)
            self.ptr = 0

    def __del__(self):
        self.close()


# i1 is torch.bool's layout: one byte an element, 0 or 1.
_TORCH_DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32",
                 "f64": "float64", "i32": "int32", "i64": "int64",
                 "i1": "bool"}


def _is_torch_tensor(value):
    return hasattr(value, "data_ptr") and hasattr(value, "is_cuda")


def _bytes_like(name, value):
    """Host input `name` as a memoryview; TypeError for another object."""
    try:
        return memoryview(value)
    except TypeError:
        raise TypeError("%s must be a torch CUDA tensor, a DeviceBuffer or "
                        "a bytes-like object, not %s"
                        % (name, type(value).__name__)) from None


def _size(name, value):
    """The value of symbol `name` as an int (an integer of numpy's too):
    TypeError for another type ("4", 4.0), DlcError out of 1..2**63-1 (as
    dlc-run: no launch or buffer is empty, a negative size showed only as
    a buffer of negative bytes or an empty grid, and int64 would wrap)."""
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError("symbol %s must be int, not %s"
                        % (name, type(value).__name__)) from None
    if not 1 <= value <= _INT64_MAX:
        raise DlcError("symbol %s=%d is out of range: sizes are integers "
                       "from 1 to 2**63-1" % (name, value))
    return value


class _Tensor:
    """One tensor of a program's signature."""

    def __init__(self, param, flat=None):
        self.name = param.name.decode()
        self.dtype = _runtime().dlcRuntimeDtypeToString(param.dtype).decode()
        self.itemsize = _runtime().dlcRuntimeDtypeSize(param.dtype)
        self.shape = [param.shape[d].decode() for d in range(param.rank)]
        self.output = param.role == _ROLE_OUTPUT
        # A flat buffer read in its factors' shape ("M * K"; the manifest's
        # "flat", docs/conventions.md "Products of symbols").
        self.flat = flat.decode() if flat else None

    def is_flat(self, arg):
        """Whether torch tensor `arg` is this tensor's flat form."""
        return (self.flat is not None and arg.dim() == 1
                and len(self.shape) != 1)


class Executable:
    """A program manifest (or a kernel manifest) loaded on a Device: its
    PTX module loaded once (dlcRuntimeExecutableLoad). Call it with the
    inputs in signature order; see docs/python.md."""

    def __init__(self, manifest, dev=None):
        self.device = dev or device()
        lib = _runtime()
        err = ctypes.create_string_buffer(_ERR_SIZE)
        self._program = lib.dlcRuntimeProgramLoad(str(manifest).encode(), err,
                                                  _ERR_SIZE)
        self._executable = None
        if not self._program:
            raise DlcError("cannot load %s: %s" % (manifest,
                                                   err.value.decode()))
        self._executable = lib.dlcRuntimeExecutableLoad(self.device.handle,
                                                        self._program)
        if not self._executable:
            self.device.check(-1, "cannot load the kernels of %s" % manifest)
        sig = lib.dlcRuntimeProgramGetSignature(self._program)
        self._signature = sig  # borrowed from the program
        self.symbols = [lib.dlcRuntimeManifestGetSymbol(sig, i).decode()
                        for i in range(lib.dlcRuntimeManifestGetNumSymbols(sig))]
        # Derived symbols (docs/conventions.md) follow from the free ones.
        self.derived = {s for i, s in enumerate(self.symbols)
                        if lib.dlcRuntimeManifestGetDerived(sig, i)}
        params = [(lib.dlcRuntimeManifestGetParam(sig, i).contents,
                   lib.dlcRuntimeManifestGetParamFlat(sig, i))
                  for i in range(lib.dlcRuntimeManifestGetNumParams(sig))]
        tensors = [_Tensor(p, flat) for p, flat in params
                   if p.kind == _PARAM_PTR]
        self.inputs = [t for t in tensors if not t.output]
        self.outputs = [t for t in tensors if t.output]

    def close(self):
        lib = _runtime()
        if getattr(self, "_executable", None):
            lib.dlcRuntimeExecutableDestroy(self._executable)
            self._executable = None
        if getattr(self, "_program", None):
            lib.dlcRuntimeProgramDestroy(self._program)
            self._program = None

    def __del__(self):
        self.close()

    def _eval(self, expr, values):
        """A manifest expression for the bound symbol values."""
        lib = _runtime()
        names = (ctypes.c_char_p * (len(self.symbols) + 1))(
            *[s.encode() for s in self.symbols])
        array = (ctypes.c_int64 * (len(self.symbols) + 1))(
            *[values.get(s, 0) for s in self.symbols])
        out = ctypes.c_int64(0)
        err = ctypes.create_string_buffer(512)
        if lib.dlcRuntimeEvalExpr(expr.encode(), len(self.symbols), names,
                                  array, ctypes.byref(out), err, 512) != 0:
            raise DlcError("cannot evaluate %r: %s" % (expr, err.value.decode()))
        return out.value

    def _bind(self, args, sizes):
        """Symbol values from the keyword sizes and the torch tensors'
        shapes (a dimension written as a plain symbol binds it)."""
        unknown = [s for s in sizes if s not in self.symbols]
        if unknown:
            raise DlcError("not symbols of the program: %s (its symbols: %s)"
                           % (", ".join(unknown), ", ".join(self.symbols)))
        values = {name: _size(name, value) for name, value in sizes.items()}
        for tensor, arg in zip(self.inputs, args):
            if not _is_torch_tensor(arg) or tensor.is_flat(arg):
                continue  # a flat tensor's one size binds no factor
            for expr, size in zip(tensor.shape, arg.shape):
                if expr in self.symbols and expr not in values:
                    values[expr] = _size(expr, size)
        missing = [s for s in self.symbols
                   if s not in values and s not in self.derived]
        if missing:
            raise DlcError("no value for symbol %s (give the sizes as "
                           "keywords, e.g. %s=128)" % (", ".join(missing),
                                                      missing[0]))
        return self._derive(values) if self.derived else values

    def _derive(self, values):
        """The derived symbols' values from their formulas; one given (or
        bound by a tensor's shape) must agree."""
        n = len(self.symbols)
        array = (ctypes.c_int64 * (n + 1))(
            *[values.get(s, 0) for s in self.symbols])
        given = (ctypes.c_int * (n + 1))(
            *[int(s in values) for s in self.symbols])
        err = ctypes.create_string_buffer(512)
        if _runtime().dlcRuntimeManifestDeriveSymbols(
                self._signature, array, given, err, 512) != 0:
            raise DlcError(err.value.decode())
        return {s: array[i] for i, s in enumerate(self.symbols)}

    def _shape(self, tensor, values):
        return [self._eval(expr, values) for expr in tensor.shape]

    def _pointer(self, tensor, arg, values, keep):
        """The device pointer for input `tensor`, checked against `arg`."""
        shape = self._shape(tensor, values)
        count = 1
        for size in shape:
            count *= size
        nbytes = count * tensor.itemsize
        if _is_torch_tensor(arg):
            want = _TORCH_DTYPES.get(tensor.dtype)
            if not arg.is_cuda or str(arg.dtype) != "torch." + str(want):
                raise DlcError("%s: wants a CUDA tensor of %s, got %s on %s"
                               % (tensor.name, want, arg.dtype, arg.device))
            if tensor.is_flat(arg):
                shape = [count]  # the same row-major elements
            if list(arg.shape) != shape or not arg.is_contiguous():
                raise DlcError("%s: wants a contiguous tensor of shape %s "
                               "(%s), got %s" % (tensor.name, shape,
                                                 tensor.shape, list(arg.shape)))
            return arg.data_ptr()
        if not isinstance(arg, DeviceBuffer):
            arg = DeviceBuffer.from_host(_bytes_like(tensor.name, arg),
                                         self.device)
            keep.append(arg)
        if arg.closed:  # its memory freed: the kernels would read anything
            raise DlcError("%s: buffer is closed" % tensor.name)
        if arg.nbytes != nbytes:
            raise DlcError("%s: wants %d bytes (%s %s), got %d" % (
                tensor.name, nbytes, tensor.dtype, shape, arg.nbytes))
        return arg.ptr

    def _prepare(self, args, sizes, stream):
        """(pointer array, symbol array, outputs, buffers to keep, mode)."""
        if len(args) != len(self.inputs):
            raise DlcError("the program takes %d inputs (%s), got %d" % (
                len(self.inputs), ", ".join(t.name for t in self.inputs),
                len(args)))
        values = self._bind(args, sizes)
        keep = []
        pointers = [self._pointer(t, a, values, keep)
                    for t, a in zip(self.inputs, args)]
        torch_arg = next((a for a in args if _is_torch_tensor(a)), None)
        outputs = []
        for tensor in self.outputs:
            shape = self._shape(tensor, values)
            if torch_arg is not None:
                import torch
                out = torch.empty(shape, device=torch_arg.device, dtype=getattr(
                    torch, _TORCH_DTYPES[tensor.dtype]))
                pointers.append(out.data_ptr())
            else:
                count = 1
                for size in shape:
                    count *= size
                out = DeviceBuffer(count * tensor.itemsize, self.device)
                pointers.append(out.ptr)
            outputs.append(out)
        if stream is None and torch_arg is not None:
            import torch
            stream = torch.cuda.current_stream(torch_arg.device)
        stream = getattr(stream, "cuda_stream", stream) or 0
        _runtime().dlcRuntimeSetStream(self.device.handle,
                                       ctypes.c_void_p(stream))
        ptrs = (ctypes.c_uint64 * (len(pointers) + 1))(*pointers)
        syms = (ctypes.c_int64 * (len(self.symbols) + 1))(
            *[values[s] for s in self.symbols])
        host = torch_arg is None and not all(
            isinstance(a, DeviceBuffer) for a in args)
        return ptrs, syms, outputs, keep, host

    def __call__(self, *args, stream=None, **sizes):
        """Launches the program on `args` (torch CUDA tensors, DeviceBuffers
        or host bytes-like objects, in signature order) and returns its
        output(s): torch tensors with torch inputs (launched on torch's
        current stream unless `stream` is given), DeviceBuffers with device
        buffers, bytearrays with host buffers (after synchronizing)."""
        ptrs, syms, outputs, keep, host = self._prepare(args, sizes, stream)
        self.device.check(_runtime().dlcRuntimeExecutableLaunch(
            self._executable, ptrs, syms), "launch")
        if host:
            self.device.synchronize()
            outputs = [buffer.to_host() for buffer in outputs]
        del keep  # inputs copied from the host: the launch is over
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def time(self, *args, warmup=5, iters=20, stream=None, **sizes):
        """The median time of `iters` runs in milliseconds (events around
        each run, after `warmup` untimed runs; dlcRuntimeExecutableTime)."""
        ptrs, syms, _outputs, _keep, _host = self._prepare(args, sizes, stream)
        median = ctypes.c_double(0)
        self.device.check(_runtime().dlcRuntimeExecutableTime(
            self._executable, ptrs, syms, warmup, iters,
            ctypes.byref(median)), "time")
        return median.value
