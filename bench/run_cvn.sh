#!/usr/bin/env bash
# Run cvn-1 (ON THE GPU MACHINE): the convolutions as main compiles
# them now (gpu-cvn: bench/build_cv3.sh with CASES = the seven and
# TAGS=now:-), beside cuDNN in one process, three rotating rounds, twice.
# Run 37 (0.94 / 0.96 at s2) predates the producer-warp fix (169925b: one
# producer warp runs the loop, three leave), which cut the instructions
# ncu counted in run cv-1 (all four producer warps ran it there) and with
# them, run cv-2 suggests, the power that held the clock down.
D=gpu-cvn
. bench/device_common.sh
device_setup
BD=bench
for pass in 1 2; do
  (cd bench && timeout 240 python3 bench_conv.py --kernels "$ROOT/$K" --rounds 3 \
    --out "$OUT/conv-$pass.json" > "$OUT/conv-$pass.txt" 2>&1)
  echo "conv pass $pass rc=$?"; cut -c1-260 "$OUT/conv-$pass.txt"; el "conv $pass"
done
