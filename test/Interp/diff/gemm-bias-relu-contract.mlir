// Differential test (docs/interp.md, "Differential testing"): GEMM + bias +
// ReLU in the CONTRACT form (tiny.contract, fp32 accumulation), lowered to
// one rbssa region and evaluated both ways on random sizes and inputs.
// RUN: dlc-interp %s --diff --trials 5 --seed 1 | FileCheck %s
// CHECK-COUNT-5: trial {{[0-4]}}: M={{[0-9]+}} K={{[0-9]+}} N={{[0-9]+}}: max abs err {{.*}}: PASS
// CHECK-NEXT: diff @gemm_bias_relu: 5 of 5 trials pass (tiny vs rbssa, rtol = atol = 0.001, f32, accumulator products)

// The products of a contraction are formed in the accumulator type on both
// sides (tiny.contract, and the reduce body in rbssa), so the two agree
// bit for bit even for a long K.
// RUN: dlc-interp %s --diff --trials 3 --seed 2 K=301 | FileCheck %s --check-prefix=LONG-K
// LONG-K-COUNT-3: K=301 {{.*}}: max abs err 0, max rel err 0: PASS
// LONG-K-NEXT: diff @gemm_bias_relu: 3 of 3 trials pass

// In f64 mode too.
// RUN: dlc-interp %s --diff --trials 3 --seed 3 --precision f64 | FileCheck %s --check-prefix=F64
// F64: diff @gemm_bias_relu: 3 of 3 trials pass (tiny vs rbssa, rtol = atol = 0.001, f64, accumulator products)
func.func @gemm_bias_relu(%A: tensor<?x?xf16, ["M", "K"]> {dlc.name = "A"}, %B: tensor<?x?xf16, ["K", "N"]> {dlc.name = "B"},
                          %bias: tensor<?xf16, ["N"]> {dlc.name = "bias"}) -> (tensor<?x?xf16, ["M", "N"]> {dlc.name = "C"})
    attributes {dlc.symbols = ["M", "K", "N"]} {
  %acc = "tiny.contract"(%A, %B) {pattern = "matmul", lhs_idx = ["m", "k"], rhs_idx = ["k", "n"],
                                  out_idx = ["m", "n"], reduce_idx = ["k"], acc_dtype = f32}
      : (tensor<?x?xf16, ["M", "K"]>, tensor<?x?xf16, ["K", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %bmn = "tiny.expand"(%bias) {broadcast_dimensions = array<i64: 1>}
      : (tensor<?xf16, ["N"]>) -> tensor<?x?xf16, ["M", "N"]>
  %b32 = "tiny.cast"(%bmn) : (tensor<?x?xf16, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %c1 = "tiny.add"(%acc, %b32) : (tensor<?x?xf32, ["M", "N"]>, tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf32, ["M", "N"]>
  %zero = "tiny.const"() {value = 0.0 : f32} : () -> tensor<f32>
  %c2 = "tiny.max"(%c1, %zero) : (tensor<?x?xf32, ["M", "N"]>, tensor<f32>) -> tensor<?x?xf32, ["M", "N"]>
  %c3 = "tiny.cast"(%c2) : (tensor<?x?xf32, ["M", "N"]>) -> tensor<?x?xf16, ["M", "N"]>
  return %c3 : tensor<?x?xf16, ["M", "N"]>
}
