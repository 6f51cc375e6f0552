#!/usr/bin/env bash
# Branch gm4's GPU assets, built here into OUT (default /work/main/gpu-gm4,
# carried by the device call as gpu-gm4; scripts bench/run_gm4.sh,
# bench/run_gm4_sampling.sh): GEMM + bias + ReLU f16 / bf16 kernels, this
# worktree's (new-*; in run gm4-1 built with bench/gm4-bias-early.patch
# applied, the first box's bias read before the k loop, not kept) and
# main's (main-*, from MAIN_BIN, a build of main), the 256 x 128
# plan-file tile of each (n256, t256); the smoke check's reference;
# dlc-run; bench/ncu_hot.py; with HARNESS=1 the GEMM harness bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build/bin; O=${1:-/work/main/gpu-gm4}; M=${MAIN_BIN:?a build of main}
export DLC_BIN=$B
rm -rf "$O"; mkdir -p "$O/k" "$O/ref"
cp $B/dlc-run bench/ncu_hot.py bench/run_gm4.sh "$O/"
echo '{"barrier_model": "mbarrier", "tile": [256, 128, 64], "warp_tile": [128, 128], "stages": 4}' > "$O/t256.json"
for e in gemm_bias_relu gemm_bias_relu_bf16; do
  for side in new:$B main:$M; do
    bin=${side#*:}
    $bin/dlc-opt examples/$e.tiny.mlir --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' \
      | $bin/dlc-translate - --emit-kernels="$O/k/${side%%:*}-$e" > /dev/null
  done
done
$B/dlc-opt examples/gemm_bias_relu.tiny.mlir --pass-pipeline="builtin.module(dlc-to-ptx{chip=sm_90a plan-file=$O/t256.json})" \
  | $B/dlc-translate - --emit-kernels="$O/k/n256-gemm_bias_relu" > /dev/null
$M/dlc-opt examples/gemm_bias_relu.tiny.mlir --pass-pipeline="builtin.module(dlc-to-ptx{chip=sm_90a plan-file=$O/t256.json})" \
  | $M/dlc-translate - --emit-kernels="$O/k/t256-gemm_bias_relu" > /dev/null
$B/dlc-interp examples/gemm_bias_relu.tiny.mlir M=520,K=200,N=300 --products accumulator \
  --write-ref "$O/ref/s520" > /dev/null
if [ -n "${HARNESS:-}" ]; then
  test/gpu/build_bundle.sh "$O/h" --family gemm --count "${COUNT:-64}" --seed "${SEED:-2611}" \
    --chip sm_90a --staged 0.4 --whole 0.4 --tall 0.3 > "$O/h.log" 2>&1
  find "$O/h" -mindepth 2 -name dlc-run -delete
fi
du -sh "$O"
