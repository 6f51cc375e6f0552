#!/usr/bin/env bash
# Runs the GPU differential bundle ON THE GPU MACHINE (no MLIR needed): each
# compiled problem launched by dlc-run with its reference data, one log per
# problem, failures printed with their features; ends "N passed, M failed".
#   run_bundle.sh BUNDLE [--sanitize memcheck|racecheck] [--limit K] [--log DIR]
set -uo pipefail
bundle="${1:?usage: run_bundle.sh BUNDLE [--sanitize TOOL] [--limit K] [--log DIR]}"
shift
tool="" limit=1000000 log="$bundle/logs"
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize) tool="$2"; shift 2 ;;
    --limit) limit="$2"; shift 2 ;;
    --log) log="$2"; shift 2 ;;
    *) echo "run_bundle.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$log"
passed=0 failed=0 n=0
while IFS=$'\t' read -r func manifest features; do
  [ "$n" -ge "$limit" ] && break
  n=$((n + 1))
  cmd=("$bundle/dlc-run" "$bundle/$manifest" --ref-data "$bundle/$func/ref")
  if [ -n "$tool" ]; then
    cmd=(compute-sanitizer --tool "$tool" --error-exitcode 9 "${cmd[@]}" --iters 1 --warmup 0)
  fi
  if "${cmd[@]}" > "$log/$func.log" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $func ($features): $(grep -m1 -E 'FAIL|error|ERROR' "$log/$func.log")"
  fi
done < "$bundle/problems.txt"
notcompiled=$(wc -l < "$bundle/compile-failures.txt")
echo "not compiled (see compile-failures.txt): $notcompiled"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
