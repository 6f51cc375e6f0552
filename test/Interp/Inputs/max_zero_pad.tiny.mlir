// A row max over a zero-padded row: the padding's 0 is not max's neutral
// element, so convert-indexbook-to-rbssa rejects the graph (E1404), while
// the interpreter evaluates it (two-gemm.test REJ).
func.func @max_zero_pad(%X: tensor<?x4xf16, ["M", 4]>) -> tensor<?xf16, ["M"]> {
  %p = "tiny.pad"(%X) {padding = array<i64: 0, 0, 1, 1>} : (tensor<?x4xf16, ["M", 4]>) -> tensor<?x6xf16, ["M", 6]>
  %m = "tiny.reduce"(%p) {op = "max", axes = array<i64: 1>, acc_dtype = f32} : (tensor<?x6xf16, ["M", 6]>) -> tensor<?xf32, ["M"]>
  %h = "tiny.cast"(%m) : (tensor<?xf32, ["M"]>) -> tensor<?xf16, ["M"]>
  return %h : tensor<?xf16, ["M"]>
}
