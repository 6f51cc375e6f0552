#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: runs small-2/3's checks and
# timings of the split-K tree reduction in one call. $1 holds dlc-run,
# splitk_repeat.py and dlc_kernel.py, k/ (bench/build_small.sh OUT and OUT
# --probe with this branch's compiler), old/ (the same kernels from main's
# compiler), optionally prev/ (an earlier build to compare) and bundle/
# (test/gpu/build_bundle.sh --family gemm --chip sm_90a).
# Correctness first (harness shards, sanitizers, repeated launches in
# parallel), then the timings alone on the GPU.
set -u
D="${1:?usage: run_small_check.sh DIR}"
. "$(dirname "$0")/device_common.sh"
device_setup
harness 150 60 bundle:6
sanitize 90 "memcheck s64x64x65536 M=64,K=8192,N=64" "racecheck s64x64x65536 M=64,K=8192,N=64" \
  "memcheck s64x64x65536 M=100,K=4096,N=70" "racecheck s64x64x65536 M=100,K=4096,N=70" \
  "synccheck s64x64x65536 M=100,K=4096,N=70" "memcheck s127x129x8191 M=127,K=2048,N=129" \
  "memcheck s4096x1x4096 M=500,K=1024,N=1" "racecheck s4096x1x4096 M=500,K=1024,N=1" \
  > "$OUT/sanitize.txt" 2>&1 &
repeat_launches repeat.txt 100 "$D/splitk_repeat.py" 60 \
  "$K/s64x64x65536/gemm_bias_relu.json@64x64x65536,100x70x4096,64x64x8192,1x200x30000,33x65x12345,200x130x9000,127x129x8191" \
  "$K/s127x129x8191/gemm_bias_relu.json@127x129x8191,300x5x7000,2x3x5000,129x257x3000" \
  "$K/s4096x1x4096/gemm_bias_relu.json@4096x1x4096,4095x3x4096"
checks_done repeat.txt sanitize.txt
cases=()
for s in 127x129x8191 64x64x65536 1x4096x4096 4096x1x4096 2048x2048x64; do
  cases+=(--case "new=$K/s$s/gemm_bias_relu.json@$s")
done
cases+=(--case "old=$D/old/s127x129x8191/gemm_bias_relu.json@127x129x8191"
        --case "old=$D/old/s64x64x65536/gemm_bias_relu.json@64x64x65536"
        --case "old=$D/old/s4096x1x4096/gemm_bias_relu.json@4096x1x4096")
# run small-2's kernels (tree without the one-group shortcut, 128 splits)
for s in 64x64x65536 4096x1x4096; do
  [ -d "$D/prev" ] && cases+=(--case "prev=$D/prev/s$s/gemm_bias_relu.json@$s")
done
for sk in 8 16 32 64 128; do
  cases+=(--case "sk$sk=$K/sk$sk/gemm_bias_relu.json@64x64x$((512 * sk))")
done
for sk in 16 32 64; do cases+=(--case "sk$sk=$K/sk$sk/gemm_bias_relu.json@64x64x65536"); done
cases+=(--case "st6=$K/st6/gemm_bias_relu.json@64x64x65536")
timeout 200 python3 bench/bench_small.py "${cases[@]}" --json "$OUT/small.json" 2>&1 | grep -v Warning
el done
