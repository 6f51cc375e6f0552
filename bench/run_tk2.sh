#!/usr/bin/env bash
# Run tk-2 (helper tk, issue 9): tk-1's leaders at short K on more
# shapes (N from 1024 to 16384, K 64, 96, 128, 192), tk-1's kernels
# (gpu-tk/k1): cooperative 128 x 128 and ping-pong 128 x 128 with 4
# stages against the default 128 x 256 (4 stages) and 256 x 128, beside
# torch in three rotating rounds (bench_plans.py).
# (The runs called bench_plans.py inline as plans_bench, device_common.sh,
# now does.)
D=gpu-tk
. bench/device_common.sh
device_setup
K=$D/k1
PLANS_PY=$D
list() { # FORM MANIFEST-NAME
  local p
  for p in c128-s4 pp-s4 w256-s4 t256-s4; do
    echo "--kernel $p=$K/$1-$p/$2.json"
  done
}
B=8x16x1024x1024x128,8x16x1024x2048x128,8x16x2048x1024x128,2x16x2048x2048x128
B=$B,4x32x2048x2048x128,8x16x512x512x128,8x16x1024x1024x96,8x16x1024x1024x192
G=8192x8192x128,4096x4096x128,16384x4096x128,4096x16384x128,16384x1024x128
G=$G,65536x2048x128,2048x2048x128,8192x8192x192,8192x8192x64,2048x2048x64
# shellcheck disable=SC2046
ROUNDS=3 REP=80 plans_bench tk2-bmm4 bmm4 $B $(list bmm4 bmm4)
el bmm4
# shellcheck disable=SC2046
ROUNDS=3 REP=80 plans_bench tk2-gemm gemm $G $(list gemm gemm_bias_relu)
el gemm
cat "$OUT/tk2-bmm4.txt" "$OUT/tk2-gemm.txt" | grep -v "^device"
