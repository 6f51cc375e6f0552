#!/usr/bin/env bash
# Run vs-2 (ON THE GPU MACHINE, repository root; assets: bench/build_vs2.sh):
# every program against dlc-interp's reference data (sm_90a and sm_80),
# then the timing models new against old with torch anchors.
D=${D:-gpu-vs2}
. bench/device_common.sh
device_setup
program_checks
echo "vs-2 programs: $pass passed, $fail failed"
el "programs"
timed_models "new old" row_sum:M=65536,N=4097 row_max:M=65536,N=4097 row_sum:M=4,N=4194304 \
  softmax:M=1,N=1048576 softmax:M=16384,N=4096 transpose:M=8192,N=8192 \
  colsum_narrow:M=16777216,N=4
PYTHONPATH=bench python3 - << 'PY'
import torch
from timing import event_median_ms as t
h = torch.float16
X = torch.randn(65536, 4097, device="cuda", dtype=h)
print("torch row_sum 65536x4097: %.4f ms" % t(lambda: X.sum(dim=1, dtype=torch.float32)))
print("torch row_max 65536x4097: %.4f ms" % t(lambda: X.amax(dim=1)))
X = torch.randn(4, 4194304, device="cuda", dtype=h)
print("torch row_sum 4x4194304: %.4f ms" % t(lambda: X.sum(dim=1, dtype=torch.float32)))
X = torch.randn(1, 1048576, device="cuda", dtype=h)
print("torch softmax 1x1048576: %.4f ms" % t(lambda: torch.softmax(X, dim=1)))
X = torch.randn(16384, 4096, device="cuda", dtype=h)
print("torch softmax 16384x4096: %.4f ms" % t(lambda: torch.softmax(X, dim=1)))
X = torch.randn(8192, 8192, device="cuda", dtype=h)
print("torch transpose 8192x8192: %.4f ms" % t(lambda: X.t().contiguous()))
print("torch copy 8192x8192: %.4f ms" % t(lambda: X.clone()))
X = torch.randn(16777216, 4, device="cuda", dtype=h)
print("torch colsum 16777216x4: %.4f ms" % t(lambda: X.sum(dim=0, dtype=torch.float32)))
PY
el "timing"
