#!/usr/bin/env bash
# Run nb-2 (ON THE GPU MACHINE): does P's rounding (cvt.rn.f16x2.f32)
# after the PV wait, kept there by the NVVM intrinsic (LLVM folded the
# truncf through the loop's phi into the next iteration's head), keep
# ptxas from waiting for P V before the softmax (run fa11-1's reading 3)?
# base = main; pcvt = P rounded by llvm.nvvm.ff2f16x2.rn. SASS marks of
# both D128 kernels (bench/sass_marks.py), then bench_attention, two
# passes, the order reversed.
D=gpu-bn
. bench/device_common.sh
device_setup
for v in base pcvt; do sass_of "$v-d128" "$D/$v/attn_d128_full/dlc_kernels.ptx"; done
el sass
attention_orders $D 300 "base pcvt" "pcvt base" -- --rounds 3 --problems 4x16x4096x128,8x16x2048x64
