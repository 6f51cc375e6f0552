#!/usr/bin/env bash
# Branch arv's GPU assets (issues 9-11: a ring stage released once per
# consumer warp), built HERE into OUT (default /work/main/gpu-arv, carried
# as gpu-arv; device script bench/run_arv.sh), every compiler the same way.
# The variants are compilers built with bench/arv.patch (p; run arv-1's
# new was p with the arrive branched around instead of predicated) and
# with bench/arv-warpgroup.patch on top (g), build/bin copied elsewhere.
# SIDES="NAME:BIN ..." (default "new:build/bin main:/work/main/build/bin"):
#   k/NAME-gemm_bias_relu[_bf16]   the GEMM + bias + ReLU examples
#                                  (bench/run_gemm_ab.sh's names)
#   k/<case>_NAME                  conv_cases.py's CONV cases
#   att/NAME/<model>               bench/build_attention.sh's four models
#                                  (no SM80 or LSE builds)
# BUNDLES="NAME:BIN:G:C:A ..." (default "new:build/bin:40:30:30"): GEMM,
# conv and attention bundles hg-NAME, hc-NAME, ha-NAME of G, C and A
# problems by that compiler (seeds SEED + 0, 1, 2); ptxas' registers and
# spills of each kernel printed; refs s520 and r1000 (GEMM example).
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup arv "${1:-}"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
SIDES=${SIDES:-"new:build/bin main:/work/main/build/bin"}
BUNDLES=${BUNDLES:-"new:build/bin:40:30:30"}
SEED=${SEED:-2701}
regs() { # registers and spills of every kernel of PTX file $2, labelled $1
  $PTXAS -arch=sm_90a -v "$2" -o /dev/null 2>&1 | grep -E "registers|spill" \
    | paste -sd' ' | sed "s/^/$1: /" | cut -c1-400
}
conv_sources
for s in $SIDES; do
  side=${s%%:*} bin=${s#*:}
  for e in gemm_bias_relu gemm_bias_relu_bf16; do
    B=$bin ptx_example "$side-$e" "$e"
    regs "$side-$e" "$O/k/$side-$e/dlc_kernels.ptx"
  done
  for c in ${CONV:-s2_c256 s2_c128_112 r50_c128_28}; do
    cp "$O/src/$c.tiny.mlir" "$O/src/${c}_$side.tiny.mlir"
    $bin/dlc-compile "$O/src/${c}_$side.tiny.mlir" -o "$O/k/${c}_$side" --chip sm_90a \
      | grep -E "^[sr]" | cut -c1-60 | sed "s/^/$side: /"
    mv "$O/k/${c}_$side/$c.json" "$O/k/${c}_$side/${c}_$side.json" # bench_conv.py's name
    regs "${c}_$side" "$O/k/${c}_$side/dlc_kernels.ptx"
  done
  DLC_BIN=$bin bash bench/build_attention.sh "$O/att/$side" > /dev/null
  rm -rf "$O/att/$side/sm80" "$O/att/$side"/*_lse "$O/att/$side/src"
  for m in "$O/att/$side"/attn_*/; do
    regs "$side-$(basename "$m")" "$m/dlc_kernels.ptx"
  done
done
# REUSE=DIR: kernels built before (DIR/k/*, DIR/att/*) timed beside them
[ -n "${REUSE:-}" ] && cp -r "$REUSE/k/." "$O/k/" && cp -r "$REUSE/att/." "$O/att/"
tagged_cases
rm -rf "$O/src"
bundle() { # NAME FAMILY COUNT SEED BIN FLAGS...
  local n=$1 f=$2 c=$3 s=$4 bin=$5
  shift 5
  DLC_BIN=$bin test/gpu/build_bundle.sh "$O/$n" --family "$f" --count "$c" --seed "$s" \
    --chip sm_90a "$@" > "$O/$n.log" 2>&1 || { tail -5 "$O/$n.log"; exit 1; }
  rm -f "$O/$n.log"
  echo "$n: $(wc -l < "$O/$n/problems.txt") problems"
}
for b in $BUNDLES; do
  IFS=: read -r side bin g c a <<< "$b"
  bundle "hg-$side" gemm "$g" "$SEED" "$bin" --staged 0.4 --whole 0.5 --cluster 0.2 --long-k 0.2
  bundle "hc-$side" conv "$c" $((SEED + 1)) "$bin" --staged 1.0
  bundle "ha-$side" attention "$a" $((SEED + 2)) "$bin" --lse 0.3 --many 0.3
done
smoke_ref
$B/dlc-interp examples/gemm_bias_relu.tiny.mlir M=520,K=1000,N=600 --products accumulator \
  --write-ref "$O/ref/r1000" > /dev/null
pack_bench run_arv.sh run_gemm_ab.sh bench_gemm.py bench_conv.py bench_attention.py timing.py dlc_kernel.py
