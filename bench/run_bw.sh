#!/usr/bin/env bash
# Run bw-1 (task bw, issue 9): the SM90 GEMM's (batch, tile) walk. The
# harness of batched GEMMs (b90: 100 problems, --batch2 0.4, --few-sms 0.6;
# b90w: 60, --batch2 0.5 --few-sms 0.7 --whole 0.6),
# memcheck + racecheck of one batched few-SM problem, then bench_bmm4.py:
# the new kernel against main's and torch.matmul in one process, and a
# batch past grid y's 65535 (new kernel only).
D=gpu-bw; . bench/device_common.sh; device_setup
el start
harness 150 60 b90:4 b90w:3
bundle_sanitize b90 p070
wait
el "harness + sanitizers done"
harness_report
bundle_sanitize_report
cp /tmp/san-memcheck/* /tmp/san-racecheck/* "$OUT/" 2>/dev/null
PYTHONPATH=bench timeout 200 python3 bench/bench_bmm4.py --rounds 5 \
  --kernel new=$D/k/new/bmm4.json --kernel main=$D/k/main/bmm4.json \
  --sizes 8x16x1024x1024x128,8x16x1024x1024x64,16x1x2048x2048x2048,512x1x256x256x256 \
  --json $OUT/bmm-a.json 2>&1 | tee $OUT/bmm-a.txt | grep -v '^$' | tail -12
el "bench a done"
PYTHONPATH=bench timeout 200 python3 bench/bench_bmm4.py --rounds 5 \
  --kernel main=$D/k/main/bmm4.json --kernel new=$D/k/new/bmm4.json \
  --sizes 8x16x1024x1024x128,8x16x1024x1024x64,16x1x2048x2048x2048,512x1x256x256x256 \
  --json $OUT/bmm-b.json 2>&1 | tee $OUT/bmm-b.txt | grep -v '^$' | tail -12
el "bench b done"
PYTHONPATH=bench timeout 60 python3 bench/bench_bmm4.py --rounds 1 \
  --kernel new=$D/k/new/bmm4.json --sizes 70000x1x64x64x32 \
  --json $OUT/bmm-big.json 2>&1 | tee $OUT/bmm-big.txt | tail -4
el "big batch done"
PYTHONPATH=bench timeout 60 python3 bench/bench_bmm4.py --rounds 1 \
  --kernel main=$D/k/main/bmm4.json --sizes 70000x1x64x64x32 \
  > $OUT/bmm-big-main.txt 2>&1; echo "main at batch 70000: rc=$?"; tail -2 $OUT/bmm-big-main.txt
el "all done"
