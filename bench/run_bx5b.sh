#!/usr/bin/env bash
# Run bx-5b (lead): run pd-3's a045 (D = 64 kernel, main's PTX) by dlc-run with
# and without bench/ptx_watchdog.py's instrumentation (gpu-wd: the kernels, the
# reference of run pd-3, dlc-run), 2000 launches, 20 s each.
D=gpu-wd; . bench/device_common.sh; device_setup
R=$D/dlc-run; chmod +x $R
t() { timeout -k 5 20 "$@" > /tmp/t.txt 2>&1; echo "rc=$? $(grep -iE 'pass|fail|ms' /tmp/t.txt | tail -1 | cut -c1-150)"; }
echo "m64 ref-data:"; t $R $D/hang/m64/a045.json --ref-data $D/hang/ref64 --atol 0.0078125 --iters 2000
echo "m64 random:"; t $R $D/hang/m64/a045.json B=4,H=2,M=64,N=383 --iters 2000
echo "wd ref-data:"; t $R $D/a045/a045.json --ref-data $D/hang/ref64 --atol 0.0078125 --iters 2000
echo "wd random r1:"; t $R $D/a045/a045_r1.json B=4,H=2,M=64,N=383 --iters 2000
PYTHONPATH=bench timeout 60 python3 $D/watchdog_run.py $D/a045/a045_r1.json B=4,H=2,M=64,N=383 2000 20 4 > /tmp/w.txt 2>&1; echo "wd python rc=$?"; head -c 6000 /tmp/w.txt
