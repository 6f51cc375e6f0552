#!/usr/bin/env bash
# Run t3-1 (ON THE GPU MACHINE, repository root): the SM90 conv kernel on
# a 192-row tile shared by three consumer warpgroups (plan-file `_t192`
# cases of bench/conv_cases.py) against the planner's 128-row ping-pong
# tile, bench_conv.py with cuDNN in the same process, three rotating
# rounds, two passes; then the harness on 192-row plans (gpu-t3/hc: 48
# convs, gpu-t3/hg: 40 staged GEMMs, 13 of them 192 x 128, 5 clustered),
# plainly and under schedule fuzzing, memcheck + racecheck on two of each.
# Assets: `CASES="s2_c256 s2_c256_t192 ..." TAGS=v0:- bench/build_cv3.sh
# gpu-t3`, build_bundle.sh gpu-t3/hc --family conv --count 48 --seed 1128
# --three 1.0, gpu-t3/hg --family gemm --count 40 --seed 1130 --whole 1.0
# --staged 1.0 --three 1.0 --cluster 0.3.
D=${D:-gpu-t3}
. bench/device_common.sh
device_setup
ONE="s2_c256_v0,s2_c256_t192_v0,s2_c256_silu_v0,s2_c256_silu_t192_v0,s2_c128_112_v0,s2_c128_112_t192_v0,r50_c64_56_v0,r50_c64_56_t192_v0,r50_c128_28_v0,r50_c128_28_t192_v0,r50_c256_14_v0,r50_c256_14_t192_v0"
conv_passes 240 "$ONE"
bundles_plain_and_jittered hc:3 hg:3
bundle_sanitize hc c001,c003
wait
bundle_sanitize_report
mv "$OUT/san-memcheck.txt" "$OUT/san-hc-memcheck.txt"; mv "$OUT/san-racecheck.txt" "$OUT/san-hc-racecheck.txt"
bundle_sanitize hg p004,p012
wait
bundle_sanitize_report
el "sanitizers"
