#!/usr/bin/env bash
# ft: the causal flash kernel on the "balanced" grid (bal; b4: the same
# with R = rounds - 4, a probe) against main's persistent pairs, in one
# call: the harness (bundle hb, gen_attention_problems.py --balanced 1)
# beside compute-sanitizer on three of its problems, then
# check_attention_sizes.py, then bench_attention.py's causal problems in
# four passes of three rotating rounds, the kernels' order alternated.
# Assets and this branch's scripts (bench/build_ft.sh) in gpu-ft, carried.
D=gpu-ft
. bench/device_common.sh
device_setup
A=$ROOT/$D/k
harness_sanitized 100 hb 8 a000,a068,a069
el "harness"
cd $D/bench
timeout 120 python3 check_attention_sizes.py --kernels main=$A/main --kernels bal=$A/bal \
  > $OUT/sizes.txt 2>&1
echo "sizes rc=$?"; cat $OUT/sizes.txt; el "sizes"
run() { timeout 150 python3 bench_attention.py $1 --rounds 3 --only causal --out $OUT/att-$2.json > $OUT/att-$2.txt 2>&1
  echo "pass $2 rc=$?"; cut -c1-300 $OUT/att-$2.txt; el "pass $2"; }
run "--kernels main=$A/main --kernels bal=$A/bal --kernels b4=$A/b4" a
run "--kernels b4=$A/b4 --kernels bal=$A/bal --kernels main=$A/main" b
run "--kernels main=$A/main --kernels bal=$A/bal" c
run "--kernels bal=$A/bal --kernels main=$A/main" d
