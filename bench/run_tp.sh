#!/usr/bin/env bash
# Run tp-1 (ON THE GPU MACHINE, repository root; assets: bench/build_tp.sh):
# every program against dlc-interp's reference data (sm_90a and sm_80),
# memcheck and racecheck on the transpose kernels, the timing models in
# transpose mode (new) against flat mode (flat) with torch anchors, then
# the memory-bound bundle plainly and under schedule fuzzing.
D=${D:-gpu-tp}
. bench/device_common.sh
device_setup
program_checks
echo "tp-1 programs: $pass passed, $fail failed"
el "programs"
program_sanitized transpose_2d:ref1 transpose_add_sigmoid:ref1 nchw_to_nhwc:ref2 transpose_static_f32:ref1
el "sanitizers"
timed_models "new flat" transpose_2d:M=8192,N=8192 transpose_2d:M=4096,N=4097 \
  nchw_to_nhwc:B=32,C=256,H=56,W=56 nchw_to_nhwc:B=32,C=64,H=112,W=112 \
  transpose_add_sigmoid:B=8,M=2048,N=2048 transpose_static_f32:
PYTHONPATH=bench python3 - << 'PY'
import torch
from timing import event_median_ms as t
h = torch.float16
X = torch.randn(8192, 8192, device="cuda", dtype=h)
print("torch transpose 8192x8192: %.4f ms" % t(lambda: X.t().contiguous()))
print("torch copy 8192x8192: %.4f ms" % t(lambda: X.clone()))
X = torch.randn(4096, 4097, device="cuda", dtype=h)
print("torch transpose 4096x4097: %.4f ms" % t(lambda: X.t().contiguous()))
for shape in ((32, 256, 56, 56), (32, 64, 112, 112)):
    X = torch.randn(*shape, device="cuda", dtype=h)
    print("torch nchw_to_nhwc %s: %.4f ms" % (shape, t(lambda: X.permute(0, 2, 3, 1).contiguous())))
    print("torch channels_last %s: %.4f ms" % (shape, t(lambda: X.contiguous(memory_format=torch.channels_last))))
    print("torch copy %s: %.4f ms" % (shape, t(lambda: X.clone())))
X = torch.randn(8, 2048, 2048, device="cuda", dtype=h)
Z = torch.randn(8, 2048, 2048, device="cuda", dtype=torch.float32)
print("torch transpose_add_sigmoid B8 2048^2: %.4f ms" % t(lambda: torch.sigmoid(X.transpose(1, 2).float() + Z)))
PY
el "timing"
bundles_plain_and_jittered hm:3
