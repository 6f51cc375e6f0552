#!/usr/bin/env bash
# Two builds of the GEMM + bias + ReLU examples timed against each other
# (ON THE GPU MACHINE, from the repository root): $D/k/NEW-<example> and
# $D/k/OLD-<example>, f16 and bf16, by bench_gemm.py --rounds 3, once with
# NEW as --manifest and OLD as --baseline, once the other way round (the
# --manifest column reads 0-2 % apart from the --baseline one whichever
# kernel sits in it: bench/RESULTS.md run gc-1), cuBLAS beside them.
#   D=gpu-x bash bench/run_gemm_ab.sh NEW OLD
# Runs gc-1 (NEW c2: clusters of 2, OLD c1) and rg-1 (NEW rg, OLD c1).
: "${D:?usage: D=DIR run_gemm_ab.sh NEW OLD}"
NEW=${1:?usage: D=DIR run_gemm_ab.sh NEW OLD} OLD=${2:?}
. bench/device_common.sh; device_setup
K=$ROOT/$D/k; cd bench
S=8192x8192x8192,4096x4096x4096,16384x1024x4096
for e in gemm_bias_relu gemm_bias_relu_bf16; do
  for o in a b; do
    if [ $o = a ]; then M=$NEW B=$OLD; else M=$OLD B=$NEW; fi
    timeout 150 python3 bench_gemm.py --no-triton --rounds 3 --manifest $K/$M-$e/gemm_bias_relu.json \
      --baseline $K/$B-$e/gemm_bias_relu.json --sizes $S --json $OUT/$e-$o.json > $OUT/$e-$o.txt 2>&1
    echo "$e $o (manifest $M, baseline $B) rc=$?"; tail -6 $OUT/$e-$o.txt | cut -c1-200
    el "$e $o"
  done
done
