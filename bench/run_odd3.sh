#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: odd3's calls — C stored by
# the SM90 kernel into rows TMA cannot store (algo_choice output =
# "direct", shifted_store) against the copy back. $1 holds dlc-run,
# main/ copy/ direct/ (examples/gemm_bias_relu.tiny.mlir planned at
# sizes=M=4095,N=4097,K=4093: main's compiler; this branch's with output
# forced to "copy"; this branch's planner, which chooses "direct"),
# direct1/ (run odd3-2: run odd3-1's direct kernel, the first lowering),
# nominal/ and mainnom/ (this branch's and main's at the example's nominal
# sizes: 128 x 256), bf16/ (test/Conversion/PlanToDLCGPU/Inputs/
# gemm_silu_gelu_bf16.tiny.mlir, batched bf16 C, "direct"), ref/MxNxK and
# refbf/ (dlc-interp --products accumulator --write-ref), h/
# (test/gpu/build_bundle.sh --family gemm --chip sm_90a --whole 0.6
# --staged 0.6 --tall 0.5 --odd-c 0.75, without its dlc-run).
# Correctness first (dlc-run against dlc-interp, the harness and the
# sanitizers together), then bench_odd.py alone.
set -u
D="${1:?usage: run_odd3.sh DIR}"
. bench/device_common.sh
device_setup
K=$D
harness 150 60 h:6
sanitize 200 "memcheck direct M=300,K=1023,N=517" \
  "racecheck direct M=300,K=1023,N=517" "memcheck nominal M=520,K=200,N=301" \
  "racecheck nominal M=520,K=200,N=301" > "$OUT/sanitize.txt" 2>&1 &
check() { # kernel manifest, reference folders...
  local k=$1 r
  shift
  for r in "$@"; do
    printf '%s %s: ' "$(basename "$(dirname "$k")")" "$(basename "$r")"
    timeout 60 "$D/dlc-run" "$k" --ref-data "$r" --iters 1 --warmup 0 2>&1 |
      grep -E "PASS|FAIL|mismatch|error" | head -2 | paste -sd' '
  done
}
for k in direct nominal; do check "$D/$k/gemm_bias_relu.json" "$D"/ref/*; done
check "$D/bf16/gemm_silu_gelu.json" "$D"/refbf/*
checks_done sanitize.txt
s=4095x4097x4093
q=4096x4096x4096
python3 bench/bench_odd.py --case "main=$D/main/gemm_bias_relu.json@$s" \
  --case "direct=$D/direct/gemm_bias_relu.json@$s" \
  --case "direct1=$D/direct1/gemm_bias_relu.json@$s" \
  --case "copy=$D/copy/gemm_bias_relu.json@$s" \
  --case "direct=$D/direct/gemm_bias_relu.json@$s" \
  --case "main=$D/main/gemm_bias_relu.json@$s" \
  --case "mainnom=$D/mainnom/gemm_bias_relu.json@$q" \
  --case "nominal=$D/nominal/gemm_bias_relu.json@$q" \
  --case "nominal=$D/nominal/gemm_bias_relu.json@$s" \
  --case "mainnom=$D/mainnom/gemm_bias_relu.json@$s" \
  --check 95x97x93,300x517x1023,33x17x9,520x301x200,1000x1031x300,300x389x100,129x4097x64,4095x4097x64 \
  --json "$OUT/odd3.json" 2>&1 | tee "$OUT/bench.txt"
el "done"
