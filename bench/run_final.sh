#!/usr/bin/env bash
# The final main's GPU check (ON THE GPU MACHINE, from the repository
# root; assets by bench/build_final.sh in gpu-final, carried): the four
# harness bundles in parallel shards with compute-sanitizer on one
# balanced-grid attention problem and one stream-K GEMM beside them, then
# bench_attention.py (every problem, SDPA beside, three rotating rounds)
# twice.   SAN_A / SAN_G: the problems to sanitize (bundle names).
# JITTER_BUNDLES (default "ha hg hc"; empty: none): those bundles again
# under schedule fuzzing (bench/ptx_jitter.py, applied here; 20 more
# launches a problem; runs hg-4..hg-6), the log in $OUT/harness-jitter.txt.
D=gpu-final
. bench/device_common.sh
device_setup
harness_logged harness-plain.txt "${HARNESS_ITERS:-}" 110 150 hg:4 ha:4 hc:3 hm:2
el "harness"
JITTER_BUNDLES=${JITTER_BUNDLES-ha hg hc}
if [ -n "$JITTER_BUNDLES" ]; then
  jittered=()
  for b in $JITTER_BUNDLES; do jitter_copies 3 "$D/$b"; done
  harness_logged harness-jitter.txt 20 150 120 "${jittered[@]}"
  el "harness under jitter"
fi
mv "$OUT/harness-plain.txt" "$OUT/harness.txt"
for b in "ha ${SAN_A:-a000}" "hg ${SAN_G:-p000}"; do
  set -- $b
  bundle_sanitize "$1" "$2"
  wait
  bundle_sanitize_report
done
el "sanitizers"
cd $D/bench
for pass in ${ATTN_PASSES:-1 2}; do
  timeout 200 python3 bench_attention.py --kernels $ROOT/$D/k/attn --rounds 3 \
    --out $OUT/attention-$pass.json > $OUT/attention-$pass.txt 2>&1
  echo "attention pass $pass rc=$?"; cut -c1-300 $OUT/attention-$pass.txt; el "attention $pass"
done
