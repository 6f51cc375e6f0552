#!/usr/bin/env bash
# Branch tm's device call (issues 9-11; ON THE GPU MACHINE from the
# repository root; $D from bench/build_tm.sh, default gpu-tm): main's
# kernels (tag v0), the prefetch alone (pf: commit ae23c58, every tensor
# map prefetched at kernel start) and the branch's (tm: the prefetch and
# the maps by value, __grid_constant__) in the same processes:
#   conv_launch.py   do_bench / ahead / graph / CUPTI kernel time of
#                    LAUNCH (default s2 C256 and C128 112², then s2 C256
#                    again in the other order)
#   bench_conv.py    --rounds 3 on k/ (every case, both tags, cuDNN NHWC)
#   bench_gemm.py    --rounds 3, k/g$NEW (default tm) against --baseline
#                    k/gv0 (cuBLAS)
#   bench_attention  --rounds 3, a/<tag> for each tag of $ATTN_TAGS
#                    (default v0 pf tm), --only $ATTN
#   HARNESS=1        bundles hg, hc, ha in shards; SAN=BUNDLE:PROBLEM
#                    compute-sanitizer memcheck + racecheck on it beside
D=${D:-gpu-tm}
BD=$D/bench
. "$BD/device_common.sh"
device_setup
K=$D/k
A=$ROOT/$D/a
LAUNCH=${LAUNCH-s2_c256_v0 s2_c256_pf s2_c256_tm s2_c128_112_v0 s2_c128_112_tm s2_c256_tm s2_c256_pf s2_c256_v0}
CONV_ONLY=${CONV_ONLY-s2_c256_v0,s2_c256_pf,s2_c256_tm,s2_c128_112_v0,s2_c128_112_pf,s2_c128_112_tm,s2_c256_silu_v0,s2_c256_silu_tm,r50_c128_28_v0,r50_c128_28_tm}
cd "$BD"
if [ -n "$LAUNCH" ]; then
  timeout ${LAUNCH_S:-90} python3 conv_launch.py "$ROOT/$K" $LAUNCH 2>&1 | tee "$OUT/launch.txt"
  el "launch done"
fi
if [ "${CONV:-1}" = 1 ]; then
  timeout ${CONV_S:-100} python3 bench_conv.py --kernels "$ROOT/$K" --rounds 3 \
    --only "$CONV_ONLY" --out "$OUT/conv.json" > "$OUT/conv.txt" 2>&1
  echo "conv bench rc=$?"; grep -vE "^\s*$" "$OUT/conv.txt" | cut -c1-170
  el "conv done"
fi
if [ "${GEMM:-1}" = 1 ]; then
  timeout ${GEMM_S:-60} python3 bench_gemm.py --no-triton --rounds 3 \
    --manifest "$ROOT/$K/g${NEW:-tm}/gemm_bias_relu.json" \
    --baseline "$ROOT/$K/gv0/gemm_bias_relu.json" \
    --sizes 4096x4096x4096,16384x1024x4096 --json "$OUT/gemm.json" > "$OUT/gemm.txt" 2>&1
  echo "gemm bench rc=$?"; grep -E "^\||rror|Trace" "$OUT/gemm.txt"
  el "gemm done"
fi
if [ -n "${ATTN-d64_causal}" ]; then
  kernels=()
  for t in ${ATTN_TAGS:-v0 pf tm}; do kernels+=(--kernels "$t=$A/$t"); done
  timeout ${ATTN_S:-60} python3 bench_attention.py "${kernels[@]}" \
    --rounds 3 --only "${ATTN-d64_causal}" --out "$OUT/attention.json" 2>&1 | grep -v Warn \
    | tee "$OUT/attention.txt"
  el "attention done"
fi
cd "$ROOT"
if [ "${HARNESS:-0}" = 1 ]; then
  harness ${HARNESS_S:-70} 60 hg:2 hc:2 ha:2
  [ -n "${SAN:-}" ] && bundle_sanitize "${SAN%%:*}" "${SAN#*:}"
  wait
  harness_report
  [ -n "${SAN:-}" ] && bundle_sanitize_report
  el "harness done"
fi
tar czf "$OUT/results.tgz" -C "$OUT" --exclude results.tgz . 2>/dev/null
el "all done"
