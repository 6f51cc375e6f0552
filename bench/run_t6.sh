#!/usr/bin/env bash
# Run vs-1 (ON THE GPU MACHINE, repository root): launch-time versions of
# a convolution (tiny-symbol-versions now binds the view's map): ResNet-50's
# 3x3 C128 28² with N symbolic compiled with `--versions N=4,N=32` (v32: the
# N = 32 copy on the 192-row tile) and without (plain). At N = 4 both
# against dlc-interp's reference data (gpu-t6/ref_n4); at N = 32 (beyond
# the interpreter's memory: the 7-D window view) v32 against plain on the
# GPU (--ref); each timed (50 launches).
D=${D:-gpu-t6}
chmod +x $D/dlc-run
for k in v32 plain; do
  echo "== N=4 $k"
  timeout 120 $D/dlc-run $D/$k/r50_c128_28.json --ref-data $D/ref_n4 --iters 50 --verbose 2>&1 | tail -6
done
echo "== N=32 v32 against plain"
timeout 120 $D/dlc-run $D/v32/r50_c128_28.json N=32 --ref $D/plain/r50_c128_28.json --iters 50 --verbose 2>&1 | tail -8
echo "== N=32 plain"
timeout 120 $D/dlc-run $D/plain/r50_c128_28.json N=32 --iters 50 2>&1 | tail -3
