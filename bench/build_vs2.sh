#!/usr/bin/env bash
# Run vs-2's assets, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-vs2): rule 8's new estimates (a chain of f16 ops computed
# in f32, a chain of ops of constants: cut, not E1602) and a transpose, a
# narrow column sum, for sm_90a and sm_80 with dlc-interp's reference data;
# timing models by this compiler and by OLD_BIN (default /tmp/bin-r10):
# row sums and maxima of many rows (split code now in the point kernel),
# a 2-D transpose, a narrow column sum, one long softmax row.
# Device side: bench/run_vs2.sh.
#   bench/build_vs2.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup vs2 "${1:-}"
IN=test/Conversion/IndexBookToRBSSA/Inputs
T=bench/memory_probe
MODELS="$IN/cast_chain.tiny.mlir:N=100003:N=77
$IN/const_chain.tiny.mlir:N=70001:N=5
$T/transpose.tiny.mlir:M=333,N=200:M=64,N=4097
$T/colsum_narrow.json:M=100003,N=4:M=7,N=3"
program_assets "$MODELS"
mkdir -p "$O/t"
for file in examples/row_sum.tiny.mlir examples/row_max.tiny.mlir examples/softmax.tiny.mlir $T/transpose.tiny.mlir $T/colsum_narrow.json; do
  name=$(basename "$file"); name=${name%.json}; name=${name%.tiny.mlir}
  "$B/dlc-compile" "$file" -o "$O/t/$name/new" --chip sm_90a > /dev/null
  /tmp/bin-r10/dlc-compile "$file" -o "$O/t/$name/old" --chip sm_90a > /dev/null 2>&1 || echo "timed $name: old does not compile"
done
pack_bench run_vs2.sh timing.py
