#!/usr/bin/env bash
# Branch cl's second device call: why the clustered kernel ran at half
# speed (run cl-1). The driver's count of co-resident clusters
# (bench/cluster_probe.py), then the clustered kernel with its persistent
# grid capped at 2 x N clusters for N = 66 (the compiler's SMs / 2) down
# to 50 (copies of its manifest, gN-*), timed by dlc-run at
# 16384 x 1024 x 4096 and 4096³; bench_gemm.py of the fastest cap
# against the kernel without clusters and cuBLAS.
D=${D:-gpu-cl}
BD=${BD:-bench}
. "$BD/device_common.sh"
device_setup
(cd "$BD" && python3 cluster_probe.py "$ROOT/$K/c1-gemm_bias_relu/gemm_bias_relu.json" \
  "$ROOT/$K/c2-gemm_bias_relu/gemm_bias_relu.json")
best=66 bestt=0
for v in c1 c2 g64 g62 g60 g56 g50; do
  k=$v-gemm_bias_relu; [ "${v#g}" != "$v" ] && k=$v-c2-gemm_bias_relu
  a=$(dlc_tflops $k M=16384,K=4096,N=1024); b=$(dlc_tflops $k M=4096,K=4096,N=4096)
  kb=${k/gemm_bias_relu/gemm_bias_relu_bf16}; c=$(dlc_tflops $kb M=16384,K=4096,N=1024)
  echo "$v: 16384x1024x4096 f16 $a, 4096^3 f16 $b, 16384x1024x4096 bf16 $c TFLOP/s"
  if [ "${v#g}" != "$v" ] && awk -v x="$a" -v y="$bestt" 'BEGIN{exit !(x>y)}'; then best=${v#g}; bestt=$a; fi
done
el "caps done; best cap $best"
BIG=4096x4096x4096,8192x8192x8192,16384x1024x4096
gemm_vs f16 g$best-c2-gemm_bias_relu c1-gemm_bias_relu $BIG
gemm_vs bf16 g$best-c2-gemm_bias_relu_bf16 c1-gemm_bias_relu_bf16 $BIG
el "all done"
