#!/usr/bin/env bash
# Run bx-5c (lead): a045 (main's D = 64 kernel) with only the timeout
# records of bench/ptx_watchdog.py --timeout-only (gpu-wd/a045t).
D=gpu-wd; . bench/device_common.sh; device_setup
PYTHONPATH=bench timeout 60 python3 $D/watchdog_run.py $D/a045t/a045_r1.json B=4,H=2,M=64,N=383 200 1 4 > /tmp/w.txt 2>&1
echo "wd timeout-only rc=$?"; head -c 9000 /tmp/w.txt
