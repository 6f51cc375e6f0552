#!/usr/bin/env bash
# Branch gp's device call (issue 10, narrow grouped convs; run from the
# repository root on the GPU machine; $D from bench/build_gp.sh): ncu of
# the g32 C256 56² conv (Cg 8) — cuDNN's kernel, main's (SM80), main's
# forced packed SM90 (P = 8, 128 rows) and the branch's (packed, 256 rows)
# —; bench_conv.py of all the grouped kernels beside cuDNN in one process
# (the *_inb probe: the packed kernel with its weight boxes read in bounds,
# wrong answers, timed only); the conv harness in shards beside
# compute-sanitizer memcheck and racecheck on $D/sanitize.txt's problem.
D=${D:-gpu-gp}
BD=${BD:-$D/bench}
. "$BD/device_common.sh"
device_setup
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section SchedulerStats"
(cd "$BD" && timeout ${NCU_S:-120} $ncu --profile-from-start off $SEC \
  python3 ncu_conv_probe.py "$ROOT/$K" ${NCU_CASES:-g32_c256_56,g32_c256_56_sm80,g32_c256_56_sm90p} > "$OUT/ncu.txt" 2>&1)
echo "ncu rc=$?"
grep -E "^  [a-zA-Z_].*\(|Duration|Grid Size|Block Size|Registers Per|Achieved Occupancy|Theoretical Occupancy|Compute \(SM\) Throughput|^    Memory Throughput|L2 Cache Throughput|DRAM Throughput|Issue Slots Busy|No Eligible|Active Warps Per Scheduler|Warp Cycles Per Issued|Shared Memory Configuration Size|Executed Ipc Active|Waves Per SM" "$OUT/ncu.txt" | sed 's/  */ /g' | cut -c1-150
el "ncu done"
conv_bench ${BENCH_S:-120}
grep -vE "^\s*$" "$OUT/bench.txt" | tail -14
el "bench done"
[ "${HARNESS:-1}" = 1 ] || exit 0
harness_sanitized ${HARNESS_S:-90} h 8 "$(cat "$D/sanitize.txt")"
el "all done"
