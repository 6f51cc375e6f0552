#!/usr/bin/env bash
# Runs lt-1 and lt-2's assets (issue 10: an NCHW convolution's layout
# transform made kernels of the program, ConvLayoutSplit.c; transpose
# mode's merged H·W axis and, lt-2, its 16-byte chunks), built HERE (MLIR,
# no GPU) into OUT (default /work/main/gpu-lt):
#   programs   NCHW -> NHWC of static 13 x 28 images (merged axis, scalar:
#              C = 70), of static 6 x 28 ones with C = 72 (chunks of 8), of
#              7 x 7 ones with C = 64 (lt-3: scalar loads, chunked stores), of
#              symbolic ones, and the NCHW 3x3 s2 conv + SiLU (a program of
#              the two transforms and the SM90 conv), each for sm_90a and
#              sm_80 with dlc-interp's reference data;
#   k/, ko/    bench/conv_cases.py's NCHW cases (and one NHWC) compiled by
#              this compiler (k/<case>_new) and by the compiler before it
#              (ko/<case>_old: one kernel and the runtime's
#              dlc_transpose_b16), built by OLD (a checkout of a907e01 with
#              build/bin) and timed by OLD's bench scripts (oldbench/);
#   hc, hm     the conv bundle with half its NCHW problems forced onto the
#              transform + SM90, and the memory-bound bundle with the
#              transpose family.
# Device side: bench/run_lt.sh.
#   OLD=/work/old bench/build_lt.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup lt "${1:-}"
OLD=${OLD:-/work/old}
RP=test/Conversion/RBSSAToPlan/Inputs
MODELS="$RP/nchw_to_nhwc_static.tiny.mlir:B=3:B=1
$RP/nchw_to_nhwc_vec.tiny.mlir:B=3:B=1
$RP/nchw_to_nhwc_c64_7x7.tiny.mlir:B=5:B=1
$RP/nchw_to_nhwc.tiny.mlir:B=2,C=70,H=5,W=129:B=1,C=256,H=3,W=17
test/Pipelines/Inputs/conv_nchw_s2.tiny.mlir:N=3:N=1"
program_assets "$MODELS"
CASES="s2_c256_nchw s2_c256_nchw_silu s2_c128_112_nchw r50_c256_14_nchw s2_c256"
conv_sources
for c in $CASES; do
  conv_case "$c" "${c}_new" | cut -c1-100
  mv "$O/k/${c}_new/$c.json" "$O/k/${c}_new/${c}_new.json"
done
tagged_cases
mkdir -p "$O/ko"
for c in $CASES; do
  plan=()
  [ -f "$O/src/$c.plan.json" ] && plan=(--plan-file "$O/src/$c.plan.json")
  "$OLD/build/bin/dlc-compile" "$O/src/$c.tiny.mlir" -o "$O/ko/${c}_old" --chip sm_90a \
    "${plan[@]}" | grep "^$c" | cut -c1-100
  mv "$O/ko/${c}_old/$c.json" "$O/ko/${c}_old/${c}_old.json"
done
sed 's/_new"/_old"/' "$O/k/cases.json" > "$O/ko/cases.json"
mkdir -p "$O/oldbench"
cp "$OLD"/bench/{bench_conv.py,dlc_kernel.py,timing.py} "$O/oldbench/"
rm -rf "$O/src"
sm90a_bundle hc --family conv --count "${C:-100}" --seed "${SEED:-44}" --transform 0.5
echo "conv problems through the transform: $(ls "$O"/hc/*/*_nhwc.json 2>/dev/null | wc -l)"
sm90a_bundle hm --family memory --count "${M:-60}" --seed "${MSEED:-1152}" --transpose 0.5
echo "memory problems in transpose mode: $(grep -l 'memory:transpose' "$O"/hm/*/*.json 2>/dev/null | wc -l)"
pack_bench run_lt.sh bench_conv.py dlc_kernel.py timing.py
