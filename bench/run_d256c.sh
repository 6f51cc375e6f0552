#!/usr/bin/env bash
# d256-3: the split K/V ring at D = 256 (splitRing: K released after its
# S, V after its P V) — the attention harness (bundle2: the same 72
# problems as d256-1's bundle, compiled with the split ring) beside
# compute-sanitizer memcheck + racecheck on $SAN, then bench_attention.py
# --only d256 in two passes of three rotating rounds, order reversed:
# "split" (attn2: the branch's planner kernels), "one" (attn: d256-1's,
# one barrier pair a stage), "splitov" (attn2/ov: split, no turns) and
# "splittiles" (attn2/tiles: its causal kernel takes the passed-tile path,
# checked against SDPA in fp32 like every kernel timed).
D=gpu-d256
. bench/device_common.sh
device_setup
harness_sanitized 150 bundle2 8 "${SAN:?set SAN}"
el "harness"
A=$ROOT/$D/attn B=$ROOT/$D/attn2
cd $D/bench
run() { timeout 200 python3 bench_attention.py $1 --rounds 3 --only d256 --out $OUT/att-$2.json > $OUT/att-$2.txt 2>&1
  echo "pass $2 rc=$?"; cut -c1-600 $OUT/att-$2.txt; el "pass $2"; }
run "--kernels split=$B --kernels one=$A --kernels splitov=$B/ov --kernels splittiles=$B/tiles" a
run "--kernels one=$A --kernels split=$B --kernels splittiles=$B/tiles --kernels splitov=$B/ov" b
