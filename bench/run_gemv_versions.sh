#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: the checks and timings of
# the launch-time GEMV versions (bench/RESULTS.md run gemv2-2). $1 is a
# folder holding dlc-run, bundle/ (test/gpu/build_bundle.sh --gemv 1
# --gemv-versions P), k/ (bench/build_small.sh --gemv) and optionally
# x/NAME/ (variant kernels, timed beside the others as "x-NAME");
# bench/ is DIR/bench when it has bench_small.py (a branch's scripts not yet
# in the checkout the call sends), else the checkout's.
# The harness runs in shards, beside compute-sanitizer memcheck and
# racecheck on the N = 1 and M = 1 versions (launched through the general
# kernel's manifest at odd sizes; the N = 1 one at K = 4093, a CTA an
# output, and K = 4096, a warp an output); then bench_small.py alone on
# the GPU.
set -u
D="${1:?usage: run_gemv_versions.sh DIR}"
. "$(dirname "$0")/device_common.sh"
device_setup
harness 100 30 bundle:6
for c in "memcheck M=1001,K=4093,N=1" "racecheck M=1001,K=4093,N=1" \
         "memcheck M=1001,K=4096,N=1" "racecheck M=1001,K=4096,N=1" \
         "memcheck M=1,K=1001,N=333" "racecheck M=1,K=1001,N=333"; do
  set -- $c
  timeout 90 "$cs" --tool $1 --error-exitcode 99 "$D/dlc-run" "$K/ver/gemm_bias_relu.json" \
    "$2" --iters 1 --warmup 1 --verbose > /tmp/san-$1-$2.txt 2>&1
  echo "$1 ver $2: rc=$? $(grep -o 'as version [a-z_A-Z0-9]*' /tmp/san-$1-$2.txt | head -1) $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/san-$1-$2.txt | tail -1)"
done > "$OUT/sanitize.txt" 2>&1 &
checks_done sanitize.txt
cases=(--case N1ver=$K/sN1v/gemm_bias_relu.json@4096x1x4096
       --case N1splitk=$K/sN1/gemm_bias_relu.json@4096x1x4096
       --case N1static=$K/gf/gemv_n1.json@4096x1x4096
       --case M1ver=$K/sM1v/gemm_bias_relu.json@1x4096x4096
       --case M1planned=$K/sM1/gemm_bias_relu.json@1x4096x4096
       --case M1static=$K/gf/gemv_m1.json@1x4096x4096
       --case N1ver_8192=$K/sN1v/gemm_bias_relu.json@8192x1x8192
       --case N1splitk_8192=$K/sN1/gemm_bias_relu.json@8192x1x8192
       --case M1ver_8192=$K/sM1v/gemm_bias_relu.json@1x8192x8192
       --case N1ver_16384=$K/sN1v/gemm_bias_relu.json@16384x1x8192
       --case N1ver_odd=$K/sN1v/gemm_bias_relu.json@3001x1x4093
       --case M1ver_odd=$K/sM1v/gemm_bias_relu.json@1x3001x4093
       --case ver_N1=$K/ver/gemm_bias_relu.json@4096x1x4096
       --case ver_M1=$K/ver/gemm_bias_relu.json@1x4096x4096
       --case ver_4096=$K/ver/gemm_bias_relu.json@4096x4096x4096)
for x in "$D"/x/*/; do
  [ -d "$x" ] || continue
  n=$(basename "$x")
  for s in 4096x1x4096 8192x1x8192 1x4096x4096 1x8192x8192; do
    cases+=(--case "x-$n=$x/gemm_bias_relu.json@$s")
  done
done
B=bench; [ -f "$D/bench/bench_small.py" ] && B="$D/bench"
timeout 300 python3 "$B/bench_small.py" "${cases[@]}" --json "$OUT/small.json" 2>&1 | grep -v Warning | tee "$OUT/small.txt"
el done
