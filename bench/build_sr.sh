#!/usr/bin/env bash
# Builds runs sr-1 … sr-4's assets (issue 10: row mode's split rows,
# MemoryRowSplit.c — a few long rows of softmax, LayerNorm, RMSNorm shared
# by S CTAs a row) HERE (MLIR, no GPU) into OUT (default /work/main/gpu-sr):
#   k/<example>, ko/<example>
#              examples/{softmax,layernorm,rmsnorm,row_sum}.tiny.mlir
#              (symbolic) by this compiler and by OLD's (a checkout with
#              build/bin of the compiler before), timed by bench_rows.py;
#   k/<example>_v, ko/<example>_v
#              softmax and LayerNorm with N static at 128256 (the one-pass
#              pair's form), by both;
#   hm         the memory-bound bundle with half its softmax, LayerNorm and
#              RMSNorm problems on 1-8 rows of 8192-65536 (--long-rows);
#              sanitize.txt: three of those for memcheck and racecheck, the
#              first two with a pair over split rows where there are any.
# Device side: bench/run_sr.sh.
#   OLD=/work/old bench/build_sr.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup sr "${1:-}"
OLD=${OLD:-/work/old}
for ex in softmax layernorm rmsnorm row_sum; do
  "$B/dlc-compile" "examples/$ex.tiny.mlir" -o "$O/k/$ex" --chip sm_90a | grep "^$ex" | cut -c1-200
  "$OLD/build/bin/dlc-compile" "examples/$ex.tiny.mlir" -o "$O/ko/$ex" --chip sm_90a | grep "^$ex" | cut -c1-200
done
# The same with N static at a vocabulary's 128256 (sr-4): rows over 32 KiB,
# so the planner takes the one-pass pair (online softmax, Welford).
mkdir -p "$O/src"
for ex in softmax layernorm; do
  sed 's/?x?x\(f[0-9]*\), \["M", "N"\]/?x128256x\1, ["M", 128256]/g; s/tensor<?x\(f[0-9]*\), \["N"\]>/tensor<128256x\1, [128256]>/g' \
    "examples/$ex.tiny.mlir" > "$O/src/$ex.tiny.mlir"
  "$B/dlc-compile" "$O/src/$ex.tiny.mlir" -o "$O/k/${ex}_v" --chip sm_90a | grep "^$ex" | cut -c1-120
  "$OLD/build/bin/dlc-compile" "$O/src/$ex.tiny.mlir" -o "$O/ko/${ex}_v" --chip sm_90a | grep "^$ex" | cut -c1-120
done
rm -rf "$O/src"
sm90a_bundle hm --family memory --count "${M:-120}" --seed "${MSEED:-2026}" --long-rows 0.5
# Split-row problems: those whose manifest is cooperative "split"; the
# ones with a pair (memory:row+online / +welford) first.
split_rows() { grep -l '"cooperative": "split"' "$O"/hm/q*/q*.json | xargs -r grep -l "$1" |
  xargs -r -n1 dirname | xargs -r -n1 basename | sort -u; }
{ split_rows 'memory:row+' | head -2; split_rows 'memory:row ' | head -1; } |
  paste -sd, > "$O/sanitize.txt"
echo "split-row problems: $(grep -cE 'N=(8192|8193|12289|16385|40000|65536) family=(softmax|layernorm|rmsnorm)' "$O/hm/problems.txt"); sanitized: $(cat "$O/sanitize.txt")"
pack_bench run_sr.sh bench_rows.py dlc_kernel.py timing.py
