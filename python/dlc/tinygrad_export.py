"""Dumps a tinygrad UOp graph as the JSON `dlc-translate --import-tinygrad`
and `dlc.import_tinygrad` read (docs/frontend.md, "tinygrad UOp graphs").

    from tinygrad import Tensor, Variable
    from dlc.tinygrad_export import export
    x, w = Tensor.empty(64, 32, dtype="half"), Tensor.empty(32, 16, dtype="half")
    graph = export({"Y": (x @ w).relu()}, inputs={"X": x, "W": w}, name="mm")
    module = dlc.import_tinygrad(graph)

Written against tinygrad's public UOp API only (`Tensor.uop`, and on a UOp
`op.name`, `dtype.name`, `src`, `arg`), and NOT tested against tinygrad:
this machine has no tinygrad, and its UOp vocabulary moves between
releases. The tests exercise it on stand-in UOp objects
(python/tests/test_tinygrad.py). Needs no libDLC.so."""
import dataclasses
import json
import math

# tinygrad's Ops that DLC reads as graph inputs.
_INPUTS = ("BUFFER", "PARAM")


def _uop_of(tensor):
    """A Tensor's UOp (`uop`; `lazydata` in older tinygrad), or a UOp."""
    for attribute in ("uop", "lazydata"):
        if hasattr(tensor, attribute):
            return getattr(tensor, attribute)
    return tensor


def _base(uop):
    """The UOp under movement ops and DETACH/CONTIGUOUS: the buffer an input
    tensor reads."""
    seen = set()
    while id(uop) not in seen and getattr(uop, "src", ()) and \
            _name(uop.op) not in _INPUTS:
        seen.add(id(uop))
        uop = uop.src[0]
    return uop


def _name(value):
    """An enum member's name (Ops.ADD -> "ADD"), else str()."""
    return getattr(value, "name", str(value))


def _is_uop(value):
    return hasattr(value, "op") and hasattr(value, "src")


def _in_arg(value):
    """The UOps inside an arg (a shape tuple may hold DEFINE_VARs)."""
    if _is_uop(value):
        return [value]
    if isinstance(value, (tuple, list)):
        return [u for v in value for u in _in_arg(v)]
    return []


def _children(uop):
    """What a UOp needs written before it: its sources, then the UOps its
    arg names."""
    return tuple(getattr(uop, "src", ())) + tuple(
        _in_arg(getattr(uop, "arg", None)))


def _toposort(roots):
    """Every UOp reachable from `roots` through sources and args, those
    first (iterative DFS, so deep graphs do not hit Python's recursion
    limit)."""
    order, done, stack = [], set(), [(r, False) for r in reversed(roots)]
    while stack:
        uop, expanded = stack.pop()
        if id(uop) in done:
            continue
        if expanded:
            done.add(id(uop))
            order.append(uop)
            continue
        stack.append((uop, True))
        for s in reversed(_children(uop)):
            if id(s) not in done:
                stack.append((s, False))
    return order


class _Writer:
    def __init__(self, order):
        self.index = {id(u): i for i, u in enumerate(order)}

    def arg(self, value):
        """A UOp's arg as JSON: UOps become {"uop": i}, enums their names,
        tuples lists; a non-finite float a string (JSON has none)."""
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, float):
            return value if math.isfinite(value) else str(value)
        if _is_uop(value) and id(value) in self.index:
            return {"uop": self.index[id(value)]}
        if isinstance(value, (tuple, list)):
            return [self.arg(v) for v in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            # e.g. a PARAM's ParamArg: its fields (inputs= replaces it with
            # {"name", "shape"}, which is what DLC reads).
            return {f.name: self.arg(getattr(value, f.name))
                    for f in dataclasses.fields(value)}
        if hasattr(value, "name") and not _is_uop(value):
            return value.name
        return str(value)

    def dim(self, size):
        """A shape entry: an int, or a symbolic size (a DEFINE_VAR UOp in
        the graph, or a UOp expression written as text, which DLC refuses
        with E1501)."""
        if isinstance(size, int):
            return size
        if id(size) in self.index:
            return {"uop": self.index[id(size)]}
        if hasattr(size, "expr"):  # a tinygrad Variable: its name
            return size.expr
        return str(size)


def _dtype(uop):
    """(dtype name, weak): a weak dtype ("weak" attribute, or a name
    starting with "weak") is written as its strong name plus "weak"."""
    dtype = getattr(uop, "dtype", None)
    if dtype is None:
        return None, False
    name = getattr(dtype, "name", str(dtype))
    weak = bool(getattr(dtype, "weak", False))
    if name.startswith("weak"):
        name, weak = name[len("weak"):].lstrip("_ ") or "float", True
    return name, weak


def export(outputs, inputs=None, name="graph"):
    """The graph of `outputs` ({name: Tensor or UOp}, or a list) as a dict
    (json.dumps it for a file): every UOp reachable from them, sources
    first, then a SINK naming them. `inputs` ({name: Tensor}) names the
    BUFFERs those tensors read and gives their shapes (symbolic sizes
    included); other BUFFERs keep tinygrad's arg (their size) and are named
    buf<i> by the importer."""
    if not isinstance(outputs, dict):
        outputs = {"out%d" % i: t for i, t in enumerate(outputs)}
    roots = [_uop_of(t) for t in outputs.values()]
    named = {}
    for input_name, tensor in (inputs or {}).items():
        named[id(_base(_uop_of(tensor)))] = (input_name, tensor)
    # The symbolic sizes of the inputs' shapes come first (DEFINE_VARs).
    sizes = [d for _, t in named.values() for d in getattr(t, "shape", ())
             if _is_uop(d)]
    order = _toposort(sizes + roots)
    writer = _Writer(order)
    uops = []
    for uop in order:
        entry = {"op": _name(uop.op)}
        dtype, weak = _dtype(uop)
        if dtype is not None:
            entry["dtype"] = dtype
        if weak:
            entry["weak"] = True
        if getattr(uop, "src", ()):
            entry["src"] = [writer.index[id(s)] for s in uop.src]
        if id(uop) in named:
            input_name, tensor = named[id(uop)]
            entry["arg"] = {"name": input_name,
                            "shape": [writer.dim(s) for s in tensor.shape]}
            entry.pop("src", None)  # UNIQUE/DEVICE: nothing DLC needs
        elif getattr(uop, "arg", None) is not None:
            entry["arg"] = writer.arg(uop.arg)
        uops.append(entry)
    uops.append({"op": "SINK", "src": [writer.index[id(r)] for r in roots],
                 "arg": list(outputs)})
    return {"name": name, "uops": uops}


def dump(path, outputs, inputs=None, name="graph"):
    """export() written to `path` as JSON."""
    with open(path, "w") as f:
        json.dump(export(outputs, inputs, name), f, indent=1)
