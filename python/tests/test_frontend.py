"""Frontend JSON import (spec §2)."""
import pytest

import dlc


def test_import_frontend_json(frontend_gemm):
    module = dlc.Context().import_frontend_json(frontend_gemm.read_text(),
                                                str(frontend_gemm))
    text = str(module)
    assert "func.func @gemm_bias_relu" in text
    assert '"tiny.contract"' in text or '"tiny.reduce"' in text


def test_malformed_json_is_an_error_at_its_position():
    with pytest.raises(dlc.DlcError) as error:
        dlc.Context().import_frontend_json('{"name": "x",\n}', "bad.json")
    assert error.value.location == "bad.json:2:1"
    assert "malformed JSON" in str(error.value)
