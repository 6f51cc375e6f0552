#!/usr/bin/env bash
# Branch sk's GPU assets (issue 9: the SM90 GEMM's stream-K schedule),
# built HERE into OUT (default /work/main/gpu-sk, carried as gpu-sk: the
# device copies the session's checkout, main, so run_sk.sh travels in
# gpu-sk/bench; device script bench/run_sk.sh). The harness bundle hsk is built first
# and kept (`keep`):
#   DLC_BIN=build/bin test/gpu/build_bundle.sh /work/main/gpu-sk/hsk --family gemm \
#     --count 90 --seed 9101 --chip sm_90a --stream-k 0.85
# (63 stream-K problems compiled for 2..7 SMs, 27 others), then:
#   k/{sk1,sk2,main}-gemm_bias_relu[_bf16]
#                        the GEMM + bias + ReLU examples with algo_choice
#                        stream_k = "1" / "2" (and the planner's output =
#                        "direct"), and as planned (main: no stream-K;
#                        this branch's compiler gives main's PTX byte for
#                        byte there) — bench/run_gemm_ab.sh's names
#   ref/r520, ref/r2100  dlc-interp references, M x K x N 520 x 1000 x
#                        600 and 2100 x 200 x 2100 (153 tiles of 128 x
#                        256 on 132 SMs: all of them shared out, 4.6 k
#                        tiles a CTA, every tile split)
# ptxas' registers and spills of each kernel printed.
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup sk "${1:-/work/main/gpu-sk}" keep
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
mkdir -p "$O/plans"
for r in 1 2; do
  echo "{\"algo_choice\": {\"matmul\": \"implicit_gemm\", \"output\": \"direct\", \"stream_k\": \"$r\"}}" \
    > "$O/plans/sk$r.json"
done
for e in gemm_bias_relu gemm_bias_relu_bf16; do
  for side in sk1 sk2 main; do
    plan=""
    [ $side != main ] && plan="$O/plans/$side.json"
    ptx_example "$side-$e" "$e" $plan
    echo "$side-$e: $($PTXAS -arch=sm_90a -v "$O/k/$side-$e/dlc_kernels.ptx" -o /dev/null 2>&1 \
      | grep -E "registers|spill" | paste -sd' ' | cut -c1-300)"
  done
done
interp_refs 520:1000:600 2100:200:2100
pack_bench run_sk.sh
