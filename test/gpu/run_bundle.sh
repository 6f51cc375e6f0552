#!/usr/bin/env bash
# Runs the GPU differential bundle ON THE GPU MACHINE (no MLIR needed; bash,
# coreutils, awk and gzip only): every compiled problem of BUNDLE/problems.txt
# launched by BUNDLE/dlc-run with its reference data, one log per problem,
# each failure printed with its features; the problems that did not compile
# (BUNDLE/compile-failures.txt) are counted and listed by reason.  The last
# line is "N passed, M failed".  Exit status 0 when every problem run passed.
#
#   run_bundle.sh BUNDLE [--sanitize memcheck|racecheck|initcheck|synccheck]
#                 [--limit K] [--only p001,p017] [--iters N] [--timeout SEC]
#                 [--budget SEC] [--log DIR]
#
#   --sanitize TOOL  run each under compute-sanitizer --tool TOOL (found on
#                    PATH or in /usr/local/cuda*/bin); its findings fail
#   --limit K        only the first K problems (of --only's, if given)
#   --only LIST      only these problems (comma-separated names)
#   --iters N        also time N launches per problem (default 0: check only)
#   --timeout SEC    per problem (default 60, 300 under a sanitizer)
#   --budget SEC     stop starting problems after SEC seconds (default 540,
#                    under the device call's 600); the rest count as not run
#   --log DIR        logs (default $OUT/gpu-logs when $OUT is set, so the
#                    device call brings them back, else BUNDLE/logs)
#
# A problem's outcome: PASS; FAIL (dlc-run found a mismatch, exit 1); ERROR
# (dlc-run could not load or launch, exit 2); SANITIZER (compute-sanitizer
# reported errors); TIMEOUT; CRASH (a signal).  Only PASS passes.
set -uo pipefail
usage="usage: run_bundle.sh BUNDLE [--sanitize TOOL] [--limit K] [--only LIST] [--iters N] [--timeout SEC] [--budget SEC] [--log DIR]"
bundle="${1:?$usage}"
shift
tool="" limit="" only="" iters=0 tmo="" budget=540 log=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize) tool="$2"; shift 2 ;;
    --limit) limit="$2"; shift 2 ;;
    --only) only=",$2,"; shift 2 ;;
    --iters) iters="$2"; shift 2 ;;
    --timeout) tmo="$2"; shift 2 ;;
    --budget) budget="$2"; shift 2 ;;
    --log) log="$2"; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "run_bundle.sh: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
  esac
done
[ -f "$bundle/problems.txt" ] && [ -x "$bundle/dlc-run" ] ||
  { echo "run_bundle.sh: $bundle is not a bundle (no problems.txt or dlc-run); build it with test/gpu/build_bundle.sh" >&2; exit 2; }
if [ -z "$log" ]; then
  if [ -n "${OUT:-}" ] && [ -d "$OUT" ]; then log="$OUT/gpu-logs"; else log="$bundle/logs"; fi
fi
mkdir -p "$log" || exit 2
rm -f "$log"/*.log

sanitizer=()
if [ -n "$tool" ]; then
  case "$tool" in memcheck|racecheck|initcheck|synccheck) ;;
    *) echo "run_bundle.sh: --sanitize wants memcheck, racecheck, initcheck or synccheck" >&2; exit 2 ;;
  esac
  cs=$(command -v compute-sanitizer || ls -d /usr/local/cuda*/bin/compute-sanitizer /opt/cuda/bin/compute-sanitizer 2> /dev/null | head -1)
  [ -n "$cs" ] || { echo "run_bundle.sh: compute-sanitizer not found (PATH, /usr/local/cuda*/bin)" >&2; exit 2; }
  sanitizer=("$cs" --tool "$tool" --error-exitcode 99)
  [ "$tool" = racecheck ] && sanitizer+=(--racecheck-report hazard)
  tmo="${tmo:-300}"
fi
tmo="${tmo:-60}"

# The PTX travels gzipped: unpack it (in place, or in a copy when the
# bundle is read-only).
if ! touch "$bundle/.writable" 2> /dev/null; then
  copy=$(mktemp -d) && cp -r "$bundle/." "$copy/" && bundle="$copy" || exit 2
fi
rm -f "$bundle/.writable"
unzip_ptx() {
  if command -v gzip > /dev/null; then gzip -dc "$1" > "${1%.gz}"
  else python3 -c 'import gzip,shutil,sys; shutil.copyfileobj(gzip.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$1" "${1%.gz}"
  fi
}
for gz in "$bundle"/[pqca]*/*.ptx.gz; do
  [ -e "$gz" ] || continue
  [ -s "${gz%.gz}" ] || unzip_ptx "$gz" ||
    { echo "run_bundle.sh: cannot unpack $gz (no gzip, no python3?)" >&2; exit 2; }
done

echo "bundle $bundle: $(head -1 "$bundle/info.txt" 2> /dev/null)"
command -v nvidia-smi > /dev/null &&
  echo "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2> /dev/null | head -1)"
[ -n "$tool" ] && echo "under compute-sanitizer --tool $tool ($cs)"

# The first line of a log that says why the problem did not pass.
why() {
  local kind="$1" f="$2" r=""
  case "$kind" in
    FAIL) r="$(grep -m1 -E '^check .*FAIL' "$f" | sed -E 's/^check ([^ ]*) against [^:]*: ([0-9]+) elements, (max_abs_err [^,]*), (max_rel_err [^,]*), ([0-9]+) mismatches.*/\1: \5 of \2 wrong (\3, \4)/')"
          r="$r$(grep -m1 -E '^  mismatch' "$f" | sed -E 's/^ *mismatch [^(]*/; first /; s/: got/ got/')" ;;
    TIMEOUT) r="no result after $tmo s (--timeout)" ;;
    SANITIZER) r=$(grep -E '^========= +[A-Z]' "$f" | grep -vE 'COMPUTE-SANITIZER|SUMMARY' | head -1 | sed 's/^=* *//')
               [ -n "$r" ] || r=$(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$f" | sed 's/^=* *//') ;;
    *) r=$(grep -m1 -iE 'dlc-run:|error' "$f") ;;
  esac
  [ -n "$r" ] || r=$(tail -1 "$f")
  echo "${r:0:300}"
}

passed=0 failed=0 notrun=0 n=0 start=$SECONDS
: > "$log/failures.txt"
declare -A kinds=()
while IFS=$'\t' read -r func manifest ref sizes features; do
  [ -z "$func" ] && continue
  [ -n "$only" ] && [[ "$only" != *",$func,"* ]] && continue
  [ -n "$limit" ] && [ "$n" -ge "$limit" ] && break
  n=$((n + 1))
  if [ $((SECONDS - start)) -ge "$budget" ]; then
    notrun=$((notrun + 1))
    continue
  fi
  f="$log/$func.log"
  echo "# $func ($sizes) $features" > "$f"
  # A problem's own dlc-run options (its tolerance), one line of words.
  extra=()
  [ -f "$bundle/$(dirname "$manifest")/dlc-run.args" ] &&
    read -r -a extra < "$bundle/$(dirname "$manifest")/dlc-run.args"
  timeout -k 5 "$tmo" "${sanitizer[@]}" "$bundle/dlc-run" "$bundle/$manifest" \
      --ref-data "$bundle/$ref" --iters "$iters" "${extra[@]}" >> "$f" 2>&1
  rc=$?
  case $rc in
    0) passed=$((passed + 1)); continue ;;
    1) kind=FAIL ;;
    2) kind=ERROR ;;
    99) kind=SANITIZER ;;
    124|137) kind=TIMEOUT ;;
    *) if [ $rc -gt 128 ]; then kind="CRASH(signal $((rc - 128)))"; else kind="ERROR(exit $rc)"; fi ;;
  esac
  # Under a sanitizer, a mismatch with sanitizer findings is a SANITIZER.
  if [ -n "$tool" ] && [ "$kind" != SANITIZER ] && grep -qE 'ERROR SUMMARY: [1-9]|RACECHECK SUMMARY: [1-9]' "$f"; then
    kind=SANITIZER
  fi
  failed=$((failed + 1))
  kinds[$kind]=$((${kinds[$kind]:-0} + 1))
  line="$kind $func: $(why "$kind" "$f") | $features"
  echo "$line" | tee -a "$log/failures.txt"
  if [ "$n" -eq 1 ] && grep -q 'no CUDA driver' "$f"; then
    echo "run_bundle.sh: no CUDA driver on this machine (libcuda.so.1): stopping" >&2
    exit 2
  fi
done < "$bundle/problems.txt"

# The problems that did not compile, by reason, with their names.
total_compiled=$(grep -c . "$bundle/problems.txt")
notcompiled=0
if [ -s "$bundle/compile-failures.txt" ]; then
  notcompiled=$(grep -c . "$bundle/compile-failures.txt")
  echo "not compiled: $notcompiled (details: compile-failures.txt in the bundle), by reason:"
  awk -F'\t' '{ n[$2]++; names[$2] = names[$2] " " $1 }
    END { for (r in n) printf "%5d  %s:%s\n", n[r], r, names[r] }' "$bundle/compile-failures.txt" |
    sort -rn | cut -c1-400
fi
cp "$bundle/compile-failures.txt" "$log/" 2> /dev/null
[ -s "$bundle/invalid.txt" ] && echo "invalid problems (generator bugs): $(cut -f1 "$bundle/invalid.txt" | tr '\n' ' ')"
breakdown=""
for k in "${!kinds[@]}"; do breakdown="$breakdown ${kinds[$k]} $k,"; done
{
  echo "ran $((n - notrun)) of $total_compiled compiled problems in $((SECONDS - start)) s${tool:+ under $tool}" \
       "(logs: $log)${breakdown:+; failures:${breakdown%,}}"
  [ "$notrun" -gt 0 ] && echo "not run (--budget $budget s reached): $notrun"
  [ -n "$limit$only" ] && echo "(a subset:${limit:+ --limit $limit}${only:+ --only ${only:1:-1}})"
  if [ "$failed" -gt 0 ]; then
    echo "failed (again):"
    head -20 "$log/failures.txt" | cut -c1-250
    [ "$failed" -gt 20 ] && echo "  ... $((failed - 20)) more in $log/failures.txt"
  fi
  echo "not compiled: $notcompiled"
  echo "$passed passed, $failed failed"
} > "$log/summary.txt"
cat "$log/summary.txt"
[ "$failed" -eq 0 ] && [ "$notrun" -eq 0 ]
