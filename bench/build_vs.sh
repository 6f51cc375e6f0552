#!/usr/bin/env bash
# Run vs-1's assets, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-vs): memory-bound point kernels that read their reduce by
# 16-byte vectors over several contiguous loops and split it over grid y
# with vectors (the sum of a 1-D tensor, full sums, sums over trailing
# axes, pools; a column sum of four columns, now point mode), each for
# sm_90a and sm_80 with dlc-interp's reference data
# at two sizes (or one, static); timing models by this compiler and by
# main before the change (OLD_BIN, default /tmp/bin-r10, main at bd9796c's
# memory-bound code); a memory-bound harness bundle (seed 1140).
# Device side: bench/run_vs.sh.
#   bench/build_vs.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup vs "${1:-}"
RP=test/Conversion/RBSSAToPlan/Inputs
OLD_BIN=${OLD_BIN:-/tmp/bin-r10}
MODELS="$RP/sum_1d.json:N=1000003:N=8193
$RP/max_1d.json:N=300001:N=9
$RP/sum_last_two.json:B=3,M=129,N=70:B=2,M=1000,N=333
$RP/max_middle_last.json:B=5,M=7,N=100:B=2,M=600,N=517
$RP/pool_nchw.json:B=2,C=3,H=56,W=56:B=3,C=5,H=7,W=9
$RP/sum_all.json:M=600,N=1001:M=7,N=9
$RP/sum_all_static.json:-:-
$RP/sum_shifted_add.tiny.mlir:-:-
$RP/sum_shifted_product.tiny.mlir:-:-
$RP/colsum_4.json:M=100003:M=7"
program_assets "$MODELS"
mkdir -p "$O/t"
for file in $RP/sum_1d.json $RP/max_1d.json $RP/sum_last_two.json $RP/pool_nchw.json $RP/sum_all.json $RP/sum_all_static.json; do
  name=$(basename "$file" .json)
  "$B/dlc-compile" "$file" -o "$O/t/$name/new" --chip sm_90a > /dev/null
  "$OLD_BIN/dlc-compile" "$file" -o "$O/t/$name/old" --chip sm_90a > /dev/null 2>&1 || echo "timed $name: old does not compile"
done
sm90a_bundle hm --family memory --count "${M:-40}" --seed "${SEED:-1140}" --bool 0.3
pack_bench run_vs.sh timing.py
