#!/usr/bin/env bash
# Builds the libFuzzer harnesses (build-fuzz/, clang, ASan+UBSan) and runs
# each target for SECONDS (default 60) from its seed corpus fuzz/corpus/<t>
# plus what earlier runs found (build-fuzz/fuzz/corpus/<t>). Prints one
# "PASS fuzz/<t>" or "FAIL fuzz/<t>" line per target and ends with
# "N passed, M failed"; exits non-zero on any crash, sanitizer report, leak,
# timeout or out-of-memory. A failing input is kept under
# build-fuzz/fuzz/crashes/<t>/ (reproduce: build-fuzz/bin/dlc-fuzz-<t> FILE).
#   fuzz/run.sh [SECONDS] [TARGET...]      (docs/fuzzing.md)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] ||
  targets=(ir_pipeline frontend_json plan_json manifest expr)
"$root/scripts/setup.sh"
dir="$root/build-fuzz"
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DDLC_FUZZ=ON >/dev/null &&
  cmake --build "$dir" --target fuzzers >/dev/null || {
  echo "fuzz: build failed (cmake --build $dir --target fuzzers)"
  echo "0 passed, ${#targets[@]} failed"
  exit 1
}
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/scripts/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
passed=0
failed=0
for t in "${targets[@]}"; do
  corpus="$dir/fuzz/corpus/$t"
  crashes="$dir/fuzz/crashes/$t"
  log="$dir/fuzz/$t.log"
  mkdir -p "$corpus" "$crashes"
  # -timeout: one input running 30 s is a hang; the outer timeout stops a
  # process that libFuzzer itself cannot stop.
  timeout $((seconds + 120)) "$dir/bin/dlc-fuzz-$t" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
    -artifact_prefix="$crashes/" -print_final_stats=1 \
    "$corpus" "$root/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  runs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
  if [ "$rc" -eq 0 ]; then
    echo "PASS fuzz/$t (${runs:-?} inputs in ${seconds} s)"
    passed=$((passed + 1))
  else
    echo "FAIL fuzz/$t (exit $rc; log $log; inputs kept in $crashes)"
    grep -E 'ERROR:|SUMMARY:|runtime error' "$log" | head -n 5
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
