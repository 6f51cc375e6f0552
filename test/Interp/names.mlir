// Parameter names (the reference files' names): a `dlc.name` argument or
// result attribute wins, then the SSA name in the source, then arg<i> /
// result<i>.
// RUN: rm -rf %t && dlc-interp %s --write-ref %t
// RUN: FileCheck %s < %t/meta.json
// CHECK: {"symbols": {}, "seed": 1, "params": [
// CHECK-NEXT: {"name": "lhs", "dtype": "f32", "shape": [2], "role": "input", "file": "lhs.bin"},
// CHECK-NEXT: {"name": "b", "dtype": "bf16", "shape": [2], "role": "input", "file": "b.bin"},
// CHECK-NEXT: {"name": "Y", "dtype": "f32", "shape": [2], "role": "output", "file": "Y.bin"},
// CHECK-NEXT: {"name": "result1", "dtype": "i1", "shape": [2], "role": "output", "file": "result1.bin"}
// CHECK-NEXT: ]}
// RUN: wc -c < %t/b.bin | FileCheck %s --check-prefix=BF16
// BF16: 4
// RUN: wc -c < %t/result1.bin | FileCheck %s --check-prefix=I1
// I1: 2
func.func @names(%a: tensor<2xf32> {dlc.name = "lhs"}, %b: tensor<2xbf16>)
    -> (tensor<2xf32> {dlc.name = "Y"}, tensor<2xi1>) {
  %c = "tiny.cast"(%b) : (tensor<2xbf16>) -> tensor<2xf32>
  %s = "tiny.add"(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %l = "tiny.cmplt"(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %s, %l : tensor<2xf32>, tensor<2xi1>
}
