#!/usr/bin/env bash
# Branch arv's device call (issues 9-11: a ring stage released once per
# consumer warp; ON THE GPU MACHINE from the repository root; $D from
# bench/build_arv.sh, default gpu-arv):
#   1. HARNESS="BUNDLE:SHARDS ..." (default "hg-new:3 hc-new:2 ha-new:3")
#      in shards, beside compute-sanitizer memcheck + racecheck on
#      SAN="BUNDLE:PROBLEM ..." (default a ping-pong conv and a causal
#      flash problem) and on each SAN_GEMM kernel (default new) k/NAME-
#      gemm_bias_relu, cooperative 128 x 256, at 520 x 1000 x 600 against
#      dlc-interp's reference ref/r1000 (16 k tiles on 4 stages)
#   2. A/B in both orders: bench/run_gemm_ab.sh for each AB="NEW:OLD ..."
#      (default new:main; f16 and bf16, cuBLAS beside); bench_conv.py over
#      all of k/'s conv cases (name order, then reversed); bench_attention.py
#      (all four problems) for each ATT order "A,B[,C] ..." of att/ (default
#      "main,new new,main")
# Everything but the summary on stdout lands in $OUT/arv.tgz.
D=${D:-gpu-arv}
BD=$D/bench
. "$BD/device_common.sh"
device_setup
A=$ROOT/$D
L=/tmp/arv; mkdir -p $L
harness 100 60 ${HARNESS:-hg-new:3 hc-new:2 ha-new:3}
for t in memcheck racecheck; do
  for s in ${SAN:-hc-new:c028 ha-new:a007}; do
    b=${s%%:*} p=${s#*:}
    bash "$D/$b/run_bundle.sh" "$D/$b" --only "$p" --sanitize $t --timeout 150 --budget 160 \
      --log /tmp/s-$b-$t > $L/san-$b-$p-$t.txt 2>&1 &
  done
done
(for g in ${SAN_GEMM:-new}; do
  for t in none memcheck racecheck; do
    pre=(); [ $t = none ] || pre=("$cs" --tool $t --error-exitcode 99)
    timeout 150 "${pre[@]}" "$D/dlc-run" "$K/$g-gemm_bias_relu/gemm_bias_relu.json" M=520,K=1000,N=600 \
      --ref-data "$D/ref/r1000" --iters 0 > $L/gemm-$g-$t.txt 2>&1
    echo "gemm $g r1000 $t rc=$?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|PASS|FAIL|mismatch' $L/gemm-$g-$t.txt | tail -2 | paste -sd' ')"
  done
done) > $L/san-gemm.txt 2>&1 &
wait
harness_report
mv "$OUT"/harness.txt $L/
for f in $L/san-h*; do
  echo "== $(basename $f): $(grep -E "PASS|FAIL|ERROR|SANITIZER|TIMEOUT|passed|hazard" $f | tail -3 | paste -sd' ' | cut -c1-300)"
done
cat $L/san-gemm.txt
el "checks done"
for ab in ${AB:-new:main}; do
  OUT=$OUT/${ab/:/-} D=$D bash "$BD/run_gemm_ab.sh" "${ab%%:*}" "${ab#*:}"
  el "gemm a/b $ab done"
done
for pass in 1 2; do
  (cd "$BD" && timeout 150 python3 bench_conv.py --kernels "$A/k" --rounds 3 \
    --out $L/conv$pass.json > $L/conv$pass.txt 2>&1)
  echo "conv pass $pass rc=$?"; grep -vE "^\s*$" $L/conv$pass.txt | cut -c1-150
  python3 -c "import json,sys; f=sys.argv[1]; c=json.load(open(f)); json.dump(c[::-1], open(f,'w'))" "$A/k/cases.json"
  el "conv $pass"
done
i=0
for order in ${ATT:-main,new new,main}; do
  i=$((i + 1)); args=()
  for s in ${order//,/ }; do args+=(--kernels "$s=$A/att/$s"); done
  (cd "$BD" && timeout 200 python3 bench_attention.py "${args[@]}" --rounds 3 --out $L/att-$i.json > $L/att-$i.txt 2>&1)
  echo "attention $i ($order) rc=$?"; cut -c1-200 $L/att-$i.txt; el "attention $i"
done
cp -r "$OUT"/* $L/ 2>/dev/null
tar czf /tmp/arv.tgz -C /tmp arv
rm -rf "${OUT:?}"/*
mv /tmp/arv.tgz "$OUT/"
ls -la "$OUT"
