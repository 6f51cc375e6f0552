#!/usr/bin/env bash
# Run sk-1 (ON THE GPU MACHINE): attention with static key lengths (a third
# of them Lk = 1), harness bundles for sm_90a (h, 48 problems) and sm_80
# (h80, 24), plain and under jitter; memcheck + racecheck on two static
# Lk = 1 problems of h.
D=${D:-gpu-sk}
. bench/device_common.sh
device_setup

bundle_checks h 4 "a003,a012"
mv "$OUT/harness.txt" "$OUT/harness-h.txt"; mv "$OUT/harness-jitter.txt" "$OUT/harness-h-jitter.txt"
harness_logged harness-h80.txt 20 110 120 "h80:2"
el "sm80"
