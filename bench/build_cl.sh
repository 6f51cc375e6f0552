#!/usr/bin/env bash
# Branch cl's GPU assets (issue 9, thread-block clusters), built here from
# this worktree's build/bin into OUT (default /work/main/gpu-cl, carried by
# the device call as gpu-cl): the GEMM + bias + ReLU kernels f16 and bf16
# with the planner's plan (cluster 1, as main) and with "cluster": "2";
# the harness bundle with a share of clustered problems; dlc-run; the
# smoke check's reference; this branch's bench scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build/bin; O=${1:-/work/main/gpu-cl}; export DLC_BIN=$B
rm -rf "$O"; mkdir -p "$O/k"
cp $B/dlc-run "$O/"
echo '{"algo_choice": {"matmul": "implicit_gemm", "cluster": "2"}}' > "$O/c2.json"
for e in gemm_bias_relu gemm_bias_relu_bf16; do
  $B/dlc-opt examples/$e.tiny.mlir --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' \
    | $B/dlc-translate - --emit-kernels="$O/k/c1-$e" > /dev/null
  $B/dlc-opt examples/$e.tiny.mlir --pass-pipeline="builtin.module(dlc-to-ptx{chip=sm_90a plan-file=$O/c2.json})" \
    | $B/dlc-translate - --emit-kernels="$O/k/c2-$e" > /dev/null
done
test/gpu/build_bundle.sh "$O/h" --family gemm --count "${COUNT:-80}" --seed "${SEED:-431}" \
  --chip sm_90a --staged 0.4 --tall 0.3 --whole 0.6 --long-k 0.2 --cluster 1.0 > "$O/h.log" 2>&1
# The smoke check's reference (run_cl.sh): an odd tile-row count.
mkdir -p "$O/ref"
$B/dlc-interp examples/gemm_bias_relu.tiny.mlir M=520,K=200,N=300 --products accumulator \
  --write-ref "$O/ref/s520" > /dev/null
# The bench scripts as this branch has them (the device runs main's
# checkout): bench/run_cl.sh runs with BD=gpu-cl/bench.
mkdir -p "$O/bench"
cp bench/run_cl.sh bench/device_common.sh bench/dlc_kernel.py bench/bench_gemm.py "$O/bench/"
find "$O" -mindepth 2 -name dlc-run -delete
du -sh "$O"
