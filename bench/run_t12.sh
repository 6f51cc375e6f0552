#!/usr/bin/env bash
# Run sbc-3 (ON THE GPU MACHINE, repository root): small static convs on
# narrower or shorter tiles (more of them on the 132 SMs): 128 x 64
# ping-pong (_b64) and cooperative (_b64c), 64 x 128 (_m64, one
# consumer), 128 x 64 split in 4 (_b64k4), all with the staged epilogue,
# against the planner's plan (since sk-c1); cuDNN in the same process,
# bench_conv.py three rotating rounds, two passes. Assets: CASES="<the 20
# cases>" TAGS=v0:- bench/build_cv3.sh gpu-t12.
D=${D:-gpu-t12}
. bench/device_common.sh
device_setup
conv_passes 240 "r50_c128_28_n4_v0,r50_c128_28_n4_b64_v0,r50_c128_28_n4_b64c_v0,r50_c128_28_n4_m64_v0,r50_c128_28_n4_b64k4_v0,s2_c256_n4_v0,s2_c256_n4_b64_v0,s2_c256_n4_b64c_v0,s2_c256_n4_m64_v0,s2_c256_n4_b64k4_v0,r50_c256_14_n4_v0,r50_c256_14_n4_b64_v0,r50_c256_14_n4_b64c_v0,r50_c256_14_n4_m64_v0,r50_c256_14_n4_b64k4_v0,s2_c256_n1_v0,s2_c256_n1_b64_v0,s2_c256_n1_b64c_v0,s2_c256_n1_m64_v0,s2_c256_n1_b64k4_v0"
