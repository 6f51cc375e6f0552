#!/usr/bin/env bash
# Run nb-3 (ON THE GPU MACHINE): the D128 flash kernels' SASS (base =
# main, pcvt = P rounded after the PV wait) without the encodings, to
# read which instruction of the softmax block first writes a register of
# the in-flight P V wgmma (its A operand or accumulator).
D=gpu-bn
. bench/device_common.sh
device_setup
px=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas | head -1)
cx=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump | head -1)
for v in base pcvt; do
  $px -arch=sm_90a $D/$v/attn_d128_full/dlc_kernels.ptx -o /tmp/$v.cubin
  $cx -sass /tmp/$v.cubin | grep -v '^\s*/\* 0x' > $OUT/$v-d128.sass
  wc -l $OUT/$v-d128.sass
done
