// Names of 100 characters (more than the 63 that dlc-interp's fixed
// tables once kept, silently cutting the rest so that the reference
// files no longer matched the manifest's names): a `dlc.name`, an SSA name
// from the source, a result's `dlc.name` and a symbol given on the command
// line all pass through --write-ref and --print whole.
// RUN: rm -rf %t && dlc-interp %s SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW=3 --write-ref %t
// RUN: FileCheck %s < %t/meta.json
// CHECK: {"symbols": {"SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW": 3}, "seed": 1, "params": [
// CHECK-NEXT: {"name": "lhs_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdef", "dtype": "f32", "shape": [3], "role": "input", "file": "lhs_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdef.bin"},
// CHECK-NEXT: {"name": "rhs_012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345", "dtype": "f32", "shape": [3], "role": "input", "file": "rhs_012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345.bin"},
// CHECK-NEXT: {"name": "sum_klmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnop", "dtype": "f32", "shape": [3], "role": "output", "file": "sum_klmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnop.bin"}
// CHECK-NEXT: ]}
// RUN: wc -c < %t/lhs_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdef.bin | FileCheck %s --check-prefix=SIZE
// RUN: wc -c < %t/rhs_012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345.bin | FileCheck %s --check-prefix=SIZE
// RUN: wc -c < %t/sum_klmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnop.bin | FileCheck %s --check-prefix=SIZE
// SIZE: 12

// The long names select inputs and print whole.
// RUN: dlc-interp %s SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW=3 --input lhs_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdef=1,2,3 --input rhs_012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345=iota --print \
// RUN:   | FileCheck %s --check-prefix=PRINT
// PRINT: sum_klmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnop: f32[3]
// PRINT-NEXT: sum_klmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnop = 1 3 5
func.func @long_names(%a: tensor<?xf32, ["SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW"]> {dlc.name = "lhs_abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdef"},
                      %rhs_012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345: tensor<?xf32, ["SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW"]>)
    -> (tensor<?xf32, ["SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW"]> {dlc.name = "sum_klmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnopqrstklmnop"}) {
  %s = "tiny.add"(%a, %rhs_012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345) : (tensor<?xf32, ["SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW"]>, tensor<?xf32, ["SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW"]>) -> tensor<?xf32, ["SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW"]>
  return %s : tensor<?xf32, ["SuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVWXuvwxyzUVW"]>
}
