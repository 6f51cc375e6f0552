#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: run sk-2's checks and
# timings of the 64-row tile in one call. $1 holds dlc-run, k/
# (bench/build_small.sh OUT and OUT --tiles with this branch's compiler),
# old/ (main's kernels of the same three shapes), optionally prev/ (an
# earlier build of the branch: its 64 x 64 x 65536 kernels) and bundle/
# (test/gpu/build_bundle.sh --family gemm --chip sm_90a --long-k P).
# Correctness first (harness shards, sanitizers, repeated launches in
# parallel), then the timings alone on the GPU.
set -u
D="${1:?usage: run_sk_check.sh DIR}"
. "$(dirname "$0")/device_common.sh"
device_setup
harness 100 60 bundle:6
sanitize 60 "memcheck s64x64x65536 M=64,K=8192,N=64" "racecheck s64x64x65536 M=64,K=8192,N=64" \
  "memcheck s64x64x65536 M=100,K=4096,N=70" "racecheck s64x64x65536 M=100,K=4096,N=70" \
  "memcheck t64big M=300,K=777,N=200" "racecheck t64big M=300,K=777,N=200" \
  > "$OUT/sanitize.txt" 2>&1 &
repeat_launches repeat.txt 80 bench/splitk_repeat.py 30 \
  "$K/s64x64x65536/gemm_bias_relu.json@64x64x65536,100x70x4096,64x64x8192,1x200x30000,33x65x12345,127x129x8191,64x1000x3000" \
  "$K/t64big/gemm_bias_relu.json@512x512x1024,300x200x777,64x64x4096,65x130x520" \
  "$K/s127x129x8191/gemm_bias_relu.json@127x129x8191,300x5x7000,2x3x5000,129x257x3000" \
  "$K/s4096x1x4096/gemm_bias_relu.json@4096x1x4096,4095x3x4096"
checks_done repeat.txt sanitize.txt
c=()
for s in 64x64x65536 127x129x8191 2048x2048x64; do
  c+=(--case "new=$K/s$s/gemm_bias_relu.json@$s" --case "main=$D/old/s$s/gemm_bias_relu.json@$s")
done
c+=(--case "t128s64=$K/t128/gemm_bias_relu.json@64x64x65536")
for sk in 16 32 128; do c+=(--case "t64s$sk=$K/t64s$sk/gemm_bias_relu.json@64x64x65536"); done
if [ -d "$D/prev" ]; then
  c+=(--case "prev=$D/prev/s64x64x65536/gemm_bias_relu.json@64x64x65536"
      --case "prev_t64s32=$D/prev/t64s32/gemm_bias_relu.json@64x64x65536")
fi
c+=(--case "new=$K/s64x64x65536/gemm_bias_relu.json@64x64x65536")
timeout 120 python3 bench/bench_small.py "${c[@]}" --json "$OUT/small.json" 2>&1 | grep -v Warning
el done
