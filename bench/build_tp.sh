#!/usr/bin/env bash
# Run tp-1's assets, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-tp): transpose mode of the memory-bound skeleton (a CTA
# per 64 x 64 tile, reads across the last axis staged through shared
# memory) — a 2-D transpose, NCHW to NHWC, sigmoid(X^T + Z) with a read in
# place beside the staged one, a static f32 transpose of odd extents, and
# NCHW to NHWC of three channels (flat mode) — each for sm_90a and sm_80
# with dlc-interp's reference data; timing models by this compiler (new)
# and the same regions forced to flat mode by a plan file (flat: the
# kernels before transpose mode); a memory-bound harness bundle.
# Device side: bench/run_tp.sh.
#   bench/build_tp.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup tp "${1:-}"
RP=test/Conversion/RBSSAToPlan/Inputs
MODELS="$RP/transpose_2d.tiny.mlir:M=333,N=200:M=64,N=4097
$RP/nchw_to_nhwc.tiny.mlir:B=2,C=70,H=5,W=129:B=1,C=256,H=3,W=17
$RP/transpose_add_sigmoid.tiny.mlir:B=3,M=100,N=65:B=1,M=1,N=300
$RP/transpose_static_f32.tiny.mlir:-:-
$RP/nchw3_to_nhwc.tiny.mlir:B=2,H=31,W=33:B=1,H=1,W=7"
program_assets "$MODELS"
mkdir -p "$O/t"
for name in transpose_2d nchw_to_nhwc transpose_add_sigmoid transpose_static_f32; do
  file=$RP/$name.tiny.mlir
  "$B/dlc-compile" "$file" -o "$O/t/$name/new" --chip sm_90a > /dev/null
  echo "{\"region\": \"$name\", \"algo_choice\": {\"memory\": \"flat\"}}" > "$O/t/$name.flat.json"
  "$B/dlc-compile" "$file" -o "$O/t/$name/flat" --chip sm_90a --plan-file "$O/t/$name.flat.json" > /dev/null
done
grep -h '"plan"' "$O"/t/*/*/*.json | sort | uniq -c
sm90a_bundle hm --family memory --count "${M:-60}" --seed "${SEED:-1150}" --bool 0.2 --transpose 0.4
echo "bundle problems in transpose mode: $(grep -l 'memory:transpose' "$O"/hm/*/*.json 2>/dev/null | wc -l)"
pack_bench run_tp.sh timing.py
