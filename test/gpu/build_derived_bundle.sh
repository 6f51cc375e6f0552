#!/usr/bin/env bash
# Builds a GPU bundle of programs whose sizes are derived symbols
# (docs/conventions.md, "Derived symbols"), in run_bundle.sh's format, HERE
# (MLIR, no GPU needed): the padded symbolic 3×3 stride-2 conv
# (test/Pipelines/Inputs/conv_pad_derived.tiny.mlir), the tinygrad graph
# that pads symbolic H, W (test/Frontend/Tinygrad/Inputs/pad_symbolic.json,
# a two-kernel program) and the Frontend Conv2D with derived output sizes
# (test/Frontend/Inputs/conv_symbolic.json, chip sm_90a), then flat
# buffers whose size is a product of symbols (docs/conventions.md,
# "Products of symbols"): the flat-X GEMM (test/Pipelines/Inputs/
# flat_gemm.tiny.mlir, SM90 and SM80 skeletons), the flat-in, flat-out row
# kernel (flat_center.tiny.mlir), a two-kernel program with a flat input
# and output (flat_two.tiny.mlir) and tinygrad's flat BUFFER graphs
# (test/Frontend/Tinygrad/Inputs/flat_matmul.json, flat_buffer.json),
# whose reference data is flat (the manifests' "flat"), each at sizes
# that are multiples of no tile, with dlc-interp's reference data
# (--products accumulator: f16 products summed in f32, as the kernels do;
# run 26 found all 8 multi-term sums failing the default rounding). The
# callers pass only the free symbols: dlc-run derives the rest.
#
#   test/gpu/build_derived_bundle.sh BUNDLE      (tools from $DLC_BIN, default build/bin)
# then on the GPU machine: bash BUNDLE/run_bundle.sh BUNDLE [--sanitize memcheck]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
bundle="${1:?usage: build_derived_bundle.sh BUNDLE}"
case "$bundle" in /|.|..|"$root") echo "build_derived_bundle.sh: refusing to empty $bundle" >&2; exit 2 ;; esac
rm -rf "$bundle" && mkdir -p "$bundle/src"
cp "$bin/dlc-run" "$root/test/gpu/run_bundle.sh" "$bundle/"
k=0
# add NAME TINY_MLIR CHIP SIZES...: one compiled program, a problem per size.
add() {
  local name="$1" src="$2" chip="$3"
  shift 3
  "$bin/dlc-compile" "$src" -o "$bundle/$name" --chip "$chip" > "$bundle/$name.summary"
  local manifest
  manifest="$name/$(cd "$bundle/$name" && ls ./*.json | grep -v '^./ref' | head -1 | sed 's|^\./||')"
  for sizes in "$@"; do
    local ref="$name/ref_${sizes//[,=]/_}"
    "$bin/dlc-interp" "$src" "$sizes" --products accumulator --write-ref "$bundle/$ref" > /dev/null
    k=$((k + 1))
    printf 'd%02d\t%s\t%s\t%s\t%s\n' "$k" "$manifest" "$ref" "$sizes" \
      "derived-symbols $name chip=$chip" >> "$bundle/problems.txt"
  done
}
add conv "$root/test/Pipelines/Inputs/conv_pad_derived.tiny.mlir" sm_90 \
  N=2,H=57,W=31 N=1,H=16,W=16 N=3,H=9,W=1 N=1,H=1,W=2 N=4,H=30,W=45
"$bin/dlc-translate" --import-tinygrad \
  "$root/test/Frontend/Tinygrad/Inputs/pad_symbolic.json" -o "$bundle/src/pad_symbolic.tiny.mlir"
add tinygrad "$bundle/src/pad_symbolic.tiny.mlir" sm_90 \
  H=5,W=7 H=33,W=257 H=1,W=1 H=100,W=3 H=1000,W=4095
"$bin/dlc-translate" --import-frontend \
  "$root/test/Frontend/Inputs/conv_symbolic.json" -o "$bundle/src/conv_symbolic.tiny.mlir"
add frontend "$bundle/src/conv_symbolic.tiny.mlir" sm_90a \
  N=2,H=17,W=19 N=1,H=64,W=33 N=3,H=2,W=5
add flatgemm90a "$root/test/Pipelines/Inputs/flat_gemm.tiny.mlir" sm_90a \
  M=129,K=72,N=200 M=1,K=8,N=1 M=300,K=264,N=136
add flatgemm90 "$root/test/Pipelines/Inputs/flat_gemm.tiny.mlir" sm_90 \
  M=77,K=40,N=33 M=257,K=136,N=129
add flatcenter "$root/test/Pipelines/Inputs/flat_center.tiny.mlir" sm_90a \
  M=3,K=1000 M=129,K=4095 M=1,K=1
add flattwo "$root/test/Pipelines/Inputs/flat_two.tiny.mlir" sm_90a \
  M=65,K=24,N=100 M=7,K=8,N=3
"$bin/dlc-translate" --import-tinygrad \
  "$root/test/Frontend/Tinygrad/Inputs/flat_matmul.json" -o "$bundle/src/flat_matmul.tiny.mlir"
add flattinygrad "$bundle/src/flat_matmul.tiny.mlir" sm_90a \
  M=33,K=48,N=65 M=200,K=128,N=7
"$bin/dlc-translate" --import-tinygrad \
  "$root/test/Frontend/Tinygrad/Inputs/flat_buffer.json" -o "$bundle/src/flat_buffer.tiny.mlir"
add flatbuffer "$bundle/src/flat_buffer.tiny.mlir" sm_90a \
  B=3,N=17 B=1,N=1000
echo "derived-symbol bundle, built $(date -u '+%F %H:%M') UTC from $(git -C "$root" rev-parse --short HEAD)" > "$bundle/info.txt"
echo "bundle $bundle: $k problems, $(du -sh "$bundle" | cut -f1)"
