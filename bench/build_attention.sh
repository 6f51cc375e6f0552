#!/usr/bin/env bash
# Compiles the attention benchmark's kernels HERE (MLIR, no GPU): six
# Frontend Attention models (head dim 64, 128 and 256, causal or not, fp16,
# scale 1/sqrt(D), symbolic B, H, M = N = S), each with dlc-compile into
# OUT/<name>/ for chip sm_90a (the SM90 flash kernel, <name>_r1.json, and
# the program) and into OUT/sm80/<name>/ for chip sm_90 (the SM80 flash
# kernel; not at D = 256, which it refuses), so one run times both. The
# D = 128 models are also built with
# "lse": true (<name>_lse, SM90 only: outputs O and LSE, the log-sum-exp
# written by the flash kernel's epilogue), timed beside them.
# DIMS="32 80 ..." (default "64 128 256") picks the head dimensions (run
# pd-1: dimensions padded to the tile width; the SM80 kernel only up to
# 128, LSE models only at 128).
#   bench/build_attention.sh OUT      then, on the GPU machine:
#   python3 bench/bench_attention.py --kernels OUT
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
out="${1:?usage: build_attention.sh OUT}"
mkdir -p "$out/src" "$out/sm80"
for d in ${DIMS:-64 128 256}; do
  for causal in false true; do
  for lse in false true; do
    [ "$lse" = true ] && [ "$d" != 128 ] && continue
    name="attn_d${d}_$([ "$causal" = true ] && echo causal || echo full)$([ "$lse" = true ] && echo _lse || true)"
    scale=$(python3 -c "print(1 / $d ** 0.5)")
    lse_out="" lse_tensor="" lse_attr=""
    if [ "$lse" = true ]; then
      lse_out=', {"tensor": "LSE"}'
      lse_tensor=', "LSE": {"dtype": "fp32", "shape": ["B", "H", "M"]}'
      lse_attr=', "lse": true'
    fi
    cat > "$out/src/$name.json" <<JSON
{
  "name": "$name",
  "signature": {
    "inputs": [
      {"tensor": "Q", "role": "data", "mutability": "immutable"},
      {"tensor": "K", "role": "data", "mutability": "immutable"},
      {"tensor": "V", "role": "data", "mutability": "immutable"}
    ],
    "outputs": [{"tensor": "O"}$lse_out]
  },
  "tensors": {
    "Q": {"dtype": "fp16", "shape": ["B", "H", "M", $d]},
    "K": {"dtype": "fp16", "shape": ["B", "H", "N", $d]},
    "V": {"dtype": "fp16", "shape": ["B", "H", "N", $d]},
    "O": {"dtype": "fp16", "shape": ["B", "H", "M", $d]}$lse_tensor
  },
  "graph": [
    {"op": "Attention", "name": "attn", "inputs": ["Q", "K", "V"], "outputs": ["O"$([ "$lse" = true ] && echo ', "LSE"' || true)],
     "attrs": {"causal": $causal, "scale": $scale, "acc_dtype": "fp32"$lse_attr}}
  ]
}
JSON
    "$bin/dlc-compile" "$out/src/$name.json" -o "$out/$name" --chip sm_90a > "$out/$name.log"
    [ "$lse" = true ] || [ "$d" -gt 128 ] ||
      "$bin/dlc-compile" "$out/src/$name.json" -o "$out/sm80/$name" --chip sm_90 > "$out/$name.sm80.log"
  done
  done
done
ls "$out"/*/ "$out"/sm80/*/
