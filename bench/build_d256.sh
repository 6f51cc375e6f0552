#!/usr/bin/env bash
# Run d256-2's kernels HERE (MLIR, no GPU): bench/build_attention.sh's two
# D = 256 models (OUT/src/attn_d256_{full,causal}.json, built first by
# build_attention.sh OUT) compiled again with plan files into OUT/<variant>/
# for chip sm_90a: "ov" (algo_choice attention = "online_softmax.overlap":
# no ping-pong turns), "tiles" (grid "tiles": a CTA per work tile), and
# "bal" (causal only, grid "balanced"; the planner takes "persistent" at
# D = 256) and "ovtiles" (run d2-1: no turns on the tiles grid), each with
# ptxas' registers and spills printed.
#   bench/build_d256.sh OUT     then bench_attention.py --kernels dlc=OUT
#                               --kernels ov=OUT/ov ... --only d256
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
out="${1:?usage: build_d256.sh OUT}"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
variant() { # NAME MODEL CHOICE
  local dir="$out/$1" plan="$out/$1/$2.plan.json"
  mkdir -p "$dir"
  echo "{\"region\": \"$2_r1\", \"algo_choice\": {$3}}" > "$plan"
  "$bin/dlc-compile" "$out/src/$2.json" -o "$dir/$2" --chip sm_90a --plan-file "$plan" > "$dir/$2.log"
  echo "$1/$2: $("$PTXAS" -arch=sm_90a -v "$dir/$2/dlc_kernels.ptx" -o /dev/null 2>&1 | grep -E 'spill' | tail -1 | sed 's/^ *//')"
}
for m in attn_d256_full attn_d256_causal; do
  grid=persistent
  variant ov $m "\"attention\": \"online_softmax.overlap\", \"grid\": \"$grid\""
  variant tiles $m "\"grid\": \"tiles\""
  variant ovtiles $m "\"attention\": \"online_softmax.overlap\", \"grid\": \"tiles\""
done
variant bal attn_d256_causal "\"grid\": \"balanced\""
