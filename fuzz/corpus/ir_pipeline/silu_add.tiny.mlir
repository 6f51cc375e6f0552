// x * sigmoid(x) + y over a flat tensor of E elements (f16), tinygrad's
// sigmoid: recip(1 + exp2(x * -log2 e)). One elementwise kernel.
module {
  func.func @silu_add(%x: tensor<?xf16, ["E"]> {dlc.name = "X"}, %y: tensor<?xf16, ["E"]> {dlc.name = "Y"}) -> (tensor<?xf16, ["E"]> {dlc.name = "Z"}) {
    %0 = "tiny.cast"(%x) : (tensor<?xf16, ["E"]>) -> tensor<?xf32, ["E"]>
    %1 = "tiny.const"() {value = -1.44269502 : f32} : () -> tensor<f32>
    %2 = "tiny.mul"(%0, %1) : (tensor<?xf32, ["E"]>, tensor<f32>) -> tensor<?xf32, ["E"]>
    %3 = "tiny.exp2"(%2) : (tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
    %4 = "tiny.const"() {value = 1.0 : f32} : () -> tensor<f32>
    %5 = "tiny.add"(%3, %4) : (tensor<?xf32, ["E"]>, tensor<f32>) -> tensor<?xf32, ["E"]>
    %6 = "tiny.recip"(%5) : (tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
    %7 = "tiny.mul"(%0, %6) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
    %8 = "tiny.cast"(%y) : (tensor<?xf16, ["E"]>) -> tensor<?xf32, ["E"]>
    %9 = "tiny.add"(%7, %8) : (tensor<?xf32, ["E"]>, tensor<?xf32, ["E"]>) -> tensor<?xf32, ["E"]>
    %10 = "tiny.cast"(%9) : (tensor<?xf32, ["E"]>) -> tensor<?xf16, ["E"]>
    return %10 : tensor<?xf16, ["E"]>
  }
}
