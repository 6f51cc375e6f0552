#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: run sk-1's breakdown of
# 64 x 64 x 65536's time (bench/RESULTS.md). $1 holds dlc-run and k/
# (bench/build_small.sh OUT, plus OUT --probe: split_k 1 .. 128). Times
# the planned kernels against cuBLAS, the split sweep at K = 65536, the
# fixed cost (one CTA, one k tile), one CTA's stream (64 and 1024 k tiles)
# and the per-split cost at a fixed 8-tile slice (K = 512 S); then ncu's
# SpeedOfLight + LaunchStats on one launch of three of them.
set -u
D="${1:?usage: run_sk_probe.sh DIR}"
. "$(dirname "$0")/device_common.sh"
device_setup
c=()
for s in 64x64x65536 127x129x8191 2048x2048x64; do
  c+=(--case "planned=$K/s$s/gemm_bias_relu.json@$s")
done
for sk in 1 16 64 128; do c+=(--case "sk$sk=$K/sk$sk/gemm_bias_relu.json@64x64x65536"); done
c+=(--case "sk1=$K/sk1/gemm_bias_relu.json@64x64x64"
    --case "sk1=$K/sk1/gemm_bias_relu.json@64x64x512"
    --case "sk1=$K/sk1/gemm_bias_relu.json@64x64x4096")
for sk in 8 16 32 64; do c+=(--case "sk$sk=$K/sk$sk/gemm_bias_relu.json@64x64x$((512 * sk))"); done
timeout 150 python3 bench/bench_small.py "${c[@]}" --json "$OUT/probe.json" 2>&1 | grep -v Warning
for x in "s64x64x65536 M=64,K=65536,N=64" "sk1 M=64,K=64,N=64" "sk8 M=64,K=4096,N=64"; do
  set -- $x
  timeout 60 "$ncu" --section SpeedOfLight --section LaunchStats -c 1 \
    "$D/dlc-run" "$K/$1/gemm_bias_relu.json" "$2" --iters 1 --warmup 0 > "$OUT/ncu-$1.txt" 2>&1
  echo "== ncu $1 $2"; grep -E "Duration|Elapsed Cycles|SM Frequency|DRAM Throughput|Memory Throughput|Compute \(SM\)|Grid Size|Registers|Shared Memory Config" "$OUT/ncu-$1.txt"
done
