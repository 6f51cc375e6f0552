#!/usr/bin/env bash
# Run lm-1's kernels HERE (MLIR, no GPU), for bench/run_lm.sh:
#   OUT/k/{new,old}/<case>/   bench/bool_mask/*.tiny.mlir by the tools in BIN
#                             (new) and OLDBIN (old: a compiler from before
#                             bo-1, e.g. a build of 10da18b)
#   OUT/att/dlc/              test/Pipelines/Inputs/attention_d32.json
#   OUT/att/{qk,softmax_pv}/  bench/attention_d32/*.tiny.mlir (S materialised)
#   OUT/att/d64/              bench/attention_d32/attention_d64.json (flash, D 64)
#   OUT/fb/{bias_mn,mask_key}/ bench/build_flash_bias.sh's flash kernels
#   OUT/py/                   the benches run_lm.sh copies into bench/
#   bench/build_lm.sh BIN OLDBIN OUT   (all for sm_90a)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:?usage: build_lm.sh BIN OLDBIN OUT}"
old="${2:?usage: build_lm.sh BIN OLDBIN OUT}"
out="${3:?usage: build_lm.sh BIN OLDBIN OUT}"
rm -rf "$out" && mkdir -p "$out/py"
compile() { # BIN MODEL DIR
  "$1/dlc-compile" "$2" -o "$3" --chip sm_90a >/dev/null 2>&1 || {
    echo "build_lm.sh: $1/dlc-compile $2 failed" >&2
    exit 1
  }
}
for m in where_mask mul_mask; do
  compile "$bin" "$root/bench/bool_mask/$m.tiny.mlir" "$out/k/new/$m"
  compile "$old" "$root/bench/bool_mask/$m.tiny.mlir" "$out/k/old/$m"
done
compile "$bin" "$root/test/Pipelines/Inputs/attention_d32.json" "$out/att/dlc"
for m in qk softmax_pv; do
  compile "$bin" "$root/bench/attention_d32/$m.tiny.mlir" "$out/att/$m"
done
compile "$bin" "$root/bench/attention_d32/attention_d64.json" "$out/att/d64"
"$root/bench/build_flash_bias.sh" "$bin" "$out/fb"
cp "$root"/bench/{bench_bool.py,bench_attention_d32.py,bench_flash_bias.py,dlc_kernel.py,timing.py} \
  "$root/bench/run_lm.sh" "$out/py/"
