#!/usr/bin/env bash
# Run bx-3 (lead): the producer-warp fix on the GPU. (1) every kernel that
# hung in runs 41 / bx-1, 1000 launches each (dlc-run, 30 s at most);
# (2) the batch walk's speed (bench_bmm4.py: walk + fix, walk without
# the fix, main before the walk, torch.matmul); (3) the default 2-D GEMM
# with and without the fix beside cuBLAS; then run_final.sh's harness,
# sanitizers and attention table (gpu-final).
D=gpu-bx; . bench/device_common.sh; device_setup; K=$D/k3
t() { # LABEL KERNEL SIZES
  local j; j=$(ls $K/$2/*.json | head -1)
  timeout 30 $D/dlc-run $j $3 --iters 1000 --warmup 20 > $OUT/$1.txt 2>&1
  echo "$1 rc=$? $(grep -h 'TFLOP' $OUT/$1.txt | tail -1)"
}
S=B=8,H=16,M=1024,N=1024,K=128
for p in c128 pp c128-s4; do
  t gemm-$p-few gemm-$p M=131072,N=1024,K=128
  t bmm4-$p bmm4-$p $S
  t bmm4-$p-N2048 bmm4-$p B=8,H=16,M=1024,N=2048,K=128
done
t bmm4 bmm4 $S
el "hang checks"
timeout 200 python3 bench/bench_bmm4.py --rounds 3 --kernel walk=$K/bmm4/bmm4.json \
  --kernel walk-nofix=$K/old-bmm4/bmm4.json --kernel grid-y=$K/main-bmm4/bmm4.json \
  --sizes 8x16x1024x1024x128,8x16x1024x1024x64,4x32x2048x2048x128,8x16x512x512x64 \
  --json $OUT/bmm4.json > $OUT/bmm4.txt 2>&1
echo "bmm4 rc=$?"; grep -v "^$" $OUT/bmm4.txt | tail -20; el "bmm4"
ROUNDS=3 gemm_vs fix gemm old-gemm 4096x4096x4096,8192x8192x8192,16384x1024x4096
el "gemm"
# The merged compiler's harness (every family; each problem launched 100
# more times after its check), sanitizers on a 128 x 128 walk GEMM (p020)
# and a balanced-grid attention problem (a001), the attention table.
HARNESS_ITERS=100 SAN_A=a001 SAN_G=p020 bash bench/run_final.sh
