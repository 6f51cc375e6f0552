#!/usr/bin/env bash
# Run ov-9 (ON THE GPU MACHINE): the attention table of main's head
# (build_attention.sh's kernels: D 64, 128, 256, SM90 and SM80, D128 with
# LSE) beside SDPA, two passes in two processes, and the plot of the
# first (bench/plot_attention.py).
D=gpu-ov
. bench/device_common.sh
device_setup
for pass in a b; do
  PYTHONPATH=bench timeout 300 python3 bench/bench_attention.py --kernels main=$D/kf/main --rounds 3 \
    --out "$OUT/attention-$pass.json" > "$OUT/attention-$pass.txt" 2>&1
  echo "pass $pass rc=$?"; cut -c1-330 "$OUT/attention-$pass.txt"; el "pass $pass"
done
python3 bench/plot_attention.py "$OUT/attention-a.json" "$OUT/attention.png" \
  "attention, fp16, TFLOP/s: DLC main (run ov-9) vs SDPA, H100" && echo plotted
