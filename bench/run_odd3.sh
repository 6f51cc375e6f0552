#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: odd3's call — C stored by
# the SM90 kernel into rows TMA cannot store (algo_choice output =
# "direct", shifted_store) against the copy back. $1 holds dlc-run,
# run_odd3.sh, main/ copy/ direct/ (examples/gemm_bias_relu.tiny.mlir
# planned at sizes=M=4095,N=4097,K=4093: main's compiler; this branch's
# with output forced to "copy"; this branch's planner, which chooses
# "direct"), nominal/ (this branch's at the example's nominal sizes: 128 x
# 256, "direct"), ref/MxNxK (dlc-interp --products accumulator
# --write-ref), h/ (test/gpu/build_bundle.sh --family gemm --chip sm_90a
# --whole 0.6 --staged 0.6 --tall 0.5 --odd-c 0.75, without its dlc-run).
# Correctness first (dlc-run against dlc-interp, the harness and the
# sanitizers together), then bench_odd.py alone.
set -u
D="${1:?usage: run_odd3.sh DIR}"
. bench/device_common.sh
device_setup
cp "$D/dlc-run" "$D/h/dlc-run"
K=$D
harness 150 60 h:6
sanitize 200 "memcheck direct M=300,K=1023,N=517" \
  "racecheck direct M=300,K=1023,N=517" > "$OUT/sanitize.txt" 2>&1 &
for k in direct nominal copy; do
  for r in "$D"/ref/*; do
    printf '%s %s: ' "$k" "$(basename "$r")"
    timeout 60 "$D/dlc-run" "$D/$k/gemm_bias_relu.json" --ref-data "$r" \
      --iters 1 --warmup 0 2>&1 | grep -E "PASS|FAIL|mismatch|error" | head -2 | paste -sd' '
  done
done
wait
el "checks done"
harness_report
cat "$OUT/sanitize.txt"
s=4095x4097x4093
python3 bench/bench_odd.py --case "main=$D/main/gemm_bias_relu.json@$s" \
  --case "direct=$D/direct/gemm_bias_relu.json@$s" \
  --case "copy=$D/copy/gemm_bias_relu.json@$s" \
  --case "direct=$D/direct/gemm_bias_relu.json@$s" \
  --case "main=$D/main/gemm_bias_relu.json@$s" \
  --check 95x97x93,300x517x1023,33x17x9,520x301x200,1000x1031x300,300x389x100,129x4097x64,4095x4097x64 \
  --json "$OUT/odd3.json" 2>&1 | tee "$OUT/bench.txt"
el "done"
