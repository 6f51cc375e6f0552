#!/usr/bin/env bash
# Run rs-1 (ON THE GPU MACHINE, repository root; assets: bench/build_rs.sh).
# PART=1: every program against dlc-interp's reference data (sm_90a and
# sm_80, every kernel alone where the reference holds its intermediates,
# then end to end), memcheck and racecheck on the new programs, the timing
# models new against old with torch anchors. PART=3: the GEMM, conv and
# memory-bound bundles plainly and under schedule fuzzing, sanitizers on a
# GEMM problem. PART=2 (D=gpu-rs2): the attention bundle likewise.
D=${D:-gpu-rs}
. bench/device_common.sh
device_setup
if [ "${PART:-1}" = 1 ]; then
  program_tolerance() {
    case "$1" in attention_projected | attention_block) echo "--atol 0.016" ;; esac
  }
  program_checks
  echo "rs-1 programs: $pass passed, $fail failed"
  el "programs"
  program_sanitized merge_heads:ref1 gemm_preact_and_act:ref1 gemm_two_outputs:ref1 linear3d_static:ref1
  el "sanitizers (programs)"
  timed_models "new old" linear3d_big: merge_heads:S=16384 gemm_two_outputs:M=4096,K=4096,N=4096 \
    gemm_preact_and_act:M=4096,K=4096,N=4096
  PYTHONPATH=bench python3 - << 'PY'
import torch
from timing import event_median_ms as t
h = torch.float16
X = torch.randn(8, 1024, 4096, device="cuda", dtype=h); W = torch.randn(4096, 4096, device="cuda", dtype=h)
print("torch linear3d_big (reshape, mm, reshape): %.4f ms" % t(lambda: (X.reshape(8192, 4096) @ W).reshape(8, 1024, 4096)))
A = torch.randn(4096, 4096, device="cuda", dtype=h); B = torch.randn(4096, 4096, device="cuda", dtype=h); b = torch.randn(4096, device="cuda", dtype=h)
def two():
    C = A @ B; return torch.relu(C), torch.nn.functional.silu(C)
def pre():
    T = torch.addmm(b, A, B); return T, torch.relu(T)
print("torch gemm_two_outputs (mm, relu, silu): %.4f ms" % t(two))
print("torch gemm_preact_and_act (addmm, relu): %.4f ms" % t(pre))
print("torch mm 4096^3 alone: %.4f ms" % t(lambda: A @ B))
Xs = torch.randn(16384, 256, device="cuda", dtype=h); Ws = torch.randn(256, 128, device="cuda", dtype=h)
print("torch merge_heads S=16384 (mm): %.4f ms" % t(lambda: Xs @ Ws))
PY
  el "timing"
elif [ "$PART" = 3 ]; then
  bundles_plain_and_jittered hg:4 hc:3 hm:2
  bundle_sanitize hg p000
  wait
  bundle_sanitize_report
  el "sanitizers (bundles)"
else
  # D=gpu-rs2: the attention bundle (its own carry).
  bundles_plain_and_jittered ha:4
  bundle_sanitize ha a000
  wait
  bundle_sanitize_report
  el "sanitizers"
fi
