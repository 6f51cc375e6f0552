#!/usr/bin/env bash
# Branch sk's few-waves call (ON THE GPU MACHINE, main's checkout: D=gpu-sk
# bash gpu-sk/bench/run_skw.sh): stream-K where main's rounds are most
# uneven, 133-200 tiles of 128 x 256 on 132 SMs with a long K (main: two
# rounds, the second 1-52 % full), f16 and bf16, bench_gemm.py --rounds 3
# of sk1 against main (--baseline) and cuBLAS in one process, both
# orders; then dlc-run's check of sk1 against main's kernel at each.
D=${D:-gpu-sk}
. "$(dirname "$0")/device_common.sh"
device_setup
S=${S:-2176x2304x8192,4096x1280x8192,3072x2048x8192,2176x2304x2048}
cd bench
for e in gemm_bias_relu gemm_bias_relu_bf16; do
  for o in a b; do
    if [ $o = a ]; then M=sk1 B=main; else M=main B=sk1; fi
    timeout 150 python3 bench_gemm.py --no-triton --rounds 3 --manifest $ROOT/$K/$M-$e/gemm_bias_relu.json \
      --baseline $ROOT/$K/$B-$e/gemm_bias_relu.json --sizes $S --json $OUT/w-$e-$o.json > $OUT/w-$e-$o.txt 2>&1
    echo "$e $o (manifest $M, baseline $B) rc=$?"; grep "^|" $OUT/w-$e-$o.txt | tail -4 | cut -c1-200
    el "$e $o"
  done
done
cd "$ROOT"
for s in ${S//,/ }; do
  IFS=x read -r m n k <<< "$s"
  timeout 60 "$D/dlc-run" "$K/sk1-gemm_bias_relu/gemm_bias_relu.json" "M=$m,K=$k,N=$n" --iters 0 \
    --ref "$K/main-gemm_bias_relu/gemm_bias_relu.json" 2>&1 | grep -iE "pass|fail|mismatch" | tail -1 | sed "s/^/$s: /"
done
el "done"
