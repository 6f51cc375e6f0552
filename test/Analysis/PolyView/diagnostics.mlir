// Poly-View diagnostics (spec §14), at the offending op:
// E1203 MissingDivGuard - a `mod` in a map that (a) has no div form (its
// divisor is not a positive constant) or (b) survives gisting against the
// domain while its index can leave the operand's dim on the domain;
// W2101 ExcessivePiecewise - a domain with more than max-pieces (4) pieces
// after coalesce, gist and remove_redundancies. docs/analysis.md.
// RUN: dlc-opt %s --split-input-file --dlc-poly-view --verify-diagnostics

// (b) d0 mod 4 takes 0..3 but the operand has 3 elements, and the domain
// does not exclude d0 mod 4 = 3.
func.func @unguarded_mod(%x: tensor<3xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 3 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>], flags = {}} : (tensor<3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{E1203 MissingDivGuard: maps[0] result 0 keeps `d0 mod 4`, which the domain does not guard: on the domain it leaves [0, 2], the extent of dim 0 of arg0; suggestion: linearise and re-decompose the reshape/view into div and guards}}
  %1 = "indexbook.view"(%0) {axes = [{kind = "iter", name = "i0", size = 8 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>], flags = {}, maps = [affine_map<(d0) -> (d0 mod 4)>]} : (tensor<3xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// The same mod with its guard in the domain: no diagnostic.
func.func @guarded_mod(%x: tensor<3xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 3 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>], flags = {}} : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "indexbook.view"(%0) {axes = [{kind = "iter", name = "i0", size = 8 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0, -(d0 mod 4) + 2 >= 0)>], flags = {}, maps = [affine_map<(d0) -> (d0 mod 4)>]} : (tensor<3xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// A mod the domain makes redundant (d0 < 4 there, so d0 mod 8 = d0) does
// not survive the gist: no diagnostic. The box points 4..7 would read past
// the operand, but they are outside the domain (padding).
func.func @gisted_mod(%x: tensor<4xf32>) -> tensor<8xf32> attributes {indexbook.symbols = []} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 4 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>], flags = {}} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "indexbook.view"(%0) {axes = [{kind = "iter", name = "i0", size = 8 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>], flags = {}, maps = [affine_map<(d0) -> (d0 mod 8)>]} : (tensor<4xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// (a) A mod by a symbol has no div form.
func.func @symbolic_mod(%x: tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["K", "M"]} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = "K"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["K"]>) -> tensor<?xf32, ["K"]>
  // expected-error @+1 {{E1203 MissingDivGuard: maps[0] result 0 keeps `d0 mod s0`: a mod by a non-constant has no div form and no guard in the domain}}
  %1 = "indexbook.view"(%0) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0)>], flags = {}, maps = [affine_map<(d0)[s0, s1] -> (d0 mod s0)>]} : (tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]>
  return %1 : tensor<?xf32, ["M"]>
}

// -----

// The same op flagged non_scop is a region boundary, not an error.
func.func @flagged_mod(%x: tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]> attributes {indexbook.symbols = ["K", "M"]} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = "K"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0)>], flags = {}} : (tensor<?xf32, ["K"]>) -> tensor<?xf32, ["K"]>
  %1 = "indexbook.view"(%0) {axes = [{kind = "iter", name = "i0", size = "M"}], domain = [affine_set<(d0)[s0, s1] : (d0 >= 0, -d0 + s1 - 1 >= 0)>], flags = {non_scop = true}, maps = [affine_map<(d0)[s0, s1] -> (d0 mod s0)>]} : (tensor<?xf32, ["K"]>) -> tensor<?xf32, ["M"]>
  return %1 : tensor<?xf32, ["M"]>
}

// -----

// Five isolated points stay five pieces: W2101.
func.func @too_many_pieces(%x: tensor<16xf32>) -> tensor<16xf32> attributes {indexbook.symbols = []} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 16 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>], flags = {}} : (tensor<16xf32>) -> tensor<16xf32>
  // expected-warning @+1 {{W2101 ExcessivePiecewise: the domain of v1 has 5 pieces after coalesce, gist and remove_redundancies (max-pieces = 4); suggestion: simplify the pad/slice chain}}
  %1 = "indexbook.view"(%0) {axes = [{kind = "iter", name = "i0", size = 16 : i64}], domain = [affine_set<(d0) : (d0 == 0)>, affine_set<(d0) : (d0 - 3 == 0)>, affine_set<(d0) : (d0 - 6 == 0)>, affine_set<(d0) : (d0 - 10 == 0)>, affine_set<(d0) : (d0 - 15 == 0)>], flags = {}, maps = [affine_map<(d0) -> (d0)>]} : (tensor<16xf32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// Six pieces that coalesce into one interval: no warning.
func.func @coalesced_pieces(%x: tensor<16xf32>) -> tensor<16xf32> attributes {indexbook.symbols = []} {
  %0 = "indexbook.leaf"(%x) {axes = [{kind = "iter", name = "i0", size = 16 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>], flags = {}} : (tensor<16xf32>) -> tensor<16xf32>
  %1 = "indexbook.view"(%0) {axes = [{kind = "iter", name = "i0", size = 16 : i64}], domain = [affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>, affine_set<(d0) : (d0 - 2 >= 0, -d0 + 3 >= 0)>, affine_set<(d0) : (d0 - 4 >= 0, -d0 + 5 >= 0)>, affine_set<(d0) : (d0 - 6 >= 0, -d0 + 7 >= 0)>, affine_set<(d0) : (d0 - 8 >= 0, -d0 + 9 >= 0)>, affine_set<(d0) : (d0 - 10 >= 0, -d0 + 15 >= 0)>], flags = {}, maps = [affine_map<(d0) -> (d0)>]} : (tensor<16xf32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}
