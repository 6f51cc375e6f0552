#!/usr/bin/env bash
# Builds sr-1's assets (issue 10: row mode's split rows, MemoryRowSplit.c —
# a few long rows of softmax, LayerNorm, RMSNorm shared by S CTAs a row)
# HERE (MLIR, no GPU) into OUT (default /work/main/gpu-sr):
#   k/<example>, ko/<example>
#              examples/{softmax,layernorm,rmsnorm,row_sum}.tiny.mlir
#              (symbolic) by this compiler and by OLD's (a checkout with
#              build/bin of the compiler before), timed by bench_rows.py;
#   hm         the memory-bound bundle with half its softmax, LayerNorm and
#              RMSNorm problems on 1-8 rows of 8192-65536 (--long-rows);
#              sanitize.txt: three of those for memcheck and racecheck.
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
grep -E "family=(softmax|layernorm|rmsnorm)" "$O/hm/problems.txt" |
  awk '{ for (i = 1; i <= NF; ++i) if ($i ~ /^N=/) { split($i, a, "="); if (a[2] >= 8192) print $1 } }' |
  head -3 | paste -sd, > "$O/sanitize.txt"
echo "split-row problems: $(grep -cE 'N=(8192|8193|12289|16385|40000|65536) family=(softmax|layernorm|rmsnorm)' "$O/hm/problems.txt"); sanitized: $(cat "$O/sanitize.txt")"
pack_bench run_sr.sh bench_rows.py dlc_kernel.py timing.py
