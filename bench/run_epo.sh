#!/usr/bin/env bash
# Branch epo's device call (issue 9: deferred staged stores; ON THE GPU
# MACHINE from the repository root; $D from bench/build_epo.sh, default
# gpu-epo):
#   1. the GEMM bundle hg-new in 3 shards, beside (one after another)
#      dlc-run of new-gemm_bias_relu[_bf16] against dlc-interp's
#      references ref/r520 and ref/r2100 (f16), new against main's kernel
#      (--ref) at 4095 x 1000 x 4104, 1000 x 999 x 4097, 4096 x 256 x 4096
#      (M x K x N), and compute-sanitizer memcheck + racecheck of new f16
#      at r2100 (153 tiles: 2 a CTA, edge tiles mixed in)
#   2. bench/run_gemm_ab.sh for each AB="NEW:OLD ..." (default new:main;
#      f16, bf16; both orders, --rounds 3)
#   3. ncu (--clock-control none, one launch) tensor pipe % of each NCU
#      kernel (default "new main") f16 at 4096^3
# Everything but the summary on stdout lands in $OUT/epo.tgz.
D=${D:-gpu-epo}
BD=$D/bench
. "$BD/device_common.sh"
device_setup
L=/tmp/epo; mkdir -p $L
harness 100 60 hg-new:3
gemm_checks $L new M=4095,K=1000,N=4104 M=1000,K=999,N=4097 M=4096,K=256,N=4096 M=2100,K=200,N=2100 \
  > $L/checks.txt 2>&1 &
wait
harness_report
mv "$OUT"/harness*.txt $L/ 2>/dev/null
cat $L/checks.txt
el "checks done"
for ab in ${AB:-new:main}; do
  OUT=$OUT/${ab/:/-} D=$D bash "$BD/run_gemm_ab.sh" "${ab%%:*}" "${ab#*:}"
  el "gemm a/b $ab done"
done
MET=sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct
for v in ${NCU:-new main}; do
  ncu_probe "$v 4096^3" "sm__pipe|gpu__time|sm__throughput|stalled" \
    timeout 60 "$ncu" --clock-control none --metrics $MET -c 1 "$D/dlc-run" \
    "$K/$v-gemm_bias_relu/gemm_bias_relu.json" M=4096,K=4096,N=4096 --iters 1 --warmup 0
done
el "ncu done"
cp -r "$OUT"/* $L/ 2>/dev/null
tar czf /tmp/epo.tgz -C /tmp epo
rm -rf "${OUT:?}"/*
mv /tmp/epo.tgz "$OUT/"
ls -la "$OUT"
