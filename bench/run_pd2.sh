#!/usr/bin/env bash
# pd-2: the padded-D kernels with S's k16 steps over the zero fill skipped
# (scoreDepth), in one call: the attention harness on "bundle" (rebuilt by
# the trimming compiler: build_bundle.sh --family attention --chip sm_90a
# --padded-d 0.8 --lse 0.2 --balanced 0.1 --seed 31), each problem also
# launched HARNESS_ITERS more times, beside compute-sanitizer memcheck +
# racecheck on $SAN; then bench_attention.py of attn/ (pd-1's kernels, no
# trimming: "pad") and attn_trim/ ("trim") in two processes, the order
# reversed (two rotating rounds each), against SDPA at the same D.
D=gpu-pd
. bench/device_common.sh
device_setup
export HARNESS_ITERS=${HARNESS_ITERS:-100}
harness 110 60 bundle:12
bundle_sanitize bundle "${SAN:?set SAN to the problems to sanitize}"
wait
harness_report
bundle_sanitize_report
echo "== one problem's log (its --iters launches)"; tail -4 /tmp/hlog0/*.log | head -12
el "harness"
cd $D/bench
for order in "pad=$ROOT/$D/attn trim=$ROOT/$D/attn_trim" "trim=$ROOT/$D/attn_trim pad=$ROOT/$D/attn"; do
  set -- $order
  timeout "${BENCH_S:-120}" python3 bench_attention.py --kernels $1 --kernels $2 --rounds 2 \
    --problems "${PROBLEMS:?set PROBLEMS}" --out $OUT/att-${1%%=*}.json > $OUT/att-${1%%=*}.txt 2>&1
  echo "bench ${1%%=*} first rc=$?"; cut -c1-300 $OUT/att-${1%%=*}.txt; el "bench"
done
