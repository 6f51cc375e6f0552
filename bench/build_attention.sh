#!/usr/bin/env bash
# Compiles the attention benchmark's kernels HERE (MLIR, no GPU): four
# Frontend Attention models (head dim 64 and 128, causal or not, fp16,
# scale 1/sqrt(D), symbolic B, H, M = N = S), each with dlc-compile into
# OUT/<name>/ for chip sm_90a (the SM90 flash kernel, <name>_r1.json, and
# the program) and into OUT/sm80/<name>/ for chip sm_90 (the SM80 flash
# kernel), so one run times both.
#   bench/build_attention.sh OUT      then, on the GPU machine:
#   python3 bench/bench_attention.py --kernels OUT
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
out="${1:?usage: build_attention.sh OUT}"
mkdir -p "$out/src" "$out/sm80"
for d in 64 128; do
  for causal in false true; do
    name="attn_d${d}_$([ "$causal" = true ] && echo causal || echo full)"
    scale=$(python3 -c "print(1 / $d ** 0.5)")
    cat > "$out/src/$name.json" <<JSON
{
  "name": "$name",
  "signature": {
    "inputs": [
      {"tensor": "Q", "role": "data", "mutability": "immutable"},
      {"tensor": "K", "role": "data", "mutability": "immutable"},
      {"tensor": "V", "role": "data", "mutability": "immutable"}
    ],
    "outputs": [{"tensor": "O"}]
  },
  "tensors": {
    "Q": {"dtype": "fp16", "shape": ["B", "H", "M", $d]},
    "K": {"dtype": "fp16", "shape": ["B", "H", "N", $d]},
    "V": {"dtype": "fp16", "shape": ["B", "H", "N", $d]},
    "O": {"dtype": "fp16", "shape": ["B", "H", "M", $d]}
  },
  "graph": [
    {"op": "Attention", "name": "attn", "inputs": ["Q", "K", "V"], "outputs": ["O"],
     "attrs": {"causal": $causal, "scale": $scale, "acc_dtype": "fp32"}}
  ]
}
JSON
    "$bin/dlc-compile" "$out/src/$name.json" -o "$out/$name" --chip sm_90a > "$out/$name.log"
    "$bin/dlc-compile" "$out/src/$name.json" -o "$out/sm80/$name" --chip sm_90 > "$out/$name.sm80.log"
  done
done
ls "$out"/*/ "$out"/sm80/*/
