#!/usr/bin/env bash
# Branch gm5's device call (issue 9), from the repository root on the GPU
# machine, assets from bench/build_gm5.sh in $D (new-* this branch's
# kernels, main-* main's): the k loop's SASS counted (cuobjdump,
# bench/sass_loops.py), the smoke checks, dlc-run warm-L2 timings (both
# orders), bench_gemm.py --rounds of new against main beside cuBLAS,
# the SM clock and power under a sustained run of each, ncu PC sampling
# of each (no SASS patching: run gm4-2) through bench/ncu_hot.py, then
# the GEMM and conv harness bundles and compute-sanitizer, as STEPS (a
# space-separated list of: sass smoke time bench clock ncu harness) asks.
D=${D:-gpu-gm5}
K=$D/k
# The branch's device_common.sh when build_gm5.sh carried it (the call
# runs main's checkout).
if [ -f "$D/device_common.sh" ]; then . "$D/device_common.sh"; else . bench/device_common.sh; fi
device_setup
STEPS=${STEPS:-"sass smoke time bench clock ncu harness"}
has() { [[ " $STEPS " == *" $1 "* ]]; }
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
mkdir -p /tmp/rep
if has sass; then
  for c in $K/*.cubin; do
    n=$(basename "$c" .cubin)
    $cuobjdump -sass "$c" > /tmp/rep/$n.sass 2>&1
    echo "== sass $n"; python3 $D/sass_loops.py /tmp/rep/$n.sass | grep -v "^== dlc_repack"
  done
fi
if has smoke; then
  for kk in main new; do
    "$D/dlc-run" "$K/$kk-gemm_bias_relu/gemm_bias_relu.json" --ref-data "$D/ref/s520" --iters 0 2>&1 | tail -1 | sed "s/^/smoke $kk f16: /"
    "$D/dlc-run" "$K/$kk-gemm_bias_relu_bf16/gemm_bias_relu.json" --ref-data "$D/ref/b777" --iters 0 2>&1 | tail -1 | sed "s/^/smoke $kk bf16: /"
  done
fi
SIZES="4096x4096x4096 8192x8192x8192 16384x1024x4096"
warm() { # KERNEL SIZE
  local m n k
  IFS=x read -r m n k <<< "$2"
  echo "time $1 $2: $("$D/dlc-run" "$K/$1/gemm_bias_relu.json" "M=$m,K=$k,N=$n" --iters 50 --warmup 10 2>&1 | grep -o 'median.*')"
}
if has time; then
  for s in $SIZES; do
    warm new-gemm_bias_relu $s; warm main-gemm_bias_relu $s
    warm main-gemm_bias_relu $s; warm new-gemm_bias_relu $s
    warm new-gemm_bias_relu_bf16 $s; warm main-gemm_bias_relu_bf16 $s
  done
  el "time done"
fi
if has bench; then
  GEMM_VS_TIMEOUT=150 TAILN=4 ROUNDS=3
  BIG=4096x4096x4096,8192x8192x8192,16384x1024x4096
  gemm_vs f16 new-gemm_bias_relu main-gemm_bias_relu $BIG
  gemm_vs bf16 new-gemm_bias_relu_bf16 main-gemm_bias_relu_bf16 $BIG
  el "bench done"
fi
if has clock; then
  # 4096^3 back to back for ~4 s; nvidia-smi every 50 ms, medians of the
  # samples taken while the kernel ran (utilization > 90 %).
  for kk in main new main new; do
    nvidia-smi --query-gpu=clocks.sm,power.draw,utilization.gpu --format=csv,noheader,nounits -lms 50 > /tmp/clk.txt &
    smi=$!
    r=$("$D/dlc-run" "$K/$kk-gemm_bias_relu/gemm_bias_relu.json" "M=4096,K=4096,N=4096" --iters 20000 --warmup 20 2>&1 | grep -o 'median.*')
    kill $smi; wait $smi 2>/dev/null
    python3 - "$kk" "$r" <<'PY'
import statistics, sys
rows = [l.split(",") for l in open("/tmp/clk.txt") if l.count(",") == 2]
busy = [(float(c), float(p)) for c, p, u in rows if u.strip().isdigit() and int(u) > 90]
if busy:
    print("clock %s: %d samples, SM %.0f MHz, %.0f W; %s" % (sys.argv[1], len(busy),
          statistics.median(c for c, _ in busy), statistics.median(p for _, p in busy), sys.argv[2]))
else:
    print("clock %s: no busy samples; %s" % (sys.argv[1], sys.argv[2]))
PY
  done
  el "clock done"
fi
if has ncu; then
  for kk in new main; do
    n2=$kk-16384x1024x4096
    timeout 60 $ncu --clock-control none --metrics group:smsp__pcsamp_warp_stall_reasons,group:smsp__pcsamp_warp_stall_reasons_not_issued,smsp__pcsamp_sample_count,gpu__time_duration.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum --import-source no -c 1 -f -o /tmp/rep/$n2 \
      $D/dlc-run $K/$kk-gemm_bias_relu/gemm_bias_relu.json "M=16384,K=4096,N=1024" --iters 1 --warmup 0 > /tmp/rep/ncu-$n2.txt 2>&1
    echo "== ncu $n2 rc=$?"
    $ncu -i /tmp/rep/$n2.ncu-rep --page source --csv --print-source sass > /tmp/rep/src-$n2.csv 2>&1
    $ncu -i /tmp/rep/$n2.ncu-rep --page raw --csv --metrics gpu__time_duration.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum 2>&1 | tail -1 | cut -c1-300
    python3 $D/ncu_hot.py /tmp/rep/src-$n2.csv --top 8 > /tmp/rep/hot-$n2.txt 2>&1
    head -c 1800 /tmp/rep/hot-$n2.txt; echo
  done
  el "ncu done"
fi
(cd /tmp/rep && tar czf "$OUT/reps.tgz" .)
if has harness; then
  harness 150 60 h:6 c:2
  sanitize 120 "memcheck new-gemm_bias_relu M=700,K=100,N=300" \
    "racecheck new-gemm_bias_relu M=700,K=100,N=300" &
  wait
  harness_report
fi
el "all done"
