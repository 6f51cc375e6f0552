#!/usr/bin/env python3
"""Bool (torch.bool) inputs on the memory-bound skeleton (run lm-1): DLC's
kernels of bench/bool_mask/ (where(P, X, Y) and X * P over E elements,
f16 X, Y and a one-byte bool mask P), compiled by bench/build_lm.sh with
one or more compilers, timed in the same process beside torch eager (its
own one kernel for the expression: torch.where / torch.mul with out=) and
a device copy of the same bytes (the ceiling). Every DLC output is checked
exactly against torch first (both expressions are exact in f16; the output
is poisoned with NaN before the launch, so an unwritten element fails).
Bandwidth = bytes read + written once (E (1 + 2 + 2 + 2) for where, E (1 +
2 + 2) for the product) / median time; times are do_bench medians (L2
flushed) over --rounds R rotating rounds (bench/timing.py).
usage: bench_bool.py --kernels LABEL=DIR... [--log2 26,27,28] [--rounds R] [--out F.json]
"""
import argparse
import json
import os

import torch

from dlc_kernel import DlcKernel
from timing import add_rounds_argument, time_rounds

WARMUP, REP = 25, 100

# name -> (bytes an element moves, torch's one kernel for it (out= given))
CASES = {
    "where_mask": (7, lambda t, z: torch.where(t["P"], t["X"], t["Y"], out=z)),
    "mul_mask": (5, lambda t, z: torch.mul(t["X"], t["P"], out=z)),
}


def inputs(name, E):
    """Fresh random inputs of one case: a mask with about half its bytes
    true, normal f16 values (never zeros)."""
    t = {"P": torch.rand(E, device="cuda") < 0.5,
         "X": torch.randn(E, dtype=torch.half, device="cuda")}
    if name == "where_mask":
        t["Y"] = torch.randn(E, dtype=torch.half, device="cuda")
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", required=True, action="append")
    ap.add_argument("--log2", default="26,27,28")
    ap.add_argument("--out", default=None)
    add_rounds_argument(ap)
    args = ap.parse_args()
    sets = [tuple(k.split("=", 1)) for k in args.kernels]
    print("# %s, torch %s" % (torch.cuda.get_device_name(), torch.__version__))
    stream = torch.cuda.current_stream().cuda_stream
    results = []
    for name, (per_elem, torch_fn) in CASES.items():
        kernels = {label: DlcKernel(os.path.join(d, name, name + ".json")) for label, d in sets}
        for lg in (int(s) for s in args.log2.split(",")):
            E = 1 << lg
            torch.manual_seed(lg)
            t = inputs(name, E)
            z = torch.empty(E, dtype=torch.half, device="cuda")
            ref = torch.empty_like(z)
            torch_fn(t, ref)
            tensors = dict(t, Z=z)
            nbytes = per_elem * E
            # The ceiling: a copy moving the same bytes (half read, half written).
            src = torch.empty(nbytes // 4, dtype=torch.half, device="cuda")
            dst = torch.empty_like(src)
            entry, fns = {"case": name, "E": "2^%d" % lg, "bytes": nbytes}, {}
            for label, kern in kernels.items():
                z.fill_(float("nan"))
                kern.launch(tensors, {"E": E}, stream)
                torch.cuda.synchronize()
                wrong = int((z != ref).sum().item())
                entry[label] = {"wrong": wrong}
                fns[label] = lambda kern=kern: kern.launch(tensors, {"E": E}, stream)
            fns["torch"] = lambda: torch_fn(t, z)
            fns["copy"] = lambda: dst.copy_(src)
            times, failed = time_rounds(fns, args.rounds, WARMUP, REP)
            line = "%-10s 2^%d" % (name, lg)
            for label in fns:
                if label in failed:
                    line += " | %s n/a (%s)" % (label, str(failed[label]).splitlines()[0][:160])
                    continue
                gbs = nbytes / times[label] / 1e6
                entry.setdefault(label, {}).update({"ms": times[label], "GBps": gbs})
                line += " | %s %6.0f GB/s%s" % (
                    label, gbs, ", wrong %d" % entry[label]["wrong"] if "wrong" in entry[label] else "")
            for label, _ in sets:
                if times.get(label) and times.get("torch"):
                    line += " | %s/torch %.3f" % (label, times["torch"] / times[label])
            print(line, flush=True)
            results.append(entry)
            del t, z, ref, tensors, src, dst
            torch.cuda.empty_cache()
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
