#!/usr/bin/env bash
# Branch clc's device call (issue 10, clusters on the conv path; run from
# the repository root on the GPU machine; $D from bench/build_clc.sh):
# bench_conv.py with main's conv kernels and their clustered variants
# (*_c2, *_c4: same tile, stages and epilogue) beside cuDNN in one
# process; then the conv harness in shards beside compute-sanitizer
# memcheck and racecheck on the smallest clustered problem of each size
# (HARNESS=0: none of these); NCU="CASE:SYMBOLS ...": ncu of those kernels
# (one launch each, the clocks as found) after the bench.
D=${D:-gpu-clc}
BD=${BD:-$D/bench}
. "$BD/device_common.sh"
device_setup
conv_bench ${BENCH_S:-150}
grep -vE "^\s*$" "$OUT/bench.txt" | tail -20
el "bench done"
MET=sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__cycles_active.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,lts__t_bytes.sum,dram__bytes_read.sum,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__warp_issue_stalled_wait_per_warp_active.pct,launch__grid_size,launch__cluster_dim_x
for c in ${NCU:-}; do
  ncu_probe "$c" "sm__|lts__|dram__|gpu__time|stalled|launch__" \
    timeout 60 "$ncu" --clock-control none --metrics $MET -c 1 "$D/dlc-run" \
    "$K/${c%%:*}/${c%%:*}.json" "${c#*:}" --iters 1 --warmup 0
done
[ -n "${NCU:-}" ] && el "ncu done"
[ "${HARNESS:-1}" = 1 ] || exit 0
# The sanitizers on a problem each (run_bundle.sh --sanitize checks the
# answer too), beside the shards.
harness_sanitized ${HARNESS_S:-100} h 8 "$(cat "$D/sanitize.txt")"
el "all done"
