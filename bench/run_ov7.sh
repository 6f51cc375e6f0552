#!/usr/bin/env bash
# Run ov-7 (ON THE GPU MACHINE): main's head with the persistent grid as
# D = 256's default without a mask (runs ov-5, ov-6): an attention bundle
# drawn at tile width 256 with the planner's own grids (gpu-ov/hp: 40
# problems, no forced grid), plainly and under schedule fuzzing, memcheck
# and racecheck on SAN.
D=gpu-ov
. bench/device_common.sh
device_setup
bundle_checks hp 6 "${SAN:-a000}"
