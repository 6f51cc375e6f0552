#!/usr/bin/env bash
# Branch gm5's GPU assets (issue 9: the SM90 GEMM's wgmma descriptors), built
# here into OUT (default /work/main/gpu-gm5, carried as gpu-gm5; device
# script bench/run_gm5.sh): the GEMM + bias + ReLU f16 / bf16 kernels of
# this worktree (new-*) and of MAIN_BIN (main-*, a build of main), each
# also as a cubin by ptxas for cuobjdump there (k/*.cubin); the smoke
# check's reference; dlc-run; bench/ncu_hot.py, bench/sass_loops.py,
# bench/run_gm5.sh and bench/device_common.sh (the call runs main's
# checkout: bash gpu-gm5/run_gm5.sh);
# with HARNESS=1 the GEMM bundle h/ and the conv bundle c/ (the brief's
# mixes).
set -euo pipefail
cd "$(dirname "$0")/.."
B=build/bin; O=${1:-/work/main/gpu-gm5}; M=${MAIN_BIN:?a build of main}
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
export DLC_BIN=$B
rm -rf "$O"; mkdir -p "$O/k" "$O/ref"
cp $B/dlc-run bench/ncu_hot.py bench/sass_loops.py bench/run_gm5.sh bench/device_common.sh "$O/"
for e in gemm_bias_relu gemm_bias_relu_bf16; do
  for side in new:$B main:$M; do
    bin=${side#*:} k="$O/k/${side%%:*}-$e"
    $bin/dlc-opt examples/$e.tiny.mlir --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' \
      | $bin/dlc-translate - --emit-kernels="$k" > /dev/null
    $PTXAS -arch=sm_90a -v "$k/dlc_kernels.ptx" -o "$O/k/${side%%:*}-$e.cubin" 2>&1 \
      | awk -v e=gemm_bias_relu -v n="${side%%:*}-$e" '/entry function/ { on = index($0, "\047" e "\047") > 0 }
          on && /spill|registers/ { sub(/^ptxas info *: */, ""); printf "%s: %s\n", n, $0 }' 
  done
done
$B/dlc-interp examples/gemm_bias_relu.tiny.mlir M=520,K=200,N=300 --products accumulator \
  --write-ref "$O/ref/s520" > /dev/null
$B/dlc-interp examples/gemm_bias_relu_bf16.tiny.mlir M=777,K=333,N=520 --products accumulator \
  --write-ref "$O/ref/b777" > /dev/null
if [ -n "${HARNESS:-}" ]; then
  test/gpu/build_bundle.sh "$O/h" --family gemm --count "${COUNT:-64}" --seed "${SEED:-2612}" \
    --chip sm_90a --staged 0.4 --whole 0.4 --tall 0.3 --cluster 0.2 > "$O/h.log" 2>&1
  test/gpu/build_bundle.sh "$O/c" --family conv --count "${CCOUNT:-24}" --seed "${SEED:-2612}" \
    --chip sm_90a --staged 0.3 > "$O/c.log" 2>&1
  find "$O/h" "$O/c" -mindepth 2 -name dlc-run -delete
  tail -n 1 "$O/h.log" "$O/c.log"
fi
du -sh "$O"
