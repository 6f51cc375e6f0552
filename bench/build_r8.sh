#!/usr/bin/env bash
# Run r8-1's assets, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-r8): convert-indexbook-to-rbssa's rule 8 (a long chain cut
# into kernels; a GEMM's long activation epilogue kept whole) and the
# memory-bound point mode over several reduced loops (sums over trailing
# axes, pools, full sums), each for sm_90a and sm_80 with dlc-interp's
# reference data at two sizes (or one, static); timing models by this
# compiler and by main before the point-mode change (OLD_BIN, default
# /tmp/bin-r8, main at 8ea3255); a memory-bound harness bundle (seed 1132).
# Device side: bench/run_r8.sh.
#   bench/build_r8.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup r8 "${1:-}"
IN=test/Conversion/IndexBookToRBSSA/Inputs
RP=test/Conversion/RBSSAToPlan/Inputs
OLD_BIN=${OLD_BIN:-/tmp/bin-r8}
MODELS="$IN/long_chain.json:M=333,N=200:M=1000,N=77
$IN/gemm_long_epilogue.json:M=130,K=96,N=200:M=65,K=520,N=72
$RP/sum_last_two.json:B=3,M=129,N=70:B=2,M=1000,N=333
$RP/max_middle_last.json:B=5,M=7,N=100:B=2,M=600,N=517
$RP/pool_nchw.json:B=2,C=3,H=56,W=56:B=3,C=5,H=7,W=9
$RP/sum_all.json:M=1000,N=4097:M=7,N=9
$RP/sum_all_static.json:-:-"
program_assets "$MODELS"
mkdir -p "$O/t"
for file in $RP/sum_last_two.json $RP/pool_nchw.json $RP/sum_all.json $RP/sum_all_static.json $IN/long_chain.json; do
  name=$(basename "$file" .json)
  "$B/dlc-compile" "$file" -o "$O/t/$name/new" --chip sm_90a > /dev/null
  "$OLD_BIN/dlc-compile" "$file" -o "$O/t/$name/old" --chip sm_90a > /dev/null 2>&1 || echo "timed $name: old does not compile"
done
sm90a_bundle hm --family memory --count "${M:-60}" --seed "${SEED:-1132}" --bool 0.3
pack_bench run_r8.sh
