#!/usr/bin/env bash
# Kernels for bench/bench_norm.py (no GPU needed): LayerNorm, RMSNorm and
# softmax (examples/*.tiny.mlir) over 16384 rows of 768 / 4096 / 8192 /
# 16384 / 32768, static, and the symbolic examples, as the planner plans
# them; each LayerNorm and softmax also with the plan's algo_choice reduce
# forced both ways: "-passes" (the pair of reduces in two loops over the
# row) and "-onepass" (reduce = "welford" / "online": one loop).
#   bench/build_norm.sh DIR   (tools from $DLC_BIN, default build/bin,
#                              through bench/plan_edit.sh)
# DLC_NORM_WIDTHS (default "768 4096 8192 16384 32768") picks the static
# widths; DLC_NORM_TILE=T forces every plan's CTA to T threads (a row
# kernel's tile [1, T, 1]: T / 32 warp rows a CTA on rows of at most 1024).
# Writes DIR/<name>/<func>.json + dlc_kernels.ptx, name = <example>-<width>
# or <example>-sym, then -passes / -onepass for the forced variants.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: build_norm.sh DIR}"
chip=sm_90a
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
build() { # name source form: plan (the planner's), passes, welford, online
  local edits=()
  [ -z "${DLC_NORM_TILE:-}" ] ||
    edits+=("s/tile = array<i64: 1, 256, 1>/tile = array<i64: 1, $DLC_NORM_TILE, 1>/")
  if [ "$3" != plan ]; then
    edits+=('s/, reduce = "[a-z]*"//')
    [ "$3" = passes ] || edits+=("s/algo_choice = {memory = \"row\"}/algo_choice = {memory = \"row\", reduce = \"$3\"}/")
  fi
  "$root/bench/plan_edit.sh" "$2" "$out/$1" "$chip" ${edits[@]+"${edits[@]}"}
}
for ex in layernorm rmsnorm softmax; do
  src="$root/examples/$ex.tiny.mlir"
  pair=welford; [ "$ex" = softmax ] && pair=online
  build "$ex-sym" "$src" plan
  if [ "$ex" != rmsnorm ]; then
    build "$ex-sym-passes" "$src" passes
    build "$ex-sym-onepass" "$src" $pair
  fi
  for w in ${DLC_NORM_WIDTHS:-768 4096 8192 16384 32768}; do
    sed -e "s/?x?x\(f[0-9]*\), \[\"M\", \"N\"\]/16384x${w}x\1/g" \
        -e "s/?x\(f[0-9]*\), \[\"M\"\]/16384x\1/g" \
        -e "s/?x\(f[0-9]*\), \[\"N\"\]/${w}x\1/g" "$src" > "$tmp/$ex-$w.tiny.mlir"
    build "$ex-$w" "$tmp/$ex-$w.tiny.mlir" plan
    if [ "$ex" != rmsnorm ] && [ "$w" != 768 ]; then
      build "$ex-$w-passes" "$tmp/$ex-$w.tiny.mlir" passes
      build "$ex-$w-onepass" "$tmp/$ex-$w.tiny.mlir" $pair
    fi
  done
done
echo "kernels in $out: $(ls "$out" | wc -l)"
