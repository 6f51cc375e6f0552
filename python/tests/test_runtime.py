"""Running programs through the DLC runtime (dlc.runtime) on the fake CUDA
driver of the runtime tests (test/Runtime/Inputs/fakecuda): device memory
is host memory and FAKECUDA_EXEC says what a kernel computes, so the
host-side paths (binding, buffers, copies, streams, errors) are checked
without a GPU. Each case runs in a fresh python3 whose LD_LIBRARY_PATH
makes the runtime open the fake as libcuda.so.1. The GPU run is
python/tests/gpu_torch_gemm.py."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

FAKECUDA = os.environ.get("DLC_FAKECUDA_DIR")
PACKAGE = Path(__file__).resolve().parents[1]

# C = A + B over N f32 elements (the fake computes it, the PTX is unused).
MANIFEST = {
    "kernel": "add", "ptx": "add.ptx", "arch": "sm_90", "symbols": ["N"],
    "params": [
        {"name": "A", "kind": "ptr", "dtype": "f32", "shape": ["N"],
         "role": "input"},
        {"name": "B", "kind": "ptr", "dtype": "f32", "shape": ["N"],
         "role": "input"},
        {"name": "C", "kind": "ptr", "dtype": "f32", "shape": ["N"],
         "role": "output"},
        {"name": "N", "kind": "i64"}],
    "grid": ["ceildiv(N, 128)", "1", "1"], "block": [128, 1, 1],
    "dynamic_smem_bytes": 0}


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "add.json").write_text(json.dumps(MANIFEST))
    (tmp_path / "add.ptx").write_text("// not loaded by the fake driver\n")
    return tmp_path


def run(folder, code, execute="add 2=add(0,1) n=3"):
    """Runs `code` with `dlc` imported and `program` loaded from folder on
    the fake driver (its kernels computing `execute`, FAKECUDA_EXEC);
    returns (exit status, stdout, stderr)."""
    if not FAKECUDA:
        pytest.skip("DLC_FAKECUDA_DIR (the fake libcuda's folder) is not set")
    env = dict(os.environ, LD_LIBRARY_PATH=FAKECUDA, FAKECUDA_LOG="1",
               FAKECUDA_EXEC=execute, PYTHONPATH=str(PACKAGE))
    prelude = ("import array, dlc\n"
               "program = dlc.Program.load(%r)\n" % str(folder))
    done = subprocess.run([sys.executable, "-c",
                           prelude + textwrap.dedent(code)],
                          capture_output=True, text=True, env=env)
    return done.returncode, done.stdout, done.stderr


def test_host_buffers_in_host_bytes_out(folder):
    rc, out, err = run(folder, """
        a = array.array("f", [1, 2, 3, 4]); b = array.array("f", [10, 20, 30, 40])
        c = program(a, b, N=4)
        print(type(c).__name__, list(array.array("f", bytes(c))))
        """)
    assert rc == 0, err
    assert out == "bytearray [11.0, 22.0, 33.0, 44.0]\n"
    assert "fakecuda: launch add grid 1,1,1 block 128,1,1 smem 0\n" in err


def test_device_buffers_and_a_stream(folder):
    rc, out, err = run(folder, """
        from dlc import runtime
        a = runtime.DeviceBuffer.from_host(array.array("f", [1.5] * 200))
        b = runtime.DeviceBuffer.from_host(array.array("f", [2.0] * 200))
        c = program(a, b, N=200, stream=0x5000)
        print(type(c).__name__, c.nbytes, set(array.array("f", bytes(c.to_host()))))
        """)
    assert rc == 0, err
    assert out == "DeviceBuffer 800 {3.5}\n"
    # The runtime launched on the stream given (dlcRuntimeSetStream).
    assert "fakecuda: launch add grid 2,1,1 block 128,1,1 smem 0 stream 0x5000" in err


def test_time(folder):
    rc, out, err = run(folder, """
        a = array.array("f", [0] * 8)
        print(program.time(a, a, N=8, warmup=1, iters=3))
        """)
    assert rc == 0, err
    assert out == "1.0\n"  # the fake's events report 1 ms
    assert err.count("fakecuda: launch add") == 4


@pytest.mark.parametrize("call,message", [
    ("program(a, N=4)", "the program takes 2 inputs (A, B), got 1"),
    ("program(a, a)", "no value for symbol N (give the sizes as keywords, "
                      "e.g. N=128)"),
    ("program(a, a, N=4, M=2)", "not symbols of the program: M (its "
                                "symbols: N)"),
    ("program(a, bytes(3), N=4)", "B: wants 16 bytes (f32 [4]), got 3"),
    ("program(a, a, N=-1)", "symbol N=-1 is out of range: sizes are "
                            "integers from 1 to 2**63-1"),
    ("program(a, a, N=0)", "symbol N=0 is out of range: sizes are integers "
                           "from 1 to 2**63-1"),
    ("program(a, a, N=2**64 + 4)", "symbol N=18446744073709551620 is out "
                                   "of range: sizes are integers from 1 to "
                                   "2**63-1"),
])
def test_errors(folder, call, message):
    rc, out, err = run(folder, """
        a = array.array("f", [0] * 4)
        try:
            %s
        except dlc.DlcError as e:
            print(e)
        """ % call)
    assert rc == 0, err
    assert out == message + "\n"


def test_wrong_argument_types(folder):
    """An input that is no buffer and a symbol value that is no integer
    are TypeErrors naming them (docs/python.md)."""
    rc, out, err = run(folder, """
        a = array.array("f", [0] * 4)
        for call in (lambda: program(None, a, N=4),
                     lambda: program(a, a, N="4")):
            try:
                call()
            except TypeError as e:
                print(e)
        """)
    assert rc == 0, err
    assert out == ("A must be a torch CUDA tensor, a DeviceBuffer or a "
                   "bytes-like object, not NoneType\n"
                   "symbol N must be int, not str\n")


def test_closed_buffer(folder):
    """A closed DeviceBuffer (its memory freed) is refused, not read."""
    rc, out, err = run(folder, """
        from dlc import runtime
        a = runtime.DeviceBuffer.from_host(array.array("f", [1, 2, 3, 4]))
        a.close()
        for call in (lambda: program(a, a, N=4), a.to_host):
            try:
                call()
            except dlc.DlcError as e:
                print(e)
        """)
    assert rc == 0, err
    assert out == "A: buffer is closed\nbuffer is closed\n"
    assert "fakecuda: launch" not in err


def test_derived_symbols(folder):
    """A derived symbol (docs/conventions.md) is computed from its formula;
    the caller gives the free ones, and one given anyway must agree."""
    manifest = dict(MANIFEST, symbols=["N", "G"],
                    derived={"G": "floordiv(N + 127, 128)"},
                    grid=["G", "1", "1"])
    manifest["params"] = MANIFEST["params"] + [{"name": "G", "kind": "i64"}]
    (folder / "add.json").write_text(json.dumps(manifest))
    rc, out, err = run(folder, """
        a = array.array("f", [1] * 300)
        print(len(program(a, a, N=300)))
        try:
            program(a, a, N=300, G=2)
        except dlc.DlcError as e:
            print(e)
        """)
    assert rc == 0, err
    assert out == ("1200\nG=2 contradicts its definition G = "
                   "floordiv(N + 127, 128) = 3\n")
    assert "fakecuda: launch add grid 3,1,1 block 128,1,1" in err


def test_flat_param(folder):
    """A parameter the manifest marks "flat" (a flat buffer the kernel reads
    in its factors' shape, docs/conventions.md "Products of symbols") keeps
    its size formula; host buffers of its bytes bind as before."""
    manifest = dict(MANIFEST)
    manifest["params"] = [dict(MANIFEST["params"][0], shape=["N", 1],
                               flat="N")] + MANIFEST["params"][1:]
    (folder / "add.json").write_text(json.dumps(manifest))
    rc, out, err = run(folder, """
        a = array.array("f", [1, 2, 3, 4]); b = array.array("f", [10] * 4)
        print([t.flat for t in program.executable().inputs])
        print(list(array.array("f", bytes(program(a, b, N=4)))))
        """)
    assert rc == 0, err
    assert out == "['N', None]\n[11.0, 12.0, 13.0, 14.0]\n"


def test_load(folder):
    """Program.load takes the DLC manifests of a folder (JSON of other
    kinds beside them is left aside) and refuses a folder without one."""
    import dlc
    (folder / "notes.json").write_text("not JSON")
    (folder / "settings.json").write_text('{"kernel": 3}')
    program = dlc.Program.load(folder)
    assert [k["kernel"] for k in program.kernels] == ["add"]
    assert program.ptx == "// not loaded by the fake driver\n"
    assert program.manifest_path() == folder / "add.json"
    with pytest.raises(dlc.DlcError, match="not a folder"):
        dlc.Program.load(folder / "nonexistent")
    (folder / "empty").mkdir()
    with pytest.raises(dlc.DlcError, match="holds no DLC manifest"):
        dlc.Program.load(folder / "empty")


def test_no_driver(folder):
    """Without libcuda.so.1 the error says so (no fake on the path)."""
    code = ("import dlc\ntry:\n    dlc.Program.load(%r)(b'', b'', N=1)\n"
            "except dlc.DlcError as e:\n    print(e)\n" % str(folder))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=dict(os.environ,
                                              PYTHONPATH=str(PACKAGE),
                                              LD_LIBRARY_PATH="/nonexistent"))
    assert done.returncode == 0, done.stderr
    if "libcuda.so.1 not found" not in done.stdout:
        pytest.skip("this machine has a CUDA driver")
    assert done.stdout.startswith("cannot open CUDA device 0: no CUDA driver")


def test_a_compiled_program_runs(example, tmp_path):
    """dlc.compile's Program is callable: the example GEMM launches with
    the grid its manifest computes for the sizes bound."""
    import dlc
    compiled = dlc.compile(example, output=tmp_path)
    assert compiled.manifest_path() == tmp_path / "gemm_bias_relu.json"
    rc, out, err = run(tmp_path, """
        M, K, N = 300, 64, 200
        y = program(bytes(2 * M * K), bytes(2 * K * N), bytes(2 * N), M=M, K=K, N=N)
        print(len(y))
        """)
    assert rc == 0, err
    assert out == "%d\n" % (2 * 300 * 200)
    assert "fakecuda: launch gemm_bias_relu grid 3,1,1 block 256,1,1" in err


def test_bool_output(folder):
    """An i1 output is a byte an element (torch.bool's layout): C = A < B
    comes back as N bytes of 0 and 1."""
    manifest = json.loads(json.dumps(MANIFEST))
    manifest["params"][2]["dtype"] = "i1"
    (folder / "add.json").write_text(json.dumps(manifest))
    rc, out, err = run(folder, """
        a = array.array("f", [1, 5, 3, 0, 2]); b = array.array("f", [2, 4, 3, 1, 9])
        c = program(a, b, N=5)
        print(list(bytes(c)))
        """, execute="add 2=lt(0,1) n=3")
    assert rc == 0, err
    assert out == "[1, 0, 0, 1, 1]\n"
    assert "fakecuda: alloc 5 bytes" in err
