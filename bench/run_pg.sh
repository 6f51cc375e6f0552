#!/usr/bin/env bash
# Branch pg's device call (issue 9: the SM90 GEMM in ping-pong; ON THE GPU
# MACHINE from the repository root; kernels from bench/build_pg.sh in $D,
# default gpu-pg; the f16 GEMM + bias + ReLU kernels k/<variant>-gemm_bias_relu):
#   CHECK="V ..."   each variant against dlc-interp's references (s520,
#                   r1800, r777: partial tiles, two tiles a CTA)
#   TIMES="V ..."   dlc-run medians (50 launches after 10) at SIZES, the
#                   variants in turn, rotated each of 3 rounds
#   NCU="V ..."     ncu of the second launch at SIZES' first size, clocks
#                   not locked: SpeedOfLight, WarpStateStats,
#                   MemoryWorkloadAnalysis, the tensor pipe, shared-memory
#                   banks, L2 / DRAM bytes; then its PC samples alone through
#                   ncu_hot.py (reports in $OUT/ncu.tgz)
#   SRC="V"         SourceCounters of one launch, SRC_S seconds at most
#                   (gm4's trap: it may not finish on a large SM90 GEMM)
#   POWER="V ..."   each variant launched back to back for ~3 s at each of
#                   SIZES' first two sizes while nvidia-smi samples the SM
#                   clock, the board power and the throttle reasons every
#                   50 ms: their medians over the samples under load
#   LOCKED="V ..."  ncu with the clocks locked at base (its default) at
#                   SIZES' first size: time, cycles, tensor pipe, L2 and
#                   DRAM bytes
D=${D:-gpu-pg}
BD=$D/bench
. "$BD/device_common.sh"
device_setup
e=gemm_bias_relu
for v in ${CHECK:-}; do
  for r in s520 r1800 r777; do
    echo "check $v $r: $(timeout 60 "$D/dlc-run" "$K/$v-$e/$e.json" --ref-data "$D/ref/$r" --iters 0 2>&1 | grep -iE "pass|fail|mismatch|error" | tail -1)"
  done
done
SIZES=${SIZES:-4096x4096x4096 8192x8192x8192 16384x1024x4096}
set -- ${TIMES:-}
for r in 1 2 3; do
  for s in $SIZES; do
    IFS=x read -r m n k <<< "$s"
    for v in "$@"; do
      echo "time r$r $s $v: $(timeout 60 "$D/dlc-run" "$K/$v-$e/$e.json" "M=$m,K=$k,N=$n" --iters 50 --warmup 10 2>&1 | grep -oE '[0-9.]+ TFLOP/s' | head -1)"
    done
  done
  [ $# -gt 1 ] && set -- "${@:2}" "$1" # rotate: each variant leads once
done
[ -n "${TIMES:-}" ] && el "times done"
for s in $(echo $SIZES | cut -d' ' -f1-2); do
  IFS=x read -r m n k <<< "$s"
  for v in ${POWER:-}; do
    nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active \
      --format=csv,noheader,nounits -lms 50 > /tmp/smi.csv &
    smi=$!
    it=$(( 3000000000000 * 700 / (2 * m * n * k) + 20 )) # ~3 s at 700 TFLOP/s
    tf=$(timeout 60 "$D/dlc-run" "$K/$v-$e/$e.json" "M=$m,K=$k,N=$n" --iters $it --warmup 20 2>&1 | grep -oE '[0-9.]+ TFLOP/s' | head -1)
    kill $smi; wait $smi 2>/dev/null
    echo "power $s $v ($it launches, $tf): $(python3 -c '
import sys, statistics as st
rows = [l.split(", ") for l in open(sys.argv[1]) if l.count(",") == 3]
load = [r for r in rows if float(r[1]) > 300]
med = lambda i: st.median(float(r[i]) for r in load) if load else 0
print("%d samples under load of %d: SM clock %.0f MHz, power %.0f W, temp %.0f C, throttle %s"
      % (len(load), len(rows), med(0), med(1), med(2), sorted(set(r[3].strip() for r in load))))' /tmp/smi.csv)"
  done
done
s=${SIZES%% *}; IFS=x read -r m n k <<< "$s"
for v in ${LOCKED:-}; do
  timeout 60 $ncu --launch-skip 1 -c 1 \
    --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_bytes.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed \
    "$D/dlc-run" "$K/$v-$e/$e.json" "M=$m,K=$k,N=$n" --iters 1 --warmup 1 > /tmp/locked-$v.txt 2>&1
  echo "== locked $v $s rc=$?"
  grep -E "gpu__|sm__|lts__|dram__|l1tex__" /tmp/locked-$v.txt | sed 's/  */ /g'
done
mkdir -p /tmp/ncu
for v in ${NCU:-}; do
  r=/tmp/ncu/$v
  timeout 90 $ncu --clock-control none --launch-skip 1 -c 1 \
    --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis \
    --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,lts__t_bytes.sum,gpu__time_duration.sum,sm__cycles_elapsed.avg,smsp__cycles_active.avg \
    -f -o "$r" "$D/dlc-run" "$K/$v-$e/$e.json" "M=$m,K=$k,N=$n" --iters 1 --warmup 1 > "$r.log" 2>&1
  echo "== ncu $v $s rc=$?"; grep -E "==ERROR" "$r.log" | head -3
  $ncu -i "$r.ncu-rep" --page details > "$r.txt" 2>&1
  grep -E "Duration|Elapsed Cycles|SM Frequency|hmma|bank_|wavefronts_mem|lts__|dram__bytes|L2 Hit|DRAM Through|L1/TEX Hit|Mem Busy|Max Bandwidth|Mem Pipes|Compute \(SM\)|Warp Cycles Per|Issued Warp|No Eligible|Active Warps|Eligible Warps" "$r.txt" | sed 's/  */ /g' | head -30
  rp=/tmp/ncu/pc-$v
  timeout 60 $ncu --clock-control none --launch-skip 1 -c 1 --import-source no \
    --metrics group:smsp__pcsamp_warp_stall_reasons,group:smsp__pcsamp_warp_stall_reasons_not_issued,smsp__pcsamp_sample_count,gpu__time_duration.sum \
    -f -o "$rp" "$D/dlc-run" "$K/$v-$e/$e.json" "M=$m,K=$k,N=$n" --iters 1 --warmup 1 > "$rp.log" 2>&1
  echo "== pc samples $v rc=$?"
  $ncu -i "$rp.ncu-rep" --page source --csv --print-source sass > "$rp.csv" 2>&1
  python3 "$BD/ncu_hot.py" "$rp.csv" --top 16 > "$rp.hot" 2>&1; head -60 "$rp.hot"
  el "ncu $v done"
done
for v in ${SRC:-}; do
  r=/tmp/ncu/src-$v
  timeout ${SRC_S:-90} $ncu --launch-skip 1 -c 1 --import-source no \
    --section SourceCounters --section WarpStateStats \
    -f -o "$r" "$D/dlc-run" "$K/$v-$e/$e.json" "M=$m,K=$k,N=$n" --iters 1 --warmup 1 > "$r.log" 2>&1
  echo "== source counters $v rc=$?"
  $ncu -i "$r.ncu-rep" --page source --csv --print-source sass > "$r.csv" 2>&1 \
    && python3 "$BD/ncu_hot.py" "$r.csv" --top 16 > "$r.hot" 2>&1; head -70 "$r.hot"
  el "source counters $v done"
done
[ -n "${NCU:-}${SRC:-}" ] && tar czf "$OUT/ncu.tgz" -C /tmp ncu
# AB="NEW:OLD": bench/run_gemm_ab.sh (bench_gemm.py --rounds 3, f16 and
# bf16, both orders, cuBLAS beside them) of $K/NEW-* against $K/OLD-*
if [ -n "${AB:-}" ]; then
  D=$D bash "$BD/run_gemm_ab.sh" "${AB%%:*}" "${AB#*:}"
fi
