#!/usr/bin/env bash
# Run hg-1: the flash kernel's ping-pong hand-over hang (run pd-3's a045:
# D 64, causal, bias, B 4 H 2 M 64 N 383 on one CTA). gpu-hg/old-*: the
# kernels before the fix (d50cf41: a cycle of turns per visit), new-*: one
# cycle over the CTA's visits (openTurns, closeTurns); b/p/d = balanced, persistent,
# dynamic grid, 192/128 = three/two consumers. Each by dlc-run against
# dlc-interp's reference, 2000 launches, two processes, 25 s. Then the
# attention bench of both compilers' kernels in one process (k-old,
# k-new), and the harness of a bundle of balanced-grid problems (a third
# of D = 64 with three consumers), 50 more launches each.
D=gpu-hg; . bench/device_common.sh; device_setup
R=$D/dlc-run; chmod +x $R
for v in $D/old-* $D/new-*; do
  n=$(basename $v)
  for i in 1 2; do
    ( timeout -k 5 25 $R $v/a045.json --ref-data $D/ref64 --atol 0.0078125 --iters 2000 > $OUT/hang-$n-$i.txt 2>&1
      echo "$n #$i rc=$? $(grep -iE 'pass|fail|mism|ms' $OUT/hang-$n-$i.txt | tail -1 | cut -c1-120)" ) &
  done
done
wait
el "a045 variants"
HARNESS_ITERS=50 harness 150 60 bal:8
wait # missing in run hg-1: its bench ran beside the shards (not counted)
harness_report
el "harness"
PYTHONPATH=bench timeout 300 python3 bench/bench_attention.py --kernels old=$D/k-old --kernels new=$D/k-new --rounds 3 \
  --out $OUT/attention-hg1.json > $OUT/attention-hg1.txt 2>&1
echo "attention rc=$?"; cut -c1-200 $OUT/attention-hg1.txt | tail -40; el "attention"
