#!/usr/bin/env bash
# Run nb-4 (ON THE GPU MACHINE): does the stage release (mbarrier.arrive
# after the PV wait) pull ptxas's PV wait above the softmax? deprel = the
# release's barrier index plus fptosi(min(l, 0)) (always 0: l >= 0), so
# that the arrive depends on the softmax's row sum; pcdep = the same with
# pcvt's P rounding after the wait. SASS marks of the D128 kernels, then
# bench_attention of base, pcvt, deprel, pcdep, two passes.
D=gpu-bn
. bench/device_common.sh
device_setup
for v in deprel pcdep; do sass_of "$v-d128" "$D/$v/attn_d128_full/dlc_kernels.ptx"; done
el sass
attention_orders $D 300 "base pcvt deprel pcdep" "pcdep deprel pcvt base" -- --rounds 3 --problems 4x16x4096x128,8x16x2048x64
