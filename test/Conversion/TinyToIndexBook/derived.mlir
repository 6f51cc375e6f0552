// Derived symbols (docs/conventions.md, "Derived symbols") keep their
// definitions (dlc.derived stays on the function) and come after the free
// symbols in indexbook.symbols; the lowering decides guards under the
// definitions (isl, floordiv as an existential), so a stride-2 window over
// a padded extent keeps only the padding guards: with Ho = (Hp - 3)
// floordiv 2 + 1, 2 * ho + k <= Hp - 1 always holds.
// RUN: dlc-opt %s --convert-tiny-to-indexbook | FileCheck %s

// CHECK-DAG: #[[$WINDOW:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0, d0 * 2 + d1 - 1 >= 0, d0 * -2 - d1 + s0 >= 0)>
// CHECK-DAG: #[[$FREE:set[0-9]*]] = affine_set<(d0, d1)[s0, s1, s2] : (d0 >= 0, -d0 + s1 - 1 >= 0, d1 >= 0, -d1 + 2 >= 0, d0 * 2 + d1 - 1 >= 0, d0 * -2 - d1 + s0 >= 0, d0 * -2 - d1 + s2 - 1 >= 0)>

// CHECK-LABEL: func.func @window
// CHECK-SAME: dlc.derived = {Ho = "(Hp - 3) floordiv 2 + 1", Hp = "H + 2"}, indexbook.symbols = ["H", "Ho", "Hp"]
// CHECK: "indexbook.view"({{.*}}) {axes = [{kind = "iter", name = "i0", size = "Ho"}, {kind = "iter", name = "i1", size = 3 : i64}], domain = [#[[$WINDOW]]]
func.func @window(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Ho"]> attributes {dlc.derived = {Hp = "H + 2", Ho = "(Hp - 3) floordiv 2 + 1"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Hp"]>
  %v = "tiny.view"(%p) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * 2 + d1)>} : (tensor<?xf32, ["Hp"]>) -> tensor<?x3xf32, ["Ho", 3]>
  %s = "tiny.reduce"(%v) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x3xf32, ["Ho", 3]>) -> tensor<?xf32, ["Ho"]>
  return %s : tensor<?xf32, ["Ho"]>
}

// The same with Ho free (the caller's choice): nothing bounds the window by
// Hp, so the read keeps its guard against it.
// CHECK-LABEL: func.func @window_free
// CHECK-SAME: indexbook.symbols = ["H", "Ho", "Hp"]
// CHECK: "indexbook.view"({{.*}}) {axes = [{kind = "iter", name = "i0", size = "Ho"}, {kind = "iter", name = "i1", size = 3 : i64}], domain = [#[[$FREE]]]
func.func @window_free(%x: tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Ho"]> attributes {dlc.symbols = ["H", "Ho"], dlc.derived = {Hp = "H + 2"}} {
  %p = "tiny.pad"(%x) {padding = array<i64: 1, 1>} : (tensor<?xf32, ["H"]>) -> tensor<?xf32, ["Hp"]>
  %v = "tiny.view"(%p) {map = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * 2 + d1)>} : (tensor<?xf32, ["Hp"]>) -> tensor<?x3xf32, ["Ho", 3]>
  %s = "tiny.reduce"(%v) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x3xf32, ["Ho", 3]>) -> tensor<?xf32, ["Ho"]>
  return %s : tensor<?xf32, ["Ho"]>
}
