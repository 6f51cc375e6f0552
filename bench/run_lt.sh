#!/usr/bin/env bash
# Runs lt-1, lt-2 (ON THE GPU MACHINE, repository root; assets: bench/build_lt.sh):
# the programs against dlc-interp's reference data (sm_90a and sm_80),
# memcheck and racecheck on the merged transpose kernel and on the NCHW
# conv program (its transforms and the SM90 conv), the NCHW convs of this
# compiler (k) and of the one before (ko, with its own bench scripts)
# against cuDNN in the same call, two interleaved passes each, then the
# conv and memory-bound bundles.
D=${D:-gpu-lt}
. bench/device_common.sh
device_setup
program_checks
echo "lt programs: $pass passed, $fail failed"
el "programs"
program_sanitized nchw_to_nhwc_static:ref1 nchw_to_nhwc_vec:ref1 nchw_to_nhwc_c64_7x7:ref1 conv_nchw_s2:ref1
el "sanitizers"
for p in 1 2; do
  for v in new:k:bench old:ko:oldbench; do
    IFS=: read -r tag dir scripts <<< "$v"
    (cd "$D/$scripts" && timeout 150 python3 bench_conv.py --kernels "$ROOT/$D/$dir" \
      --rounds 3 --out "$OUT/$tag-$p.json" > "$OUT/$tag-$p.txt" 2>&1)
    echo "$tag pass $p rc=$?"
    cut -c1-300 "$OUT/$tag-$p.txt"
  done
  el "conv pass $p"
done
harness_logged harness.txt 20 110 150 hc:4 hm:2
el "harness"
