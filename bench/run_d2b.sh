#!/usr/bin/env bash
# d2-2: flashAddTensors's loads in branches of four fragments (SM90) —
# the attention harness (bundle: build_bundle.sh --family attention
# --chip sm_90a --count 72 --seed 2 --many 0.25 --d256 0.2 --lse 0.2;
# bundle2: the same with --count 16 --seed 3) beside compute-sanitizer memcheck + racecheck on biased / masked
# problems ($SAN), then bench_flash_bias.py (bias [M, N] f32; keep mask
# [N]; D = 128, B4 H16 S4096) of main's kernels against this branch's in
# two processes of three rotating rounds, the order reversed. Assets
# (bundle, fb/{main,new} by build_flash_bias.sh, this script and the
# bench) in gpu-d2, carried.
D=gpu-d2
. bench/device_common.sh
device_setup
harness 120 60 bundle:7 bundle2:1
bundle_sanitize bundle "${SAN:?set SAN}"
wait
harness_report
bundle_sanitize_report
el "harness"
F=$ROOT/$D/fb
cp $D/bench_flash_bias.py bench/
cd bench
run() { timeout 120 python3 bench_flash_bias.py $1 --rounds 3 --out $OUT/fb-$2.json > $OUT/fb-$2.txt 2>&1
  echo "pass $2 rc=$?"; cut -c1-400 $OUT/fb-$2.txt; el "pass $2"; }
run "--kernels main=$F/main --kernels new=$F/new" a
run "--kernels new=$F/new --kernels main=$F/main" b
