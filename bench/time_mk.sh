# mk-2 timing: each program as main compiles it now (gpu-mk/NAME/sm_90a) and
# as main compiled it before rules 5-7 (gpu-mk/old/NAME, 856a5ba), dlc-run
# --iters 20 (median of the program's kernels, end to end).
D=gpu-mk
for spec in gemm_layernorm_gemm:M=16384 swiglu:M=16384 softmax_axis0:M=4096,N=4096 two_gemm_sum:M=4096,K=1024,N=4096,J=1024; do
  n=${spec%%:*}; s=${spec#*:}
  for v in new old; do
    p=$D/$n/sm_90a/$n.json; [ $v = old ] && p=$D/old/$n/$n.json
    echo "$n $s $v: $(timeout 120 $D/dlc-run $p $s --iters 20 2>&1 | grep -E '^time|^program' | tail -1 | cut -c1-150)"
  done
done
