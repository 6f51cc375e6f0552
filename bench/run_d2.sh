#!/usr/bin/env bash
# d2-1: does D = 256 without the mask gain from "ov" (no ping-pong turns,
# online_softmax.overlap), "tiles" (a CTA per work tile) or both
# ("ovtiles")? d256-3 read +1.8 / +3.2 % and +3.1 / +4.6 % at S8192 in
# one run. bench_attention.py --only d256 (B4 H16 S4096, B2 H16 S8192,
# causal and not) in two processes of three rotating rounds, the kernel
# order reversed: "dlc" (the planner's default, $D/attn) beside
# $D/attn/{ov,tiles,ovtiles} (bench/build_d256.sh), and SDPA's anchors.
# Assets in gpu-d2 (build_attention.sh + build_d256.sh into gpu-d2/attn).
D=gpu-d2
. bench/device_common.sh
device_setup
A=$ROOT/$D/attn
cd bench
run() { timeout 150 python3 bench_attention.py $1 --rounds 3 --only d256 --out $OUT/att-$2.json > $OUT/att-$2.txt 2>&1
  echo "pass $2 rc=$?"; cut -c1-700 $OUT/att-$2.txt; el "pass $2"; }
run "--kernels dlc=$A --kernels ov=$A/ov --kernels tiles=$A/tiles --kernels ovtiles=$A/ovtiles" a
run "--kernels ovtiles=$A/ovtiles --kernels tiles=$A/tiles --kernels ov=$A/ov --kernels dlc=$A" b
