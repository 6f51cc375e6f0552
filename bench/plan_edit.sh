#!/usr/bin/env bash
# Compiles a tiny file to kernels with its plan edited in between (a
# plan-file forces a memory-bound plan's mode, reduce, CTA and width; this
# edits any field, also those the skeleton then refuses): dlc-to-ptx's
# front half to the plan, then each sed expression on the plan's text,
# then the back half and dlc-translate --emit-kernels.
#   bench/plan_edit.sh SRC OUTDIR CHIP [SED-EXPR ...]  (tools from $DLC_BIN)
# Used by build_norm.sh (a forced reduce form or CTA) and memory_cases.sh
# (forced CTAs).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
src="${1:?usage: plan_edit.sh SRC OUTDIR CHIP [SED-EXPR ...]}"
out="${2:?}" chip="${3:?}"
shift 3
front="func.func(tiny-verify), func.func(tiny-unflatten-products), func.func(tiny-expand-broadcasts), convert-tiny-to-indexbook, convert-indexbook-to-rbssa, func.func(rbssa-fold-activations), rbssa-fuse-attention, rbssa-verify, convert-rbssa-to-plan{chip=$chip}, plan-verify"
back="plan-verify, convert-plan-to-dlcgpu, dlcgpu-verify, dlc-gpu-to-ptx{chip=$chip}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$bin/dlc-opt" "$src" --pass-pipeline="builtin.module($front)" -o "$tmp/plan.mlir"
for e in "$@"; do
  sed -i "$e" "$tmp/plan.mlir"
done
"$bin/dlc-opt" "$tmp/plan.mlir" --pass-pipeline="builtin.module($back)" -o "$tmp/ptx.mlir"
rm -rf "$out"
"$bin/dlc-translate" "$tmp/ptx.mlir" --emit-kernels="$out" >/dev/null
