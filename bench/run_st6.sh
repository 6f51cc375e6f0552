#!/usr/bin/env bash
# Run st-6 (ON THE GPU MACHINE): main's head after st-5 (the record's
# hand-over slot, records 8 words apart) on an attention bundle that
# shares the balanced grid, the planner's grids on 1..3 CTAs (several
# visits a CTA), the stream grid, many tiles and D = 256 (gpu-st/hs):
# the harness plainly and under schedule fuzzing; memcheck and racecheck
# on SAN.
D=gpu-st
. bench/device_common.sh
device_setup
bundle_checks hs 6 "${SAN:-a000}"
