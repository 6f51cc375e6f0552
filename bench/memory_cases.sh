#!/usr/bin/env bash
# Hand-made memory-bound cases at sizes the random harness rarely draws
# (rows of 1, 7, 9, 768, 1025, 4097, ... elements; misaligned rows), built
# HERE: each example of examples/ compiled once (symbolic sizes), reference
# data per size from dlc-interp; and static LayerNorm/softmax/RMSNorm rows
# of 1500-40000 (one kernel each); and LayerNorm/softmax/RMSNorm with the
# plan's CTA forced to 64, 128, 512 or 1024 threads (warp rows: T / 32 rows
# a CTA; a CTA of T per longer row). On the GPU: `bash DIR/run_cases.sh DIR`
# runs dlc-run --ref-data on every case and ends "N passed, M failed".
#   bench/memory_cases.sh DIR [CHIP] [SETS]  (tools from $DLC_BIN, default
#   build/bin; SETS a comma list of examples, static, forced: default all)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
out="${1:?usage: memory_cases.sh DIR [CHIP]}"
chip="${2:-sm_90}"
sets=",${3:-examples,static,forced},"
rm -rf "$out" && mkdir -p "$out"
cases=(
  "layernorm M=13,N=1" "layernorm M=13,N=31" "layernorm M=13,N=768" "layernorm M=13,N=1000"
  "layernorm M=13,N=1025" "layernorm M=5,N=4097" "layernorm M=3,N=8200"
  "rmsnorm M=13,N=7" "rmsnorm M=13,N=768" "rmsnorm M=7,N=4097" "rmsnorm M=3,N=9000"
  "softmax M=13,N=1" "softmax M=13,N=100" "softmax M=13,N=768" "softmax M=9,N=2049" "softmax M=3,N=8193"
  "layernorm M=4,N=3001" "layernorm M=2,N=33001" "softmax M=4,N=5000" "softmax M=2,N=32769"
  "row_sum M=13,N=1" "row_sum M=13,N=7" "row_sum M=13,N=9" "row_sum M=13,N=17" "row_sum M=13,N=1023"
  "row_sum M=9,N=4097" "row_sum M=5,N=8191" "row_sum M=3,N=8200"
  "row_max M=13,N=15" "row_max M=11,N=1001" "row_max M=9,N=4097"
  "row_reduce M=13,N=31" "row_reduce M=9,N=4097" "row_reduce M=13,N=1024"
  "silu_add E=100003"
  "col_sum M=1,N=1" "col_sum M=13,N=7" "col_sum M=33,N=64" "col_sum M=100,N=65" "col_sum M=257,N=1000"
  "col_sum M=1025,N=4097" "col_max B=3,M=31,N=129" "col_max B=2,M=300,N=8" "col_max B=5,M=7,N=1001"
  "col_sum M=5000,N=100" "col_sum M=2049,N=768" "col_sum M=3001,N=7" "col_max B=2,M=1500,N=129"
  "gemm_f32 M=5,K=33,N=70" "gemm_f32 M=1,K=100,N=257" "gemm_f32 M=3,K=64,N=64" "gemm_f32 M=3,K=3000,N=64"
)
[[ $sets == *,examples,* ]] || cases=()
for c in ${cases[@]+"${cases[@]}"}; do
  ex="${c%% *}" sizes="${c#* }"
  if [ ! -d "$out/$ex" ]; then
    "$bin/dlc-opt" "$root/examples/$ex.tiny.mlir" --pass-pipeline="builtin.module(dlc-to-ptx{chip=$chip})" |
      "$bin/dlc-translate" --emit-kernels="$out/$ex" >/dev/null
  fi
  name="$ex-${sizes//[=,]/_}"
  "$bin/dlc-interp" "$root/examples/$ex.tiny.mlir" "$sizes" --products accumulator --write-ref "$out/ref/$name" >/dev/null
  echo "$name $ex/$ex.json ref/$name" >>"$out/cases.txt"
done
# Static rows (each its own kernel, M x N fixed): register rows up to 16384
# halves (520-1000: a warp's; 1032-16384: a CTA's, last chunk partial or
# whole), the two passes up to 32 KiB a row, the planner's one-pass pairs
# beyond (32768, 32769, 33001, 40000: aligned, with chunks past the row in
# the last trip, or masked).
static=(
  "layernorm 7 2048" "layernorm 5 4097" "layernorm 3 1500" "layernorm 2 33001"
  "softmax 7 2048" "softmax 5 4097" "softmax 3 1500" "softmax 2 32769" "rmsnorm 3 1500"
  "layernorm 5 1032" "layernorm 3 3000" "layernorm 3 8192" "softmax 3 8184" "softmax 3 6000"
  "rmsnorm 3 8192" "rmsnorm 5 2056" "softmax 7 4096" "layernorm 3 16384" "softmax 3 16384"
  "layernorm 13 768" "softmax 13 1000" "rmsnorm 9 520"
  "layernorm 3 32768" "layernorm 3 40000" "softmax 3 32768" "softmax 3 40000"
)
staticSource() { # example M N: its source with M x N fixed, in $out/src
  mkdir -p "$out/src"
  sed -e "s/?x?x\(f[0-9]*\), \[\"M\", \"N\"\]/${2}x${3}x\1/g" \
      -e "s/?x\(f[0-9]*\), \[\"M\"\]/${2}x\1/g" \
      -e "s/?x\(f[0-9]*\), \[\"N\"\]/${3}x\1/g" \
      "$root/examples/$1.tiny.mlir" >"$out/src/$1-${2}x$3.tiny.mlir"
  echo "$out/src/$1-${2}x$3.tiny.mlir"
}
[[ $sets == *,static,* ]] || static=()
for c in ${static[@]+"${static[@]}"}; do
  read -r ex m n <<<"$c"
  name="$ex-static-${m}x$n"
  src="$(staticSource "$ex" "$m" "$n")"
  "$bin/dlc-opt" "$src" --pass-pipeline="builtin.module(dlc-to-ptx{chip=$chip})" |
    "$bin/dlc-translate" --emit-kernels="$out/$name" >/dev/null
  "$bin/dlc-interp" "$src" --products accumulator --write-ref "$out/ref/$name" >/dev/null
  echo "$name $name/$ex.json ref/$name" >>"$out/cases.txt"
done
# Forced CTAs (a memory plan's tile, edited by bench/plan_edit.sh): each T
# with the symbolic examples at short rows (13 x 768, 61 x 1000: T / 32
# warp rows a CTA, the last CTA's partly past M) and a long one (7 x 3000:
# a CTA of T), and static 61 x 1000 / 13 x 768 rows.
forcedSym=("layernorm M=13,N=768" "layernorm M=61,N=1000" "layernorm M=7,N=3000"
           "softmax M=13,N=768" "softmax M=61,N=999" "softmax M=7,N=3000" "rmsnorm M=61,N=1000")
forcedStatic=("layernorm 61 1000" "softmax 13 768" "rmsnorm 13 768")
tiles=(64 128 512 1024)
[[ $sets == *,forced,* ]] || tiles=()
for t in ${tiles[@]+"${tiles[@]}"}; do
  edit="s/tile = array<i64: 1, 256, 1>/tile = array<i64: 1, $t, 1>/"
  for c in "${forcedSym[@]}"; do
    ex="${c%% *}" sizes="${c#* }"
    [ -d "$out/$ex-t$t" ] || "$root/bench/plan_edit.sh" "$root/examples/$ex.tiny.mlir" "$out/$ex-t$t" "$chip" "$edit"
    name="$ex-t$t-${sizes//[=,]/_}"
    "$bin/dlc-interp" "$root/examples/$ex.tiny.mlir" "$sizes" --products accumulator --write-ref "$out/ref/$name" >/dev/null
    echo "$name $ex-t$t/$ex.json ref/$name" >>"$out/cases.txt"
  done
  for c in "${forcedStatic[@]}"; do
    read -r ex m n <<<"$c"
    name="$ex-t$t-static-${m}x$n"
    src="$(staticSource "$ex" "$m" "$n")"
    "$root/bench/plan_edit.sh" "$src" "$out/$name" "$chip" "$edit"
    "$bin/dlc-interp" "$src" --products accumulator --write-ref "$out/ref/$name" >/dev/null
    echo "$name $name/$ex.json ref/$name" >>"$out/cases.txt"
  done
done
cp "$bin/dlc-run" "$out/"
cat >"$out/run_cases.sh" <<'RUN'
#!/usr/bin/env bash
# Runs every case of cases.txt (dlc-run --ref-data); "N passed, M failed".
cd "$(dirname "$0")"
pass=0 fail=0
while read -r name manifest ref; do
  if ./dlc-run "$manifest" --ref-data "$ref" >"log-$name.txt" 2>&1; then pass=$((pass + 1))
  else fail=$((fail + 1)); echo "FAIL $name"; tail -3 "log-$name.txt"; fi
done <cases.txt
echo "$pass passed, $fail failed"
RUN
chmod +x "$out/run_cases.sh"
echo "$(wc -l <"$out/cases.txt") cases in $out"
