#!/usr/bin/env bash
# Run hg-4 (ON THE GPU MACHINE): schedule fuzzing (bench/ptx_jitter.py:
# every warp sleeps 0-2 µs, pseudo-randomly, before each synchronisation
# site) of the flash kernels before the turn-cycle fix (old: d50cf41) and
# after it (new), and of the merged main's harness bundles. gpu-jt holds
# the jittered copies: run pd-3's a045 variants of run hg-1 (b/p/d grid,
# 192/128 rows), the attention bench's kernels (k-old, k-new), and the
# bundles ha, hg and bal of run hg-2. (1) each a045 variant against
# dlc-interp's reference, 2000 launches, two processes, 25 s; (2) each
# bench kernel at B 2 H 16 M = N = 1000 (a last query tile of 40 rows:
# consumers without rows, several visits a CTA), 300 launches, 30 s; (3)
# the bundles' harness, each problem launched 20 more times.
D=gpu-jt; . bench/device_common.sh; device_setup
R=$D/dlc-run; chmod +x $R
for v in $D/old-* $D/new-*; do
  n=$(basename $v)
  for i in 1 2; do
    ( timeout -k 5 25 $R $v/a045.json --ref-data $D/ref64 --atol 0.0078125 --iters 2000 > /tmp/jt-$n-$i.txt 2>&1
      echo "a045 $n #$i rc=$? $(grep -iE 'PASS|FAIL|mism' /tmp/jt-$n-$i.txt | tail -1 | cut -c1-100)" ) &
  done
done
wait
el "a045 variants"
for k in attn_d64_full attn_d64_causal attn_d128_full attn_d128_causal attn_d256_full; do
  for c in k-old k-new; do
    timeout -k 5 30 $R $D/$c/$k/$k.json B=2,H=16,M=1000,N=1000 --iters 300 > /tmp/jt-$c-$k.txt 2>&1
    echo "$c $k rc=$? $(grep -E 'time:' /tmp/jt-$c-$k.txt | cut -c1-60)"
  done
done
el "bench kernels"
shards=0
HARNESS_ITERS=20 harness 150 120 ha:4 hg:4 bal:2
wait
harness_report
el "harness"
