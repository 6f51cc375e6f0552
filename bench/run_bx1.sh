#!/usr/bin/env bash
# Run bx-1 (lead): which part of the batch walk hangs. Each kernel 320
# launches (dlc-run --iters 300 --warmup 20), 15 s at most.
D=gpu-bx; . bench/device_common.sh; device_setup
t() { # LABEL KERNELDIR SIZES
  local j; j=$(ls $D/k/$2/*.json | head -1)
  timeout 15 $D/dlc-run $j $3 --iters 300 --warmup 20 > $OUT/$1.txt 2>&1
  echo "$1 rc=$? $(grep -h 'TFLOP' $OUT/$1.txt | tail -1)"
}
S=B=8,H=16,M=1024,N=1024,K=128
t walk-c128 walk-c128 $S
t walk-c128-noov walk-c128-noov $S
t walk-pp walk-pp $S
t walk-pp-noov walk-pp-noov $S
t walk-c128-s4 walk-c128-s4 $S
t walk-c256-s3 walk-c256-s3 $S
t walk-c128-K256 walk-c128 B=8,H=16,M=1024,N=1024,K=256
t walk-c128-N2048 walk-c128 B=8,H=16,M=1024,N=2048,K=128
t walk-c128-B2 walk-c128 B=1,H=2,M=8192,N=1024,K=128
t main2d-c128-few main2d-c128 M=131072,N=1024,K=128
t main2d-pp-few main2d-pp M=131072,N=1024,K=128
t main2d-c128-noov-few main2d-c128-noov M=131072,N=1024,K=128
t main2d-c128-ctl main2d-c128 M=16384,N=8192,K=128
t walk-c128-again walk-c128 $S
el done
