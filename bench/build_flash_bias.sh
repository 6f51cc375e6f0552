#!/usr/bin/env bash
# Run d2-2's kernels HERE (MLIR, no GPU): the two biased / masked D = 128
# attention models of bench/flash_bias/ (bias [M, N] f32; keep mask [N])
# compiled for sm_90a by the tools in BIN into OUT/<model>/ (manifest
# <model>_r1.json + PTX), with ptxas' spills printed.
#   bench/build_flash_bias.sh BIN OUT   (e.g. main's build/bin -> OUT/main,
#                                        this branch's -> OUT/new), then
#   bench_flash_bias.py --kernels main=OUT/main --kernels new=OUT/new
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:?usage: build_flash_bias.sh BIN OUT}"
out="${2:?usage: build_flash_bias.sh BIN OUT}"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
for m in bias_mn mask_key; do
  mkdir -p "$out/$m"
  "$bin/dlc-opt" "$root/bench/flash_bias/$m.tiny.mlir" \
    --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' -o "$out/$m/c.mlir"
  "$bin/dlc-translate" "$out/$m/c.mlir" --emit-kernels="$out/$m" > /dev/null
  rm -f "$out/$m/c.mlir"
  echo "$out/$m: $("$PTXAS" -arch=sm_90a -v "$out/$m/dlc_kernels.ptx" -o /dev/null 2>&1 |
    grep -A1 "properties for ${m}_r1" | tail -1 | sed 's/^ *//')"
done
