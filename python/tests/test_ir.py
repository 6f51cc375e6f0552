"""Parse and print IR, run pipelines of DLC and upstream passes."""
import pytest

import dlc

NEG = """func.func @neg(%a: tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]> {
  %0 = "tiny.neg"(%a) : (tensor<?xf32, ["N"]>) -> tensor<?xf32, ["N"]>
  return %0 : tensor<?xf32, ["N"]>
}
"""


def test_dialects_and_passes():
    assert dlc.dialects() == ["tiny", "indexbook", "rbssa", "plan", "dlcgpu"]
    passes = dlc.passes()
    assert "dlc-to-ptx" in passes and "tiny-verify" in passes
    assert passes["dlc-to-ptx"].startswith("Pipeline:")


def test_parse_print_round_trip():
    ctx = dlc.Context()
    text = str(ctx.parse(NEG, "neg.mlir"))
    assert '"tiny.neg"(%arg0)' in text
    assert str(ctx.parse(text)) == text


def test_run_mixes_dlc_and_upstream_passes():
    module = dlc.Context().parse(NEG)
    module.run("func.func(tiny-verify, canonicalize), convert-tiny-to-indexbook")
    assert '"indexbook.' in str(module)
    assert '"tiny.neg"' not in str(module)
    module.verify()


def test_run_accepts_full_pipeline_and_returns_module():
    module = dlc.Context().parse(NEG)
    assert module.run("builtin.module(func.func(tiny-verify))") is module


def test_modules_outlive_their_context_reference():
    module = dlc.Context().parse(NEG)  # the module keeps its context alive
    assert "tiny.neg" in str(module)


def test_run_prints_an_ir_tree(tmp_path):
    """ir_tree is created with its parents and gets the module after each
    pass; one that cannot be created is a DlcError (MLIR printed that to
    stderr, wrote nothing and the run returned normally)."""
    module = dlc.Context().parse(NEG)
    tree = tmp_path / "new" / "tree"
    module.run("canonicalize", ir_tree=tree)
    printed = tree / "builtin_module_no-symbol-name" / "0_canonicalize.mlir"
    assert '"tiny.neg"' in printed.read_text()
    (tmp_path / "file").write_text("")
    with pytest.raises(dlc.DlcError) as error:
        module.run("canonicalize", ir_tree=tmp_path / "file" / "tree")
    assert str(error.value) == ("cannot create the ir_tree folder %s: Not a "
                                "directory" % (tmp_path / "file" / "tree"))
