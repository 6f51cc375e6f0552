import sys, torch, torch.nn.functional as F
sys.path.insert(0, sys.argv[1])
from dlc_kernel import DlcKernel
d = sys.argv[1]
k = DlcKernel(d + "/new/conv_symbolic_r1.json")
for (N, H, W) in [(3, 17, 13), (2, 8, 8), (1, 5, 5)]:
    Ho, Wo = (H - 1) // 2 + 1, (W - 1) // 2 + 1
    torch.manual_seed(0)
    t0 = torch.randn(N, 8, H, W, device="cuda")
    W2 = (torch.randn(16, 8, 3, 3, device="cuda") * 0.3).half()
    b2 = torch.randn(16, device="cuda").half()
    Y = torch.zeros(N, 16, Ho, Wo, device="cuda", dtype=torch.half)
    sym = dict(N=N, H=H, W=W, Hout=Ho, Wo=Wo)
    X = torch.zeros(N, 8, H, W, device="cuda", dtype=torch.half)
    W1 = torch.zeros(8, 8, 3, 3, device="cuda", dtype=torch.half)
    k.launch(dict(X=X, W1=W1, W2=W2, b2=b2, t0=t0, Y=Y), sym, torch.cuda.current_stream().cuda_stream)
    torch.cuda.synchronize()
    ref = F.conv2d(t0.double(), W2.double(), b2.double(), stride=2, padding=1)
    err = (Y.double() - ref).abs()
    bad = err > 1e-2 + 1e-2 * ref.abs()
    print(N, H, W, "max err", err.max().item(), "bad", bad.sum().item(), "of", bad.numel())
    idx = bad.nonzero()[:12].tolist()
    print("  bad (n,co,ho,wo):", idx)
    if bad.any():
        n, co, ho, wo = idx[0]
        print("  got", Y[n, co, ho, wo].item(), "want", ref[n, co, ho, wo].item())
