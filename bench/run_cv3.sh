#!/usr/bin/env bash
# Branch cv3's device call (issue 10; ON THE GPU MACHINE from the
# repository root; $D from bench/build_cv3.sh, default gpu-cv3):
#   NCU="K ..."     ncu of each kernel K of $D/k (or cudnn:K, cuDNN's NHWC
#                   conv of K's shape) with SourceCounters + WarpStateStats
#                   + SpeedOfLight, one launch (bench/ncu_conv.py's range),
#                   then its SASS source page as CSV (per-instruction
#                   warp-stall samples); reports and CSVs in $OUT/ncu.tgz;
#                   NCU_OPTS replaces the three sections (e.g. other
#                   sections, `--clock-control none`)
#   CLOCKS="K ..."  bench/conv_clocks.py: SM clock and power while each
#                   kernel (and cuDNN of its shape) runs back to back
#   BENCH="K,..."   bench_conv.py --kernels $D/k --only K,... (all: every);
#                   BENCH2 likewise, a second pass
#   LAUNCH="K ..."  bench/conv_launch.py: do_bench against the kernel's
#                   time without host gaps (events ahead, graph)
#   GEMM_PAIRS="A:B ..."  bench_gemm.py of $K/A against $K/B (gemm_vs)
#   HARNESS=1       the conv bundle $D/h in 5 shards, the GEMM bundle $D/hg
#                   (if built) in 2; SAN=PROBLEM: compute-sanitizer
#                   memcheck + racecheck on conv problem PROBLEM beside them
D=${D:-gpu-cv3}
K=$D/k
BD=$D/bench
ROOT=$(pwd)
. "$BD/device_common.sh"
device_setup
$ncu --version | tail -1
if [ -n "${NCU:-}" ]; then
  mkdir -p /tmp/ncu
  for k in $NCU; do
    r=/tmp/ncu/${k/:/_}
    (cd "$BD" && timeout 120 $ncu --profile-from-start off --import-source no -c 1 \
      ${NCU_OPTS:---section SourceCounters --section WarpStateStats --section SpeedOfLight} \
      -f -o "$r" python3 ncu_conv.py "$ROOT/$K" "$k" > "$r.log" 2>&1)
    echo "== ncu $k rc=$?"; grep -E "==ERROR|==WARNING" "$r.log" | head -3
    $ncu -i "$r.ncu-rep" --page source --csv --print-source sass > "$r.csv" 2> "$r.err"
    echo "   source csv rc=$? $(wc -l < "$r.csv") lines $(head -c 300 "$r.err")"
    $ncu -i "$r.ncu-rep" --page details > "$r.txt" 2>&1
    grep -E "^  [a-z_0-9]+.*\(|Duration|Elapsed Cycles|Executed Instructions |Issue Slots Busy|Warp Cycles Per Issued|SM Frequency|Throughput|Hit Rate|Mem Busy|Max Bandwidth|Mem Pipes" "$r.txt" | sed "s/  */ /g" | head -${NCU_LINES:-12}
  done
  tar czf "$OUT/ncu.tgz" -C /tmp ncu
  ls -la "$OUT/ncu.tgz"
  el "ncu done"
fi
if [ -n "${CLOCKS:-}" ]; then
  (cd "$BD" && timeout 120 python3 conv_clocks.py "$ROOT/$K" $CLOCKS) 2>&1 | tee "$OUT/clocks.txt"
  el "clocks done"
fi
# BENCH, then BENCH2 (a second pass, e.g. the variants in another order)
i=0
for b in "${BENCH:-}" "${BENCH2:-}"; do
  i=$((i + 1))
  [ -n "$b" ] || continue
  only=(); [ "$b" = all ] || only=(--only "$b")
  (cd "$BD" && timeout ${BENCH_S:-240} python3 bench_conv.py --kernels "$ROOT/$K" \
    "${only[@]}" --out "$OUT/conv$i.json" > "$OUT/bench$i.txt" 2>&1)
  echo "conv bench $i rc=$?"
  grep -vE "^\s*$" "$OUT/bench$i.txt" | cut -c1-160
  el "bench $i done"
done
if [ -n "${LAUNCH:-}" ]; then
  (cd "$BD" && timeout 150 python3 conv_launch.py "$ROOT/$K" $LAUNCH) 2>&1 | tee "$OUT/launch.txt"
  el "launch done"
fi
for pair in ${GEMM_PAIRS:-}; do
  GEMM_VS_TIMEOUT=90 TAILN=3 gemm_vs ${pair%:*} ${pair%:*} ${pair#*:} \
    4096x4096x4096,16384x1024x4096
done
if [ "${HARNESS:-0}" = 1 ]; then
  harness ${HARNESS_S:-150} 60 h:5 hg:2
  [ -n "${SAN:-}" ] && bundle_sanitize h "$SAN"
  wait
  harness_report
  [ -n "${SAN:-}" ] && bundle_sanitize_report
  el "harness done"
fi
