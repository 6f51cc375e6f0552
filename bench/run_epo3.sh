#!/usr/bin/env bash
# Decisive A/B of epo's deferred stores ("pairs", bench/epo.patch) against
# main: bench/run_gemm_ab.sh twice (each: f16 and bf16, both orders,
# --rounds 3); JSON of both passes tarred into $OUT.
export D=gpu-ab; R=$OUT
for pass in 1 2; do echo "### pass $pass"; mkdir -p /tmp/ab$pass; OUT=/tmp/ab$pass bash bench/run_gemm_ab.sh pairs main; done
tar czf $R/ab.tgz -C /tmp ab1 ab2
