"""bfloat16 through the binding: arrays and scalars of ``ml_dtypes.bfloat16``
passed to kernels (host and device arrays), its rounding bit for bit
against ml_dtypes, ``kernelc.cuda.bf16``'s names as numba-cuda's module
has them, and its functions refusing to run on the host."""

import numpy as np
import pytest

ml_dtypes = pytest.importorskip("ml_dtypes")

from kernelc import cuda  # noqa: E402
from kernelc.cuda import bf16  # noqa: E402
from kernelc.cuda.bf16 import bfloat16, hadd, hfma  # noqa: E402
from kernelc.errors import KernelcError  # noqa: E402

BF16 = ml_dtypes.bfloat16


def test_arrays_and_scalars_round_as_ml_dtypes():
    @cuda.jit
    def scale(x, s, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] * s

    rng = np.random.default_rng(1)
    x = (rng.standard_normal(300) * 100).astype(BF16)
    s = BF16(1.3)
    out = np.zeros(300, BF16)
    scale[2, 256](x, s, out)
    # A product of two bfloat16 is exact in float32: one rounding.
    want = (x.astype(np.float32) * np.float32(s)).astype(BF16)
    np.testing.assert_array_equal(out.view(np.uint16), want.view(np.uint16))


def test_device_arrays_keep_the_dtype():
    @cuda.jit
    def fma_in_place(a, b):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = hfma(a[i], b[i], hadd(a[i], bfloat16(1)))

    a = np.array([1.5, -2.0, 3.25, 0.0078125], BF16)
    b = np.array([2.0, 0.5, -1.0, 128.0], BF16)
    d_a = cuda.to_device(a)
    fma_in_place[1, 4](d_a, cuda.to_device(b))
    got = d_a.copy_to_host()
    assert got.dtype == np.dtype(BF16)
    exact = a.astype(np.float64) * b.astype(np.float64) + (a.astype(np.float32) + 1).astype(BF16).astype(np.float64)
    np.testing.assert_array_equal(got.view(np.uint16), exact.astype(np.float32).astype(BF16).view(np.uint16))


def test_module_names_and_host_calls():
    import numba.cuda.bf16 as nb_bf16

    theirs = {n for n in nb_bf16.__all__ if n not in ("typing_registry", "target_registry")}
    assert theirs <= set(bf16.__all__)
    assert cuda.is_bfloat16_supported()
    assert cuda.bfloat16 is bfloat16
    with pytest.raises(KernelcError, match="only be used inside a kernel"):
        hadd(1, 2)


def test_explicit_signature_takes_python_numbers():
    @cuda.jit("void(bfloat16[::1], bfloat16)")
    def fill(a, v):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = v

    a = np.zeros(4, BF16)
    fill[1, 4](a, 1.3)  # float64 -> bfloat16: unsafe, rounded to nearest
    np.testing.assert_array_equal(a.view(np.uint16), np.full(4, BF16(1.3)).view(np.uint16))
    fill[1, 4](a, 7)
    assert a.astype(np.float32).tolist() == [7.0] * 4


def test_conversions_are_numba_cudas():
    from numba.cuda import types as nb_types
    from numba.cuda.descriptor import cuda_target

    from kernelc._typeconv import EXACT, PROMOTE, SAFE, UNSAFE, can_convert
    from kernelc._types import SCALARS

    kinds = {EXACT: "exact", PROMOTE: "promote", SAFE: "safe", UNSAFE: "unsafe", None: None}
    ctx = cuda_target.typing_context
    for name in ["bool", "int8", "uint8", "int16", "uint16", "int32", "int64", "uint64",
                 "float16", "float32", "float64", "complex64"]:
        other = getattr(nb_types, "boolean" if name == "bool" else name)
        for have, want, nb_have, nb_want in [
            ("bfloat16", name, nb_types.bfloat16, other),
            (name, "bfloat16", other, nb_types.bfloat16),
        ]:
            theirs = ctx.can_convert(nb_have, nb_want)
            theirs = theirs.name if theirs is not None else None
            ours = kinds[can_convert(SCALARS[have], SCALARS[want])]
            assert ours == theirs, (have, want, ours, theirs)
