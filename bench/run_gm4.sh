#!/usr/bin/env bash
# Branch gm4's device calls (issue 9), from the repository root on the GPU
# machine, kernels in $D/k (main-* main's, new-* this branch's; t256 / n256
# the 256 x 128 plan-file tile): per-instruction stall attribution (ncu's
# SourceCounters + WarpStateStats, one launch each, its SASS page as CSV
# read by bench/ncu_hot.py), then bench_gemm.py of new against main in
# one process beside cuBLAS, the smoke check, harness and sanitizers as
# STEPS (a space-separated list of: ncu cublas bench smoke harness san)
# asks.
D=${D:-gpu-gm4}
K=$D/k
. bench/device_common.sh
device_setup
STEPS=${STEPS:-"ncu cublas bench smoke"}
has() { [[ " $STEPS " == *" $1 "* ]]; }
NCU="timeout 120 $ncu --clock-control none --section SourceCounters --section WarpStateStats --section SpeedOfLight --import-source no -f"
SHOW="Duration|SM Frequency|Compute \(SM\) Throughput|Warp Cycles Per Issued|Avg. Active Threads|Warp Cycles Per Executed"
mkdir -p /tmp/rep
attribute() { # NAME then the profiled command
  local n=$1; shift
  $NCU -o /tmp/rep/$n "$@" > /tmp/ncu-$n.txt 2>&1
  echo "== ncu $n rc=$?"
  $ncu -i /tmp/rep/$n.ncu-rep --page source --csv --print-source sass > /tmp/rep/src-$n.csv 2> /tmp/rep/src-$n.err \
    || $ncu -i /tmp/rep/$n.ncu-rep --page source --csv --print-source=sass > /tmp/rep/src-$n.csv 2>> /tmp/rep/src-$n.err
  $ncu -i /tmp/rep/$n.ncu-rep --page details > /tmp/rep/det-$n.txt 2>&1
  grep -E "$SHOW" /tmp/rep/det-$n.txt | sed 's/  */ /g' | head -8
  python3 $D/ncu_hot.py /tmp/rep/src-$n.csv --top 12 > /tmp/rep/hot-$n.txt 2>&1
  python3 $D/ncu_hot.py /tmp/rep/src-$n.csv --top 40 --reason long_sb --context 2 >> /tmp/rep/hot-$n.txt 2>&1
  head -c 2500 /tmp/rep/hot-$n.txt
  echo
}
if has ncu; then
  for v in ${NCU_DLC:-main-gemm_bias_relu@16384x1024x4096 new-gemm_bias_relu@16384x1024x4096 main-gemm_bias_relu@4096x4096x4096 t256-gemm_bias_relu@16384x1024x4096}; do
    s=${v#*@}; IFS=x read -r m n k <<< "$s"
    attribute "${v%@*}-$s" "$D/dlc-run" "$K/${v%@*}/gemm_bias_relu.json" "M=$m,K=$k,N=$n" --iters 1 --warmup 0
  done
  el "ncu dlc done"
fi
if has cublas; then
  attribute cublas -k "regex:nvjet|gemm|xmma|cutlass|sm90" -c 2 python3 bench/ncu_cublas.py 16384x1024x4096 4096x4096x4096
  el "ncu cublas done"
fi
(cd /tmp/rep && tar czf "$OUT/reps.tgz" .)
if has smoke; then
  for kk in main new; do
    "$D/dlc-run" "$K/$kk-gemm_bias_relu/gemm_bias_relu.json" --ref-data "$D/ref/s520" --iters 0 2>&1 | tail -1 | sed "s/^/smoke $kk: /"
  done
  for kk in ${TIME_K:-main-gemm_bias_relu new-gemm_bias_relu t256-gemm_bias_relu n256-gemm_bias_relu}; do
    for s in 16384x1024x4096 4096x4096x4096; do
      IFS=x read -r m n k <<< "$s"
      echo "time $kk $s: $("$D/dlc-run" "$K/$kk/gemm_bias_relu.json" "M=$m,K=$k,N=$n" --iters 30 --warmup 5 2>&1 | grep -o 'median.*')"
    done
  done
  el "smoke done"
fi
if has bench; then
  GEMM_VS_TIMEOUT=150 TAILN=4
  BIG=${BIG:-4096x4096x4096,8192x8192x8192,16384x1024x4096}
  gemm_vs f16 new-gemm_bias_relu main-gemm_bias_relu $BIG
  [ -z "$NO_BF16" ] && gemm_vs bf16 new-gemm_bias_relu_bf16 main-gemm_bias_relu_bf16 $BIG
  [ -n "$BENCH256" ] && gemm_vs t256 n256-gemm_bias_relu t256-gemm_bias_relu 16384x1024x4096,4096x4096x4096
  el "bench done"
fi
if has harness; then
  harness 200 60 h:6
  has san && sanitize 150 "racecheck new-gemm_bias_relu M=700,K=100,N=300" \
    "memcheck new-gemm_bias_relu M=700,K=100,N=300" "racecheck n256-gemm_bias_relu M=600,K=150,N=300"
  wait
  harness_report
fi
el "all done"
