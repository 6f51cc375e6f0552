#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: the split-K timing probe of
# bench/RESULTS.md run small-1. $1 holds dlc-run and k/ (bench/build_small.sh
# OUT, plus the split_k sweep kernels sk8/sk16/sk64 and st8 of
# bench/build_small.sh OUT --probe). Times the five small shapes against
# cuBLAS, then 64x64 at a fixed 512-long k slice per split (K = 512 S for
# S = 8 .. 64: the time's growth with S is the per-split cost), then ncu's
# SpeedOfLight on one launch of each split kernel.
set -u
D="${1:?usage: run_small_probe.sh DIR}"
. "$(dirname "$0")/device_common.sh"
device_setup
cases=()
for s in 127x129x8191 64x64x65536 1x4096x4096 4096x1x4096 2048x2048x64; do
  cases+=(--case "planned=$K/s$s/gemm_bias_relu.json@$s")
done
for sk in 8 16 64; do
  cases+=(--case "sk$sk=$K/sk$sk/gemm_bias_relu.json@64x64x$((512 * sk))")
done
cases+=(--case "sk32=$K/s64x64x65536/gemm_bias_relu.json@64x64x16384"
        --case "sk16=$K/sk16/gemm_bias_relu.json@64x64x65536"
        --case "sk64=$K/sk64/gemm_bias_relu.json@64x64x65536"
        --case "st8=$K/st8/gemm_bias_relu.json@64x64x65536")
timeout 150 python3 bench/bench_small.py "${cases[@]}" --json "$OUT/probe.json" 2>&1 | grep -v Warning
for c in "s64x64x65536 M=64,K=65536,N=64" "sk64 M=64,K=65536,N=64" "st8 M=64,K=65536,N=64" \
         "s127x129x8191 M=127,K=8191,N=129" "s4096x1x4096 M=4096,K=4096,N=1"; do
  set -- $c
  timeout 60 "$ncu" --section SpeedOfLight --section LaunchStats -c 1 \
    "$D/dlc-run" "$K/$1/gemm_bias_relu.json" "$2" --iters 1 --warmup 0 > "$OUT/ncu-$1.txt" 2>&1
  echo "== ncu $1 $2"; grep -E "Duration|DRAM Throughput|Memory Throughput|L2 Cache Throughput|Compute \(SM\)|Grid Size|Registers" "$OUT/ncu-$1.txt"
done
