#!/usr/bin/env bash
# Branch bo's GPU assets (issues 10/11: bool (i1) outputs of the memory-bound
# skeleton), built HERE into OUT (default /work/main/gpu-bo, carried as
# gpu-bo; device script bench/run_bo.sh, copied in):
#   bundle     the memory-bound harness bundle: N (60) problems of seed
#              SEED (11), a share 0.8 from gen_memory_problems.py's mask
#              family (--bool: i1 outputs), plus the hand-written graphs of
#              test/Pipelines/Inputs/bool_*.tiny.mlir at odd sizes as
#              q901..q9NN (a compare, a where-mask chain returning mask and
#              value, a row max compared, a mask through an i1 intermediate
#              buffer, a bool input, a cast to i1, a GEMM ending in a
#              compare on the memory-bound fallback)
#   run_bo.sh  the device side: the bundle checked, then compute-sanitizer
#              memcheck on MEMCHECK's problems
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup bo "${1:-}"
SEED=${SEED:-11}
test/gpu/build_bundle.sh "$O/bundle" --family memory --count "${N:-60}" --seed "$SEED" \
  --bool 0.8 --chip sm_90a > "$O/bundle.log" 2>&1 || { tail -5 "$O/bundle.log"; exit 1; }
tail -2 "$O/bundle.log" && rm -f "$O/bundle.log"
# The hand-written graphs: name, sizes (odd), one line each.
i=900
while read -r graph sizes; do
  i=$((i + 1))
  q="q$i" d="$O/bundle/q$i" src="test/Pipelines/Inputs/$graph.tiny.mlir"
  mkdir -p "$d"
  $B/dlc-interp "$src" "$sizes" --products accumulator --write-ref "$d/ref" > /dev/null
  $B/dlc-opt "$src" --pass-pipeline='builtin.module(dlc-to-ptx{chip=sm_90a})' 2> /dev/null \
    | $B/dlc-translate - --emit-kernels="$d" > /dev/null
  gzip -9 "$d"/*.ptx
  printf '%s\t%s\t%s\t%s\t%s\n' "$q" "$q/$graph.json" "$q/ref" "$sizes" \
    "hand=$graph $sizes" >> "$O/bundle/problems.txt"
done <<'LIST'
bool_compare N=4097
bool_where_mask M=33,N=1025
bool_row_compare M=7,N=4097
bool_row_compare M=129,N=1000
bool_mask_cut M=61,K=127
bool_mask_input M=31,N=257
bool_cast M=3,N=1021
bool_gemm_compare M=65,K=129,N=33
LIST
cp bench/run_bo.sh "$O/"
echo "bundle: $(wc -l < "$O/bundle/problems.txt") problems; $(du -sh "$O" | cut -f1)"
