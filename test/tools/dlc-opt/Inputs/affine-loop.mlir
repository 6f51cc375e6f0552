// One affine loop for the per-pass flags' nesting (pass-flags.mlir).
func.func @tiled(%m: memref<64xf32>, %v: f32) {
  affine.for %i = 0 to 64 {
    affine.store %v, %m[%i] : memref<64xf32>
  }
  return
}
