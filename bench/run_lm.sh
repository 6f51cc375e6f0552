#!/usr/bin/env bash
# Run lm-1 on the GPU (assets by bench/build_lm.sh in gpu-lm, carried), in
# two calls: `run_lm.sh a` — bool-mask inputs (bench_bool.py: the
# compiler's kernels against the pre-bo-1 ones and torch, two processes,
# the order reversed), the unfused D = 32 attention
# (bench_attention_d32.py) and the flash kernel's bias and key mask against
# SDPA (bench_flash_bias.py); `run_lm.sh b` — the D = 32 attention's routes
# again at larger sizes without the cubic program, beside DLC's D = 64
# flash kernel on D = 64 inputs and SDPA at D = 64, and a second process of
# bench_flash_bias.py. Logs and JSON under $OUT.
set -u
part=${1:-a}
D=gpu-lm
cp $D/py/*.py bench/
cd bench
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader
python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'
t0=$(date +%s)
el() { echo "== $1 at $(($(date +%s) - t0)) s"; }
py() { # NAME SECONDS ARGS...: one bench process, its output kept
  local name=$1 secs=$2
  shift 2
  PYTHONUNBUFFERED=1 timeout "$secs" python3 "$@" --out "$OUT/$name.json" >"$OUT/$name.txt" 2>&1
  echo "$name rc=$?"
  grep -v "^#" "$OUT/$name.txt" | cut -c1-400 | tail -40
  el "$name"
}
K=../$D/k A=../$D/att
if [ "$part" = a ]; then
  py bool-a 120 bench_bool.py --kernels new=$K/new --kernels old=$K/old --rounds 3
  py bool-b 60 bench_bool.py --kernels old=$K/old --kernels new=$K/new --rounds 3 --log2 28
  py att 200 bench_attention_d32.py --dlc $A/dlc --qk $A/qk --softmax-pv $A/softmax_pv --rounds 3
  py fb 90 bench_flash_bias.py --kernels main=../$D/fb --rounds 3
else
  py att2 200 bench_attention_d32.py --dlc $A/dlc --qk $A/qk --softmax-pv $A/softmax_pv \
    --flash64 $A/d64 --skip-dlc --shapes 4x16x512,4x16x1024,2x16x2048,1x16x4096,4x16x4096 --rounds 3
  py fb2 90 bench_flash_bias.py --kernels main=../$D/fb --rounds 3
fi
