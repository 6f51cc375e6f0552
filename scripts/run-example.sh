#!/usr/bin/env bash
# The README's main command: installs what is missing, builds, and runs
# dlc-opt on the bundled GEMM + bias + ReLU program (parse, verify, print).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
dir="$("$root/scripts/build.sh" | tail -n 1)"
example="$root/examples/gemm_bias_relu.tiny.mlir"
echo "== dlc-opt $example --tiny-verify"
"$dir/bin/dlc-opt" "$example" --tiny-verify
