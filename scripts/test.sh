#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, and runs the
# whole lit suite. `--sanitize` builds and tests with ASan + UBSan instead.
# Ends with a line "N passed, M failed"; exits non-zero if any test failed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
dir="$("$root/scripts/build.sh" "$@" | tail -n 1)"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/scripts/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
log="$dir/lit.log"
set +e
/usr/lib/llvm-22/bin/lit -sv "$dir/test" 2>&1 | tee "$log"
set -e
count() { awk -v k="$1" '$1 == k":" {s += $2} END {print s + 0}' "$log"; }
passed=$(( $(count Passed) + $(count "Expectedly") ))
failed=$(( $(count Failed) + $(count "Unexpectedly") + $(count "Timed") ))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
