#!/usr/bin/env bash
# Run fn-2 (ON THE GPU MACHINE, repository root): the session's final
# compiler (7c77c10) on the GEMM and conv families, which its changes
# reach (attention's and the memory-bound kernels recompile byte-identical
# to run fn-1's): gpu-t11/hg (build_bundle.sh --family gemm --count 50
# --seed 1141, build_final.sh's mix) and gpu-t11/hc (--family conv --count
# 60 --seed 1143, build_final.sh's mix with --three 0.15 --split 0.15),
# plainly and under schedule fuzzing, memcheck + racecheck on a split and
# a 192-row conv.
D=${D:-gpu-t11}
. bench/device_common.sh
device_setup
bundles_plain_and_jittered hg:3 hc:2
bundle_sanitize hc c003,c029
wait
bundle_sanitize_report
el "sanitizers"
