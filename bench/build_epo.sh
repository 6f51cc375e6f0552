#!/usr/bin/env bash
# Branch epo's GPU assets (issue 9: the cooperative SM90 GEMM's staged
# stores deferred into the next tile's first k step), built HERE into OUT
# (default /work/main/gpu-epo, carried as gpu-epo; device script
# bench/run_epo.sh):
#   k/{new,main}-gemm_bias_relu[_bf16]  the GEMM + bias + ReLU examples by
#                                       build/bin (new: main with
#                                       bench/epo.patch applied) and main's
#                                       compiler (bench/run_gemm_ab.sh's
#                                       names); run epo-2's "once" kernels
#                                       were run epo-1's new (commit
#                                       6f5b61e: all four boxes at the
#                                       first k step), copied into k/
#   hg-new                              a GEMM bundle of G (40) problems
#   ref/r520, ref/r2100                 dlc-interp references, M x K x N
#                                       520 x 1000 x 600 and 2100 x 200 x
#                                       2100 (153 tiles: 2 a CTA, edge
#                                       tiles in the last row and column)
# ptxas' registers and spills of each kernel printed.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup epo "${1:-}"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
SEED=${SEED:-2711}
for s in new:build/bin main:/work/main/build/bin; do
  side=${s%%:*} bin=${s#*:}
  for e in gemm_bias_relu gemm_bias_relu_bf16; do
    B=$bin ptx_example "$side-$e" "$e"
    echo "$side-$e: $($PTXAS -arch=sm_90a -v "$O/k/$side-$e/dlc_kernels.ptx" -o /dev/null 2>&1 \
      | grep -E "registers|spill" | paste -sd' ' | cut -c1-300)"
  done
done
DLC_BIN=$B test/gpu/build_bundle.sh "$O/hg-new" --family gemm --count "${G:-40}" --seed "$SEED" \
  --chip sm_90a --staged 0.6 --whole 0.6 --long-k 0.2 > "$O/hg-new.log" 2>&1 || { tail -5 "$O/hg-new.log"; exit 1; }
rm -f "$O/hg-new.log"
echo "hg-new: $(wc -l < "$O/hg-new/problems.txt") problems"
interp_refs 520:1000:600 2100:200:2100
pack_bench run_epo.sh run_gemm_ab.sh bench_gemm.py timing.py dlc_kernel.py
