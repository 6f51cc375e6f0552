#!/usr/bin/env bash
# Run ov-8 (ON THE GPU MACHINE): D = 128 with the softmax overlap and
# without ping-pong turns ("online_softmax.overlap"): with the overlap
# real in SASS, does the warpgroup's own P V cover its softmax so that
# the turns are not needed? main = the planner's kernels; ovx = overlap
# + no turns (stream grid; causal balanced); ovp = the same on the
# persistent grid (its causal folder holds main's kernel). Two passes.
D=gpu-ov
. bench/device_common.sh
device_setup
attention_orders $D/kx 300 "main ovx ovp" "ovp ovx main" -- --rounds 3 --problems 4x16x4096x128,4x16x8192x128
