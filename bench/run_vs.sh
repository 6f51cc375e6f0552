#!/usr/bin/env bash
# Run vs-1 (ON THE GPU MACHINE, repository root; assets: bench/build_vs.sh):
# every program against dlc-interp's reference data (sm_90a and sm_80),
# memcheck and racecheck on the split vector kernels, the timing models
# new against old (and the new with at most 64 / 128 splits a point: the
# manifest's grid y edited) with torch anchors, new against old at the
# large sizes, then the memory-bound bundle plainly and under schedule
# fuzzing.
D=${D:-gpu-vs}
. bench/device_common.sh
device_setup
program_checks
echo "vs-1 programs: $pass passed, $fail failed"
el "programs"
program_sanitized sum_1d:ref1 sum_all:ref1 pool_nchw:ref1
el "sanitizers"
for split in 64 128; do
  for n in sum_1d max_1d sum_all sum_all_static; do
    mkdir -p "$D/t/$n/s$split"
    cp "$D/t/$n/new/"* "$D/t/$n/s$split/"
    sed -i "s/min(min(256, /min(min($split, /" "$D/t/$n/s$split/$n.json"
  done
done
timed_models "new s128 s64 old" sum_1d:N=268435456 sum_1d:N=16777216 sum_1d:N=1000003 \
  max_1d:N=268435456 sum_all:M=16384,N=16384 sum_all:M=4096,N=4096 sum_all_static: \
  sum_last_two:B=8,M=1024,N=4096 pool_nchw:B=32,C=256,H=56,W=56
PYTHONPATH=bench python3 - << 'PY'
import torch
from timing import event_median_ms as t
h = torch.float16
for n in (1 << 28, 1 << 24, 1000003):
    X = torch.randn(n, device="cuda", dtype=h)
    print("torch sum_1d N=%d: %.4f ms" % (n, t(lambda: X.sum(dtype=torch.float32))))
X = torch.randn(1 << 28, device="cuda", dtype=h)
print("torch max_1d N=%d: %.4f ms" % (1 << 28, t(lambda: X.max())))
for m in (16384, 4096):
    A = torch.randn(m, m, device="cuda", dtype=h)
    print("torch sum_all %dx%d: %.4f ms" % (m, m, t(lambda: A.sum(dtype=torch.float32))))
S = torch.randn(1024, 4096, device="cuda", dtype=h)
print("torch sum_all_static 1024x4096: %.4f ms" % t(lambda: S.sum(dtype=torch.float32)))
X = torch.randn(8, 1024, 4096, device="cuda", dtype=h)
print("torch sum_last_two B8 M1024 N4096: %.4f ms" % t(lambda: X.sum(dim=(1, 2), dtype=torch.float32)))
P = torch.randn(32, 256, 56, 56, device="cuda", dtype=h)
print("torch pool_nchw sum (2,3) 32x256x56x56: %.4f ms" % t(lambda: P.sum(dim=(2, 3), dtype=torch.float32)))
PY
el "timing"
# The large sizes (no interpreter reference): new against old on the GPU.
for spec in sum_1d:N=268435456 max_1d:N=268435456 sum_all:M=16384,N=16384 pool_nchw:B=32,C=256,H=56,W=56; do
  n=${spec%%:*}; s=${spec#*:}
  echo "$n $s new vs old: $(timeout 100 "$D/dlc-run" "$D/t/$n/new/$n.json" $s --ref "$D/t/$n/old/$n.json" --iters 0 2>&1 | grep -E '^verdict|^check' | tail -1 | cut -c1-150)"
done
el "new against old"
bundles_plain_and_jittered hm:3
