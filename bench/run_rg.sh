#!/usr/bin/env bash
# rg: the cooperative SM90 GEMM with the ring position carried (rg) against main (c1), rotating rounds
D=gpu-rg; . bench/device_common.sh; device_setup
K=$ROOT/$D/k; cd bench
S=8192x8192x8192,4096x4096x4096,16384x1024x4096
for e in gemm_bias_relu gemm_bias_relu_bf16; do
 for o in a b; do
  if [ $o = a ]; then M=rg; Bs=c1; else M=c1; Bs=rg; fi
  timeout 150 python3 bench_gemm.py --no-triton --rounds 3 --manifest $K/$M-$e/gemm_bias_relu.json --baseline $K/$Bs-$e/gemm_bias_relu.json --sizes $S --json $OUT/$e-$o.json > $OUT/$e-$o.txt 2>&1
  echo "$e $o (manifest $M, baseline $Bs) rc=$?"; tail -6 $OUT/$e-$o.txt | cut -c1-200
  el "$e $o"
 done
done
