#!/usr/bin/env bash
# Branch sk's probe (ON THE GPU MACHINE, main's checkout: D=gpu-sk bash
# gpu-sk/bench/run_skp.sh): why stream-K measured slower (run stk-1).
# dlc-run TFLOP/s of main, sk1 and nofix (sk1 without the fixup and the
# partial's store: wrong sums, the schedule alone) at 4096^3 and 16384 x
# 1024 x 4096, two rotating rounds; then ncu (one launch, the card's
# clocks) of each at 4096^3: duration, tensor pipe, DRAM bytes read, L2
# hit rate, barrier and long-scoreboard stalls.
D=${D:-gpu-sk}
. "$(dirname "$0")/device_common.sh"
device_setup
for r in 1 2; do
  for v in ${V:-main sk1 nofix}; do
    echo "round $r $v: 4096^3 $(dlc_tflops $v-gemm_bias_relu M=4096,K=4096,N=4096)" \
      "16384x1024x4096 $(dlc_tflops $v-gemm_bias_relu M=16384,K=4096,N=1024)" \
      "8192^3 $(dlc_tflops $v-gemm_bias_relu M=8192,K=8192,N=8192)"
  done
done
MET=sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct,smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct
for v in ${V:-main sk1 nofix}; do
  ncu_probe "$v 4096^3" "sm__pipe|gpu__time|dram__bytes|lts__t|stalled" \
    timeout 60 "$ncu" --clock-control none --metrics $MET -c 1 "$D/dlc-run" \
    "$K/$v-gemm_bias_relu/gemm_bias_relu.json" M=4096,K=4096,N=4096 --iters 1 --warmup 0
done
el "probe done"
