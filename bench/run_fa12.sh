#!/usr/bin/env bash
# fa12: flash masking by one compare with a constant per element (mask) against main
D=gpu-fa12
BD=bench
. bench/device_common.sh
device_setup
A=$ROOT/$D
shards=0
harness 60 60 h-att:8
wait
harness_report
el "harness"
cd bench
run() { timeout 200 python3 bench_attention.py $1 --rounds 3 $3 --out $OUT/att-$2.json > $OUT/att-$2.txt 2>&1
  echo "pass $2 rc=$?"; cut -c1-150 $OUT/att-$2.txt; el "pass $2"; }
run "--kernels main=$A/main --kernels mask=$A/mask" a
run "--kernels mask=$A/mask --kernels main=$A/main" b
run "--kernels main=$A/main --kernels mask=$A/mask" c "--only d64"
run "--kernels mask=$A/mask --kernels main=$A/main" d "--only d64"
