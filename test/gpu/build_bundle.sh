#!/usr/bin/env bash
# Builds the GPU differential bundle HERE (MLIR, no GPU): random GEMM-family
# problems (gen_problems.py), each compiled with dlc-to-ptx + dlc-translate
# and given CPU reference data by dlc-interp, plus the dlc-run binary.
#   test/gpu/build_bundle.sh BUNDLE [--count N] [--seed S] [--chip CHIP]
# Then, on the GPU machine: test/gpu/run_bundle.sh BUNDLE (test/gpu/README.md).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
bundle="${1:?usage: build_bundle.sh BUNDLE [--count N] [--seed S] [--chip CHIP]}"
shift
count=300 seed=1 chip=sm_90
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --chip) chip="$2"; shift 2 ;;
    *) echo "build_bundle.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
rm -rf "$bundle" && mkdir -p "$bundle/src" || exit 1
python3 "$root/test/gpu/gen_problems.py" --count "$count" --seed "$seed" --out "$bundle/src" || exit 1
cp "$bin/dlc-run" "$root/test/gpu/run_bundle.sh" "$bundle/"
: > "$bundle/problems.txt"
: > "$bundle/compile-failures.txt"
compiled=0
while IFS=$'\t' read -r func sizes features; do
  dir="$bundle/$func"
  mkdir -p "$dir"
  src="$bundle/src/$func.tiny.mlir"
  if ! "$bin/dlc-opt" "$src" --pass-pipeline="builtin.module(dlc-to-ptx{chip=$chip})" -o "$dir/compiled.mlir" 2> "$dir/compile.err" ||
     ! "$bin/dlc-translate" "$dir/compiled.mlir" --emit-kernels="$dir" > /dev/null 2>> "$dir/compile.err"; then
    printf "%s\t%s\t%s\n" "$func" "$features" "$(grep -m1 -o 'E[0-9]\{4\} [A-Za-z]*: .*' "$dir/compile.err" || head -1 "$dir/compile.err")" >> "$bundle/compile-failures.txt"
    rm -rf "$dir"
    continue
  fi
  rm -f "$dir/compiled.mlir" "$dir/compile.err"
  if ! "$bin/dlc-interp" "$src" $([ "$sizes" = - ] || echo "$sizes") --products accumulator --write-ref "$dir/ref" > /dev/null 2> "$dir/interp.err"; then
    printf '%s\t%s\tinterpreter: %s\n' "$func" "$features" "$(head -1 "$dir/interp.err")" >> "$bundle/compile-failures.txt"
    rm -rf "$dir"
    continue
  fi
  rm -f "$dir/interp.err"
  printf '%s\t%s\t%s\n' "$func" "$func/$func.json" "$features" >> "$bundle/problems.txt"
  compiled=$((compiled + 1))
done < <(python3 -c 'import json,sys
for e in json.load(open(sys.argv[1])): print("%s\t%s\t%s" % (e["func"], e["sizes"] or "-", e["features"]))' "$bundle/src/index.json")
failed=$(wc -l < "$bundle/compile-failures.txt")
echo "compiled $compiled of $count problems ($failed not compiled; reasons below)"
cut -f3 "$bundle/compile-failures.txt" | sed 's/:.*//' | sort | uniq -c
echo "bundle: $(du -sh "$bundle" | cut -f1) in $bundle"
