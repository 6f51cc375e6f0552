#!/usr/bin/env bash
# Branch bo's device run (bench/build_bo.sh builds gpu-bo HERE): the
# memory-bound bundle with bool outputs checked by dlc-run (every i1 output
# byte exact), then compute-sanitizer memcheck on MEMCHECK's problems
# (default: a where-mask chain of two outputs, a row compare, a bool input,
# the i1 intermediate buffer).
#   gpu-bo/run_bo.sh [DIR]     (DIR: gpu-bo)
set -uo pipefail
D=${1:-gpu-bo}
B=$D/bundle
"$B/run_bundle.sh" "$B" --budget 150 --log "${OUT:-/tmp}/bo-logs" 2>&1 | tail -15
"$B/run_bundle.sh" "$B" --sanitize memcheck --only "${MEMCHECK:-q902,q903,q906,q905}" \
  --timeout 60 --budget 90 --log "${OUT:-/tmp}/bo-memcheck" 2>&1 | tail -8
grep -h "ERROR SUMMARY" "${OUT:-/tmp}"/bo-memcheck/*.log
