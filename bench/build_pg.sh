#!/usr/bin/env bash
# Branch pg's GPU assets (issue 9: can the SM90 GEMM take ping-pong?),
# built here with this worktree's build/bin into OUT (default
# /work/main/gpu-pg, carried as gpu-pg; device script bench/run_pg.sh):
# the GEMM + bias + ReLU examples, f16 and bf16, as k/<variant>-<example>
# (bench/run_gemm_ab.sh's names) for each VARIANTS entry NAME:PLANJSON
# (an empty PLANJSON: the planner's choice), with ptxas' registers and
# spills of each; the smoke references; bench scripts into OUT/bench.
# KEEP=1 keeps the kernels built before (two compiler states side by side).
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup pg "${1:-}" ${KEEP:+keep} # KEEP=1: add to the kernels built before
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
pp() { # ping-pong 128 x 128 with $1 stages [in clusters of $2]
  local c=
  [ -n "${2:-}" ] && c=", \"algo_choice\": {\"matmul\": \"implicit_gemm\", \"cluster\": \"$2\"}"
  echo "{\"tile\": [128, 128, 64], \"warp_tile\": [128, 128], \"stages\": $1$c}"
}
VARIANTS=${VARIANTS:-"co: pp6:$(pp 6) pp5:$(pp 5) pp6c2:$(pp 6 2) pp4:$(pp 4)"}
mkdir -p "$O/src"
while IFS= read -r v; do
  [ -n "$v" ] || continue
  name=${v%%:*} plan=${v#*:} file=
  if [ -n "$plan" ]; then file="$O/src/$name.json"; echo "$plan" > "$file"; fi
  for e in gemm_bias_relu gemm_bias_relu_bf16; do
    ptx_example "$name-$e" "$e" "$file"
    $PTXAS -arch=sm_90a -v "$O/k/$name-$e/dlc_kernels.ptx" -o /dev/null 2>&1 \
      | grep -E "registers|spill" | tail -2 | sed "s/^/$name-$e: /" | paste -sd' '
    grep -o '"plan": "[^"]*"' "$O/k/$name-$e/gemm_bias_relu.json" | head -1
  done
done <<< "$(echo "$VARIANTS" | sed 's/ \([a-z0-9]*:\)/\n\1/g')"
rm -rf "$O/src"
smoke_ref
# dlc-interp references for run_pg.sh's CHECK (odd sizes: partial tiles, a
# CTA with two ping-pong tiles)
for r in ${REFS:-r1800:M=1800,K=136,N=1200 r777:M=777,K=333,N=520}; do
  $B/dlc-interp examples/gemm_bias_relu.tiny.mlir "${r#*:}" --products accumulator \
    --write-ref "$O/ref/${r%%:*}" > /dev/null
done
pack_bench run_pg.sh run_gemm_ab.sh ncu_hot.py bench_gemm.py timing.py dlc_kernel.py
