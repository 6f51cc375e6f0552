#!/usr/bin/env bash
# Run cs-1's and cs-3's assets, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-cs): reductions over several loops whose reads run
# contiguously along the innermost only (a per-channel sum over N and H·W
# of NCHW, a max over axes 0 and 2), now point mode (a CTA per output, split
# over grid y), and over N, H, W of NHWC, now column mode over the
# flattened rows, instead of flat mode (a thread per output) — each for sm_90a
# and sm_80 with dlc-interp's reference data; timing models by this compiler
# (new) and forced to flat mode by a plan file (flat: the kernel before);
# a memory-bound harness bundle.
# Device side: bench/run_cs.sh.
#   bench/build_cs.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup cs "${1:-}"
RP=test/Conversion/RBSSAToPlan/Inputs
MODELS="$RP/channel_sum_nchw.tiny.mlir:N=3,C=5,P=1000:N=2,C=70,P=33
$RP/channel_max_static.tiny.mlir:-:-
$RP/channel_sum_nhwc.tiny.mlir:N=3,H=7,W=9,C=100:N=2,H=33,W=65,C=3"
program_assets "$MODELS"
mkdir -p "$O/t"
for name in channel_sum_nchw channel_sum_nhwc; do
  file=$RP/$name.tiny.mlir
  "$B/dlc-compile" "$file" -o "$O/t/$name/new" --chip sm_90a > /dev/null
  echo "{\"region\": \"$name\", \"algo_choice\": {\"memory\": \"flat\"}}" > "$O/t/$name.flat.json"
  "$B/dlc-compile" "$file" -o "$O/t/$name/flat" --chip sm_90a --plan-file "$O/t/$name.flat.json" > /dev/null
done
mkdir -p "$O/t/col_sum"
"$B/dlc-compile" examples/col_sum.tiny.mlir -o "$O/t/col_sum/new" --chip sm_90a > /dev/null
grep -h '"plan"' "$O"/t/*/*/*.json | sort | uniq -c
sm90a_bundle hm --family memory --count "${M:-60}" --seed "${SEED:-1160}" --bool 0.2 --transpose 0.1 --channel 0.4
echo "bundle: $(grep -c axes=channel "$O"/hm/problems.txt) channel reduces, $(grep -l memory:point "$O"/hm/q*/q*.json | wc -l) point kernels"
grep -l '"plan": "memory:\(point\|row\|column\)' "$O"/hm/q*/q*.json | xargs -n1 basename | sed 's/\(_r[0-9]*\)\?.json$//' | sort -u | paste -sd, > "$O/sanitize.txt"
echo "to sanitize: $(cat "$O/sanitize.txt")"
pack_bench run_cs.sh timing.py
