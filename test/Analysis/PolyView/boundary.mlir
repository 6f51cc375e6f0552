// Non-affine values are region boundaries (spec §4.3 rule 5, §5.1): a
// flat F[L] read as [M, K] (i0 * K is semi-affine) is flagged non_scop by
// the lowering; Poly-View keeps it out of the SCoP (polyview.boundary,
// no domain or accesses), while its affine consumer stays a statement.
// RUN: dlc-opt %s --convert-tiny-to-indexbook --dlc-poly-view=report=%t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json

// CHECK-LABEL: func.func @flat_view
// CHECK: "indexbook.view"(%0) {{.*}}flags = {non_scop = true}, maps = [#{{map[0-9]*}}], polyview.boundary = "flags = {non_scop = true}: the maps or the domain leave the affine + floordiv fragment"}
// CHECK-NEXT: "indexbook.unary"(%1) {{.*}}polyview.accesses = ["[L, M, K] -> { v2[m, k] -> v1[m, k] }"], polyview.domain = "[L, M, K] -> { v2[m, k] : 0 <= m < M and 0 <= k < K }", polyview.pieces = 1 : i64}
// JSON:      "name": "v1",
// JSON-NEXT: "op": "indexbook.view",
// JSON-NEXT: "kind": "region_boundary",
// JSON-NEXT: "boundary": "flags = {non_scop = true}: the maps or the domain leave the affine + floordiv fragment"
// JSON:      "name": "v2",
// JSON-NEXT: "op": "indexbook.unary", "fn": "exp2",
// JSON-NEXT: "kind": "statement",
func.func @flat_view(%x: tensor<?xf32, ["L"]>) -> tensor<?x?xf32, ["M", "K"]> {
  %v = "tiny.view"(%x) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s2 + d1)>} : (tensor<?xf32, ["L"]>) -> tensor<?x?xf32, ["M", "K"]>
  %e = "tiny.exp2"(%v) : (tensor<?x?xf32, ["M", "K"]>) -> tensor<?x?xf32, ["M", "K"]>
  return %e : tensor<?x?xf32, ["M", "K"]>
}

// A reshape re-splits with floordiv and mod by the dims' sizes: the mod's
// range [0, 5] lies inside its operand dim, so it is guarded by definition
// (no E1203); isl writes the composed access with its divs.
// CHECK-LABEL: func.func @reshape
// CHECK: "indexbook.unary"(%0) {{.*}}polyview.accesses = ["{ v1[i0_2, i1_2] -> arg0[(i0_2 + floor((3i0_2 + i1_2)/6)), ((3i0_2 + i1_2) mod 6)] }"]
func.func @reshape(%x: tensor<6x6xf32>) -> tensor<4x9xf32> {
  %r = "tiny.reshape"(%x) : (tensor<6x6xf32>) -> tensor<4x9xf32>
  %e = "tiny.exp2"(%r) : (tensor<4x9xf32>) -> tensor<4x9xf32>
  return %e : tensor<4x9xf32>
}
