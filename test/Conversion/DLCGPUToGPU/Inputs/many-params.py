"""Prints a dlcgpu kernel with N memref parameters (N from argv[1])."""
import sys

n = int(sys.argv[1])
args = ", ".join(f"%A{i}: memref<4xf16>" for i in range(n))
print(
    f"func.func @k({args}) attributes {{dlcgpu.kernel, "
    'dlcgpu.block = array<i64: 32, 1, 1>, dlcgpu.flops = "0", '
    'dlcgpu.grid = ["1", "1", "1"], dlcgpu.smem_bytes = 0 : i64, '
    "dlcgpu.symbols = []} {\n  return\n}"
)
