"""A kernel fault, then the device used again, in a process of its own: on a
GPU the fault is sticky for the rest of the process (NVIDIA's driver gives
the GPU back only to a new process), so the binding's test suite runs this
as a separate program.

    python fault_then_use.py host|device

`host` faults with a NumPy array (the launch waits and raises); `device`
with device arrays (on a GPU the launch returns once queued and the fault
surfaces in the next call that waits). Prints one line for the fault and
one for what the next use did."""

import sys

import numpy as np

import kernelc
from kernelc import cuda


@cuda.jit(boundscheck=True)
def out_of_bounds(a):
    i = cuda.grid(1)
    a[i + 5] = 1.0


@cuda.jit
def copy_kernel(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i]


def first_line(e):
    return f"{type(e).__name__}: {str(e).splitlines()[0]}"


mode = sys.argv[1]
before = cuda.to_device(np.arange(8.0))
try:
    if mode == "host":
        out_of_bounds[1, 8](np.zeros(8))
    else:
        out_of_bounds[1, 8](cuda.to_device(np.zeros(8)))
        cuda.synchronize()
    print("fault: none")
except (kernelc.LaunchError, kernelc.ContextLost) as e:
    print("fault:", first_line(e))

try:
    a = np.arange(32, dtype=np.float32)
    out = np.zeros(32, np.float32)
    copy_kernel[1, 32](a, out)
    assert np.array_equal(out, a), out
    assert np.array_equal(before.copy_to_host(), np.arange(8.0))
    print("after: ok")
except kernelc.ContextLost as e:
    print("after:", first_line(e))
