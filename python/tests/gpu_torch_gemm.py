"""The Python GPU check (not run by pytest: it needs a GPU, torch and a
CUDA driver): the example GEMM + bias + ReLU, compiled by dlc.compile,
runs on torch tensors through the DLC runtime and is compared with torch.

    python3 python/tests/gpu_torch_gemm.py compile OUT   # where libDLC.so loads
    python3 python/tests/gpu_torch_gemm.py run OUT       # on the GPU machine

`compile` writes OUT/sm_90 and OUT/sm_90a (the SM80 and the SM90
skeleton); `run` needs only libDLCRuntime.so (Program.load), so the GPU
machine needs no MLIR. For each chip and size it checks program(x, w, b)
on torch's current stream, the same on a side stream (torch.cuda.stream),
and plain host buffers for one size; it prints one line per check and the
median times of the program and of torch (addmm + relu). Exit status 0
when every check matches (bench/RESULTS.md records a run)."""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dlc  # noqa: E402

CHIPS = ["sm_90", "sm_90a"]
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / \
    "gemm_bias_relu.tiny.mlir"
# (M, K, N): square, ragged (rows TMA cannot read are repacked), small.
SIZES = [(4096, 4096, 4096), (1023, 777, 1000), (8192, 8192, 8192),
         (257, 64, 129)]


def compile_all(out):
    for chip in CHIPS:
        program = dlc.compile(EXAMPLE, chip=chip, output=Path(out) / chip)
        print("compiled %s: %s" % (chip, program.manifest_path()))


def max_error(y, ref):
    return (y.float() - ref).abs().max().item()


def check(name, y, ref, tol):
    err = max_error(y, ref)
    scale = ref.abs().max().item()
    ok = err <= tol * max(scale, 1.0)
    print("%-44s max|err| %.3g (|ref| max %.3g) %s" % (
        name, err, scale, "ok" if ok else "MISMATCH"))
    return ok


def torch_time(fn, iters=20):
    import torch
    for _ in range(3):
        fn()
    start, stop = torch.cuda.Event(True), torch.cuda.Event(True)
    times = []
    for _ in range(iters):
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return sorted(times)[iters // 2]


def run_all(out):
    import torch
    print("torch", torch.__version__, torch.cuda.get_device_name())
    torch.manual_seed(0)
    ok = True
    for chip in CHIPS:
        began = time.time()
        program = dlc.Program.load(Path(out) / chip)
        for m, k, n in SIZES:
            x = torch.randn(m, k, device="cuda", dtype=torch.float16)
            w = torch.randn(k, n, device="cuda", dtype=torch.float16)
            b = torch.randn(n, device="cuda", dtype=torch.float16)
            ref = torch.relu(x.float() @ w.float() + b.float())
            tol = 2e-3  # f16 output of an f32 accumulation
            tag = "%s %dx%dx%d" % (chip, m, k, n)
            y = program(x, w, b)
            ok &= check(tag + " current stream", y, ref, tol)
            side = torch.cuda.Stream()
            with torch.cuda.stream(side):
                # Inputs made on the side stream: the launch must follow.
                x2 = x * 1.0
                y2 = program(x2, w, b)
            side.synchronize()
            ok &= check(tag + " side stream", y2, ref, tol)
            if m * n * k <= 1 << 24:
                host = program(x.cpu().numpy().tobytes(),
                               w.cpu().numpy().tobytes(),
                               b.cpu().numpy().tobytes(), M=m, K=k, N=n)
                y3 = torch.frombuffer(host, dtype=torch.float16).view(m, n)
                ok &= check(tag + " host buffers", y3.cuda(), ref, tol)
            ms = program.time(x, w, b, warmup=5, iters=20)
            ref_ms = torch_time(lambda: torch.relu(torch.addmm(b, x, w)))
            flops = 2.0 * m * n * k
            print("%-44s dlc %.4f ms (%.0f TFLOP/s), torch addmm+relu %.4f "
                  "ms (%.0f TFLOP/s)" % (tag + " time", ms,
                                          flops / ms / 1e9, ref_ms,
                                          flops / ref_ms / 1e9))
        print("%s: %.1f s (PTX JIT included)" % (chip, time.time() - began))
    print("ALL OK" if ok else "SOME CHECKS FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("compile", "run"):
        sys.exit(__doc__)
    if sys.argv[1] == "compile":
        compile_all(sys.argv[2])
    else:
        sys.exit(run_all(sys.argv[2]))
