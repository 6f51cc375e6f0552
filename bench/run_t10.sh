#!/usr/bin/env bash
# Run sk-c2 (ON THE GPU MACHINE, repository root): convolutions split along
# k — gpu-t10/hs: 60 NHWC convs forced onto the SM90 split-K by plan-file
# (build_bundle.sh --family conv --count 60 --seed 1137 --split 1.0);
# gpu-t10/hc: the planner's own plans (--count 70 --seed 1136 --grouped 0.1
# --depthwise 0.1), static small convs now split by the planner — plainly
# and under schedule fuzzing; memcheck + racecheck on two split convs.
D=${D:-gpu-t10}
. bench/device_common.sh
device_setup
bundles_plain_and_jittered hs:3 hc:2
bundle_sanitize hs c000,c001
wait
bundle_sanitize_report
el "sanitizers"
