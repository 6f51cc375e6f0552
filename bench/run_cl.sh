#!/usr/bin/env bash
# Branch cl's device call (issue 9, 2-CTA clusters with TMA multicast; run
# from the repository root on the GPU machine; $D from bench/build_cl.sh):
# bench_gemm.py with the clustered kernel (c2-*) against the same plan
# without clusters (c1-*, main's) and cuBLAS in one process, f16 and bf16;
# ncu of both at 16384 x 1024 x 4096; then the harness in shards beside
# compute-sanitizer memcheck and racecheck on the clustered kernel at an
# odd tile-row count (M = 520: 5 rows of 128, the last pair's second tile
# past M).
# BD: the folder of the bench scripts (a copy carried beside the kernels
# when the checkout's are older).
D=${D:-gpu-cl}
BD=${BD:-bench}
. "$BD/device_common.sh"
device_setup
# First a check of the clustered kernel against dlc-interp's reference at
# an odd tile-row count (bench/build_cl.sh's ref/s520): a hang or a wrong
# answer here skips the benchmarks for a short harness.
for v in c1-gemm_bias_relu c2-gemm_bias_relu; do
  if ! smoke "$v" "$v" 40 && [ "$v" = c2-gemm_bias_relu ]; then
    tail -5 /tmp/smoke.txt
    harness 40 15 h:6
    wait
    harness_report
    exit 1
  fi
done
el "smoke done"
BIG=4096x4096x4096,8192x8192x8192,16384x1024x4096
gemm_vs f16 c2-gemm_bias_relu c1-gemm_bias_relu $BIG,4095x4097x4093
gemm_vs bf16 c2-gemm_bias_relu_bf16 c1-gemm_bias_relu_bf16 $BIG
el "bench done"
MET=sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_bytes.sum,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__warp_issue_stalled_wait_per_warp_active.pct
for v in c1-gemm_bias_relu c2-gemm_bias_relu; do
  ncu_probe "$v 16384x1024x4096" "sm__pipe|lts__|dram__|gpu__time|stalled" \
    timeout 90 "$ncu" --clock-control none --metrics $MET -c 1 "$D/dlc-run" \
    "$K/$v/gemm_bias_relu.json" M=16384,K=4096,N=1024 --iters 1 --warmup 0
done
el "ncu done"
harness 150 60 h:6
sanitize 150 "memcheck c2-gemm_bias_relu M=520,K=200,N=300" \
  "racecheck c2-gemm_bias_relu M=520,K=200,N=300"
wait
harness_report
el "all done"
