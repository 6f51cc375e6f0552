#!/usr/bin/env bash
# Run fn-3 (ON THE GPU MACHINE, repository root): the final check of this
# session's main (assets: `SEED=1127 bench/build_final.sh gpu-fin2`, the
# attention bundle rebuilt after the generator's balanced/one-key fix), in
# two calls for the 64 MiB carry: PART=1 the GEMM, conv and memory-bound
# bundles plainly and under schedule fuzzing, sanitizers on a stream-K
# GEMM; PART=2 the attention bundle likewise, sanitizers on a
# balanced-grid and an all-static problem, then bench_attention.py twice.
D=gpu-fin2
. bench/device_common.sh
device_setup
if [ "${PART:-1}" = 1 ]; then
  bundles_plain_and_jittered hg:4 hc:3 hm:2
  bundle_sanitize hg "${SAN_G:-p000}"
  wait
  bundle_sanitize_report
  el "sanitizers"
else
  bundles_plain_and_jittered ha:4
  bundle_sanitize ha "${SAN_A:-a007,a018}"
  wait
  bundle_sanitize_report
  el "sanitizers"
  cd $D/bench
  for pass in 1 2; do
    timeout 200 python3 bench_attention.py --kernels $ROOT/$D/k/attn --rounds 3 \
      --out $OUT/attention-$pass.json > $OUT/attention-$pass.txt 2>&1
    echo "attention pass $pass rc=$?"; cut -c1-300 $OUT/attention-$pass.txt; el "attention $pass"
  done
fi
