#!/usr/bin/env bash
# Run tk-3's assets, built HERE (MLIR, no GPU) into /work/main/gpu-tk
# (carried as gpu-tk; tk-1's kernels in k1 kept): the planner's short-K
# rule (Sm90Plan.c) checked and timed.
#   k3/{new,base}-{bmm4,gemm}: the default kernels of the 4-D bmm and the
#     GEMM + bias + ReLU for B 8 H 16 M N 1024 K 128 and M N 8192 K 128
#     (convert-rbssa-to-plan sizes=), by this compiler (the rule) and by
#     BASE_BIN's (main before it);
#   k3/chk-{gemm,bmm4}: the static-K (128) sources of
#     test/Pipelines/Inputs/short_k by this compiler for 4 SMs (device=sms=4: many tiles a CTA at small sizes),
#     the new default's ping-pong and cooperative kernels, with
#     dlc-interp's references in ref/ for dlc-run and compute-sanitizer;
#   hg: the differential bundle, 60 GEMM problems, 30 % over two batch
#     axes, half on the short-K rule (--short-k 0.5: K static <= 128, M
#     and N symbolic; test/gpu/build_bundle.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/build_common.sh
. bench/build_common.sh
build_setup tk /work/main/gpu-tk keep
BASE=${BASE_BIN:?set BASE_BIN to main compiler before the rule}
K3=$O/k3
rm -rf "$K3" "$O/ref" "$O/hg"
mkdir -p "$K3" "$O/ref"
layered() { # BIN SRC SIZES OUT
  "$1/dlc-opt" "$2" --pass-pipeline="$(sm90a_layers "sizes=$3")" |
    "$1/dlc-translate" - --emit-kernels="$K3/$4" > /dev/null
}
bmm=test/Pipelines/Inputs/batch2/bmm4.tiny.mlir gemm=examples/gemm_bias_relu.tiny.mlir
for v in new base; do
  bin=$B
  [ $v = base ] && bin=$BASE
  layered "$bin" $bmm B=8,H=16,M=1024,N=1024,K=128 $v-bmm4
  layered "$bin" $gemm M=8192,N=8192,K=128 $v-gemm
done
for f in gemm bmm4; do
  $B/dlc-opt test/Pipelines/Inputs/short_k/${f}_k128.tiny.mlir \
    --pass-pipeline="builtin.module(dlc-to-ptx{chip=sm_90a device=sms=4})" |
    $B/dlc-translate - --emit-kernels="$K3/chk-$f" > /dev/null
done
ref() { # SRC SIZES NAME
  $B/dlc-interp "test/Pipelines/Inputs/short_k/$1_k128.tiny.mlir" "$2" --products accumulator \
    --write-ref "$O/ref/$3" > /dev/null
}
ref gemm M=520,N=300 g520
ref gemm M=2100,N=1100 g2100
ref bmm4 B=2,H=3,M=300,N=260 b300
ref bmm4 B=2,H=2,M=1000,N=520 b1000
for d in "$K3"/*/; do
  echo "$(basename "$d"): $(grep -ho '"plan": "[^"]*"' "$d"*.json)"
done
test/gpu/build_bundle.sh "$O/hg" --family gemm --count 60 --batch2 0.3 --short-k 0.5 --seed 917 \
  --chip sm_90a | tail -2
echo "bundle problems on the short-K tile:" \
  "$(grep -l 'tile 128x128x64 stages 4' "$O"/hg/p*/*.json 2> /dev/null | wc -l)"
cp bench/bench_plans.py bench/run_tk3.sh "$O/"
du -sh "$O"
