#!/usr/bin/env bash
# Branch ft's GPU assets (bench/run_ft.sh), built HERE into OUT (default
# /work/main/gpu-ft, carried as gpu-ft):
#   k/main/attn_d{64,128}_causal  main's compiler (MAIN_BIN, default
#                                 /work/main/build/bin): the persistent pairs
#   k/bal/...                     this compiler, plan file grid "balanced"
#   k/b4/...                      the same with R = rounds - 4 (a probe:
#                                 the constant edited, built, restored)
#   hb                            attention bundle, --balanced 1 (seed 28)
#   bench/                        run_ft.sh and the scripts it runs
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup ft "${1:-}"
S=$(mktemp -d)
DLC_BIN=${MAIN_BIN:-/work/main/build/bin} bench/build_attention.sh "$S" > /dev/null
compile() { # LABEL
  mkdir -p "$O/k/$1"
  for d in 64 128; do
    echo "{\"region\": \"attn_d${d}_causal_r1\", \"algo_choice\": {\"grid\": \"balanced\"}}" > "$S/bal$d.json"
    $B/dlc-compile "$S/src/attn_d${d}_causal.json" -o "$O/k/$1/attn_d${d}_causal" \
      --chip sm_90a --plan-file "$S/bal$d.json" > /dev/null
  done
}
mkdir -p "$O/k/main" && cp -r "$S/attn_d64_causal" "$S/attn_d128_causal" "$O/k/main/"
compile bal
f=lib/Conversion/PlanToDLCGPU/Sm90FlashSchedule.c
sed -i 's/sub(g, rounds, cst(g, 2))/sub(g, rounds, cst(g, 4))/' $f
ninja -C build bin/dlc-compile > /dev/null && compile b4
git checkout $f && ninja -C build > /dev/null
rm -rf "$S"
test/gpu/build_bundle.sh "$O/hb" --family attention --chip sm_90a --count 70 \
  --seed 28 --balanced 1 --lse 0.3 | tail -2
pack_bench run_ft.sh check_attention_sizes.py bench_attention.py dlc_kernel.py timing.py
