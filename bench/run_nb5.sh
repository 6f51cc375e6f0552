#!/usr/bin/env bash
# Run nb-5 (ON THE GPU MACHINE): run nb-3's SASS showed the softmax using
# the in-flight P V wgmma's A-operand registers (P_{j-1}, dead after the
# issue to ptxas's allocator) as temporaries, so ptxas waits for P V
# before the first of them (the row max). keepp = P_{j-1} read after the
# PV wait by stores in a branch never taken (Lk < 0), so that its
# registers stay live through the softmax; pk = keepp + pcvt. SASS marks,
# then bench_attention of base, pcvt, keepp, pk, two passes.
D=gpu-bn
. bench/device_common.sh
device_setup
for v in keepp pk; do sass_of "$v-d128" "$D/$v/attn_d128_full/dlc_kernels.ptx"; done
el sass
attention_orders $D 300 "base pcvt keepp pk" "pk keepp pcvt base" -- --rounds 3 --problems 4x16x4096x128,8x16x2048x64
