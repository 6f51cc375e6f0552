#!/usr/bin/env bash
# Run sbc-2 (ON THE GPU MACHINE, repository root): the conv harness after
# the planner's staged epilogue for every conv whose Y TMA can store
# (gpu-t8/hc: build_bundle.sh --family conv --count 70 --seed 1136
# --grouped 0.1 --depthwise 0.1, the planner's plans), plainly and under
# schedule fuzzing.
D=${D:-gpu-t8}
. bench/device_common.sh
device_setup
bundles_plain_and_jittered hc:3
