#!/usr/bin/env bash
# Run cs-1 (ON THE GPU MACHINE, repository root; assets: bench/build_cs.sh):
# every program against dlc-interp's reference data (sm_90a and sm_80),
# memcheck and racecheck on the point kernels, the timing models in point
# mode (new) against flat mode (flat) with torch anchors, then the
# memory-bound bundle plainly and under schedule fuzzing, and its point and
# row kernels under memcheck and racecheck.
D=${D:-gpu-cs}
. bench/device_common.sh
device_setup
program_checks
echo "cs-1 programs: $pass passed, $fail failed"
el "programs"
program_sanitized channel_sum_nchw:ref1 channel_sum_nchw:ref2 channel_max_static:ref1 \
  channel_sum_nhwc:ref1 channel_sum_nhwc:ref2
el "sanitizers"
timed_models "new flat" channel_sum_nchw:N=32,C=256,P=3136 channel_sum_nchw:N=32,C=64,P=12544 \
  channel_sum_nchw:N=256,C=512,P=49 channel_sum_nchw:N=8,C=2048,P=1000 \
  channel_sum_nhwc:N=32,H=56,W=56,C=256 channel_sum_nhwc:N=32,H=112,W=112,C=64 \
  channel_sum_nhwc:N=256,H=7,W=7,C=512 col_sum:M=65536,N=64 col_sum:M=1048576,N=64 \
  col_sum:M=262144,N=128 col_sum:M=16384,N=768
PYTHONPATH=bench python3 - << 'PY'
import torch
from timing import event_median_ms as t
for n, c, p in ((32, 256, 3136), (32, 64, 12544), (256, 512, 49), (8, 2048, 1000)):
    X = torch.randn(n, c, p, device="cuda", dtype=torch.float16)
    print("torch channel_sum N=%d C=%d P=%d: %.4f ms (copy %.4f)" % (n, c, p, t(lambda: X.sum(dim=(0, 2), dtype=torch.float32)), t(lambda: X.clone())))
for n, h, w, c in ((32, 56, 56, 256), (32, 112, 112, 64), (256, 7, 7, 512)):
    X = torch.randn(n, h, w, c, device="cuda", dtype=torch.float16)
    print("torch channel_sum_nhwc N=%d H=%d W=%d C=%d: %.4f ms (copy %.4f)" % (n, h, w, c, t(lambda: X.sum(dim=(0, 1, 2), dtype=torch.float32)), t(lambda: X.clone())))
for m, n in ((65536, 64), (1048576, 64), (262144, 128), (16384, 768)):
    X = torch.randn(m, n, device="cuda", dtype=torch.float16)
    print("torch col_sum M=%d N=%d: %.4f ms" % (m, n, t(lambda: X.sum(dim=0, dtype=torch.float32))))
PY
el "timing"
bundles_plain_and_jittered hm:3
# The bundle's point, row and column kernels under compute-sanitizer (run cs-1's
# channel_sum_nchw wrote past its scratch on its third path).
bundle_sanitize hm "$(cat "$D/sanitize.txt")"
wait
bundle_sanitize_report
el "bundle sanitizers"
