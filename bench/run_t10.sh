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
harness_logged harness-plain.txt 20 110 150 hs:3 hc:2
el "harness"
jittered=()
jitter_copies 3 "$D/hs"
jitter_copies 2 "$D/hc"
harness_logged harness-jitter.txt 20 110 150 "${jittered[@]}"
el "harness under jitter"
bundle_sanitize hs c000,c001
wait
bundle_sanitize_report
el "sanitizers"
