#!/usr/bin/env bash
# Run rs-1's assets, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-rs): (1) programs whose regions this session's changes
# touch — GEMM operands read through contiguous reshapes (merged views,
# divisions folded on the box) and rule 6's shared epilogues and graph
# outputs written in place (docs/passes/convert-indexbook-to-rbssa.md,
# docs/kernel-problem.md "Merged reads") — with mk-1's programs, each for
# sm_90a and sm_80 with dlc-interp's reference data at two sizes (or one,
# static); (2) timing models at large sizes, by this compiler and by
# main's before (OLD_BIN, default /tmp/bin-new: main at 21:52 2026-11-27,
# rules 5-7); (3) the harness bundles (build_final.sh's, SEED 1128; the
# attention bundle in OUT2).
# Device side: bench/run_rs.sh.
#   bench/build_rs.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup rs "${1:-}"
IN=test/Conversion/IndexBookToRBSSA/Inputs
AT=test/Dialect/RBSSA/Inputs
OLD_BIN=${OLD_BIN:-/tmp/bin-new}
# model file : size set 1 : size set 2 ("-": static, one set)
MODELS="$IN/merge_heads.json:S=333:S=1000
$IN/linear3d_static.json:-:-
$IN/gemm_preact_and_act.json:M=130,K=96,N=200:M=65,K=520,N=72
$IN/gemm_layernorm_gemm.json:M=333:M=1000
$IN/gemm_rowmax.json:M=201,K=72,N=333:M=77,K=1000,N=129
$IN/two_gemm_sum.json:M=300,K=40,N=200,J=88:M=129,K=264,N=72,J=16
$IN/swiglu.json:M=257:M=1000
$IN/conv_shortcut_add.json:N=3:N=5
$IN/gemm_beside_output.json:M=130,K=96,N=200:M=65,K=520,N=72
$IN/gemm_two_outputs.json:M=130,K=96,N=200:M=65,K=520,N=72
$IN/softmax_axis0.json:M=333,N=200:M=1000,N=77
$AT/attention_residual.json:S=200:S=517
$AT/attention_projected.json:S=200:S=517
$AT/attention_block.json:S=333:S=130"
program_assets "$MODELS"
# Timing models: the merged reads at sizes worth timing (static [8, 1024,
# 4096] flattened), and the shared epilogues.
mkdir -p "$O/t"
python3 - "$O/t" << 'PY'
import json, sys
out = sys.argv[1]
sig = lambda i, o: {"inputs": [{"tensor": t, "role": "data", "mutability": "immutable"} for t in i],
                    "outputs": [{"tensor": t} for t in o]}
d = {"name": "linear3d_big", "signature": sig(["X", "W"], ["Y"]),
     "tensors": {"X": {"dtype": "fp16", "shape": [8, 1024, 4096]}, "Xf": {"dtype": "fp16", "shape": [8192, 4096]},
                 "W": {"dtype": "fp16", "shape": [4096, 4096]}, "Yf": {"dtype": "fp16", "shape": [8192, 4096]},
                 "Y": {"dtype": "fp16", "shape": [8, 1024, 4096]}},
     "graph": [{"op": "Reshape", "name": "merge", "inputs": ["X"], "outputs": ["Xf"]},
               {"op": "GEMM", "name": "proj", "inputs": ["Xf", "W"], "outputs": ["Yf"]},
               {"op": "Reshape", "name": "split", "inputs": ["Yf"], "outputs": ["Y"]}]}
json.dump(d, open(f"{out}/linear3d_big.json", "w"))
PY
TIMED="$O/t/linear3d_big.json $IN/merge_heads.json $IN/gemm_two_outputs.json $IN/gemm_preact_and_act.json"
for file in $TIMED; do
  name=$(basename "$file" .json)
  "$B/dlc-compile" "$file" -o "$O/t/$name/new" --chip sm_90a > /dev/null
  "$OLD_BIN/dlc-compile" "$file" -o "$O/t/$name/old" --chip sm_90a > /dev/null 2>&1
  echo "timed $name: new $(grep -c '"kernel"' "$O/t/$name/new/$name.json" || echo 1) kernels, old $(grep -c '"kernel"' "$O/t/$name/old/$name.json" || echo 1)"
done
SEED=${SEED:-1128}
sm90a_bundle hg --family gemm --count "${G:-60}" --seed "$SEED" --stream-k 0.3 --staged 0.3 --whole 0.3 --long-k 0.2 --batch2 0.2 --short-k 0.2 --three 0.3
# The attention bundle in OUT2 (OUT + "2"), its own carry (64 MiB a call).
O2=${O}2
rm -rf "$O2" && mkdir -p "$O2/bench" && cp $B/dlc-run "$O2/" && cp bench/run_rs.sh bench/device_common.sh "$O2/bench/"
O=$O2 sm90a_bundle ha --family attention --count "${A:-40}" --seed $((SEED + 1)) --balanced 0.4 --lse 0.3 --many 0.3 --d256 0.3 --padded-d 0.3 --few-sms 0.3 --attn-stream 0.25 --static-keys 0.2 --all-static 0.15
sm90a_bundle hc --family conv --count "${C:-40}" --seed $((SEED + 2)) --staged 0.3 --grouped 0.1 --depthwise 0.1 --three 0.15 --split 0.15
sm90a_bundle hm --family memory --count "${M:-40}" --seed $((SEED + 3)) --bool 0.3
pack_bench run_mk.sh run_rs.sh ptx_jitter.py
