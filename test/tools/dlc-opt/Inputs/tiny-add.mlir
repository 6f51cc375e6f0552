func.func @add(%a: tensor<?x64xf16, ["M", 64]>, %b: tensor<64xf16>) -> tensor<?x64xf16, ["M", 64]> {
  %0 = "tiny.add"(%a, %b) : (tensor<?x64xf16, ["M", 64]>, tensor<64xf16>) -> tensor<?x64xf16, ["M", 64]>
  return %0 : tensor<?x64xf16, ["M", 64]>
}
