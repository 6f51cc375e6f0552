#!/usr/bin/env python3
"""A copy of a build_norm.sh kernel folder with its register-row kernel's
PTX edited, to time a change before it is in the compiler (run ln-1):
  occ=N   .minnctapersm N (the register cap that gives N CTAs an SM)
  ld=nc   the row's loads (the first `rows` ld.global.v4) as
          ld.global.nc.L1::no_allocate; ld=ef the same with an L2
          evict_first cache policy
  st=cs   the row's stores as st.global.cs (evict-first)
usage: ptx_variant.py SRC DST [occ=N] [ld=nc|ef] [st=cs]"""
import os
import re
import shutil
import sys


def edit(text, opts):
    if "occ" in opts:
        text = re.sub(r"\.minnctapersm \d+", ".minnctapersm " + opts["occ"], text)
    lines, out, loads = text.split("\n"), [], 0
    for line in lines:
        if opts.get("ld") and "ld.global.v4.b32" in line and loads < 3:
            loads += 1
            if opts["ld"] == "nc":
                line = line.replace("ld.global.v4.b32", "ld.global.nc.L1::no_allocate.v4.b32")
            else:
                out.append("\tcreatepolicy.fractional.L2::evict_first.b64 %pol, 1.0;")
                line = re.sub(r"ld\.global\.v4\.b32(\s+\{[^}]*\}, \[[^\]]*\]);",
                              r"ld.global.nc.L1::no_allocate.L2::cache_hint.v4.b32\1, %pol;", line)
        if opts.get("st") == "cs" and "st.global.v4.b32" in line:
            line = line.replace("st.global.v4.b32", "st.global.cs.v4.b32")
        out.append(line)
        if line.strip().startswith(".reg .b64") and opts.get("ld") == "ef":
            out.append("\t.reg .b64 \t%pol;")
    return "\n".join(out)


def main():
    src, dst, *rest = sys.argv[1:]
    opts = dict(r.split("=") for r in rest)
    shutil.copytree(src, dst, dirs_exist_ok=True)
    for name in os.listdir(dst):
        p = os.path.join(dst, name, "dlc_kernels.ptx")
        if os.path.exists(p) and name.endswith("-768"):
            with open(p) as f:
                t = f.read()
            with open(p, "w") as f:
                f.write(edit(t, opts))
        elif os.path.isdir(os.path.join(dst, name)) and not name.endswith("-768"):
            shutil.rmtree(os.path.join(dst, name))


if __name__ == "__main__":
    main()
