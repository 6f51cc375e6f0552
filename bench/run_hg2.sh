#!/usr/bin/env bash
# Run hg-2: the turn-cycle fix's check (ON THE GPU MACHINE; assets by
# bench/build_final.sh SEED=611 in gpu-final, plus gpu-final/bal: the 9
# three-consumer problems of run hg-1's balanced-grid bundle, and
# gpu-hg/k-old: the attention bench's kernels of d50cf41). The bundles
# but hg (the GEMM kernels are d50cf41's, checked in run bx-5: the fixed
# flash kernel is all that changed; hg left home for the 64 MiB carry) in
# parallel shards, each problem launched 50 more times; then
# memcheck and racecheck on two three-consumer balanced problems (a022:
# M 64, H 4 on one CTA, consumers 1 and 2 without rows, the hang's shape;
# a032: GQA, bias, M 191, four visits); then the attention bench of the
# new kernels (k/attn) beside d50cf41's (k-old), twice, the order swapped,
# with nothing else on the GPU.
D=gpu-final
. bench/device_common.sh
device_setup
shards=0
HARNESS_ITERS=50 harness 110 150 ha:5 hc:3 hm:2 bal:3
wait
harness_report
el "harness"
bundle_sanitize bal a022,a032
wait
bundle_sanitize_report
el "sanitizers"
for order in "new=$D/k/attn old=gpu-hg/k-old" "old=gpu-hg/k-old new=$D/k/attn"; do
  set -- $order
  PYTHONPATH=bench timeout 200 python3 bench/bench_attention.py --kernels $1 --kernels $2 \
    --rounds 3 --out $OUT/attention-${1%%=*}-first.json > $OUT/attention-${1%%=*}-first.txt 2>&1
  echo "attention ${1%%=*} first rc=$?"; cut -c1-330 $OUT/attention-${1%%=*}-first.txt; el "attention"
done
