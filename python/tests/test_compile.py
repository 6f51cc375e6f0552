"""dlc.compile: a model to PTX and manifests."""
import os
import threading

import pytest

import dlc


def test_compile_tiny_file(example, tmp_path):
    program = dlc.compile(example, output=tmp_path)
    assert ".visible .entry gemm_bias_relu(" in program.ptx
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in program.ptx
    manifest = program.kernel("gemm_bias_relu")
    assert manifest["arch"] == "sm_90"
    assert [p["name"] for p in manifest["params"]] == [
        "X", "W", "bias", "Y", "M", "K", "N"]
    assert (tmp_path / "gemm_bias_relu.json").is_file()
    assert '"tiny.reduce"' in program.tiny
    assert "gpu.binary" in str(program.module)


def test_compile_for_sm90a(example, tmp_path):
    program = dlc.compile(str(example), chip="sm_90a", output=tmp_path)
    assert "wgmma.mma_async" in program.ptx
    assert program.kernels[0]["arch"] == "sm_90a"


def test_compile_frontend_json(frontend_gemm, tmp_path):
    program = dlc.compile(frontend_gemm, output=tmp_path)
    assert program.kernel("gemm_bias_relu")["symbols"] == ["M", "K", "N"]


def test_compile_module(example, tmp_path):
    """A Module is compiled as a copy and stays the tiny model: it was
    lowered in place, so a second compile found no function."""
    module = dlc.Context().parse(example.read_text(), str(example))
    tiny = str(module)
    first = dlc.compile(module, output=tmp_path / "first")
    assert "gpu.binary" in str(first.module)
    assert str(module) == tiny
    second = dlc.compile(module, chip="sm_90a", output=tmp_path / "second")
    assert second.kernel("gemm_bias_relu")["arch"] == "sm_90a"


def test_compile_keeps_each_layer(example, tmp_path):
    program = dlc.compile(example, output=tmp_path, layers=True)
    assert list(program.layers) == ["tiny", "indexbook", "rbssa", "plan",
                                    "dlcgpu"]
    for layer, text in program.layers.items():
        assert '"%s.' % layer in text
    assert '"tiny.' not in program.layers["indexbook"]
    assert "plan." in program.layers["plan"] and "tile" in program.layers["plan"]


def test_compile_for_another_product(example, tmp_path):
    # device= names another product of the chip: its 114 SMs size the
    # persistent grid (the chip row's 132 otherwise).
    row = dlc.compile(example, chip="sm_90a", output=tmp_path / "row")
    pcie = dlc.compile(example, chip="sm_90a", output=tmp_path / "pcie",
                       device={"sms": 114})
    text = dlc.compile(example, chip="sm_90a", output=tmp_path / "text",
                       device="sms=114")
    assert row.kernel("gemm_bias_relu")["grid"][0].endswith(", 132))")
    assert pcie.kernel("gemm_bias_relu")["grid"][0].endswith(", 114))")
    assert text.kernel("gemm_bias_relu")["grid"] == \
        pcie.kernel("gemm_bias_relu")["grid"]


def test_compile_with_versions(example, tmp_path):
    program = dlc.compile(example, chip="sm_90a", output=tmp_path,
                          versions={"N": 1})
    general = program.kernel("gemm_bias_relu")
    assert general["versions"] == [{"kernel": "gemm_bias_relu_N1",
                                    "when": {"N": 1}}]
    assert program.kernel("gemm_bias_relu_N1")["symbols"] == ["M", "K"]
    # The version is loaded with the kernel naming it: still one model.
    assert program.manifest_path() == tmp_path / "gemm_bias_relu.json"
    text = dlc.compile(example, output=tmp_path / "text", versions="N=1,M=1")
    assert {k["kernel"] for k in text.kernels} == {
        "gemm_bias_relu", "gemm_bias_relu_N1", "gemm_bias_relu_M1"}


def test_compile_into_a_used_folder(example, tmp_path):
    """The Program is what this compile wrote: the manifests an earlier
    compile left in the folder (another model's, a version no longer asked
    for) are no part of it."""
    dlc.compile(example.parent / "two_gemm.tiny.mlir", output=tmp_path)
    dlc.compile(example, output=tmp_path, versions={"N": 1})
    program = dlc.compile(example, output=tmp_path)
    assert [k["kernel"] for k in program.kernels] == ["gemm_bias_relu"]
    assert program.programs == []
    assert program.manifest_path() == tmp_path / "gemm_bias_relu.json"
    # Loaded, the folder holds three models; which is meant is not guessed.
    with pytest.raises(dlc.DlcError) as error:
        dlc.Program.load(tmp_path).manifest_path()
    assert str(error.value).startswith(
        "%s holds 3 models (gemm_bias_relu.json, gemm_bias_relu_N1.json, "
        "two_gemm.json); a Program runs one" % tmp_path)


def test_compiles_in_threads(example, tmp_path, monkeypatch):
    """Compiles in several threads take the kernel writer's output (fds 1
    and 2) one at a time: two captures at once restored each other's
    sink, and the process's stdout was lost for good."""
    from dlc import _capi
    write, inside, most = _capi.dlcWriteKernels, [], []
    both = threading.Barrier(2)

    def writer(*args):  # waits (a second at most) for the other thread
        inside.append(1)
        most.append(len(inside))
        try:
            both.wait(timeout=1)
        except threading.BrokenBarrierError:
            pass
        inside.pop()
        return write(*args)

    monkeypatch.setattr(_capi, "dlcWriteKernels", writer)
    stdout = os.fstat(1)
    contexts = [dlc.Context(), dlc.Context()]  # created before the threads
    programs = {}

    def work(i):
        programs[i] = dlc.compile(example, output=tmp_path / str(i),
                                  context=contexts[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert max(most) == 1
    assert (os.fstat(1).st_ino, os.fstat(1).st_dev) == (stdout.st_ino,
                                                         stdout.st_dev)
    assert [programs[i].manifest_path() for i in range(2)] == [
        tmp_path / "0" / "gemm_bias_relu.json",
        tmp_path / "1" / "gemm_bias_relu.json"]
