"""NumPy ufuncs with output arrays in kernels (``np.sin(a, out)``,
``np.greater(a, b, out)``) and the comparison, logical and bitwise ufuncs,
through the binding: kernelc's results are those of Numba's simulator
running the same program (``ufunc_cases.py``), and NumPy's."""

import os

import numpy as np

import ufunc_cases
from numba_oracle import ask_numba

HERE = os.path.dirname(os.path.abspath(__file__))


def test_ufunc_kernels_agree_with_numba():
    ours = ufunc_cases.run()
    theirs = ask_numba(
        """
        import types
        src = open(DATA["path"]).read().replace("from kernelc import cuda", "from numba import cuda")
        mod = types.ModuleType("ufunc_cases_numba")
        exec(compile(src, DATA["path"], "exec"), mod.__dict__)
        with np.errstate(all="ignore"):
            answer({k: np.asarray(v).tolist() for k, v in mod.run().items()})
        """,
        {"path": os.path.join(HERE, "ufunc_cases.py")},
    )
    assert sorted(ours) == sorted(theirs)
    for name, value in ours.items():
        np.testing.assert_allclose(value, np.asarray(theirs[name], dtype=value.dtype),
                                   rtol=1e-6, err_msg=name)


def test_ufunc_kernels_agree_with_numpy():
    got = ufunc_cases.run()
    rng = np.random.default_rng(11)
    x = rng.uniform(-3, 3, (6, 5))
    np.testing.assert_array_equal(got["clipped"], np.clip(x, -1.0, 1.5))
    np.testing.assert_array_equal(got["above"], x > 1.5)
    bits = rng.integers(0, 1000, (4, 3)).astype(np.int32)
    want = (bits.astype(np.int64) << np.array([0, 1, 3])) & 0x1F0
    np.testing.assert_array_equal(got["masks"], want)
    np.testing.assert_array_equal(got["inverted"], ~bits)
    deg = np.array([-180, -90, -45, 0, 30, 90, 135], np.int16)
    np.testing.assert_allclose(got["rad"], np.deg2rad(deg.astype(np.float32)), rtol=1e-7)
    np.testing.assert_array_equal(got["near"], np.abs(deg) <= 90)
