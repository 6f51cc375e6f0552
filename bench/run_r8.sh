#!/usr/bin/env bash
# Run r8-1 (ON THE GPU MACHINE, repository root; assets: bench/build_r8.sh):
# every program against dlc-interp's reference data (sm_90a and sm_80),
# memcheck and racecheck on two, the timing models new against old with
# torch anchors, then the memory-bound bundle plainly and under schedule
# fuzzing.
D=${D:-gpu-r8}
. bench/device_common.sh
device_setup
program_checks
echo "r8-1 programs: $pass passed, $fail failed"
el "programs"
program_sanitized long_chain:ref1 pool_nchw:ref1
el "sanitizers (programs)"
timed_models "new old" sum_last_two:B=8,M=1024,N=4096 pool_nchw:B=32,C=256,H=56,W=56 \
  sum_all:M=4096,N=4096 sum_all_static: long_chain:M=4096,N=4096
PYTHONPATH=bench python3 - << 'PY'
import torch
from timing import event_median_ms as t
h = torch.float16
X = torch.randn(8, 1024, 4096, device="cuda", dtype=h)
print("torch sum_last_two B8 M1024 N4096: %.4f ms" % t(lambda: X.sum(dim=(1, 2), dtype=torch.float32)))
P = torch.randn(32, 256, 56, 56, device="cuda", dtype=h)
print("torch pool_nchw sum (2,3) 32x256x56x56: %.4f ms" % t(lambda: P.sum(dim=(2, 3), dtype=torch.float32)))
A = torch.randn(4096, 4096, device="cuda", dtype=h)
print("torch sum_all 4096x4096: %.4f ms" % t(lambda: A.sum(dtype=torch.float32)))
S = torch.randn(1024, 4096, device="cuda", dtype=h)
print("torch sum_all_static 1024x4096: %.4f ms" % t(lambda: S.sum(dtype=torch.float32)))
PY
el "timing"
bundles_plain_and_jittered hm:3
