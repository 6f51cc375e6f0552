#!/usr/bin/env bash
# Run ov-1 (ON THE GPU MACHINE): the flash kernel's PV wait kept after the
# softmax at D >= 128 (pvWaitAfterSoftmax; runs nb-1 .. nb-7), as main's
# compiler builds it: an attention bundle (gpu-ov/ho: 80 problems, 47 at
# a tile width of 128 or 256, stream and balanced grids, LSE, many tiles,
# padded D) plainly and under schedule fuzzing, memcheck and racecheck on
# a029 (D128 stream), a024 (D256, six key tiles), a039 (D128 causal, LSE);
# then bench_attention of the kernels before (main) and after (ovl), two
# passes, the order swapped.
D=gpu-ov
. bench/device_common.sh
device_setup
bundle_checks ho 6 "${SAN:-a029,a024,a039}"
attention_orders $D/k 300 "main ovl" "ovl main" -- --rounds 3
