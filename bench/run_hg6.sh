#!/usr/bin/env bash
# Run hg-6 (ON THE GPU MACHINE): schedule fuzzing (bench/ptx_jitter.py,
# now also before the cross-CTA hand-offs of split-K and stream-K:
# atomics, global reductions, acquire/release fences and loads) of the
# bundles run hg-5 did not fuzz or fuzzed without those sites: gpu-final's
# hg (GEMM: stream-K, split-K, short-K shares), hc (conv) and hm
# (memory-bound), and three bundles of the SM80 skeletons (chip sm_90:
# gpu-s8/s8g GEMM, s8a attention, s8c conv; 30 problems each). Jittered
# copies are made here; each problem is launched 20 more times.
D=gpu-final
. bench/device_common.sh
device_setup
jittered=()
jitter_copies 2 $D/hg $D/hc $D/hm gpu-s8/s8g gpu-s8/s8a gpu-s8/s8c
harness_logged harness.txt 20 200 120 "${jittered[@]}"
el "harness under jitter"
