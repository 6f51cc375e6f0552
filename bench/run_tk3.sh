#!/usr/bin/env bash
# Run tk-3 (helper tk, issue 9): the planner's short-K rule on the GPU
# (bench/build_tk3.sh's assets in gpu-tk). (1) The default kernels before
# (base: main) and after (new: the rule) beside torch, five rotating
# rounds (bench_plans.py): the 4-D bmm (cooperative 128 x 128, 4 stages),
# the GEMM + bias + ReLU (ping-pong), and the bmm kernels on one batch
# (B = H = 1: 2-D without a bias) with tk-1's ping-pong beside, to see
# whether the batch or the bias sets which schedule leads. (2) The
# static-K kernels for 4 SMs against dlc-interp, then 100 more launches;
# compute-sanitizer memcheck and racecheck on each, beside (3) the
# differential harness (60 GEMM problems, each launched 100 more times).
# (The runs called bench_plans.py inline as plans_bench, device_common.sh,
# now does.)
D=gpu-tk
. bench/device_common.sh
device_setup
K=$D/k3
PLANS_PY=$D
B=8x16x1024x1024x128,8x16x1024x2048x128,8x16x2048x1024x128,4x32x2048x2048x128
B=$B,2x16x2048x2048x128,4x16x1024x1024x128,8x16x512x512x128,8x16x1024x1024x96
ROUNDS=5 plans_bench tk3-bmm4 bmm4 $B --kernel new=$K/new-bmm4/bmm4.json --kernel base=$K/base-bmm4/bmm4.json
el bmm4
G=8192x8192x128,4096x4096x128,16384x4096x128,4096x16384x128,16384x1024x128
G=$G,65536x2048x128,131072x1024x128,2048x2048x128,8192x8192x64,2048x2048x64
ROUNDS=5 plans_bench tk3-gemm gemm $G --kernel new=$K/new-gemm/gemm_bias_relu.json \
  --kernel base=$K/base-gemm/gemm_bias_relu.json
el gemm
P=1x1x8192x8192x128,1x1x4096x4096x128,1x1x16384x4096x128,1x1x131072x1024x128
ROUNDS=5 plans_bench tk3-probe bmm4 $P --kernel coop=$K/new-bmm4/bmm4.json \
  --kernel pp=$D/k1/bmm4-pp-s4/bmm4.json --kernel base=$K/base-bmm4/bmm4.json
el probe
chk() { # LABEL KERNEL REF [TOOL]: dlc-run against REF (a tool: under it)
  local j=$K/$2/$(ls $K/$2 | grep json | head -1) run=()
  [ -n "${4:-}" ] && run=("$cs" --tool "$4" --error-exitcode 9)
  timeout 300 "${run[@]}" $D/dlc-run "$j" --ref-data $D/ref/$3 --iters "${ITERS:-0}" \
    > "$OUT/chk-$1.txt" 2>&1
  echo "chk $1 rc=$?: $(grep -iE 'pass|fail|mismatch|error summary|racecheck summary|hazard|median' \
    "$OUT/chk-$1.txt" | tail -3 | paste -sd' ' | cut -c1-220)"
}
ITERS=100 chk gemm520 chk-gemm g520
ITERS=100 chk gemm2100 chk-gemm g2100
ITERS=100 chk bmm300 chk-bmm4 b300
ITERS=100 chk bmm1000 chk-bmm4 b1000
el checks
{
  for t in memcheck racecheck; do
    chk gemm520-$t chk-gemm g520 $t
    chk bmm300-$t chk-bmm4 b300 $t
  done > "$OUT/sanitizers.txt" 2>&1
} &
HARNESS_ITERS=100 harness 100 60 hg:6
wait
el "harness and sanitizers"
harness_report
cat "$OUT/sanitizers.txt"
for f in tk3-bmm4 tk3-gemm tk3-probe; do grep -v "^device" "$OUT/$f.txt"; done
# At most 8 files come back: everything in one archive.
(cd "$OUT" && tar czf /tmp/tk3.tgz ./* && rm -rf ./* && mv /tmp/tk3.tgz .)
