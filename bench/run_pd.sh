#!/usr/bin/env bash
# pd: attention at head dimensions padded to the tile width (issue 11), in
# one call (run pd-1): the attention harness on two bundles — "bundle"
# (build_bundle.sh --family attention --chip sm_90a --padded-d 0.75 --lse
# 0.2 --balanced 0.1, the SM90 kernel) and "bundle80" (--chip sm_80
# --padded-d 1: the SM80 kernel, PTX JIT-compiled on the H100) — each
# problem also launched HARNESS_ITERS more times, beside compute-sanitizer
# memcheck + racecheck on $SAN (a D = 32 and a D = 96 problem of
# "bundle"); then bench_attention.py (--problems $PROBLEMS) of the
# kernels bench/build_attention.sh built with DIMS into attn/ against
# SDPA's default, flash and cuDNN backends at the same D, two rotating
# rounds. Assets and this branch's bench scripts in gpu-pd, carried.
D=gpu-pd
. bench/device_common.sh
device_setup
A=$ROOT/$D/attn
export HARNESS_ITERS=${HARNESS_ITERS:-100}
harness 110 60 bundle:10 bundle80:3
bundle_sanitize bundle "${SAN:?set SAN to the problems to sanitize}"
wait
harness_report
bundle_sanitize_report
el "harness"
cd $D/bench
timeout "${BENCH_S:-170}" python3 bench_attention.py --kernels dlc=$A --rounds 2 \
  --problems "${PROBLEMS:?set PROBLEMS}" --out $OUT/att.json > $OUT/att.txt 2>&1
echo "bench rc=$?"; cut -c1-330 $OUT/att.txt; el "bench"
