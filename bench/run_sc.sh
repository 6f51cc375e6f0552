#!/usr/bin/env bash
# Branch sc's device call (issue 10; run from the repository root on the
# GPU machine; $D from bench/build_sc.sh): a smoke check of each GEMM
# variant against dlc-interp's reference at M = 520; bench_conv.py with
# main's conv kernels (*_v0) and the variants (*_v1 warp-0 producer, *_v2
# per-warp release, *_v4 32-bit ring math, *_v7 all three) case by case in
# one process beside cuDNN; bench_gemm.py of the variants against main's
# kernel (g0) and cuBLAS; then the GEMM and conv harness bundles (built
# with VARIANTS_H's kernels) in shards beside compute-sanitizer memcheck
# and racecheck on g7 at M = 520 and on a conv problem of the bundle.
# GEMM_PAIRS: the bench_gemm.py runs as KERNEL:BASE; SMOKE=0: no smoke
# check; ORDER: each case's variants in this order (repeats allowed),
# CONV_CASES: only these cases.
D=${D:-gpu-sc}
BD=${BD:-$D/bench}
. "$BD/device_common.sh"
device_setup
[ "${SMOKE:-1}" = 1 ] && for v in ${VARIANTS:-0 1 2 4 7}; do smoke "g$v" "g$v"; done
el "smoke done"
if [ -n "${ORDER:-}" ]; then
  python3 - "$K/cases.json" "${CONV_CASES:-}" $ORDER <<'PY'
import json, sys
path, keep, order = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
base = {}
for c in json.load(open(path)):
    base.setdefault(c["name"].rsplit("_v", 1)[0], c)
json.dump([dict(c, name="%s_v%s" % (n, v)) for n, c in base.items()
           if not keep or n in keep for v in order], open(path, "w"), indent=1)
PY
fi
conv_bench ${BENCH_S:-120}
grep -vE "^\s*$" "$OUT/bench.txt" | cut -c1-150
el "conv done"
for pair in ${GEMM_PAIRS:-g1:g0 g2:g4 g7:g0}; do
  GEMM_VS_TIMEOUT=60 TAILN=2 gemm_vs ${pair%:*} ${pair%:*} ${pair#*:} \
    4096x4096x4096,16384x1024x4096
done
el "gemm done"
[ "${HARNESS:-1}" = 1 ] || exit 0
harness ${HARNESS_S:-90} 60 hg:6 hc:6
bundle_sanitize hc "$(cut -f1 "$D/hc/problems.txt" | head -1)"
sanitize 120 "memcheck g7 M=520,K=200,N=300" "racecheck g7 M=520,K=200,N=300" > "$OUT/san-g7.txt" &
wait
harness_report
cat "$OUT/san-g7.txt"
bundle_sanitize_report
el "all done"
