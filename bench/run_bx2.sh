#!/usr/bin/env bash
# Run bx-2 (lead): where the staged 128x128 SM90 kernels hang (ptx_watchdog.py).
D=gpu-bx; . bench/device_common.sh; device_setup
w() { # LABEL KERNELDIR SIZES
  local j; j=$(ls $D/k/$2/*.json | head -1)
  PYTHONPATH=bench timeout 60 python3 $D/watchdog_run.py $j $3 ${4:-400} 20 4 > $OUT/$1.txt 2>&1
  echo "== $1 rc=$?"; head -c 6000 $OUT/$1.txt
}
w wd-walk-pp wd-walk-pp B=8,H=16,M=1024,N=1024,K=128
w wd-main2d-c128 wd-main2d-c128 M=131072,N=1024,K=128 3000

el done
