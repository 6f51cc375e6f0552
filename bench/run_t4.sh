#!/usr/bin/env bash
# Run t3-2 (ON THE GPU MACHINE, repository root): the planner's 192-row
# conv tile where all sizes are static and its rounds are fewer
# (r50_c128_28_n32: 131 tiles, one round) against the 128-row ping-pong
# tile forced by plan-file (_pp), and the planner's unchanged choices
# beside them, bench_conv.py with cuDNN in the same process, three
# rotating rounds, two passes; then the harness on 192-row plans (gpu-t4/
# hg: 40 staged GEMMs, 8 of them 192 x 128, no clusters; gpu-t4/hc: 40
# convs forced onto 192-row tiles), plainly and under schedule fuzzing,
# memcheck + racecheck on two GEMMs. Assets: `CASES="r50_c128_28_n32
# r50_c128_28_n32_pp s2_c256_n32 s2_c256 r50_c128_28 r50_c128_28_t192"
# TAGS=v0:- bench/build_cv3.sh gpu-t4`, build_bundle.sh gpu-t4/hg --family
# gemm --count 40 --seed 1131 --whole 1.0 --staged 1.0 --three 1.0,
# gpu-t4/hc --family conv --count 40 --seed 1132 --three 1.0.
D=${D:-gpu-t4}
. bench/device_common.sh
device_setup
ONE="r50_c128_28_n32_v0,r50_c128_28_n32_pp_v0,s2_c256_n32_v0,s2_c256_v0,r50_c128_28_v0,r50_c128_28_t192_v0"
conv_passes 200 "$ONE"
bundles_plain_and_jittered hg:4 hc:2
bundle_sanitize hg p005,p012
wait
bundle_sanitize_report
el "sanitizers"
