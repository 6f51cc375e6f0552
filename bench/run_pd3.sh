#!/usr/bin/env bash
# pd-3: is run pd-2's timeout (a045: D = 40 causal, balanced grid of one
# CTA, three consumers) the padding's? In one call: a045's kernel as
# compiled by this branch (t40: S trimmed to D's k16 steps; p40: without
# the trim, pd-1's compiler) and at D = 64 (m64, PTX identical to main's build's
# in /work/main/build), each in 3 processes of dlc-run --iters 2000 (25 s each, in
# parallel), then the harness with HARNESS_ITERS=300 on "bal64" (40
# balanced-grid problems at D 64/128, this compiler = main's kernels) and
# "balpad" (40 balanced ones at padded D), and the pd-2 bundle again.
D=gpu-pd
. bench/device_common.sh
device_setup
H=$D/hang R=$D/bundle/dlc-run
chmod +x $R
for v in m64:ref64 p40:ref40 t40:ref40; do
  k=${v%%:*} ref=${v#*:}
  for i in 1 2 3; do
    ( timeout -k 5 25 $R $H/$k/a045.json --ref-data $H/$ref --atol 0.0078125 --iters 2000 > $OUT/hang-$k-$i.txt 2>&1
      echo "$k #$i rc=$? $(grep -iE 'pass|fail|mism|ms' $OUT/hang-$k-$i.txt | tail -1 | cut -c1-120)" ) &
  done
done
wait
el "a045 variants"
HARNESS_ITERS=300 harness 150 60 bal64:8 balpad:8 bundle:8
wait
harness_report
el "harness"
