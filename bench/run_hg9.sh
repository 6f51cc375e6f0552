#!/usr/bin/env bash
# Run hg-9 (ON THE GPU MACHINE): one more attention bundle of main's fixed
# flash skeleton (gpu-fs/a9: build_bundle.sh --family attention --count
# 70 --seed 9901 --few-sms 0.3 --balanced 0.3 --lse 0.3 --many 0.2
# --padded-d 0.2 --d256 0.1), plainly (50 more launches a problem) and
# under schedule fuzzing (20 more), so that the fixed kernel has passed
# more than 200 distinct problems (runs hg-2, hg-5, hg-7 and this).
D=gpu-fs
. bench/device_common.sh
device_setup
jittered=()
jitter_copies 4 $D/a9
harness_logged harness-plain.txt 50 200 60 a9:4
el "plain"
harness_logged harness-jitter.txt 20 200 60 "${jittered[@]}"
el "jitter"
