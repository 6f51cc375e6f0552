// The §6.8.1 region with B column-major (strided<[1, ?]>, rbssa.layout
// col_major): B's k runs contiguously, so its shared tile is [n][k] and is
// read without ldmatrix.trans, and its copies step by K along n. (Before the
// kernel-problem model, every operand was addressed row-major here: wrong
// results with no diagnostic.)
// RUN: dlc-opt %S/../RBSSAToPlan/Inputs/gemm_bias_relu.mlir --convert-rbssa-to-plan --convert-plan-to-dlcgpu | FileCheck %s

// CHECK-LABEL: func.func @gemm_bias_relu(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?xf16> {{.*}}rbssa.name = "A"
// CHECK-SAME: %[[B:[a-z0-9]+]]: memref<?xf16> {{.*}}rbssa.layout = {kind = "col_major"}, rbssa.name = "B"
// CHECK-SAME: %{{.*}}: index {dlcgpu.symbol = "M"}, %[[K:[a-z0-9]+]]: index {dlcgpu.symbol = "K"}
// The strides of A's m role and of B's n role are both K.
// CHECK: arith.muli %{{.*}}, %[[K]] : index
// CHECK: arith.muli %{{.*}}, %[[K]] : index
// A is [m][k], B is [n][k]: both tiles 32 wide in k.
// CHECK: "dlcgpu.smem_alloc"() {{.*}} -> memref<2x128x32xf16, 3>
// CHECK: "dlcgpu.smem_alloc"() {{.*}} -> memref<2x256x32xf16, 3>
// CHECK-NOT: trans = true
// CHECK: "dlcgpu.ldmatrix"({{.*}}) {num = 4 : i64, trans = false} : (memref<2x128x32xf16, 3>
// CHECK: "dlcgpu.ldmatrix"({{.*}}) {num = 4 : i64, trans = false} : (memref<2x256x32xf16, 3>
// CHECK-NOT: trans = true
// CHECK: return
