#!/usr/bin/env bash
# Run hg-7 (ON THE GPU MACHINE): does the attention generator's new
# --few-sms share catch the turn hand-over's hang? gpu-fs/old and
# gpu-fs/new: the same 60 problems (build_bundle.sh --family attention
# --seed 4242 --few-sms 0.6 --balanced 0.2: 39 of them on 1..3 CTAs)
# compiled by d50cf41's flash skeleton (old) and main's (new). Each run
# plainly and under schedule fuzzing (ptx_jitter.py, made here), each
# problem launched 50 (plain) or 20 (jitter) more times, 20 s a problem.
D=gpu-fs
. bench/device_common.sh
device_setup
jittered=()
jitter_copies 3 $D/old $D/new
harness_logged harness-plain.txt 50 200 20 old:3 new:3
el "plain"
harness_logged harness-jitter.txt 20 200 20 "${jittered[@]}"
el "jitter"
