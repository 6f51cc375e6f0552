"""Errors are DlcError exceptions carrying the spec code, the location and
the suggestion."""
import pytest

import dlc

MISMATCH = """func.func @g(%a: tensor<?x4xf32, ["M", 4]>, %b: tensor<3xf32>) {
  %0 = "tiny.add"(%a, %b) : (tensor<?x4xf32, ["M", 4]>, tensor<3xf32>) -> tensor<?x4xf32, ["M", 4]>
  return
}
"""


def test_dlc_diagnostic_becomes_exception():
    module = dlc.Context().parse(MISMATCH, "g.mlir")
    with pytest.raises(dlc.DlcError) as error:
        module.run("func.func(tiny-verify)")
    assert error.value.code == "E1001"
    assert error.value.location == "g.mlir:2:8"
    assert error.value.suggestion.startswith("expand one side")
    diagnostic = error.value.diagnostics[0]
    assert diagnostic.severity == "error"
    assert diagnostic.kind == "BroadcastMismatch"
    assert "differ at axis 1" in diagnostic.why


# An f32 GEMM: the tensor-core skeletons take f16 or bf16 factors, so the
# planner sends it to the memory-bound skeleton and warns W1602.
F32_GEMM = """func.func @gemm_f32(%x: tensor<?x?xf32, ["M", "K"]>, %w: tensor<?x?xf32, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]> {
  %0 = "tiny.reshape"(%x) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x1x?xf32, ["M", 1, "K"]>
  %1 = "tiny.permute"(%w) {order = array<i64: 1, 0>} : (tensor<?x?xf32, ["K", "N"]>) -> tensor<?x?xf32, ["N", "K"]>
  %2 = "tiny.reshape"(%1) : (tensor<?x?xf32, ["N", "K"]>) -> tensor<1x?x?xf32, [1, "N", "K"]>
  %3 = "tiny.mul"(%0, %2) : (tensor<?x1x?xf32, ["M", 1, "K"]>, tensor<1x?x?xf32, [1, "N", "K"]>) -> tensor<?x?x?xf32, ["M", "N", "K"]>
  %4 = "tiny.reduce"(%3) {acc_dtype = f32, axes = array<i64: 2>, op = "sum"} : (tensor<?x?x?xf32, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  return %4 : tensor<?x?xf32, ["M", "N"]>
}
"""


def test_dlc_warning_is_collected_and_issued():
    # DLC warnings come through the context's diagnostics like errors (they
    # went to stderr only, past take_diagnostics).
    context = dlc.Context()
    module = context.parse(F32_GEMM, "f32.mlir")
    with pytest.warns(dlc.DlcWarning, match="W1602 GemmDeclined") as issued:
        module.run("dlc-to-ptx{chip=sm_80}")
    assert issued[0].message.diagnostic.code == "W1602"
    found = [d for d in context.take_diagnostics() if d.severity == "warning"]
    assert [d.code for d in found] == ["W1602"]
    assert found[0].kind == "GemmDeclined"
    assert found[0].location.startswith("f32.mlir:1:")  # at the function
    assert "the factors are f32 and f32" in found[0].why


def test_compile_reports_the_failing_pass():
    with pytest.raises(dlc.DlcError) as error:
        dlc.compile(MISMATCH)
    assert error.value.code == "E1001"
    # A Module is compiled as a copy, its locations kept.
    with pytest.raises(dlc.DlcError) as error:
        dlc.compile(dlc.Context().parse(MISMATCH, "g.mlir"))
    assert error.value.location == "g.mlir:2:8"


def test_compile_of_a_path_of_another_kind():
    """A model that is neither a .mlir/.json path nor IR says so (the
    parser said "custom op 'examples' is unknown")."""
    for model in ["examples/model.tiny", '{"nodes": []}']:
        with pytest.raises(dlc.DlcError) as error:
            dlc.compile(model)
        assert str(error.value).startswith(
            "compile(): the model %r is neither a .mlir or .json path nor "
            "tiny IR text" % model)


def test_compile_of_an_empty_model():
    with pytest.raises(dlc.DlcError) as error:
        dlc.compile("")
    assert "holds no function to compile" in str(error.value)


def test_unknown_pass():
    with pytest.raises(dlc.DlcError) as error:
        dlc.Context().parse(MISMATCH).run("no-such-pass")
    assert "'no-such-pass' does not refer to a registered pass" in str(error.value)
    assert error.value.code is None


def test_bad_chip_option():
    with pytest.raises(dlc.DlcError) as error:
        dlc.compile(MISMATCH, chip="sm_12")
    assert '"sm_12" is not a known chip' in str(error.value)


def test_parse_error_location():
    with pytest.raises(dlc.DlcError) as error:
        dlc.Context().parse("func.func @x(", "bad.mlir")
    assert error.value.location.startswith("bad.mlir:1:")
    assert "error: expected" in str(error.value)


def test_module_of_a_closed_context():
    ctx = dlc.Context()
    module = ctx.parse(MISMATCH)
    ctx.close()  # destroys the module with it
    with pytest.raises(dlc.DlcError, match="closed"):
        str(module)


def test_closed_context():
    ctx = dlc.Context()
    ctx.close()
    with pytest.raises(dlc.DlcError, match="context was closed"):
        ctx.parse(MISMATCH)


def test_kernel_writer_error(example, tmp_path):
    """dlcWriteKernels' message (stderr of the tools) becomes the error."""
    blocked = tmp_path / "dlc_kernels.ptx"
    blocked.mkdir()  # where the PTX file goes
    with pytest.raises(dlc.DlcError) as error:
        dlc.compile(example, output=tmp_path)
    assert str(error.value).startswith(
        "writing the kernels failed: dlc: error: cannot open '%s'" % blocked)


def test_output_folder_that_cannot_be_created(example, tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(dlc.DlcError) as error:
        dlc.compile(example, output=tmp_path / "file" / "out")
    assert str(error.value) == ("cannot create the output folder %s: Not a "
                                "directory" % (tmp_path / "file" / "out"))


@pytest.mark.parametrize("call,message", [
    (lambda: dlc.Context().parse(None), "text must be str or bytes, not "
                                        "NoneType"),
    (lambda: dlc.Context().parse(MISMATCH, None), "name must be str, not "
                                                  "NoneType"),
    (lambda: dlc.Context().import_graph_json(b"{}", 3), "name must be str, "
                                                        "not int"),
    (lambda: dlc.Context().parse(MISMATCH).run(None), "pipeline must be str, "
                                                      "not NoneType"),
    (lambda: dlc.Context().parse(MISMATCH).run("canonicalize", ir_tree=1),
     "ir_tree must be str or PathLike, not int"),
    (lambda: dlc.compile(None), "model must be Module, str, bytes or "
                                "PathLike, not NoneType"),
    (lambda: dlc.compile(MISMATCH, output=3), "output must be str or "
                                              "PathLike, not int"),
    (lambda: dlc.import_tinygrad(None), "graph must be dict, str, bytes or "
                                        "PathLike, not NoneType"),
])
def test_wrong_argument_types(call, message):
    """A wrong argument type is a TypeError naming the argument, as Python's
    own functions raise (docs/python.md), not an AttributeError or a ctypes
    TypeError from the package's insides."""
    with pytest.raises(TypeError) as error:
        call()
    assert str(error.value) == message


def test_bad_compile_arguments_are_dlc_errors(example):
    """Each value reaches its option whole and is checked there (E1603 for
    the planner's options, E1009 for tiny-symbol-versions'): another
    option's text inside it used to become that option, and a versions
    value that is not a number raised TypeError."""
    cases = [({"device": "sms=4 chip=sm_80"}, '"sms=4 chip=sm_80" is not FIGURE=VALUE', "E1603"),
             ({"device": {"sms": 0}}, '"sms=0" is not FIGURE=VALUE', "E1603"),
             ({"device": "sms=4}"}, '"sms=4}" is not FIGURE=VALUE', "E1603"),
             ({"chip": "sm_90 plan-file=/etc/passwd"},
              '"sm_90 plan-file=/etc/passwd" is not a known chip', "E1603"),
             ({"versions": {"N": "x"}}, '"N=x" is not SYMBOL=VALUE', "E1009")]
    for arguments, message, code in cases:
        with pytest.raises(dlc.DlcError) as error:
            dlc.compile(example, **arguments)
        assert error.value.code == code, arguments
        assert message in str(error.value), arguments
    with pytest.raises(dlc.DlcError, match="holds a double quote"):
        dlc.compile(example, plan_file='a"b.json')


def test_plan_file_path_with_a_space(example, tmp_path):
    folder = tmp_path / "my plans"
    folder.mkdir()
    (folder / "plan.json").write_text('{"stages": 3}')
    program = dlc.compile(example, chip="sm_90a", output=tmp_path / "out",
                          plan_file=folder / "plan.json")
    assert " stages 3 " in program.kernel("gemm_bias_relu")["plan"]
