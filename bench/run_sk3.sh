#!/usr/bin/env bash
# ON THE GPU MACHINE, from the repository root: sk3's one call — the
# spread split-K reduction timed beside main's kernels and cuBLAS, then
# checked. $1 holds dlc-run, bench/ (this branch's dlc_kernel.py,
# bench_small.py, bench_gemm.py, splitk_repeat.py, device_common.sh: the
# checkout there is main's), k/ (bench/build_small.sh OUT and OUT --tiles
# with this branch's compiler), base/ (bench/build_small.sh with main's
# compiler), bundle/ (test/gpu/build_bundle.sh --family gemm
# --chip sm_90a --tall 0.5 --long-k 0.5).
# A smoke test first: a hang or a wrong sum skips everything but main's
# timings. With "final" as $2 (run sk3-2): the five small shapes, the
# planned kernels against main's, then the checks.
set -u
D="${1:?usage: run_sk3.sh DIR [final]}"
. "$D/bench/device_common.sh"
device_setup
B=$D/base
cp "$D/dlc-run" "$D/bundle/dlc-run"
timeout 40 python3 "$D/bench/splitk_repeat.py" --launches 5 --watchdog 5 \
  "$K/s64x64x65536/gemm_bias_relu.json@64x64x65536,100x70x4096,64x64x8192" \
  "$K/s127x129x8191/gemm_bias_relu.json@127x129x8191" > "$OUT/smoke.txt" 2>&1
smoke=$?
cat "$OUT/smoke.txt"
el "smoke rc=$smoke"
# The planned kernel launched without "cooperative" (works when the GPU is
# otherwise idle): what the cooperative launch itself costs.
mkdir -p "$D/plain" && cp -r "$K/s64x64x65536" "$D/plain/" &&
  sed -i '/"cooperative": true,/d' "$D/plain/s64x64x65536/gemm_bias_relu.json"
m64="$B/s64x64x65536/gemm_bias_relu.json@64x64x65536"
n64="$K/s64x64x65536/gemm_bias_relu.json@64x64x65536"
if [ $smoke -eq 0 ] && [ "${2:-}" = final ]; then
  c=()
  for s in 64x64x65536 127x129x8191 1x4096x4096 4096x1x4096 2048x2048x64; do
    c+=(--case "main=$B/s$s/gemm_bias_relu.json@$s" --case "new=$K/s$s/gemm_bias_relu.json@$s")
  done
  c+=(--case "new=$n64" --case "main=$m64")
elif [ $smoke -eq 0 ]; then
  c=(--case "main=$m64" --case "new=$n64"
     --case "plain=$D/plain/s64x64x65536/gemm_bias_relu.json@64x64x65536")
  for sk in 16 64 128; do c+=(--case "s$sk=$K/t64s$sk/gemm_bias_relu.json@64x64x65536"); done
  c+=(--case "main=$B/s127x129x8191/gemm_bias_relu.json@127x129x8191"
      --case "new=$K/s127x129x8191/gemm_bias_relu.json@127x129x8191"
      --case "s16=$K/t128s16/gemm_bias_relu.json@127x129x8191"
      --case "main=$B/s4096x1x4096/gemm_bias_relu.json@4096x1x4096"
      --case "new=$K/s4096x1x4096/gemm_bias_relu.json@4096x1x4096"
      --case "new=$n64" --case "main=$m64")
else
  c=(--case "main=$m64" --case "main=$B/s127x129x8191/gemm_bias_relu.json@127x129x8191"
     --case "main=$B/s4096x1x4096/gemm_bias_relu.json@4096x1x4096" --case "main=$m64")
fi
timeout 90 python3 "$D/bench/bench_small.py" "${c[@]}" --json "$OUT/small.json" 2>&1 | grep -v Warning
el "bench done"
[ $smoke -eq 0 ] || exit 0
harness 45 20 bundle:8
sanitize 30 "memcheck s64x64x65536 M=64,K=8192,N=64" "racecheck s64x64x65536 M=64,K=8192,N=64" \
  "memcheck s127x129x8191 M=127,K=2048,N=129" "racecheck s127x129x8191 M=127,K=2048,N=129" \
  > "$OUT/sanitize.txt" 2>&1 &
repeat_launches repeat.txt 60 "$D/bench/splitk_repeat.py" 20 \
  "$K/s64x64x65536/gemm_bias_relu.json@64x64x65536,100x70x4096,64x64x8192,1x200x30000,33x65x12345,127x129x8191,64x1000x3000" \
  "$K/s127x129x8191/gemm_bias_relu.json@127x129x8191,300x5x7000,2x3x5000,129x257x3000" \
  "$K/s4096x1x4096/gemm_bias_relu.json@4096x1x4096,4095x3x4096" \
  $([ -d "$K/t64s128" ] && echo "$K/t64s128/gemm_bias_relu.json@64x64x65536,65x70x20000")
checks_done repeat.txt sanitize.txt
el done
