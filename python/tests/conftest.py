"""Tests of the dlc package: import it from this source tree (python/), on
the libDLC.so that $DLC_LIBRARY names or the tree's build/."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def example():
    """The example GEMM + bias + ReLU in tiny."""
    return ROOT / "examples" / "gemm_bias_relu.tiny.mlir"


@pytest.fixture
def frontend_gemm():
    """The same model as Frontend JSON."""
    return ROOT / "test" / "Frontend" / "Inputs" / "gemm_bias_relu.json"
