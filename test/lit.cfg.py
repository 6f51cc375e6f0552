# lit configuration for DLC (MLIR-project style: configured into the build
# tree by CMake through lit.site.cfg.py).
import os

import lit.formats

config.name = "DLC"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test", ".c"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "CMakeLists.txt", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.dlc_obj_root, "test")

# Our tools first, then LLVM's (FileCheck, not, count, split-file).
path = [config.dlc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])]
config.environment["PATH"] = os.pathsep.join(path)
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%dlc_src_root", config.dlc_src_root))
config.substitutions.append(("%dlc_obj_root", config.dlc_obj_root))
# The fake CUDA driver of the runtime tests (test/Runtime/Inputs/fakecuda):
# LD_LIBRARY_PATH=%fakecuda_dir makes dlc-run load it as libcuda.so.1.
config.substitutions.append(("%fakecuda_nocopy2d_dir", os.path.join(config.dlc_obj_root, "test", "Runtime", "Inputs", "fakecuda", "nocopy2d")))
config.substitutions.append(("%fakecuda_dir", os.path.join(config.dlc_obj_root, "test", "Runtime", "Inputs", "fakecuda")))
# C flags of a host built against DLC: a sanitized libDLC.so needs its host
# linked with the same sanitizers.
config.substitutions.append(("%host_cflags", "-fsanitize=address,undefined" if config.dlc_sanitize == "ON" else ""))
# mlir-opt is not built with sanitizers: a sanitized DLC library loaded into
# it (the plugin) needs their runtimes preloaded; %preload_sanitizers does it.
preload = ""
if config.dlc_sanitize == "ON":
    import subprocess
    runtimes = [subprocess.check_output(["gcc", "-print-file-name=lib%s.so" % r], text=True).strip() for r in ("asan", "ubsan")]
    preload = "env LD_PRELOAD=%s" % ":".join(runtimes)
config.substitutions.append(("%preload_sanitizers", preload))
# Upstream mlir-opt with the DLC plugin (lib/Plugin) of this build loaded.
plugin = os.path.join(config.dlc_obj_root, "lib", "libDLCPlugin.so")
config.substitutions.append(("%mlir_opt_dlc", "%s %s --load-dialect-plugin=%s --load-pass-plugin=%s" % (preload, os.path.join(config.llvm_tools_dir, "mlir-opt"), plugin, plugin)))
# Debian's python3 (the one python3-pytest installs into), whatever python3
# comes first on PATH.
config.substitutions.append(("%python3", "/usr/bin/python3"))
