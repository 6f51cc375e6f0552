#!/usr/bin/env bash
# The final main's GPU check, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-final, carried as gpu-final; device script
# bench/run_final.sh): the attention bench's kernels by this compiler's
# defaults (k/attn, bench/build_attention.sh) and four harness bundles of
# this compiler: hg (GEMM on SM90, shares stream-K, two batch axes,
# short K and 192-row tiles), ha
# (attention, shares on the balanced and stream grids, at D = 256 and at
# padded D, with a static key length or every size static), hc
# (convolutions, shares on 192-row tiles and split along k), hm
# (memory-bound, a share returning bools).
#   bench/build_final.sh [OUT]    SEED (default 391) varies the problems
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup final "${1:-}"
SEED=${SEED:-391}
bench/build_attention.sh "$O/k/attn" > /dev/null
rm -rf "$O/k/attn/sm80"
sm90a_bundle hg --family gemm --count "${G:-60}" --seed "$SEED" --stream-k 0.3 --staged 0.3 --whole 0.3 --long-k 0.2 --batch2 0.2 --short-k 0.2 --three 0.3
sm90a_bundle ha --family attention --count "${A:-60}" --seed $((SEED + 1)) --balanced 0.4 --lse 0.3 --many 0.3 --d256 0.3 --padded-d 0.3 --few-sms 0.3 --attn-stream 0.25 --static-keys 0.2 --all-static 0.15
sm90a_bundle hc --family conv --count "${C:-40}" --seed $((SEED + 2)) --staged 0.3 --grouped 0.1 --depthwise 0.1 --three 0.15 --split 0.15
sm90a_bundle hm --family memory --count "${M:-30}" --seed $((SEED + 3)) --bool 0.3
pack_bench run_final.sh bench_attention.py dlc_kernel.py timing.py
