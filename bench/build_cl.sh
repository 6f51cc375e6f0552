#!/usr/bin/env bash
# Branch cl's GPU assets (issue 9, thread-block clusters), built here from
# this worktree's build/bin into OUT (default /work/main/gpu-cl, carried by
# the device call as gpu-cl): the GEMM + bias + ReLU kernels f16 and bf16
# with the planner's plan (cluster 1, as main) and with "cluster": "2";
# the harness bundle with a share of clustered problems; dlc-run; the
# smoke check's reference; this branch's bench scripts.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup cl "${1:-}"
echo '{"algo_choice": {"matmul": "implicit_gemm", "cluster": "2"}}' > "$O/c2.json"
for e in gemm_bias_relu gemm_bias_relu_bf16; do
  ptx_example "c1-$e" $e
  ptx_example "c2-$e" $e "$O/c2.json"
done
test/gpu/build_bundle.sh "$O/h" --family gemm --count "${COUNT:-80}" --seed "${SEED:-431}" \
  --chip sm_90a --staged 0.4 --tall 0.3 --whole 0.6 --long-k 0.2 --cluster 1.0 > "$O/h.log" 2>&1
# The smoke check's reference (run_cl.sh): an odd tile-row count.
smoke_ref
# The bench scripts as this branch has them (the device runs main's
# checkout): bench/run_cl.sh runs with BD=gpu-cl/bench.
pack_bench run_cl.sh dlc_kernel.py bench_gemm.py
