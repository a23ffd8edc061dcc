"""What a compiled kernel reports and how it is built, as numba-cuda's
dispatcher offers it: ``specialize`` (one kernel per argument types, kept),
the compiled kernels' resources (``get_regs_per_thread`` and friends, from
``kc_loaded_module_kernel_attributes``), ``launch_bounds`` (in the PTX, and
a launch of larger blocks refused) and ``shared_memory_carveout``."""

import numpy as np
import pytest

from kernelc import cuda
from kernelc.errors import CudaDriverError, LaunchError
from kernelc.types import float32, float64, int64, void


@cuda.jit
def scale(x, k):
    i = cuda.grid(1)
    if i < x.size:
        x[i] *= k


def test_specialize_keeps_one_kernel_per_argument_types():
    a32 = np.ones(8, np.float32)
    s = scale.specialize(a32, np.float32(2))
    assert s.specialized and not scale.specialized
    assert scale.specialize(np.zeros(3, np.float32), np.float32(5)) is s
    assert scale.specializations == {(float32[::1], float32): s}
    s[1, 32](a32, np.float32(3))
    np.testing.assert_array_equal(a32, 3)
    with pytest.raises(TypeError, match="No matching definition"):
        s[1, 32](np.ones(8), 2.0)  # only its own types
    with pytest.raises(RuntimeError, match="already specialized"):
        s.specialize(a32, np.float32(2))


def test_resources_of_the_compiled_kernels():
    n = 64

    @cuda.jit
    def staged(ary):
        sm = cuda.shared.array(n, dtype=ary.dtype)
        lm = cuda.local.array(n, dtype=ary.dtype)
        i = cuda.threadIdx.x
        lm[i % n] = i
        sm[i % n] = lm[(i * 7) % n]
        cuda.syncthreads()
        ary[i] = sm[(i + 1) % n]

    staged[1, n](np.zeros(n, np.float32))
    staged[1, n](np.zeros(n))
    f32, f64 = void(float32[::1]).args, void(float64[::1]).args
    shared = staged.get_shared_mem_per_block()
    assert shared == {f32: 4 * n, f64: 8 * n}
    assert staged.get_shared_mem_per_block(void(float64[::1])) == 8 * n
    assert staged.get_local_mem_per_thread(void(float32[::1])) >= 4 * n
    regs = staged.get_regs_per_thread()
    assert set(regs) == {f32, f64} and all(isinstance(r, int) and r > 0 for r in regs.values())
    assert staged.get_max_threads_per_block(void(float32[::1])) == 1024
    assert staged.get_const_mem_size(void(float32[::1])) == 0

    table = np.arange(16, dtype=np.int64)

    @cuda.jit(void(int64[::1]))
    def from_table(x):
        c = cuda.const.array_like(table)
        x[cuda.grid(1)] = c[cuda.grid(1)]

    # One signature: specialized, so a number rather than a dict.
    assert from_table.get_const_mem_size() >= table.nbytes


def test_launch_bounds():
    @cuda.jit("void(int32[::1])", launch_bounds=(64, 2))
    def ids(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = i

    ptx = ids.inspect_asm(ids.signatures[0])
    assert ".maxntid 64, 1, 1\n.minnctapersm 2\n" in ptx
    assert ids.get_max_threads_per_block() == 64
    out = np.zeros(100, np.int32)
    ids[2, 64](out)
    np.testing.assert_array_equal(out, np.arange(100))
    with pytest.raises((LaunchError, CudaDriverError), match="CUDA_ERROR_INVALID_VALUE"):
        ids[1, 128](out)
    with pytest.raises(ValueError, match="Got 4 launch bounds"):
        cuda.jit(launch_bounds=(1, 2, 3, 4))
    with pytest.raises(ValueError, match="at most 1024"):
        cuda.jit(launch_bounds=2048)


def test_shared_memory_carveout():
    @cuda.jit("void(int32[::1])", shared_memory_carveout="MaxShared")
    def fill(x):
        x[cuda.grid(1)] = 7

    x = np.zeros(32, np.int32)
    fill[1, 32](x)
    np.testing.assert_array_equal(x, 7)
    for bad, msg in ((101, "between -1 and 100"), ("half", "Invalid carveout value")):
        with pytest.raises(ValueError, match=msg):
            cuda.jit(shared_memory_carveout=bad)
