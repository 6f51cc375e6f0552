// The dot forms with f32 results: y[N] = x[K] · W[K, N] and y[M] = X[M, K] · v[K],
// products exact and accumulated in f32 (GEMMs with M or N absent).
func.func @vecmat32(%x: tensor<?xf16, ["K"]> {dlc.name = "x"},
                    %W: tensor<?x?xf16, ["K", "N"]> {dlc.name = "W"})
    -> (tensor<?xf32, ["N"]> {dlc.name = "y"}) {
  %xr = "tiny.reshape"(%x) : (tensor<?xf16, ["K"]>) -> tensor<?x1xf16, ["K", 1]>
  %p = "tiny.mul"(%xr, %W) : (tensor<?x1xf16, ["K", 1]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf16, ["K", "N"]>
  %y = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 0>, acc_dtype = f32} : (tensor<?x?xf16, ["K", "N"]>) -> tensor<?xf32, ["N"]>
  return %y : tensor<?xf32, ["N"]>
}

func.func @matvec32(%X: tensor<?x?xf16, ["M", "K"]> {dlc.name = "X"},
                    %v: tensor<?xf16, ["K"]> {dlc.name = "v"})
    -> (tensor<?xf32, ["M"]> {dlc.name = "y"}) {
  %p = "tiny.mul"(%X, %v) : (tensor<?x?xf16, ["M", "K"]>, tensor<?xf16, ["K"]>) -> tensor<?x?xf16, ["M", "K"]>
  %y = "tiny.reduce"(%p) {op = "sum", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x?xf16, ["M", "K"]>) -> tensor<?xf32, ["M"]>
  return %y : tensor<?xf32, ["M"]>
}
