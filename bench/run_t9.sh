#!/usr/bin/env bash
# Run sk-c1 (ON THE GPU MACHINE, repository root): split-K on convolutions
# of a small static batch (N = 1, 4: 7 to 50 tiles on 132 SMs), forced by
# plan-file (`_kS`: the SM90 split-K, cooperative, staged epilogue, S
# CTAs a tile), against the planner's plan (staged ping-pong, no split);
# cuDNN in the same process, bench_conv.py three rotating rounds, two
# passes. Assets: CASES="<the 25 cases>" TAGS=v0:- bench/build_cv3.sh gpu-t9.
D=${D:-gpu-t9}
. bench/device_common.sh
device_setup
conv_passes 240 "r50_c128_28_n4_v0,r50_c128_28_n4_k2_v0,r50_c128_28_n4_k4_v0,r50_c128_28_n4_k8_v0,r50_c128_28_n4_k16_v0,r50_c128_28_n1_v0,r50_c128_28_n1_k2_v0,r50_c128_28_n1_k4_v0,r50_c128_28_n1_k8_v0,r50_c128_28_n1_k16_v0,s2_c256_n4_v0,s2_c256_n4_k2_v0,s2_c256_n4_k4_v0,s2_c256_n4_k8_v0,s2_c256_n4_k16_v0,s2_c256_n1_v0,s2_c256_n1_k2_v0,s2_c256_n1_k4_v0,s2_c256_n1_k8_v0,s2_c256_n1_k16_v0,r50_c256_14_n4_v0,r50_c256_14_n4_k2_v0,r50_c256_14_n4_k4_v0,r50_c256_14_n4_k8_v0,r50_c256_14_n4_k16_v0"
