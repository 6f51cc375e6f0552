"""tinygrad UOp graphs: dlc.import_tinygrad, dlc.compile of one, and the
exporter (dlc.tinygrad_export) on stand-in UOp objects (tinygrad itself is
not installed here)."""
import enum
import json
import re
from pathlib import Path

import pytest

import dlc
from dlc.tinygrad_export import export

GRAPH = (Path(__file__).resolve().parents[2] / "test" / "Frontend" /
         "Tinygrad" / "Inputs" / "matmul_relu.json")


def test_import_file():
    module = dlc.import_tinygrad(GRAPH)
    text = str(module)
    assert "func.func @matmul_relu(" in text
    assert '"tiny.reduce"' in text and '"tiny.where"' in text


def test_import_dict_and_compile(tmp_path):
    graph = json.loads(GRAPH.read_text())
    assert "tiny.permute" in str(dlc.import_tinygrad(graph))
    program = dlc.compile(GRAPH, chip="sm_90a", output=tmp_path)
    manifest = program.kernel("matmul_relu")
    assert [p["name"] for p in manifest["params"]][:6] == [
        "X", "W", "Y", "M", "K", "N"]
    assert "wgmma.mma_async" in program.ptx


def test_import_error_is_coded():
    graph = {"uops": [{"op": "BUFFER", "dtype": "half",
                       "arg": {"name": "X", "shape": ["H+2*p"]}},
                      {"op": "SINK", "src": [0]}]}
    with pytest.raises(dlc.DlcError) as error:
        dlc.import_tinygrad(graph)
    assert error.value.code == "E1501"
    assert error.value.location == "<tinygrad>:1:76"  # "H+2*p" in json.dumps
    assert error.value.suggestion.startswith(
        "write a dimension as an affine expression")


# --- the exporter on stand-ins for tinygrad's UOp, Ops and DType ----------

Ops = enum.Enum("Ops", "DEFINE_VAR BUFFER UNIQUE DEVICE RESHAPE PERMUTE "
                       "EXPAND MUL CAST REDUCE_AXIS CONST CMPLT WHERE")


class DType:
    def __init__(self, name, weak=False):
        self.name, self.weak = name, weak


class UOp:
    def __init__(self, op, dtype=None, src=(), arg=None):
        self.op, self.dtype, self.src, self.arg = op, dtype, tuple(src), arg


class Tensor:
    def __init__(self, uop, shape):
        self.uop, self.shape = uop, shape


def test_export_matches_the_hand_written_graph():
    """The matmul + ReLU built from stand-in UOps exports to the graph
    test/Frontend/Tinygrad/Inputs/matmul_relu.json holds."""
    half, flt, i32 = DType("half"), DType("float"), DType("int")
    m = UOp(Ops.DEFINE_VAR, i32, arg=("M", 1, 8192))
    k = UOp(Ops.DEFINE_VAR, i32, arg=("K", 1, 8192))
    n = UOp(Ops.DEFINE_VAR, i32, arg=("N", 1, 8192))
    device = UOp(Ops.DEVICE, arg="CUDA")
    xb = UOp(Ops.BUFFER, half, (UOp(Ops.UNIQUE, arg=0), device), 0)
    wb = UOp(Ops.BUFFER, half, (UOp(Ops.UNIQUE, arg=1), device), 0)
    x, w = Tensor(xb, (m, k)), Tensor(wb, (k, n))
    xr = UOp(Ops.RESHAPE, half, (xb,), (m, 1, k))
    wr = UOp(Ops.RESHAPE, half, (UOp(Ops.PERMUTE, half, (wb,), (1, 0)),),
             (1, n, k))
    prod = UOp(Ops.MUL, half, (UOp(Ops.EXPAND, half, (xr,), (m, n, k)),
                               UOp(Ops.EXPAND, half, (wr,), (m, n, k))))
    add = enum.Enum("BinaryOps", "ADD").ADD  # the reduce op, an enum member
    acc = UOp(Ops.REDUCE_AXIS, flt, (UOp(Ops.CAST, flt, (prod,)),),
              (add, (2,)))
    y = UOp(Ops.RESHAPE, flt, (acc,), (m, n))
    zero = UOp(Ops.CONST, DType("float", weak=True), arg=0.0)
    relu = UOp(Ops.WHERE, flt, (UOp(Ops.CMPLT, DType("bool"), (zero, y)), y,
                                zero))
    out = UOp(Ops.CAST, half, (relu,))
    graph = export({"Y": Tensor(out, (m, n))}, inputs={"X": x, "W": w},
                   name="matmul_relu")
    # The same graph up to the order of independent UOps and the
    # UNIQUE/DEVICE sources DLC ignores: compare the trees under the SINK.
    assert _tree(graph) == _tree(json.loads(GRAPH.read_text()))
    ops = [sorted(re.findall(r'"tiny\.\w+"', str(dlc.import_tinygrad(g))))
           for g in (graph, GRAPH)]
    assert ops[0] == ops[1] and len(ops[0]) == 14


def _tree(graph):
    """The SINK of `graph` as nested dicts: indices replaced by what they
    name, the sources DLC ignores dropped."""
    uops = graph["uops"]

    def resolve(value):
        if isinstance(value, dict) and set(value) == {"uop"}:
            return node(value["uop"])
        if isinstance(value, list):
            return [resolve(v) for v in value]
        if isinstance(value, dict):
            return {key: resolve(v) for key, v in value.items()}
        return value

    def node(i):
        u = dict(uops[i])
        u["src"] = [node(s) for s in u.get("src", [])
                    if uops[s]["op"] not in ("UNIQUE", "DEVICE")]
        if "arg" in u:
            u["arg"] = resolve(u["arg"])
        return u

    return node(len(uops) - 1)


def test_export_writes_dataclass_args():
    """A dataclass arg (tinygrad's ParamArg, say) becomes its fields."""
    import dataclasses

    @dataclasses.dataclass
    class ParamArg:
        idx: int
        name: str

    p = UOp(Ops.BUFFER, DType("half"), arg=ParamArg(3, "x"))
    graph = export([UOp(Ops.CAST, DType("float"), (p,))])
    assert graph["uops"][0]["arg"] == {"idx": 3, "name": "x"}
    assert graph["uops"][-1] == {"op": "SINK", "src": [1], "arg": ["out0"]}
