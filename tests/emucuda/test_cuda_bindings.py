"""NVIDIA's cuda-bindings, unchanged, driving kernelc's emulated CUDA driver:
the ten programs of `driver_programs.py` (CUDA C compiled by NVRTC, then the
driver API: scalars of every size, pointers and pointer offsets, a struct by
value, dynamic and static shared memory, two streams ordered by an event,
pinned memory and async copies, memsets, module globals and constants,
occupancy and a cooperative launch, the linker) run in a process whose loader finds `libcuda.so.1` in a folder
holding only a link to `libkernelc_emucuda.so`.

The PTX is compiled in this process first: NVRTC itself loads `libcuda.so.1`
when one is on the loader's path, for calls the emulated driver does not
offer, so it must not see the emulated one.

The library: KERNELC_EMUCUDA_LIB, else target/debug/libkernelc_emucuda.so
(`cargo build -p kernelc-emucuda`); missing, the test is skipped, unless
KERNELC_REQUIRE_GPU=1 (as in CI), which makes that an error.
"""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "nvrtc"))

from nvrtc import compile_ptx  # noqa: E402

KERNELS = {
    "saxpy": r'''
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}''',
    "block_sums": r'''
extern "C" __global__ void block_sums(const int* x, int* out) {
    extern __shared__ int s[];
    int t = threadIdx.x;
    s[t] = x[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int step = blockDim.x / 2; step > 0; step /= 2) {
        if (t < step) s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}''',
    "scalars": r'''
extern "C" __global__ void scalars(double* out, signed char a, short b, int c,
                                   long long d, float e, double f) {
    out[0] = a; out[1] = b; out[2] = c; out[3] = (double)d; out[4] = e; out[5] = f;
}''',
    "struct_arg": r'''
struct Params { float scale; int offset; double bias; };
extern "C" __global__ void struct_arg(Params p, const float* x, double* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (double)(x[i] * p.scale) + p.offset + p.bias;
}''',
    "two_streams": r'''
extern "C" __global__ void square(float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * x[i];
}
extern "C" __global__ void add_from(float* y, const float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += x[i];
}''',
    "memsets": r'''
extern "C" __global__ void xor_into(unsigned* a, const unsigned char* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] ^= b[i];
}''',
    "module_globals": r'''
__device__ int counter;
__constant__ float coeffs[4];
extern "C" __global__ void poly(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = coeffs[0] + v * (coeffs[1] + v * (coeffs[2] + v * coeffs[3]));
        atomicAdd(&counter, 1);
    }
}''',
    "occupancy": r'''
extern "C" __global__ void tile_sum(const float* x, float* out) {
    __shared__ float tile[256];
    int t = threadIdx.x;
    tile[t] = x[blockIdx.x * 256 + t];
    __syncthreads();
    if (t == 0) {
        float s = 0.0f;
        for (int k = 0; k < 256; k++) s += tile[k];
        out[blockIdx.x] = s;
    }
}''',
    "linked": r'''
extern "C" __global__ void iota(long long* out, long long start, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = start + i;
}''',
    "transpose_2d": r'''
extern "C" __global__ void transpose(const double* a, double* b, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols) b[c * rows + r] = a[r * cols + c];
}''',
    "mapped_managed": r'''
extern "C" __global__ void bump(int* a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = 3 * a[i] + 1;
}''',
}


def emulated_driver():
    path = os.environ.get("KERNELC_EMUCUDA_LIB") or os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "libkernelc_emucuda.so"
    )
    if os.path.isfile(path):
        return path
    if os.environ.get("KERNELC_REQUIRE_GPU") == "1":
        raise RuntimeError(f"KERNELC_REQUIRE_GPU=1 but the emulated driver is not at {path}")
    pytest.skip(f"no emulated driver at {path} (cargo build -p kernelc-emucuda)")


def run_on_emulated_driver(tmp_path, argv, timeout=900):
    """Runs `python argv...` with real Numba CUDA loading the emulated
    driver (NUMBA_CUDA_DRIVER, and a `libcuda.so.1` link for cuda-bindings
    on LD_LIBRARY_PATH); returns the completed process."""
    lib = emulated_driver()
    libdir = tmp_path / "lib"
    libdir.mkdir(exist_ok=True)
    if not (libdir / "libcuda.so.1").exists():
        os.symlink(lib, libdir / "libcuda.so.1")
    env = dict(os.environ, NUMBA_CUDA_DRIVER=lib, LD_LIBRARY_PATH=str(libdir))
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    return subprocess.run([sys.executable, *map(str, argv)], env=env, capture_output=True,
                          text=True, timeout=timeout)


def kernelc_library():
    """The built `libkernelc.so` the binding loads (KERNELC_LIBRARY, or the
    debug build); skips the test without one."""
    path = os.environ.get("KERNELC_LIBRARY") or os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "libkernelc.so"
    )
    if not os.path.isfile(path):
        pytest.skip(f"no libkernelc at {path} (cargo build -p kernelc-capi)")
    return path


def run_with_kernelc(tmp_path, argv, device, timeout=600):
    """Runs `python argv...` with kernelc's Python binding from the source
    tree (and `tmp_path` importable), on `device` (`cpu`, or `gpu`: the
    emulated driver); asserts it succeeds and returns the completed
    process."""
    env = dict(os.environ, KERNELC_LIBRARY=kernelc_library(), KERNELC_DEVICE=device,
               KERNELC_CUDA_DRIVER=emulated_driver(),
               PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "bindings", "python"),
                                           str(tmp_path)]))
    proc = subprocess.run([sys.executable, *map(str, argv)], env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def test_cuda_bindings_programs_run_on_the_emulated_driver(tmp_path):
    lib = emulated_driver()
    pytest.importorskip("cuda.bindings")
    for name, source in KERNELS.items():
        (tmp_path / f"{name}.ptx").write_text(compile_ptx(source, f"{name}.cu"))
    libdir = tmp_path / "lib"
    libdir.mkdir()
    os.symlink(lib, libdir / "libcuda.so.1")
    env = dict(os.environ, LD_LIBRARY_PATH=str(libdir))
    proc = subprocess.run(
        [sys.executable, os.path.join(HERE, "driver_programs.py"), str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == [w for name in KERNELS for w in ("ok", name)], proc.stdout
