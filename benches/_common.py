"""Shared helpers for benches/compile_speed.py and benches/code_quality.py.

The kernel set, where the tools are, and how each tool is driven:

* kernelc: the `pipeline` bench of the compiler crate (in-process timing of
  `driver::compile`), and the `kernelc` CLI for PTX files;
* Numba: `numba.cuda.compile_ptx(pyfunc, sig, cc=(8, 0))`, offline (no GPU),
  with the corpus loader of tests/numba/_corpus.py (it fakes an sm_80 device
  so decorated kernels can be imported without a driver);
* NVRTC: ctypes calls into libnvrtc.so.12 from the nvidia-cuda-nvrtc-cu12
  wheel, on hand-written CUDA C translations in benches/cuda/*.cu.
"""

import ctypes
import glob
import json
import os
import platform
import re
import subprocess
import sys
import sysconfig

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
ACCEPT_DIR = os.path.join(ROOT, "compiler", "tests", "check", "accept")
CUDA_DIR = os.path.join(BENCH_DIR, "cuda")

# The benchmark corpus: single-kernel files of the accepted corpus that cover
# element-wise, 2-d/3-d indexing, grid-stride loops, shared memory tiles,
# reductions with warp shuffles and atomics, math library calls, device
# functions, fastmath, C/F layouts, integer and float64 code. Each has a
# hand-written CUDA C translation in benches/cuda/<stem>.cu.
KERNELS = [
    "01_vector_add",
    "02_saxpy_explicit_index",
    "03_matrix_add_2d",
    "05_grid_stride_loop",
    "06_grid_stride_2d",
    "08_tiled_matmul",
    "09_matmul_naive",
    "17_stencil_1d",
    "65_warp_vote",
    "70_module_constants",
    "71_shared_2d_transpose",
    "76_dot_product",
    "77_kmeans_assign",
    "78_black_scholes",
    "79_nbody_forces",
    "81_bitonic_sort_shared",
    "82_gemv_fortran",
    "84_particle_step",
    "85_csr_spmv",
    "86_max_abs_reduction",
    "87_radix_digit_count",
    "88_bfs_frontier",
    "89_game_of_life",
    "122_f32_softplus",
    "123_f32_rotate_points",
    "124_f32_gamma_correct",
    "125_f32_polar",
    "126_f32_decibels",
]


def py_path(stem):
    return os.path.join(ACCEPT_DIR, stem + ".py")


def cu_path(stem):
    return os.path.join(CUDA_DIR, stem + ".cu")


def _nvidia_dirs():
    """site-packages/nvidia of this interpreter (the venv's)."""
    out = []
    for key in ("purelib", "platlib"):
        d = os.path.join(sysconfig.get_paths()[key], "nvidia")
        if os.path.isdir(d) and d not in out:
            out.append(d)
    return out


def find_tool(pattern, env=None):
    """A tool from an environment variable, the venv's nvidia wheels, or PATH."""
    if env and os.environ.get(env):
        return os.environ[env]
    for d in _nvidia_dirs():
        hits = sorted(glob.glob(os.path.join(d, pattern)))
        if hits:
            return hits[0]
    name = os.path.basename(pattern)
    for p in os.environ.get("PATH", "").split(os.pathsep):
        c = os.path.join(p, name)
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def ptxas_path():
    return find_tool("cuda_nvcc/bin/ptxas", "PTXAS")


def cuobjdump_path():
    return find_tool("*/bin/cuobjdump", "CUOBJDUMP")


def libnvrtc_path():
    return find_tool("cuda_nvrtc/lib/libnvrtc.so.12", "LIBNVRTC")


def target_dir():
    return os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))


def kernelc_cli():
    """Builds (if needed) and returns the release kernelc binary."""
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "kernelc-cli"],
        cwd=ROOT,
        check=True,
    )
    return os.path.join(target_dir(), "release", "kernelc")


# ---------------------------------------------------------------- Numba


def numba_setup():
    """Imports tests/numba/_corpus.py (patches numba.cuda for offline use)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "numba"))
    import _corpus  # noqa: E402

    _corpus.setup()
    return _corpus


def numba_load(corpus, stem):
    """Fresh function objects for the file's one kernel: (py_func, sig, opts)."""
    lf = corpus.load(py_path(stem), modname=f"bench_{stem}_{numba_load.n}")
    numba_load.n += 1
    if lf.error is not None:
        raise RuntimeError(f"import failed: {lf.error}")
    ks = lf.kernels()
    if len(ks) != 1:
        raise RuntimeError(f"expected one kernel, found {len(ks)}")
    entry, sig = ks[0]
    return entry.py_func, sig, entry.options


numba_load.n = 0


def numba_compile(py_func, sig, opts):
    from numba import cuda

    ptx, _resty = cuda.compile_ptx(
        py_func, sig, cc=(8, 0), fastmath=bool(opts.get("fastmath", False))
    )
    return ptx


# ---------------------------------------------------------------- NVRTC


class Nvrtc:
    def __init__(self, path=None):
        path = path or libnvrtc_path()
        if not path:
            raise RuntimeError("libnvrtc.so.12 not found (pip install nvidia-cuda-nvrtc-cu12)")
        self.path = path
        lib = ctypes.CDLL(path)
        self.lib = lib
        lib.nvrtcCreateProgram.argtypes = [
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.c_char_p,
            ctypes.c_char_p,
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_char_p),
            ctypes.POINTER(ctypes.c_char_p),
        ]
        lib.nvrtcCompileProgram.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_char_p),
        ]
        lib.nvrtcGetPTXSize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
        lib.nvrtcGetPTX.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.nvrtcGetProgramLogSize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
        lib.nvrtcGetProgramLog.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
        lib.nvrtcGetErrorString.restype = ctypes.c_char_p

    def version(self):
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
        return f"{major.value}.{minor.value}"

    def _check(self, rc, what, prog=None):
        if rc != 0:
            msg = self.lib.nvrtcGetErrorString(rc).decode()
            log = ""
            if prog is not None:
                n = ctypes.c_size_t()
                self.lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
                buf = ctypes.create_string_buffer(n.value)
                self.lib.nvrtcGetProgramLog(prog, buf)
                log = buf.value.decode(errors="replace")
            raise RuntimeError(f"{what}: {msg}\n{log}")

    def compile(self, source, name, options):
        """Source text to PTX text: create, compile, get PTX, destroy."""
        prog = ctypes.c_void_p()
        self._check(
            self.lib.nvrtcCreateProgram(
                ctypes.byref(prog), source, name, 0, None, None
            ),
            "nvrtcCreateProgram",
        )
        try:
            opts = (ctypes.c_char_p * len(options))(*options)
            self._check(
                self.lib.nvrtcCompileProgram(prog, len(options), opts),
                "nvrtcCompileProgram",
                prog,
            )
            n = ctypes.c_size_t()
            self._check(self.lib.nvrtcGetPTXSize(prog, ctypes.byref(n)), "nvrtcGetPTXSize")
            buf = ctypes.create_string_buffer(n.value)
            self._check(self.lib.nvrtcGetPTX(prog, buf), "nvrtcGetPTX")
            return buf.value.decode()
        finally:
            self.lib.nvrtcDestroyProgram(ctypes.byref(prog))


def nvrtc_inputs(stem):
    """(source bytes, name bytes, option list) for benches/cuda/<stem>.cu.
    A `// nvrtc: OPTS` line in the file adds options (e.g. --use_fast_math
    for a kernel that is fastmath=True in Python)."""
    path = cu_path(stem)
    with open(path, "rb") as fh:
        src = fh.read()
    opts = [b"--gpu-architecture=compute_80"]
    for m in re.finditer(rb"^// nvrtc:(.*)$", src, re.M):
        opts += m.group(1).split()
    return src, os.path.basename(path).encode(), opts


# ---------------------------------------------------------------- machine


def machine_info():
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


def tool_versions():
    out = {}
    try:
        import numba
        import numba.cuda  # noqa: F401

        out["numba"] = numba.__version__
        try:
            from importlib.metadata import version

            out["numba-cuda"] = version("numba-cuda")
        except Exception:  # noqa: BLE001
            pass
    except Exception:  # noqa: BLE001
        pass
    try:
        out["nvrtc"] = Nvrtc().version()
    except Exception:  # noqa: BLE001
        pass
    for name, path in (("ptxas", ptxas_path()), ("cuobjdump", cuobjdump_path())):
        if path:
            r = subprocess.run([path, "--version"], capture_output=True, text=True)
            m = re.findall(r"V\d+\.\d+\.\d+", r.stdout)
            out[name] = m[-1] if m else r.stdout.strip().splitlines()[-1]
    try:
        r = subprocess.run(["rustc", "--version"], capture_output=True, text=True, cwd=ROOT)
        out["rustc"] = r.stdout.strip()
        r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT)
        out["kernelc commit"] = r.stdout.strip()
    except OSError:
        pass
    return out


def dump_json(obj, path):
    with open(path, "w") as fh:
        json.dump(obj, fh, indent=1, sort_keys=True)


def finish(results, summary, excluded, json_path):
    """Prints the excluded kernels and, when asked, writes everything
    (results, summary, exclusions, machine, tool versions) as JSON."""
    if excluded:
        print("\nexcluded:")
        for s, why in excluded.items():
            print(f"- {s}: {why}")
    if json_path:
        dump_json(
            {
                "results": results,
                "summary": summary,
                "excluded": excluded,
                "machine": machine_info(),
                "tools": tool_versions(),
            },
            json_path,
        )
