#!/usr/bin/env bash
# Run lm-2 on the GPU (assets by bench/build_lm.sh in gpu-lm, carried): the
# D = 32 attention's routes again — S materialised ("split") and DLC's
# D = 64 flash kernel on D = 64 inputs beside SDPA at D = 32 and D = 64,
# larger sizes, without the cubic program — and a second process of
# bench_flash_bias.py. Logs and JSON under $OUT.
set -u
D=gpu-lm
cp $D/py/*.py bench/
cd bench
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader
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
A=../$D/att
py att2 200 bench_attention_d32.py --dlc $A/dlc --qk $A/qk --softmax-pv $A/softmax_pv --flash64 $A/d64 \
  --skip-dlc --shapes 4x16x512,4x16x1024,2x16x2048,1x16x4096,4x16x4096 --rounds 3
py fb2 90 bench_flash_bias.py --kernels main=../$D/fb --rounds 3
