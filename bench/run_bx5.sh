#!/usr/bin/env bash
# Run bx-5 (lead): (1) where run pd-3's hang (a045: D 40 padded to 64,
# causal, balanced grid of one CTA, three consumers; main's D = 64 kernel
# hangs the same) waits: its D = 64 kernel instrumented by
# bench/ptx_watchdog.py (gpu-wd/a045), launched by watchdog_run.py;
# (2) the merged main's final check (gpu-final: harness of every family
# with 50 more launches a problem, sanitizers, the attention table).
D=gpu-wd; . bench/device_common.sh; device_setup
PYTHONPATH=bench timeout 60 python3 $D/watchdog_run.py $D/a045/a045_r1.json \
  B=4,H=2,M=64,N=383 200 1 4 > $OUT/wd-a045.txt 2>&1
echo "== a045 watchdog rc=$?"; head -c 7000 $OUT/wd-a045.txt
HARNESS_ITERS=50 SAN_A=${SAN_A:-a000} SAN_G=${SAN_G:-p000} bash bench/run_final.sh
