#!/usr/bin/env bash
# Run hg-3 (ON THE GPU MACHINE): with the one-cycle turns (run hg-2),
# (1) the schedules the planner does not take, against its defaults
# (gpu-final/k/attn, bench/build_final.sh SEED=611) in one process, two
# passes, the order swapped: gpu-hg/alt holds D64 causal with three
# consumers on the balanced grid (fa5-5: 229 against two's 342 TFLOP/s,
# before the fix), D64 full with two consumers (default three), D128 full
# without turns ("online_softmax.overlap"); (2) the padded head dimensions
# of Dt = 256 under every compute-sanitizer tool (initcheck and synccheck
# never ran on D 136-248): gpu-hg/pad, 16 problems of --padded-d 1 --seed
# 701, the harness with 50 more launches each, the four tools on a014
# (D 136) and a002 (D 192). BENCH_ONLY=1: (1) alone (run hg-3b: hg-3's
# --only named the problems by their printed names and timed none).
D=gpu-hg
. bench/device_common.sh
device_setup
shards=0
if [ -z "${BENCH_ONLY:-}" ]; then
HARNESS_ITERS=50 harness 110 150 pad:2
wait
harness_report
el "harness"
for tool in memcheck racecheck initcheck synccheck; do
  bash $D/pad/run_bundle.sh $D/pad --only a014,a002 --sanitize $tool --timeout 120 --budget 100 \
    --log /tmp/san-$tool > $OUT/san-$tool.txt 2>&1 &
done
wait
for tool in memcheck racecheck initcheck synccheck; do
  echo "== $tool: $(grep -E 'passed|SANITIZER' $OUT/san-$tool.txt | tail -2 | tr '\n' ' ')"
done
el "sanitizers"
fi
for order in "def=gpu-final/k/attn alt=$D/alt" "alt=$D/alt def=gpu-final/k/attn"; do
  set -- $order
  PYTHONPATH=bench timeout 200 python3 bench/bench_attention.py --kernels $1 --kernels $2 \
    --only d64,d128 --rounds 3 --out $OUT/attention-${1%%=*}-first.json > $OUT/attention-${1%%=*}-first.txt 2>&1
  echo "attention ${1%%=*} first rc=$?"; cut -c1-330 $OUT/attention-${1%%=*}-first.txt; el "attention"
done
