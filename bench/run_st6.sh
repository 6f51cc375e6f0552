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
harness_logged harness-plain.txt 20 110 120 hs:6
jittered=()
jitter_copies 6 "$D/hs"
harness_logged harness-jitter.txt 20 110 150 "${jittered[@]}"
mv "$OUT/harness-plain.txt" "$OUT/harness.txt"
bundle_sanitize hs "${SAN:-a000}"
wait
bundle_sanitize_report
el "checks"
