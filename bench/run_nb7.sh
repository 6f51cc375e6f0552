#!/usr/bin/env bash
# Run nb-7 (ON THE GPU MACHINE): one = sk's two never-taken branches as
# one (P_{j-1}'s stores under min(l0, l1) < 0, before the PV wait); sk
# and one at D = 256 too. SASS marks of one's D128 kernel, then
# bench_attention of base, sk, one at D 128, 256 and 64, two passes.
D=gpu-bn
. bench/device_common.sh
device_setup
for v in one; do sass_of "$v-d128" "$D/$v/attn_d128_full/dlc_kernels.ptx"; done
el sass
attention_orders $D 300 "base sk one" "one sk base" -- --rounds 3 --problems 4x16x4096x128,4x16x4096x256,8x16x2048x64
