#!/usr/bin/env bash
# Run as-1 (ON THE GPU MACHINE, repository root): attention with every size
# static, which rbssa-fuse-attention fuses now (d46c9f6) — gpu-as/ha: 60
# problems for sm_90a (build_bundle.sh --family attention --count 60 --seed
# 2801 --all-static 0.7 --static-keys 0.1 --lse 0.2: 44 all static, 25 of
# them causal, a quarter one query row), gpu-as/ha80: 24 for sm_80 (seed
# 2802, --all-static 0.8: 18) — plainly and under schedule fuzzing;
# memcheck + racecheck on a causal and a non-causal all-static problem.
D=${D:-gpu-as}
. bench/device_common.sh
device_setup
bundles_plain_and_jittered ha:3 ha80:2
bundle_sanitize ha a001,a002
wait
bundle_sanitize_report
el "sanitizers"
