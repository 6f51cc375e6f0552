#!/usr/bin/env bash
# Run sbc-1 (ON THE GPU MACHINE, repository root): convolutions of a small
# static batch (N = 1, 4: 7 to 50 tiles on 132 SMs) — the planner's plan
# (the epilogue from registers, cooperative) against the staged epilogue
# forced by plan-file in ping-pong (_st) and cooperative (_sc); cuDNN in
# the same process, bench_conv.py three rotating rounds, two passes.
# Assets: CASES="<the 15 cases>" TAGS=v0:- bench/build_cv3.sh gpu-t7.
D=${D:-gpu-t7}
. bench/device_common.sh
device_setup
conv_passes 200 "r50_c128_28_n4_v0,r50_c128_28_n4_st_v0,r50_c128_28_n4_sc_v0,r50_c128_28_n1_v0,r50_c128_28_n1_st_v0,r50_c128_28_n1_sc_v0,s2_c256_n4_v0,s2_c256_n4_st_v0,s2_c256_n4_sc_v0,s2_c256_n1_v0,s2_c256_n1_st_v0,s2_c256_n1_sc_v0,r50_c256_14_n4_v0,r50_c256_14_n4_st_v0,r50_c256_14_n4_sc_v0"
