#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: the checks and timings of
# the small/skinny GEMM work in one call. $1 is a folder holding dlc-run,
# bench/ (dlc_kernel.py, bench_gemm.py, bench_small.py, splitk_repeat.py),
# k/ (bench/build_small.sh's kernels) and bundle/, bundle2/
# (test/gpu/build_bundle.sh).
# Correctness runs go in parallel first (the harness in shards, the
# sanitizers, repeated launches), then the timings alone.
# --gemv: run gemv-1 instead (bench/RESULTS.md): DIR holds bundle/ and
# bundle2/ (test/gpu/build_bundle.sh --gemv) and k/ (bench/build_small.sh
# --gemv, plus sM1_t512 and sM1_t256: GemvPlan.c's column CTA at 512 and
# 256 threads); bench/ is the checkout's.
set -u
D="${1:?usage: run_small_device.sh DIR [--gemv]}"
. "$(dirname "$0")/device_common.sh"
device_setup
if [ "${2:-}" = --gemv ]; then
  harness 40 20 bundle:4 bundle2:2
  san() { # tool, then "manifest args" triples
    local tool=$1; shift
    while [ $# -gt 0 ]; do
      case "$2" in *=*) extra="$2" ;; *) extra="--ref-data $D/$2" ;; esac
      timeout 45 "$cs" --tool $tool --error-exitcode 99 $D/bundle/dlc-run \
        "$D/$1" $extra --iters 1 --warmup 1 > /tmp/san-$tool.txt 2>&1
      echo "$tool $1 $2: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|hazard|mismatch|PASS|FAIL' /tmp/san-$tool.txt | tail -2 | paste -sd' ')"
      shift 2
    done
  }
  san memcheck bundle2/p001/p001.json bundle2/p001/ref bundle2/p002/p002.json bundle2/p002/ref \
    k/odd/gemm_bias_relu.json M=95,N=97,K=93 > "$OUT/sanitize1.txt" 2>&1 &
  san racecheck bundle2/p001/p001.json bundle2/p001/ref bundle2/p002/p002.json bundle2/p002/ref \
    k/sM1/gemm_bias_relu.json M=1,N=333,K=1001 > "$OUT/sanitize2.txt" 2>&1 &
  checks_done sanitize1.txt sanitize2.txt
  python3 bench/bench_small.py --json "$OUT/small.json" \
    --case M1=$K/sM1/gemm_bias_relu.json@1x4096x4096 \
    --case M1t512=$K/sM1_t512/gemm_bias_relu.json@1x4096x4096 \
    --case M1t256=$K/sM1_t256/gemm_bias_relu.json@1x4096x4096 \
    --case M1splitk=$K/sM1_splitk/gemm_bias_relu.json@1x4096x4096 \
    --case M1static=$K/gf/gemv_m1.json@1x4096x4096 \
    --case M1_11008=$K/sM1/gemm_bias_relu.json@1x11008x4096 \
    --case M1odd=$K/sM1/gemm_bias_relu.json@1x3001x4093 \
    --case N1static=$K/gf/gemv_n1.json@4096x1x4096 \
    --case N1splitk=$K/sN1/gemm_bias_relu.json@4096x1x4096 \
    --case s127=$K/s127/gemm_bias_relu.json@127x129x8191 \
    --case s127_s32=$K/s127_s32/gemm_bias_relu.json@127x129x8191 \
    --case s64=$K/s64/gemm_bias_relu.json@64x64x65536 \
    --case s64_s16=$K/s64_s16/gemm_bias_relu.json@64x64x65536 \
    --case s64_s64=$K/s64_s64/gemm_bias_relu.json@64x64x65536 \
    --case s2048=$K/s2048/gemm_bias_relu.json@2048x2048x64 \
    --case odd128=$K/odd/gemm_bias_relu.json@4095x4097x4093 \
    --case odd256=$K/nominal/gemm_bias_relu.json@4095x4097x4093 2>&1 | tee "$OUT/small.txt"
  el "bench done"
  exit 0
fi
# The harness: each bundle in shards, 10 dlc-run processes at a time.
harness 50 20 bundle:6 bundle2:4
# Sanitizers on split-K kernels (repeated launches under each tool).
sanitize 40 "memcheck split32 M=1,K=1024,N=1024" "racecheck split32 M=1,K=1024,N=1024" \
  "synccheck split32 M=1,K=1024,N=1024" "memcheck s4096x1x4096 M=500,K=1024,N=1" \
  "racecheck s127x129x8191 M=127,K=2048,N=129" > "$OUT/sanitize.txt" 2>&1 &
# The M = 1 split-K configuration of run 22, C runtime: JIT without the
# cache, then 500 timed launches.
( t=$(date +%s.%N)
  CUDA_CACHE_DISABLE=1 timeout 60 "$D/dlc-run" "$K/split32/gemm_bias_relu.json" \
    M=1,K=4096,N=4096 --iters 0 2>&1 | tail -1
  echo "jit (no cache) + load + 1 launch: $(awk -v a="$t" -v b="$(date +%s.%N)" 'BEGIN{print b - a}') s"
  timeout 40 "$D/dlc-run" "$K/split32/gemm_bias_relu.json" M=1,K=4096,N=4096 \
    --iters 500 --warmup 5 2>&1 | tail -1; echo "rc=$?" ) > "$OUT/crepeat.txt" 2>&1 &
# Repeated launches from Python, every output and the counters checked.
repeat_launches pyrepeat.txt 70 "$D/bench/splitk_repeat.py" 150 \
  "$K/split32/gemm_bias_relu.json@1x4096x4096,4096x1x4096,1x3000x1000,127x129x8191" \
  "$K/s1x4096x4096/gemm_bias_relu.json@1x4096x4096,2x4096x4096,1x1000x3000" \
  "$K/s4096x1x4096/gemm_bias_relu.json@4096x1x4096,4095x3x4096" \
  "$K/s127x129x8191/gemm_bias_relu.json@127x129x8191,64x64x65536" \
  "$K/s64x64x65536/gemm_bias_relu.json@64x64x65536"
checks_done crepeat.txt pyrepeat.txt sanitize.txt
# Timings, alone on the GPU.
cases=()
for s in 127x129x8191 64x64x65536 1x4096x4096 4096x1x4096 2048x2048x64; do
  cases+=(--case "planned=$K/s$s/gemm_bias_relu.json@$s" --case "whole=$K/whole/gemm_bias_relu.json@$s")
done
# Does a split bound cost a large problem anything (it never splits there)?
cases+=(--case "whole=$K/whole/gemm_bias_relu.json@4096x4096x4096"
        --case "split32=$K/split32/gemm_bias_relu.json@4096x4096x4096")
timeout 120 python3 "$D/bench/bench_small.py" "${cases[@]}" --json "$OUT/small.json" 2>&1 | grep -v Warning
for s in 2048x2048x64 1x4096x4096; do
  IFS=x read -r m n k <<< "$s"
  echo "dlc-run C runtime $s: $(timeout 20 "$D/dlc-run" "$K/s$s/gemm_bias_relu.json" M=$m,K=$k,N=$n --iters 200 --warmup 20 2>&1 | tail -1)"
done
el done
