#!/usr/bin/env bash
# Run ov-3 (ON THE GPU MACHINE): main's head (the overlap at D = 256) on an
# attention bundle drawn mostly at tile width 256 (gpu-ov/hd: 60
# problems, 41 at Dt = 256: D 256, and 136, 160, 192, 248 padded; stream
# and balanced grids, LSE): the harness plainly and under schedule
# fuzzing, memcheck and racecheck on SAN.
D=gpu-ov
. bench/device_common.sh
device_setup
bundle_checks hd 6 "${SAN:-a003}"
