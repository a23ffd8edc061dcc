"""``cuda.libdevice`` through the binding: the module imported as Numba
users import it (``from kernelc.cuda import libdevice``, functions imported
by name, ``cuda.libdevice.f`` in the kernel), each function with its fixed
signature; checked against NumPy."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.cuda import libdevice
from kernelc.cuda.libdevice import sincosf, umax
from kernelc.errors import KernelcError, TypingError


@cuda.jit
def mix(x, y, k, out, iout):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.exp10(x[i])
        s, c = sincosf(y[i])
        out[i, 1] = s * s + c * c
        out[i, 2] = cuda.libdevice.rsqrt(x[i])
        iout[i, 0] = umax(k[i], 5)
        iout[i, 1] = libdevice.popc(k[i])
        iout[i, 2] = libdevice.float2int_rn(y[i])


def test_libdevice_functions_in_a_kernel():
    rng = np.random.default_rng(3)
    x = rng.uniform(0.1, 3, 40)
    y = rng.uniform(-5, 5, 40).astype(np.float32)
    k = rng.integers(-20, 20, 40).astype(np.int32)
    out = np.zeros((40, 3))
    iout = np.zeros((40, 3), np.int32)
    mix[1, 64](x, y, k, out, iout)
    np.testing.assert_allclose(out[:, 0], 10.0 ** x, rtol=1e-15)
    np.testing.assert_allclose(out[:, 1], 1.0, rtol=1e-6)
    np.testing.assert_allclose(out[:, 2], 1 / np.sqrt(x), rtol=1e-15)
    # umax compares the int32 bits unsigned: -3 is 4294967293 > 5.
    np.testing.assert_array_equal(iout[:, 0], np.where((k >= 0) & (k < 5), 5, k))
    np.testing.assert_array_equal(iout[:, 1], [bin(int(v) & 0xFFFFFFFF).count("1") for v in k])
    np.testing.assert_array_equal(iout[:, 2], np.rint(y).astype(np.int32))


def test_host_calls_and_unsupported_functions_are_errors():
    with pytest.raises(KernelcError, match="only be used inside a kernel"):
        libdevice.sinf(1.0)
    assert "sincospif" in libdevice.FUNCTIONS and len(libdevice.FUNCTIONS) == 317

    @cuda.jit
    def bessel(x):
        x[0] = libdevice.j0(x[1])

    with pytest.raises(TypingError, match=r"cuda\.libdevice\.j0 is not supported by kernelc yet"):
        bessel[1, 1](np.zeros(2))


@cuda.jit(device=True)
def norm2(v):
    return v.x * v.x + v.y * v.y


@cuda.jit
def lengths(xs, ys, out):
    i = cuda.grid(1)
    if i < xs.size:
        v = cuda.float32x2(xs[i], ys[i])
        w = cuda.float4(v, 1.0, 2.0)
        out[i] = norm2(v) + w.z * w.w


def test_vector_types_in_kernels_and_device_functions():
    xs = np.arange(10, dtype=np.float32)
    ys = np.ones(10, np.float32)
    out = np.zeros(10, np.float32)
    lengths[1, 16](xs, ys, out)
    np.testing.assert_array_equal(out, xs * xs + 1 + 2)
    with pytest.raises(KernelcError, match="only be used inside a kernel"):
        cuda.float32x2(1, 2)


@cuda.jit
def directed(x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = libdevice.dadd_rd(x[i], y[i])
        out[i, 1] = libdevice.dadd_ru(x[i], y[i])
        out[i, 2] = libdevice.ddiv_rz(x[i], y[i])
        out[i, 3] = libdevice.fma_ru(x[i], y[i], 1e-300)
        out[i, 4] = libdevice.ll2double_rd(libdevice.double2ll_rz(x[i] * 1e17))


def test_directed_rounding_brackets_the_exact_result():
    from fractions import Fraction

    x = np.array([1.0, 1.0, 10.0, -1.0, 3.0])
    y = np.array([1e-300, -1e-300, 3.0, 3.0, 7.0])
    out = np.zeros((5, 5))
    directed[1, 8](x, y, out)
    for i in range(5):
        s = Fraction(x[i]) + Fraction(y[i])
        down, up = out[i, 0], out[i, 1]
        assert Fraction(down) <= s <= Fraction(up)
        assert up == down or np.nextafter(down, np.inf) == up
        q = Fraction(x[i]) / Fraction(y[i])
        assert abs(Fraction(out[i, 2])) <= abs(q) < abs(Fraction(out[i, 2])) + Fraction(
            np.spacing(abs(out[i, 2])))
        assert Fraction(out[i, 3]) >= Fraction(x[i]) * Fraction(y[i]) + Fraction(1e-300)
        n = int(x[i] * 1e17)
        assert Fraction(out[i, 4]) <= n < Fraction(np.nextafter(out[i, 4], np.inf))


def _libdevice_kernels():
    """(name, pyfunc, argument types) of a kernel calling each libdevice
    function, as numba-cuda's test_libdevice makes them; one at a time (the
    binding keeps the text of the latest 256 `exec` calls)."""
    funcs = pytest.importorskip("numba.cuda.libdevicefuncs")
    types = pytest.importorskip("numba.cuda").types
    for libname, (retty, args) in funcs.functions.items():
        name = libname[len("__nv_"):]
        sig = funcs.create_signature(retty, args)
        params = ", ".join("a%d" % k for k, a in enumerate(args) if not a.is_ptr)
        rets = list(sig.return_type) if isinstance(sig.return_type, (types.Tuple, types.UniTuple)) \
            else [sig.return_type]
        outs = ["r%d" % k for k in range(len(rets))]
        code = (f"def pyfunc({', '.join(outs + ([params] if params else []))}):\n"
                f"    {', '.join(o + '[0]' for o in outs)} = libdevice.{name}({params})\n")
        scope = {"libdevice": libdevice}
        exec(code, scope)
        argtypes = tuple([r[::1] for r in rets] + [a.ty for a in args if not a.is_ptr])
        yield name, scope["pyfunc"], argtypes


def test_every_computed_libdevice_function_assembles_with_ptxas(tmp_path):
    """Each function's kernel, compiled for sm_52, is accepted by
    NVIDIA's ptxas (KERNELC_PTXAS, or ptxas from nvidia-cuda-nvcc-cu12)."""
    import glob
    import os
    import subprocess

    ptxas = os.environ.get("KERNELC_PTXAS") or next(iter(glob.glob(os.path.join(
        os.path.dirname(np.__file__), "..", "nvidia", "cuda_nvcc", "bin", "ptxas"))), None)
    if not ptxas:
        pytest.skip("ptxas not found (KERNELC_PTXAS, or pip install nvidia-cuda-nvcc-cu12)")
    failures = []
    for name, pyfunc, argtypes in _libdevice_kernels():
        for cc in ((5, 2),):
            try:
                ptx, _ = cuda.compile_ptx(pyfunc, argtypes, cc=cc)
            except TypingError as e:
                assert "is not supported by kernelc yet" in str(e), name
                break
            path = tmp_path / "k.ptx"
            path.write_text(ptx)
            run = subprocess.run([ptxas, f"-arch=sm_{cc[0]}{cc[1]}", str(path), "-o",
                                  str(tmp_path / "k.cubin")], capture_output=True, text=True)
            if run.returncode:
                failures.append(f"{name} sm_{cc[0]}{cc[1]}: {run.stderr[:300]}")
    assert not failures, "\n".join(failures)


def test_fastmath_flags_are_checked_as_numba_cuda_checks_them():
    from kernelc.cuda import float32

    def div(r, x, y):
        r[0] = x / y

    sig = (float32[::1], float32, float32)
    for flags in ({"arcp", "contract"}, {"fast": True}):
        ptx = cuda.jit(sig, fastmath=flags)(div).inspect_asm(sig)
        assert "div.approx.ftz.f32" in ptx
    assert "div.rn.f32" in cuda.jit(sig, fastmath=set())(div).inspect_asm(sig)
    with pytest.raises(ValueError, match="Unrecognized fastmath flags"):
        cuda.jit(fastmath={"fast", "bogus"})
    with pytest.raises(ValueError, match="either a bool, dict or set"):
        cuda.jit(fastmath="fast")
