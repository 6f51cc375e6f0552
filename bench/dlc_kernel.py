"""DLC's kernels on the GPU for the benchmarks: a manifest + PTX
(docs/conventions.md) loaded through the CUDA driver (cuda.bindings.driver)
and launched as the manifest says, on torch tensors. Shared by
bench_gemm.py and bench_memory.py."""
import collections
import ctypes
import json
import os
import re

import torch
from cuda.bindings import driver as cu


def check_cu(result):
    err, *rest = result if isinstance(result, tuple) else (result,)
    if err != cu.CUresult.CUDA_SUCCESS:
        _, msg = cu.cuGetErrorString(err)
        raise RuntimeError("CUDA driver error %s: %s" % (err, msg))
    return rest[0] if len(rest) == 1 else rest


def eval_expr(expr, symbols):
    """Manifest expressions: integers, symbols, + - *, parentheses, ceildiv,
    min, floordiv, mod (the runtime's grammar, lib/Runtime/Expr.c)."""
    if isinstance(expr, int):
        return expr
    if not re.fullmatch(r"[\sA-Za-z0-9_+\-*(),]*", expr):
        raise ValueError("bad manifest expression %r" % expr)
    env = dict(symbols)
    env["ceildiv"] = lambda a, b: -(-a // b)
    env["min"] = min
    env["floordiv"] = lambda a, b: a // b
    env["mod"] = lambda a, b: a % b
    return int(eval(expr, {"__builtins__": {}}, env))


# One tensor's copy by the repack kernel: pointers, sizes and pitches in
# elements, its arguments in order.
Repack = collections.namedtuple("Repack", "src dst rows cols sp dp")


def repack_grid(pair, items_per_block):
    """The grid of one launch of dlc_repack_b16 over one or two Repack jobs,
    as TensorMap.c's launchRepacks: with the manifest's "repack_items", a
    block per that many items (rows x ((2 cols + 29) // 16 + 1) of the
    larger job); without (an older compiler's kernel), a block column per
    1024 16-byte blocks of a row and a block row per row, up to 2048."""
    if items_per_block:
        items = max(j.rows * ((2 * j.cols + 29) // 16 + 1) for j in pair)
        return (max(1, -(-items // items_per_block)), 1, len(pair))
    blocks = -(-max(j.cols for j in pair) // 8) + 2  # 16-byte blocks of a row
    return (-(-blocks // 1024), min(max(j.rows for j in pair), 2048), len(pair))  # RepackGridRows


class ParamBlock:
    """A launch's kernelParams as a void** address, for a kernel that takes
    a tensor map by value (types[i] None: vals[i] its 128 bytes), which
    cuda.bindings' (values, types) form cannot pass: each argument's
    storage (a map's 64-byte aligned) and the pointer array, owned here
    and kept with the prepared launch."""

    def __init__(self, vals, types):
        self.storage, pointers = [], []
        for v, t in zip(vals, types):
            if t is None:
                buf = ctypes.create_string_buffer(128 + 64)
                at = -(-ctypes.addressof(buf) // 64) * 64
                ctypes.memmove(at, v, 128)
            else:
                buf = t(v)
                at = ctypes.addressof(buf)
            self.storage.append(buf)
            pointers.append(at)
        self.array = (ctypes.c_void_p * len(pointers))(*pointers)
        self.address = ctypes.addressof(self.array)


class DlcKernel:
    def __init__(self, manifest_path):
        with open(manifest_path) as f:
            self.m = json.load(f)
        # Thread-block clusters (manifest "cluster"): launched through
        # cuLaunchKernelEx with the cluster-dimension attribute, as dlc's
        # runtime does (lib/Runtime); never without it.
        self.cluster = [int(c) for c in self.m.get("cluster", [1, 1, 1])]
        ptx_path = os.path.join(os.path.dirname(manifest_path), self.m["ptx"])
        with open(ptx_path, "rb") as f:
            self.ptx = ctypes.create_string_buffer(f.read())  # NUL-terminated
        torch.cuda.init()
        torch.empty(1, device="cuda")  # makes the primary context current
        check_cu(cu.cuInit(0))
        self.module = check_cu(cu.cuModuleLoadData(ctypes.addressof(self.ptx)))
        self.func = check_cu(cu.cuModuleGetFunction(self.module, self.m["kernel"].encode()))
        self.smem_set = 48 * 1024
        # The tensors' type is the kernel's (f16 or bf16), so cuBLAS and
        # Triton run the same problem.
        x = next(p for p in self.m["params"] if p["kind"] == "ptr")
        self.dtype = torch.bfloat16 if x["dtype"] == "bf16" else torch.half
        self.maps = {}  # (name, base, sizes) -> device tensor holding the map
        self.map_bytes = {}  # same key -> the map's 128 bytes (by value)
        self.repacks = {}  # same key -> (padded copy, source) of a tensor
        # The module's repack kernel (the compiler adds it next to SM90
        # kernels); without it torch copies.
        err, fn = cu.cuModuleGetFunction(self.module, b"dlc_repack_b16")
        self.repack_fn = fn if err == cu.CUresult.CUDA_SUCCESS else None
        # Launch-time versions (docs/runtime.md, "Versions"): the manifests
        # beside this one, each launched instead of it when every symbol of
        # its "when" has the value given.
        here = os.path.dirname(manifest_path)
        self.versions = [(v["when"], DlcKernel(os.path.join(here, v["kernel"] + ".json")))
                         for v in self.m.get("versions", [])]

    def version(self, symbols):
        """The kernel a launch at `symbols` runs: the first version whose
        "when" holds, else this one."""
        for when, kernel in self.versions:
            if all(symbols[s] == eval_expr(v, symbols) for s, v in when.items()):
                return kernel
        return self

    def tensor_map(self, p, tensors, symbols, repacks, after):
        """A TMA tensor map (docs/conventions.md, "Tensor maps"), encoded on
        the host with cuTensorMapEncodeTiled (an im2col one with
        cuTensorMapEncodeIm2col) and kept in device memory; its address is
        the kernel's parameter."""
        t = tensors[p["tensor"]]
        base = t.data_ptr()
        key = (p["name"], base, tuple(sorted(symbols.items())))
        strides = [eval_expr(e, symbols) for e in p["strides"]]
        if p.get("optional") and (any(s % 16 for s in strides) or base % 16):
            # An output's map for the staged epilogue: as dlc's runtime
            # does, encoded over a workspace of 16-byte rows whose whole
            # tiles ("repack_out": rows, cols) the repack kernel copies into
            # the tensor after every launch; without repack_out (or with a
            # batch) left unencoded: the kernel gets 0 and stores from
            # registers instead.
            if ("repack_out" not in p or len(strides) != 1 or base % 2 or
                    strides[0] % 2 or self.repack_fn is None):
                return 0
            rows_, cols_ = (eval_expr(e, symbols) for e in p["repack_out"])
            dims = [eval_expr(e, symbols) for e in p["dims"]]
            pitch = -(-dims[0] * 2 // 16) * 16 // 2
            if key not in self.repacks:
                self.repacks[key] = (torch.empty(dims[1], pitch, dtype=t.dtype,
                                                 device=t.device), t)
            work = self.repacks[key][0]
            if rows_ > 0 and cols_ > 0:
                after.append(Repack(work.data_ptr(), base, min(rows_, dims[1]),
                                    min(cols_, dims[0]), pitch, strides[0] // 2))
            return self.encode(p, key, work.data_ptr(), [pitch * 2], symbols)
        if any(s % 16 for s in strides):
            # As dlc's runtime does (docs/runtime.md): TMA needs 16-byte
            # rows, so the map reads a copy with padded rows, made before
            # every launch (and timed with it) by the module's repack kernel.
            rows = t.reshape(-1, t.shape[-1])
            pad = -(-rows.shape[1] * rows.element_size() // 16) * 16 // rows.element_size()
            if key not in self.maps:
                work = torch.empty(rows.shape[0], pad, dtype=t.dtype, device=t.device)
                self.repacks[key] = (work[:, :rows.shape[1]], rows)
            dst, src = self.repacks[key]
            # The copy runs before every launch (launch() calls it), two
            # tensors to a launch of the repack kernel (repack_launches()).
            if self.repack_fn is not None:
                rows_, cols_ = src.shape
                repacks.append(Repack(src.data_ptr(), dst.data_ptr(), rows_, cols_,
                                      src.stride(0), dst.stride(0)))
            else:
                repacks.append(lambda stream: dst.copy_(src))
            base = dst.data_ptr()
        strides = [eval_expr(e, symbols) for e in p["strides"]]
        if any(s_ % 16 for s_ in strides):
            pitch = self.repacks[key][0].stride(0) * t.element_size()
            dims = [eval_expr(e, symbols) for e in p["dims"]]
            strides = [pitch] + ([pitch * dims[1]] if len(strides) > 1 else [])
        return self.encode(p, key, base, strides, symbols)

    def encode(self, p, key, base, strides, symbols):
        """The map `p` over `base` with byte `strides`, encoded once per
        `key` and kept in device memory; its device address, or for a map
        passed by value (kind "tensormap_value", a __grid_constant__
        parameter) its 128 bytes."""
        if key not in self.maps:
            dtype = (cu.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                     if p["dtype"] == "bf16" else
                     cu.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_FLOAT16)
            dims = [eval_expr(e, symbols) for e in p["dims"]]
            u32, u64 = cu.cuuint32_t, cu.cuuint64_t
            # What both kinds of map take first and last: one encoding.
            head = (dtype, u32(len(dims)), base, [u64(d) for d in dims],
                    [u64(s) for s in strides])
            tail = (cu.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
                    cu.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_128B,
                    cu.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                    cu.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)
            if p.get("mode") == "im2col":
                # A convolution's NHWC activation (docs/conventions.md),
                # never repacked: the planner takes C % 8 == 0 only.
                if any(s % 16 for s in [eval_expr(e, symbols) for e in p["strides"]]):
                    raise ValueError("im2col map %s: strides not 16-byte multiples" % p["name"])
                tmap = check_cu(cu.cuTensorMapEncodeIm2col(
                    *head, list(p["lower"]), list(p["upper"]),
                    u32(p["box"][0]), u32(p["box"][1]),
                    [u32(e) for e in p["element_strides"]], *tail))
            else:
                tmap = check_cu(cu.cuTensorMapEncodeTiled(
                    *head, [u32(b) for b in p["box"]], [u32(1)] * len(dims),
                    *tail))
            raw = ctypes.string_at(tmap.getPtr(), 128)
            self.maps[key] = torch.frombuffer(bytearray(raw), dtype=torch.uint8).cuda()
            self.map_bytes[key] = raw
        if p["kind"] == "tensormap_value":
            return self.map_bytes[key]
        return self.maps[key].data_ptr()

    def workspace(self, nbytes):
        """The kernel's scratch memory (SM90 split-K), zeroed when allocated
        and kept: as dlc's runtime does, the kernel leaves it zeroed where it
        must be for the next launch."""
        if getattr(self, "_workspace", None) is None or self._workspace.numel() < nbytes:
            self._workspace = torch.zeros(max(nbytes, 1), dtype=torch.uint8, device="cuda")
            self.prepared = {}  # launches prepared with the old workspace
        return self._workspace.data_ptr()

    def launch(self, tensors, symbols, stream):
        """Launches the kernel on `tensors` (name -> torch tensor) with the
        sizes `symbols`. The manifest's formulas are evaluated once per
        (sizes, tensor addresses) and the prepared launch kept, so that a
        timed launch costs the driver call (and any repack copies) rather
        than Python's evaluation of the expressions, as in dlc's runtime."""
        if self.versions:
            kernel = self.version(symbols)
            if kernel is not self:
                return kernel.launch(tensors, symbols, stream)
        g, b, smem, repacks, params, after = self._prepared(tensors, symbols)
        for repack in repacks:
            repack(stream)
        self.launch_kernel(g, b, smem, stream, params)
        for copy in after:
            copy(stream)

    def launch_kernel(self, g, b, smem, stream, params):
        """The kernel's own launch of a prepared launch (no repacks or
        copies), as its manifest asks: cooperative, clustered or plain."""
        if isinstance(params, ParamBlock):
            params = params.address
        # CTAs that wait for each other (SM90 split-K; "split": a split
        # row's, where grid y is more than 1): a cooperative launch.
        cooperative = self.m.get("cooperative")
        if cooperative is True or (cooperative == "split" and g[1] > 1):
            check_cu(cu.cuLaunchCooperativeKernel(self.func, *g, *b, smem, stream, params))
        elif self.cluster != [1, 1, 1]:
            check_cu(cu.cuLaunchKernelEx(self._cluster_config(g, b, smem, stream),
                                         self.func, params, 0))
        else:
            check_cu(cu.cuLaunchKernel(self.func, *g, *b, smem, stream, params, 0))

    def _cluster_config(self, g, b, smem, stream):
        """The CUlaunchConfig of a clustered launch (the grid is whole
        clusters: the compiler's grid formula rounds it)."""
        if any(n % c for n, c in zip(g, self.cluster)):
            raise RuntimeError("grid %s is not whole clusters of %s" % (g, self.cluster))
        attr = cu.CUlaunchAttribute()
        attr.id = cu.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attr.value.clusterDim.x, attr.value.clusterDim.y, attr.value.clusterDim.z = self.cluster
        config = cu.CUlaunchConfig()
        config.gridDimX, config.gridDimY, config.gridDimZ = g
        config.blockDimX, config.blockDimY, config.blockDimZ = b
        config.sharedMemBytes = smem
        config.hStream = stream if isinstance(stream, cu.CUstream) else cu.CUstream(stream)
        config.attrs = [attr]
        config.numAttrs = 1
        return config

    def repack_launches(self, jobs):
        """The launches of the module's dlc_repack_b16 for `jobs` (Repack
        tuples), two to a launch as dlc's runtime does: block z = 0 takes
        the first, z = 1 the second (docs/runtime.md, "Repack")."""
        launches = []
        for i in range(0, len(jobs), 2):
            pair = jobs[i:i + 2]
            a, b = pair[0], pair[-1]
            args = (tuple(a) + tuple(b),
                    (ctypes.c_void_p, ctypes.c_void_p) + (ctypes.c_int64,) * 4 +
                    (ctypes.c_void_p, ctypes.c_void_p) + (ctypes.c_int64,) * 4)
            grid = repack_grid(pair, self.m.get("repack_items", 0))
            launches.append(lambda stream, args=args, grid=grid: check_cu(
                cu.cuLaunchKernel(self.repack_fn, *grid, 256, 1, 1, 0, stream, args, 0)))
        return launches

    def copies(self, tensors, symbols, stream):
        """Runs only what launch() runs before the kernel: the repacks."""
        for repack in self._prepared(tensors, symbols)[3]:
            repack(stream)

    def _prepared(self, tensors, symbols):
        key = (tuple(sorted(symbols.items())),
               tuple((n, t.data_ptr()) for n, t in sorted(tensors.items())))
        prepared = getattr(self, "prepared", {}).get(key)
        return prepared if prepared is not None else self._prepare(tensors, symbols)

    def _prepare(self, tensors, symbols):
        g = [eval_expr(e, symbols) for e in self.m["grid"]]
        b = [eval_expr(e, symbols) for e in self.m["block"]]
        smem = eval_expr(self.m.get("dynamic_smem_bytes", 0), symbols)
        if smem > self.smem_set:
            check_cu(cu.cuFuncSetAttribute(
                self.func,
                cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                smem))
            self.smem_set = smem
        vals, types, repacks, after = [], [], [], []
        for p in self.m["params"]:
            if p["kind"] == "ptr":
                vals.append(tensors[p["name"]].data_ptr())
                types.append(ctypes.c_void_p)
            elif p["kind"] == "tensormap":
                vals.append(self.tensor_map(p, tensors, symbols, repacks, after))
                types.append(ctypes.c_void_p)
            elif p["kind"] == "tensormap_value":  # its 128 bytes
                vals.append(self.tensor_map(p, tensors, symbols, repacks, after))
                types.append(None)
            elif p["kind"] == "workspace":
                vals.append(self.workspace(eval_expr(p["bytes"], symbols)))
                types.append(ctypes.c_void_p)
            else:
                vals.append(symbols[p["name"]])
                types.append(ctypes.c_int64)
        repacks = self.repack_launches([r for r in repacks if isinstance(r, Repack)]) + \
            [r for r in repacks if not isinstance(r, Repack)]
        # After the kernel: the copies back of outputs stored through a
        # workspace ("repack_out").
        params = (tuple(vals), tuple(types))
        if None in types:
            params = ParamBlock(vals, types)
        prepared = (g, b, smem, repacks, params, self.repack_launches(after))
        if not hasattr(self, "prepared"):
            self.prepared = {}
        key = (tuple(sorted(symbols.items())),
               tuple((n, t.data_ptr()) for n, t in sorted(tensors.items())))
        self.prepared[key] = prepared
        return prepared


# Manifest dtypes as torch dtypes (docs/runtime.md; "i1" is one byte, 0/1).
TORCH_DTYPES = {"f16": torch.half, "bf16": torch.bfloat16, "f32": torch.float32,
                "i1": torch.bool, "i32": torch.int32, "i64": torch.int64}


class DlcProgram:
    """A program manifest (docs/conventions.md, "Program manifest"): its
    kernels loaded from their own manifests beside it (DlcKernel each) and
    launched in order on the caller's tensors plus the intermediates, which
    the program owns (allocated once per symbol values, as the runtime does)."""

    def __init__(self, manifest_path):
        with open(manifest_path) as f:
            self.m = json.load(f)
        here = os.path.dirname(manifest_path)
        self.kernels = [(k["kernel"], DlcKernel(os.path.join(here, k["kernel"] + ".json")))
                        for k in self.m["kernels"]]
        self.buffers = {}  # sorted symbol items -> {name: tensor}

    def intermediates(self, symbols):
        """The intermediate buffers at `symbols` (borrowed: the program keeps them)."""
        key = tuple(sorted(symbols.items()))
        if key not in self.buffers:
            self.buffers[key] = {
                b["name"]: torch.empty([eval_expr(d, symbols) for d in b["shape"]],
                                       dtype=TORCH_DTYPES[b["dtype"]], device="cuda")
                for b in self.m.get("intermediates", [])}
        return self.buffers[key]

    def launch(self, tensors, symbols, stream, only=None):
        """Launches every kernel in order (or only the one named `only`, on
        the intermediates the earlier kernels left)."""
        all_tensors = dict(tensors, **self.intermediates(symbols))
        for name, kernel in self.kernels:
            if only is None or name == only:
                kernel.launch(all_tensors, symbols, stream)


def load(manifest_path):
    """The kernel or program a manifest describes: DlcProgram for a program
    manifest (a graph compiled to several kernels, e.g. an NCHW convolution
    after its layout-transform kernels), DlcKernel otherwise."""
    with open(manifest_path) as f:
        is_program = "program" in json.load(f)
    return DlcProgram(manifest_path) if is_program else DlcKernel(manifest_path)
