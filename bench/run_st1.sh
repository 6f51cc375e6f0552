#!/usr/bin/env bash
# Run st-1 (ON THE GPU MACHINE): the SM90 flash kernel's "stream" grid
# (the last two rounds' work tiles shared out by key tiles, a split tile's
# partial merged through the workspace). gpu-st/hs: an attention bundle
# (bench/RESULTS.md run st-1; 3/4 of it on the stream grid of 1..5 CTAs)
# plainly and under schedule fuzzing; memcheck and racecheck on
# SAN (split problems); then bench_attention.py non-causal, main's
# persistent kernels (k/main) against the stream grid's (k/stream), two
# passes of three rounds, the order swapped.
D=gpu-st
. bench/device_common.sh
device_setup
bundle_checks hs 6 "${SAN:-a020,a022}"
attention_orders $D/k 200 "main stream" "stream main" -- --only full --rounds 3
