#!/usr/bin/env bash
# Branch sk's device call (issue 9: stream-K; ON THE GPU MACHINE from the
# repository root, main's checkout: D=gpu-sk bash gpu-sk/bench/run_sk.sh;
# $D from bench/build_sk.sh, default gpu-sk):
#   1. (CHECK=1, default) the bundle hsk in 4 shards, beside (one after
#      another) dlc-run of sk1-gemm_bias_relu[_bf16] against dlc-interp's
#      references ref/r520 and ref/r2100 (f16) and against main's kernel
#      (--ref) at 4096 x 1000 x 4104, 2100 x 200 x 2100, 4096^3 (M x K x
#      N), compute-sanitizer memcheck + racecheck of sk1 f16 at r2100
#      (every tile split between two CTAs); then splitk_repeat.py: 300
#      launches of sk1 f16 at 2100 x 2100 x 200 and 4104 x 4096 x 1000
#      (M x N x K), each checked, the flags required zero after each
#   2. bench/run_gemm_ab.sh for each AB="NEW:OLD ..." (default sk1:main;
#      f16, bf16; both orders, --rounds 3)
D=${D:-gpu-sk}
. "$(dirname "$0")/device_common.sh"
device_setup
L=$OUT/log; mkdir -p $L
if [ "${CHECK:-1}" = 1 ]; then
  harness 150 60 hsk:4
  gemm_checks $L sk1 M=4096,K=1000,N=4104 M=2100,K=200,N=2100 M=4096,K=4096,N=4096 \
    > $L/checks.txt 2>&1 &
  wait
  el "harness and checks done"
  harness_report
  mv "$OUT"/harness*.txt $L/ 2>/dev/null
  cat $L/checks.txt
  repeat_launches repeat.txt 120 bench/splitk_repeat.py 300 \
    "$K/sk1-gemm_bias_relu/gemm_bias_relu.json@2100x2100x200,4104x4096x1000"
  cat "$OUT/repeat.txt"
  el "repeat done"
fi
for ab in ${AB:-sk1:main}; do
  bash bench/run_gemm_ab.sh "${ab%%:*}" "${ab#*:}"
  mkdir -p "$OUT/ab-${ab/:/-}"; mv "$OUT"/gemm_bias_relu*-[ab].* "$OUT/ab-${ab/:/-}/"
done
el "all done"
