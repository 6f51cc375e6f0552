#!/usr/bin/env bash
# Branch gm4's run gm4-2, from the repository root on the GPU machine
# (kernels from bench/build_gm4.sh in gpu-gm4): ncu's PC samples alone of
# main's default SM90 GEMM (128 x 256) at two sizes, no SASS patching (the
# kernel did not finish under SourceCounters in run gm4-1), the SASS page
# as CSV through bench/ncu_hot.py; reports in $OUT/reps2.tgz.
D=gpu-gm4; K=$D/k
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
mkdir -p /tmp/rep
for s in 16384x1024x4096 4096x4096x4096; do
  IFS=x read -r m n k <<< "$s"
  n2=main-$s
  timeout 45 $ncu --clock-control none --metrics group:smsp__pcsamp_warp_stall_reasons,group:smsp__pcsamp_warp_stall_reasons_not_issued,smsp__pcsamp_sample_count,gpu__time_duration.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed --import-source no -c 1 -f -o /tmp/rep/$n2 \
    $D/dlc-run $K/main-gemm_bias_relu/gemm_bias_relu.json "M=$m,K=$k,N=$n" --iters 1 --warmup 0 > /tmp/rep/ncu-$n2.txt 2>&1
  echo "== $n2 rc=$?"; grep -E "==ERROR|==WARN" /tmp/rep/ncu-$n2.txt | head -3
  $ncu -i /tmp/rep/$n2.ncu-rep --page source --csv --print-source sass > /tmp/rep/src-$n2.csv 2>&1
  $ncu -i /tmp/rep/$n2.ncu-rep --page raw --csv --metrics gpu__time_duration.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed 2>&1 | tail -1 | cut -c1-300
  python3 $D/ncu_hot.py /tmp/rep/src-$n2.csv --top 10 2>&1 | head -36
done
(cd /tmp/rep && tar czf $OUT/reps2.tgz .)
