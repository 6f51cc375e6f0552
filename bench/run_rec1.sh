#!/usr/bin/env bash
# Run rec-1 (ON THE GPU MACHINE): the producer's visit records for every
# static persistent grid (persistent, balanced, stream: only the producer
# computes the visits, the consumers read each one's record), against
# main (records on the stream grid only); recb: D = 256 causal on the
# balanced grid with records (it spilled 36 bytes without them).
# bench_attention.py, every problem, two passes of three rounds, the
# order swapped.
D=gpu-x
. bench/device_common.sh
device_setup
attention_orders $D 280 "main rec recb" "recb rec main" -- --rounds 3
