#!/usr/bin/env bash
# Run nb-3 (ON THE GPU MACHINE): the D128 flash kernels' SASS (base =
# main, pcvt = P rounded after the PV wait) without the encodings, to
# read which instruction of the softmax block first writes a register of
# the in-flight P V wgmma (its A operand or accumulator).
D=gpu-bn
. bench/device_common.sh
device_setup
export SASS_KEEP=1
for v in base pcvt; do sass_of "$v-d128" "$D/$v/attn_d128_full/dlc_kernels.ptx"; done
