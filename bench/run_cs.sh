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
program_sanitized channel_sum_nchw:ref1 channel_sum_nchw:ref2 channel_max_static:ref1
el "sanitizers"
timed_models "new flat" channel_sum_nchw:N=32,C=256,P=3136 channel_sum_nchw:N=32,C=64,P=12544 \
  channel_sum_nchw:N=256,C=512,P=49 channel_sum_nchw:N=8,C=2048,P=1000
PYTHONPATH=bench python3 - << 'PY'
import torch
from timing import event_median_ms as t
for n, c, p in ((32, 256, 3136), (32, 64, 12544), (256, 512, 49), (8, 2048, 1000)):
    X = torch.randn(n, c, p, device="cuda", dtype=torch.float16)
    print("torch channel_sum N=%d C=%d P=%d: %.4f ms (copy %.4f)" % (n, c, p, t(lambda: X.sum(dim=(0, 2), dtype=torch.float32)), t(lambda: X.clone())))
PY
el "timing"
bundles_plain_and_jittered hm:3
# The bundle's point and row kernels under compute-sanitizer (run cs-1's
# channel_sum_nchw wrote past its scratch on its third path).
bundle_sanitize hm "$(cat "$D/sanitize.txt")"
wait
bundle_sanitize_report
el "bundle sanitizers"
