# Run gr-2 (bench/RESULTS.md; assets in gpu-s128, built as that section says): the even-rounds grid as built by main's compiler (even-*) against
# the kernels before it (main-*, 132 CTAs), harness, checks at few SMs.
D=gpu-s128
. bench/device_common.sh
device_setup
shards=0
harness 100 90 hg:6
for s in 3 7; do for r in r520 r2100 r1000; do
  run_check $OUT chk-even$s-$r 60 $D/dlc-run $K/even$s-gemm_bias_relu/gemm_bias_relu.json --ref-data $D/ref/$r
done; done
for t in memcheck racecheck; do
  run_check $OUT san-$t 200 $cs --tool $t --error-exitcode 99 $D/dlc-run $K/even3-gemm_bias_relu/gemm_bias_relu.json --ref-data $D/ref/r1000
done
wait
harness_report
el "checks"
D=gpu-s128 bash bench/run_gemm_ab.sh even main 2>&1 | grep -E "^\| [0-9]|manifest"
