"""85: CSR sparse matrix-vector product, one thread per row (rows with no
entries give 0).  Products are float32, the sum float64 (acc = float(0)),
stored float32.  The "dyadic" case keeps everything exact in float32 as well
(the simulator sums in float32); the "random" case checks float64 sums."""
import numpy as np
from harness import Case

ROWS, COLS = 150, 90


def args(dyadic):
    def make(rng):
        nnz = rng.integers(0, 12, ROWS)
        nnz[:3] = [0, 1, 11]
        indptr = np.concatenate([[0], np.cumsum(nnz)]).astype(np.int32)
        indices = rng.integers(0, COLS, indptr[-1]).astype(np.int32)
        if dyadic:
            data = (rng.integers(-16, 17, indptr[-1]) / 4).astype(np.float32)
            x = (rng.integers(-16, 17, COLS) / 4).astype(np.float32)
        else:
            data = rng.standard_normal(indptr[-1]).astype(np.float32)
            x = rng.standard_normal(COLS).astype(np.float32) * 1e3
        return [indptr, indices, data, x, np.full(ROWS, 9.0, np.float32)]
    return make


def expect(a):
    indptr, indices, data, x = a[:4]
    prod = data * x[indices]  # float32
    y = np.zeros(ROWS)
    for r in range(ROWS):
        acc = 0.0
        for jj in range(indptr[r], indptr[r + 1]):
            acc += float(prod[jj])
        y[r] = acc
    return {4: y.astype(np.float32)}


CASES = [
    Case("85_csr_spmv.py", "spmv_csr", grid=(3,), block=(64,), args=args(True), expect=expect, name="dyadic"),
    Case("85_csr_spmv.py", "spmv_csr", grid=(3,), block=(64,), args=args(False), expect=expect, name="random",
         numba_skip="simulator keeps `float(0) + float32` in float32 (NEP 50); Numba types acc as float64"),
]
