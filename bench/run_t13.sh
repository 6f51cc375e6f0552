#!/usr/bin/env bash
# Run sbc-4 (ON THE GPU MACHINE, repository root): convolutions on 64-row
# tiles — gpu-t13/hs: 50 NHWC convs forced onto them by plan-file
# (build_bundle.sh --family conv --count 50 --seed 1151 --short 1.0; 18 in
# clusters of 2); gpu-t13/hc: the planner's own plans (--count 70 --seed
# 1152 --grouped 0.1 --depthwise 0.1), small static convs now on 64-row
# tiles or split — plainly and under schedule fuzzing; memcheck +
# racecheck on a 64-row conv and a clustered one.
D=${D:-gpu-t13}
. bench/device_common.sh
device_setup
bundles_plain_and_jittered hs:3 hc:2
bundle_sanitize hs c000,c003
wait
bundle_sanitize_report
el "sanitizers"
