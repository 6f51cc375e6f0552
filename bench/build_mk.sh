#!/usr/bin/env bash
# Run mk-1's (and mk-2's) assets, built HERE (MLIR, no GPU) into OUT (default
# /work/main/gpu-mk): the multi-kernel programs of region rules 5 and 6 and
# of attention fed by projections or under an epilogue, rule 7's column
# softmaxes (docs/passes/convert-indexbook-to-rbssa.md,
# rbssa-fuse-attention.md), each compiled for sm_90a and sm_80 by
# dlc-compile, with dlc-interp's reference data (--products accumulator, the
# kernels' numerics) at two size sets, not multiples of any tile. Device
# side: bench/run_mk.sh.
#   bench/build_mk.sh [OUT]
set -euo pipefail
. "$(dirname "$0")/build_common.sh"
build_setup mk "${1:-}"
IN=test/Conversion/IndexBookToRBSSA/Inputs
AT=test/Dialect/RBSSA/Inputs
# model file : size set 1 : size set 2
MODELS="$IN/gemm_layernorm_gemm.json:M=333:M=1000
$IN/gemm_rowmax.json:M=201,K=72,N=333:M=77,K=1000,N=129
$IN/two_gemm_sum.json:M=300,K=40,N=200,J=88:M=129,K=264,N=72,J=16
$IN/swiglu.json:M=257:M=1000
$IN/conv_shortcut_add.json:N=3:N=5
$IN/gemm_beside_output.json:M=130,K=96,N=200:M=65,K=520,N=72
$IN/gemm_two_outputs.json:M=130,K=96,N=200:M=65,K=520,N=72
$IN/softmax_axis0.json:M=333,N=200:M=1000,N=77
$IN/softmax_mid_axis.json:B=3,S=129,N=70:B=2,S=1000,N=33
$AT/attention_residual.json:S=200:S=517
$AT/attention_projected.json:S=200:S=517
$AT/attention_block.json:S=333:S=130"
program_assets "$MODELS"
pack_bench run_mk.sh
