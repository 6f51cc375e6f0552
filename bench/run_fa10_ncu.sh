#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root (run fa10-3): ncu of the
# D64 causal flash kernels of runs fa10-1/2 (k/main, k/ones, k/poly1, as
# run_fa10.sh's) and of SDPA's (cuDNN) on B8 H16 S2048, one launch each.
set -u
D="$(cd "${1:?usage: run_fa10_ncu.sh DIR}" && pwd)"
. "$D/bench/device_common.sh"
device_setup
cd "$D/bench"
timeout 200 "$ncu" -k regex:"attn_d64|cudnn" -c 4 --section SpeedOfLight \
  --section WarpStateStats --section SchedulerStats --section InstructionStats \
  --section ComputeWorkloadAnalysis --print-details all \
  python3 bench_attention.py --kernels "main=$D/k/main" --kernels "ones=$D/k/ones" \
  --kernels "poly1=$D/k/poly1" --profile --only d64_causal > "$OUT/ncu.txt" 2>&1
echo "ncu rc=$?"
grep -E '^  [a-z_0-9]+.*\(|Elapsed Cycles|Duration|Executed Instructions |Issue Slots Busy|Issued Warp|No Eligible|Active Warps Per|Eligible Warps|Warp Cycles Per Issued|Stall|XU|Tensor|Compute \(SM\) Throughput' "$OUT/ncu.txt" | grep -v "^ *---" | head -150
