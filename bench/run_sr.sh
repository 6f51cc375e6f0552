#!/usr/bin/env bash
# Runs sr-1 (ON THE GPU MACHINE, repository root; assets: bench/build_sr.sh):
# bench_rows.py (this compiler's symbolic row kernels against the compiler
# before, interleaved, and torch), then the memory-bound bundle plainly and
# under schedule fuzzing, and memcheck / racecheck on three split-row
# problems.
D=${D:-gpu-sr}
. bench/device_common.sh
device_setup
(cd "$D/bench" && timeout 240 python3 bench_rows.py --kernels "$ROOT/$D/k" \
  --base "$ROOT/$D/ko" --out "$OUT/rows.json" > "$OUT/rows.txt" 2>&1)
echo "rows rc=$?"
cut -c1-260 "$OUT/rows.txt"
el "bench"
bundle_checks hm 2 "$(cat "$D/sanitize.txt")"
