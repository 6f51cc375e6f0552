#!/usr/bin/env bash
# Run t3-3 (ON THE GPU MACHINE, repository root): grouped convs on the
# 192-row tile and the stream-K GEMMs after their named barrier moved
# from 3 to 4 (gpu-t5: build_bundle.sh hc / hd --family conv --count 40
# --seed 1133 / 1135 --three 1.0, 8 of them grouped, plan=three-g; hs
# --family gemm --count 24 --seed 1134 --stream-k 1.0), plainly and under
# schedule fuzzing; memcheck + racecheck on a grouped 192-row conv and a
# stream-K GEMM.
D=${D:-gpu-t5}
. bench/device_common.sh
device_setup
bundles_plain_and_jittered hc:2 hd:2 hs:2
bundle_sanitize hc c000,c008
wait
bundle_sanitize_report
mv "$OUT/san-memcheck.txt" "$OUT/san-hc-memcheck.txt"; mv "$OUT/san-racecheck.txt" "$OUT/san-hc-racecheck.txt"
bundle_sanitize hs p000,p001
wait
bundle_sanitize_report
el "sanitizers"
