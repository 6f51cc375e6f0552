#!/usr/bin/env bash
# Runs pf-1, pf-2 (2026-11-27, lead): assets by `CASES="s2_c256 s2_c256_silu s2_c128_112 r50_c64_56 r50_c128_28 r50_c256_14" TAGS="v0:- pf:DLC_L2_PREFETCH=1" bench/build_cv3.sh gpu-pf` on a tree with the prefetch variant (not kept; bench/RESULTS.md run pf-1).
# L2 prefetch of the next pixel tile's input rows (DLC_L2_PREFETCH) against main, bench_conv two passes; memcheck of one prefetching kernel.
D=gpu-pf
. bench/device_common.sh
device_setup
ALL=$(python3 -c "import json;print(','.join(c['name'] for c in json.load(open('$K/cases.json'))))" 2>/dev/null)
echo "cases: $ALL"
conv_passes 240 "$ALL"
timeout 120 $cs --tool memcheck --error-exitcode 99 "$D/dlc-run" "$K/s2_c256_pf/s2_c256_pf.json" N=3 --ref "$K/s2_c256_v0/s2_c256_v0.json" --iters 2 --warmup 1 > /tmp/san.txt 2>&1
echo "memcheck s2_c256_pf N=3 rc=$? $(grep -E 'ERROR SUMMARY|PASS|FAIL' /tmp/san.txt | tail -2 | paste -sd' ')"
