#!/usr/bin/env bash
# Run hg-8 (ON THE GPU MACHINE): after the one-cycle turns, are two K/V
# stages (st2) or the rescale after the PV wait (norit: rescaleInTurn off)
# better at D = 128 than the planner's three stages with the rescale in
# the turn (base = main's kernels)? gpu-x/<variant>/attn_d128_{full,causal}
# built by main with a temporary environment switch (not committed).
# bench_attention.py, two passes of three rounds, the order rotated.
. bench/device_common.sh; D=gpu-x; device_setup
attention_orders $D 200 "base st2 norit" "norit st2 base" -- --only d128 --rounds 3
