#!/usr/bin/env bash
# d256-2: the D = 256 flash kernels' schedule and grid against the
# planner's (dlc: ping-pong turns, grid "persistent"): "ov" (no turns),
# "tiles" (a CTA per work tile), "bal" (causal, grid "balanced", 36 bytes
# spilled), bench_attention.py --only d256 in two passes of three rotating
# rounds, the kernels' order reversed between them, SDPA's backends in the
# same processes. Kernels by bench/build_attention.sh + build_d256.sh in
# gpu-d256/attn, this branch's bench scripts in gpu-d256/bench, carried.
D=gpu-d256
. bench/device_common.sh
device_setup
A=$ROOT/$D/attn
cd $D/bench
run() { timeout 200 python3 bench_attention.py $1 --rounds 3 --only d256 --out $OUT/att-$2.json > $OUT/att-$2.txt 2>&1
  echo "pass $2 rc=$?"; cut -c1-600 $OUT/att-$2.txt; el "pass $2"; }
run "--kernels dlc=$A --kernels ov=$A/ov --kernels tiles=$A/tiles --kernels bal=$A/bal" a
run "--kernels bal=$A/bal --kernels tiles=$A/tiles --kernels ov=$A/ov --kernels dlc=$A" b
