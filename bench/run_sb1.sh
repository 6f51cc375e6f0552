#!/usr/bin/env bash
# Check of the SM90 consumer's last-stage release derived from the carried
# ring (Sm90Gemm.c stageBefore): harness, sanitizers, one GEMM A/B.
export D=gpu-v
. bench/device_common.sh
device_setup
shards=0
harness 300 120 hg:4 hc:3
wait
harness_report
for t in memcheck racecheck; do
  for s in hc:c000 hg:p025 hg:p023; do b=${s%%:*} p=${s#*:}
    timeout 170 bash $D/$b/run_bundle.sh $D/$b --only $p --sanitize $t --timeout 160 --log /tmp/s-$b-$p-$t > /tmp/san-$b-$p-$t.txt 2>&1
    echo "san $b $p $t: $(grep -E 'PASS|FAIL|ERROR|SANITIZER|TIMEOUT|passed' /tmp/san-$b-$p-$t.txt | tail -2 | paste -sd' ' | cut -c1-200)"
  done
done
el "sanitizers"
bash bench/run_gemm_ab.sh new main
