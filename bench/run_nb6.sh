#!/usr/bin/env bash
# Run nb-6 (ON THE GPU MACHINE): run nb-5 showed ptxas putting the PV
# wait at the top of its basic block whatever the registers; so the
# softmax ends its own block: sk = a branch never taken (min(l0, l1) < 0,
# after the row sums) between the softmax and the PV wait, plus keepp;
# psk = sk + pcvt. SASS marks, then bench_attention of base, sk, psk,
# two passes.
D=gpu-bn
. bench/device_common.sh
device_setup
for v in sk psk; do sass_of "$v-d128" "$D/$v/attn_d128_full/dlc_kernels.ptx"; done
el sass
attention_orders $D 300 "base sk psk" "psk sk base" -- --rounds 3 --problems 4x16x4096x128,8x16x2048x64
