module {
  func.func @row_max(%arg0: tensor<?x?xf16, ["M", "N"]> {dlc.name = "X"}) -> (tensor<?x1xf32, ["M", 1]> {dlc.name = "S"}, tensor<?xf16, ["N"]> {dlc.name = "Mx"}) {
    %0 = "tiny.reduce"(%arg0) {acc_dtype = f32, axes = array<i64: 1>, op = "sum"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf32, ["M"]>
    %1 = "tiny.reshape"(%0) : (tensor<?xf32, ["M"]>) -> tensor<?x1xf32, ["M", 1]>
    %2 = "tiny.reduce"(%arg0) {acc_dtype = f16, axes = array<i64: 0>, op = "max"} : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?xf16, ["N"]>
    return %1, %2 : tensor<?x1xf32, ["M", 1]>, tensor<?xf16, ["N"]>
  }
}

