// The GEMM planner's tables hold names of at most 47 characters
// (DLC_PLAN_NAME): a contraction region with a longer tensor name, symbol,
// index or region name (or one that is otherwise no DLC name, dlcIsName)
// is an E1602 error naming it, where the GEMM
// skeletons' quiet probe once failed on it and sent the contraction to the
// memory-bound skeleton without a word (correct, but far slower).
// RUN: dlc-opt %s --split-input-file --convert-rbssa-to-plan='chip=sm_90a' --verify-diagnostics | FileCheck %s

// Every name at the bound (47 characters): a GEMM plan.
func.func @fits(
    %X: memref<?x?xf16> {rbssa.name = "X_abcdefghijabcdefghijabcdefghijabcdefghijabcde", rbssa.role = "input", rbssa.shape = ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "fits_abcdefghijabcdefghijabcdefghijabcdefghijab",
                rbssa.iters = [{name = "m_abcdefghijabcdefghijabcdefghijabcdefghijabcde", size = "M_abcdefghijabcdefghijabcdefghijabcdefghijabcde"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "K", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N", "K"]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N", "K"]>, tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N", "K"]>) -> tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N", "K"]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N", "K"]>) -> tensor<?x?xf32, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcde", "N"]>, memref<?x?xf16>) -> ()
  return
}
// CHECK-LABEL: func.func @fits
// CHECK: "plan.schedule"() {algo_choice = {matmul = "implicit_gemm", output = "direct"}

// -----

// expected-error @+1 {{E1602 RegionNotPlannable: the tensor name 'X_abcdefghijabcdefghijabcdefghijabcdefgh...' has 48 characters; the GEMM planner takes names of at most 47; suggestion: shorten the name (a dlc.name, a symbol, an index or the function name) to under 48 characters}}
func.func @long_tensor(
    %X: memref<?x?xf16> {rbssa.name = "X_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "long_tensor",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}

// -----

// A name of another character is refused by the same rule (dlcIsName),
// which plan-verify reads the plan by (it failed there, as E1604).
// expected-error @+1 {{E1602 RegionNotPlannable: the tensor name 'x y' is not a name the planner takes (1 to 47 ASCII letters, digits, '_', '.' or '-'); suggestion: rename it (a dlc.name, a symbol, an index or the function name)}}
func.func @space_tensor(
    %X: memref<?x?xf16> {rbssa.name = "x y", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "space_tensor",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{E1602 RegionNotPlannable: the symbol 'M_abcdefghijabcdefghijabcdefghijabcdefgh...' has 48 characters; the GEMM planner takes names of at most 47; suggestion: shorten the name (a dlc.name, a symbol, an index or the function name) to under 48 characters}}
func.func @long_symbol(
    %X: memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "long_symbol",
                rbssa.iters = [{name = "m", size = "M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "K", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N", "K"]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N", "K"]>, tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N", "K"]>) -> tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N", "K"]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N", "K"]>) -> tensor<?x?xf32, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", "N"]>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{E1602 RegionNotPlannable: the index 'm_abcdefghijabcdefghijabcdefghijabcdefgh...' has 48 characters; the GEMM planner takes names of at most 47; suggestion: shorten the name (a dlc.name, a symbol, an index or the function name) to under 48 characters}}
func.func @long_index(
    %X: memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "long_index",
                rbssa.iters = [{name = "m_abcdefghijabcdefghijabcdefghijabcdefghijabcdef", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}

// -----

// expected-error @+1 {{E1602 RegionNotPlannable: the region name 'gemm_abcdefghijabcdefghijabcdefghijabcde...' has 48 characters; the GEMM planner takes names of at most 47; suggestion: shorten the name (a dlc.name, a symbol, an index or the function name) to under 48 characters}}
func.func @long_region(
    %X: memref<?x?xf16> {rbssa.name = "X", rbssa.role = "input", rbssa.shape = ["M", "K"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %W: memref<?x?xf16> {rbssa.name = "W", rbssa.role = "input", rbssa.shape = ["K", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}},
    %Y: memref<?x?xf16> {rbssa.name = "Y", rbssa.role = "output", rbssa.shape = ["M", "N"], rbssa.alignment = 128 : i64, rbssa.noalias, rbssa.layout = {kind = "row_major"}})
    attributes {rbssa.region = "gemm_abcdefghijabcdefghijabcdefghijabcdefghijabc",
                rbssa.iters = [{name = "m", size = "M"}, {name = "n", size = "N"}],
                rbssa.reduce_iters = [{name = "k", size = "K"}],
                rbssa.symbols = ["M", "K", "N"]} {
  %x = "rbssa.read"(%X) {map = affine_map<(m, n, k)[M, K, N] -> (m, k)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %w = "rbssa.read"(%W) {map = affine_map<(m, n, k)[M, K, N] -> (k, n)>} : (memref<?x?xf16>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %p = "rbssa.binary"(%x, %w) {fn = "mul"} : (tensor<?x?x?xf16, ["M", "N", "K"]>, tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?x?xf16, ["M", "N", "K"]>
  %acc = "rbssa.reduce"(%p) {op = "sum", axes = array<i64: 2>, init = 0.0 : f32, dtype = f32} : (tensor<?x?x?xf16, ["M", "N", "K"]>) -> tensor<?x?xf32, ["M", "N"]>
  "rbssa.yield"(%acc, %Y) {cast = f16, materialize = "gmem"} : (tensor<?x?xf32, ["M", "N"]>, memref<?x?xf16>) -> ()
  return
}
