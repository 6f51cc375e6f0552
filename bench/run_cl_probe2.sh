#!/usr/bin/env bash
# Branch cl's third device call: what halves the clustered kernel (run
# cl-2: not the clusters' residency). PTX variants of the same kernels
# (bench/build_cl.sh's, patched in the carried folder): nh-* without
# try_wait's 10 ms suspend-time hint, ac-* also .acquire.cluster, cl-c1 the
# unclustered kernel launched in clusters of 2, rc-* the remote releases
# as mbarrier.arrive.shared::cluster (.release.cta, CUTLASS's) instead of
# .release.cluster (VARIANTS picks); dlc-run times, a check of the
# fastest against dlc-interp's reference, then
# bench_gemm.py of the fastest clustered variant against main's kernel.
# The variants were made in the carried folder from bench/build_cl.sh's
# kernels (KERNEL: c1-/c2-gemm_bias_relu[_bf16]):
#   nh-KERNEL  sed 's/\(mbarrier.try_wait.parity\)\(.shared.b64 P1, \[%r[0-9]*\], %r[0-9]*\), %r[0-9]*;/\1\2;/'
#   ac-KERNEL  sed 's/\(mbarrier.try_wait.parity\)\(.shared\)\(.b64 P1, \[%r[0-9]*\], %r[0-9]*\), %r[0-9]*;/\1.acquire.cluster\2::cta\3;/'
#   rc-KERNEL  sed 's/mbarrier.arrive.release.cluster.shared::cluster.b64/mbarrier.arrive.shared::cluster.b64/'
#   cl-c1-*    the manifest with "cluster": [2, 1, 1] added
#   pt-KERNEL  (from c2) every consumer thread arrives on both CTAs' empty
#              barriers instead of lane 0 of each warp (the lane test
#              dropped, the empty barriers' count 16 -> 512)
# BENCH=0 skips bench_gemm.py.
# (rc- is what the lowering emits since: bench/RESULTS.md, runs cl-3, cl-4.)
D=${D:-gpu-cl}
BD=${BD:-bench}
. "$BD/device_common.sh"
device_setup
best=c2 bestt=0
for v in ${VARIANTS:-c1 cl-c1 nh-c1 ac-c1 c2 nh-c2 ac-c2}; do
  a=$(dlc_tflops $v-gemm_bias_relu M=16384,K=4096,N=1024)
  b=$(dlc_tflops $v-gemm_bias_relu M=4096,K=4096,N=4096)
  c=$(dlc_tflops $v-gemm_bias_relu_bf16 M=16384,K=4096,N=1024)
  echo "$v: 16384x1024x4096 f16 $a, 4096^3 f16 $b, 16384x1024x4096 bf16 $c TFLOP/s"
  case $v in *c2) awk -v x="$a" -v y="$bestt" 'BEGIN{exit !(x>y)}' && best=$v bestt=$a ;; esac
done
for v in ${CHECK:-$best}; do
  smoke "$v" "$v-gemm_bias_relu"
done
el "variants done; best $best"
[ "${BENCH:-1}" = 0 ] && exit 0
BIG=4096x4096x4096,8192x8192x8192,16384x1024x4096
gemm_vs f16 $best-gemm_bias_relu c1-gemm_bias_relu $BIG
gemm_vs bf16 $best-gemm_bias_relu_bf16 c1-gemm_bias_relu_bf16 $BIG
el "all done"
