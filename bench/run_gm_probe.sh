#!/usr/bin/env bash
# Branch gm's device probe (run from the repository root on the GPU
# machine, kernels in $D/k): ncu of DLC's SM90 GEMM (dlc-run, one launch)
# and of cuBLAS's (bench/ncu_cublas.py) at the issue's large shapes, then
# bench_gemm.py with the variants in $D/k against cuBLAS in one process.
# ncu runs with --clock-control none (the card's own clocks).
D=${D:-gpu-gm}
. bench/device_common.sh
device_setup
SIZES=${SIZES:-16384x1024x4096,4096x4096x4096}
MET=sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,sm__cycles_active.avg,gpu__time_duration.sum,lts__t_bytes.sum,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__warp_issue_stalled_wait_per_warp_active.pct,smsp__warp_issue_stalled_sleeping_per_warp_active.pct,smsp__warp_issue_stalled_branch_resolving_per_warp_active.pct,smsp__warp_issue_stalled_mio_throttle_per_warp_active.pct,smsp__warp_issue_stalled_math_pipe_throttle_per_warp_active.pct
NCU="timeout 60 $ncu --clock-control none --section SpeedOfLight --section LaunchStats --metrics $MET"
SHOW="Duration|Elapsed Cycles|SM Frequency|DRAM Throughput|Memory Throughput|L2 Cache Throughput|Compute \(SM\)|Registers|Grid Size|Cluster|sm__pipe_tensor|lts__t_sector_hit|dram__bytes|lts__t_bytes|sm__cycles_active|stalled|gpu__time"
# NCU_DLC: "KERNEL@MxNxK ..." (a folder of $K at a size)
for v in $NCU_DLC; do
  s=${v#*@}
  IFS=x read -r m n k <<< "$s"
  ncu_probe "dlc ${v%@*} $s" "$SHOW" $NCU -c 1 "$D/dlc-run" "$K/${v%@*}/gemm_bias_relu.json" "M=$m,K=$k,N=$n" --iters 1 --warmup 0
done
[ -n "$NCU_CUBLAS" ] && ncu_probe cublas "$SHOW" $NCU -k "regex:gemm|nvjet|xmma|cutlass|sm90" python3 $D/ncu_cublas.py ${SIZES//,/ }
[ -n "$NCU_CUBLAS_BF16" ] && ncu_probe cublas-bf16 "$SHOW" $NCU -k "regex:gemm|nvjet|xmma|cutlass|sm90" python3 $D/ncu_cublas.py --dtype bf16 $NCU_CUBLAS_BF16
el "ncu done"
cd bench
# BENCH: "NAME KERNEL [BASE] [--no-triton] [SIZES]" entries separated by ';'
IFS=';' read -ra runs <<< "$BENCH"
for r in "${runs[@]}"; do
  set -- $r
  [ -z "$1" ] && continue
  n=$1 kern=$2; shift 2
  extra=()
  if [ -n "$1" ] && [ "$1" != "-" ]; then extra+=(--baseline "../$K/$1/gemm_bias_relu.json"); fi
  shift
  timeout 120 python3 bench_gemm.py --no-triton --manifest "../$K/$kern/gemm_bias_relu.json" "${extra[@]}" --sizes "${1:-$SIZES}" --json "$OUT/gemm-$n.json" > /tmp/bench.txt 2>&1
  echo "== bench $n ($kern vs ${extra[1]:-none}) rc=$?" | tee -a "$OUT/bench.log"
  cat /tmp/bench.txt >> "$OUT/bench.log"
  grep -v "^#\|autotun" /tmp/bench.txt | tail -8
done
el "bench done"
