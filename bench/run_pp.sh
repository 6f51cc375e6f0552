#!/usr/bin/env bash
# Branch pp's device call (issues 9/10: the SM90 ping-pong schedule; ON
# THE GPU MACHINE from the repository root; $D from bench/build_pp.sh,
# default gpu-pp):
#   BENCH=1          bench_conv.py --rounds 3 of every conv kernel of $D/k,
#                    twice: the cases in name order, then reversed
#   GEMM_PAIRS="A:B ..."  bench_gemm.py (--rounds 3) of $K/A against $K/B
#                    and cuBLAS at GEMM_SIZES (default 4096^3)
#   NCU="K ..."      ncu of each conv kernel K (SourceCounters,
#                    WarpStateStats, SpeedOfLight, MemoryWorkloadAnalysis
#                    and the tensor-pipe / shared-memory metrics), one
#                    launch; its SASS source page through ncu_hot.py;
#                    reports, CSVs and details in $OUT/ncu.tgz
#   GEMM_TIMES="K ...", GEMM_NCU="K ...", GEMM_MEM="K ..."  (below)
#   HARNESS="B:N ..."  the bundles $D/B in N shards; SAN="B LIST":
#                    compute-sanitizer memcheck + racecheck on LIST of $D/B
#   CHECK="K@SIZES@REF ..."  dlc-run $K/K against dlc-interp's reference
#                    $D/ref/REF (build_pp.sh's refs), then (CHECK_SAN=1)
#                    under compute-sanitizer memcheck and racecheck
D=${D:-gpu-pp}
BD=$D/bench
. "$BD/device_common.sh"
device_setup
K=$D/k
ROOT=$(pwd)
for c in ${CHECK:-}; do
  IFS=@ read -r kk sz ref <<< "$c"
  m=$(ls "$K/$kk"/*.json | head -1)
  echo "check $kk $sz: $(timeout 60 "$D/dlc-run" "$m" "$sz" --ref-data "$D/ref/$ref" --iters 0 2>&1 | tail -1)"
  for tool in ${CHECK_SAN:+memcheck racecheck}; do
    timeout 150 "$cs" --tool $tool "$D/dlc-run" "$m" "$sz" --ref-data "$D/ref/$ref" --iters 1 --warmup 0 > /tmp/san.txt 2>&1
    echo "  $tool rc=$?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|PASS|FAIL|mismatch' /tmp/san.txt | tail -2 | paste -sd' ')"
  done
done
if [ "${BENCH:-0}" = 1 ]; then
  for pass in 1 2; do
    (cd "$BD" && timeout ${BENCH_S:-200} python3 bench_conv.py --kernels "$ROOT/$K" \
      --rounds 3 --out "$OUT/conv$pass.json" > "$OUT/bench$pass.txt" 2>&1)
    echo "conv bench $pass rc=$?"
    grep -vE "^\s*$" "$OUT/bench$pass.txt" | cut -c1-150
    python3 -c "import json,sys; f=sys.argv[1]; c=json.load(open(f)); json.dump(c[::-1], open(f,'w'))" "$K/cases.json"
    el "bench $pass done"
  done
fi
for pair in ${GEMM_PAIRS:-}; do
  ROUNDS=3 GEMM_VS_TIMEOUT=120 TAILN=3 gemm_vs ${pair%:*} ${pair%:*} ${pair#*:} \
    "${GEMM_SIZES:-4096x4096x4096}"
  el "gemm $pair done"
done
if [ -n "${NCU:-}" ]; then
  mkdir -p /tmp/ncu
  for k in $NCU; do
    r=/tmp/ncu/$k
    (cd "$BD" && timeout 150 $ncu --profile-from-start off --import-source no -c 1 \
      --section SourceCounters --section WarpStateStats --section SpeedOfLight \
      --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis \
      --metrics sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed,smsp__cycles_active.avg,sm__cycles_elapsed.avg \
      -f -o "$r" python3 ncu_conv.py "$ROOT/$K" "$k" > "$r.log" 2>&1)
    echo "== ncu $k rc=$?"; grep -E "==ERROR" "$r.log" | head -3
    $ncu -i "$r.ncu-rep" --page source --csv --print-source sass > "$r.csv" 2> "$r.err"
    $ncu -i "$r.ncu-rep" --page details > "$r.txt" 2>&1
    $ncu -i "$r.ncu-rep" --page raw --csv > "$r.raw.csv" 2>&1
    grep -E "Duration|Elapsed Cycles|SM Frequency|Executed Ipc A|Warp Cycles Per Issued|Shared Memory|hmma|wavefronts_mem_shared|bank_|L1/TEX Hit|Mem Pipes|Compute \(SM\)" "$r.txt" | sed 's/  */ /g' | head -24
    python3 "$BD/ncu_hot.py" "$r.csv" --top 14 > "$r.hot" 2>&1; head -60 "$r.hot"
  done
  tar czf "$OUT/ncu.tgz" -C /tmp ncu
  el "ncu done"
fi
# GEMM_TIMES="K ...": dlc-run's median of each GEMM kernel $K/K at
# GEMM_SIZES' first size, the kernels in turn, three rounds (separate
# processes); GEMM_NCU="K ...": ncu's PC samples alone of one launch (no
# SASS patching, clocks not locked), through ncu_hot.py
sz=${GEMM_SIZES:-4096x4096x4096}; sz=${sz%%,*}; IFS=x read -r gm gn gk <<< "$sz"
for r in 1 2 3; do
  for kk in ${GEMM_TIMES:-}; do
    echo "time r$r $kk $sz: $(timeout 60 "$D/dlc-run" "$K/$kk/gemm_bias_relu.json" "M=$gm,K=$gk,N=$gn" --iters 50 --warmup 10 2>&1 | grep -oE '[0-9.]+ TFLOP/s|median[^,]*' | paste -sd' ')"
  done
done
for kk in ${GEMM_NCU:-}; do
  r=/tmp/ncu/g-$kk; mkdir -p /tmp/ncu
  timeout 60 $ncu --clock-control none --metrics group:smsp__pcsamp_warp_stall_reasons,group:smsp__pcsamp_warp_stall_reasons_not_issued,smsp__pcsamp_sample_count,gpu__time_duration.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed --import-source no -c 1 -f -o "$r" \
    "$D/dlc-run" "$K/$kk/gemm_bias_relu.json" "M=$gm,K=$gk,N=$gn" --iters 1 --warmup 0 > "$r.log" 2>&1
  echo "== ncu $kk rc=$?"
  $ncu -i "$r.ncu-rep" --page source --csv --print-source sass > "$r.csv" 2>&1
  $ncu -i "$r.ncu-rep" --page raw --csv --metrics gpu__time_duration.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed 2>&1 | tail -1 | cut -c1-200
  python3 "$BD/ncu_hot.py" "$r.csv" --top 12 2>&1 | head -34
done
# GEMM_MEM="K ...": ncu's memory sections of one launch (L2 hit rate,
# DRAM and L2 throughput, tensor pipe), clocks not locked
for kk in ${GEMM_MEM:-}; do
  timeout 60 $ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --metrics lts__t_sector_hit_rate.pct,dram__bytes_read.sum,lts__t_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum \
    -c 1 "$D/dlc-run" "$K/$kk/gemm_bias_relu.json" "M=$gm,K=$gk,N=$gn" --iters 1 --warmup 0 > /tmp/mem-$kk.txt 2>&1
  echo "== ncu mem $kk rc=$?"
  grep -E "lts__t_sector_hit_rate|dram__bytes_read|lts__t_bytes|hmma|gpu__time_duration|L2 Hit Rate|DRAM Throughput|L2 Cache Throughput|Memory Throughput|Duration" /tmp/mem-$kk.txt | sed 's/  */ /g' | head -12
done
[ -n "${GEMM_NCU:-}" ] && tar czf "$OUT/ncu.tgz" -C /tmp ncu
# Last, so that no timing above shares the GPU with it.
if [ -n "${HARNESS:-}" ]; then
  harness ${HARNESS_S:-150} 60 $HARNESS
  [ -n "${SAN:-}" ] && bundle_sanitize $SAN
  wait
  harness_report
  [ -n "${SAN:-}" ] && bundle_sanitize_report
  el "harness done"
fi
