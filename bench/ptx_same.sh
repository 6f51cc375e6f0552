#!/usr/bin/env bash
# Whether a planner change leaves given kernels alone, HERE (no GPU): each
# case compiled by BASE_BIN's and NEW_BIN's tools (sm90a_layers, the
# planner's nominal sizes as given) and the PTX and manifests compared
# byte for byte. A line a case, "identical" or "DIFFERENT", then a count;
# exit status 1 if any case differs where it should not (SAME cases).
#   BASE_BIN=DIR [NEW_BIN=build/bin] bench/ptx_same.sh [SAME|CHANGED SRC SIZES]...
# SRC is a tiny file; SIZES the planner's sizes= value, or - for none.
# Without arguments: run tk-2's cases (the large-K GEMMs, the default
# symbolic kernels and convolutions SAME; the short-K ones CHANGED).
set -uo pipefail
cd "$(dirname "$0")/.."
. bench/build_common.sh
base=${BASE_BIN:?set BASE_BIN to the compiler before the change}
new=${NEW_BIN:-build/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gemm=examples/gemm_bias_relu.tiny.mlir bmm=test/Pipelines/Inputs/batch2/bmm4.tiny.mlir
if [ $# -eq 0 ]; then
  set -- SAME $gemm - SAME examples/gemm_bias_relu_bf16.tiny.mlir - SAME $bmm - \
    SAME $gemm M=4096,N=4096,K=4096 SAME $gemm M=8192,N=8192,K=8192 \
    SAME $gemm M=16384,N=1024,K=4096 SAME $gemm M=4095,N=4097,K=4093 \
    SAME $gemm M=8192,N=8192,K=192 SAME $gemm M=1024,N=1024,K=128 \
    SAME $bmm B=8,H=16,M=1024,N=1024,K=256 SAME $bmm B=8,H=16,M=1024,N=1024,K=64 \
    SAME examples/conv3x3_nhwc.tiny.mlir - SAME examples/conv_grouped_nhwc.tiny.mlir - \
    SAME examples/two_gemm.tiny.mlir - SAME examples/gemm_f32.tiny.mlir - \
    CHANGED $gemm M=8192,N=8192,K=128 CHANGED $gemm M=2048,N=2048,K=64 \
    CHANGED $bmm B=8,H=16,M=1024,N=1024,K=128
fi
n=0 same=0 wrong=0
while [ $# -ge 3 ]; do
  want=$1 src=$2 sizes=$3
  shift 3
  n=$((n + 1))
  opt=""
  [ "$sizes" = - ] || opt="sizes=$sizes"
  for v in base new; do
    bin=$base
    [ $v = new ] && bin=$new
    "$bin/dlc-opt" "$src" --pass-pipeline="$(sm90a_layers "$opt")" -o "$tmp/$v.mlir" &&
      "$bin/dlc-translate" "$tmp/$v.mlir" --emit-kernels="$tmp/$v-$n" > /dev/null ||
      echo "compile failed: $v $src $sizes"
  done
  if [ -d "$tmp/base-$n" ] && diff -rq "$tmp/base-$n" "$tmp/new-$n" > /dev/null; then
    got=identical same=$((same + 1))
  else
    got=DIFFERENT
  fi
  { [ "$want" = SAME ] && [ $got = identical ]; } ||
    { [ "$want" = CHANGED ] && [ $got = DIFFERENT ]; } || wrong=$((wrong + 1))
  echo "$src $sizes: $got (expected $want; $(cat "$tmp/base-$n"/*.ptx 2> /dev/null | wc -c) PTX bytes)"
done
echo "$same of $n identical, $wrong not as expected"
[ $wrong -eq 0 ]
