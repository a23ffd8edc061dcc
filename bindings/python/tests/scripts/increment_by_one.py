# Numba's "Writing CUDA kernels" page, as a script, with only the import
# changed: kernels, host code and prints all at the top level.
import numpy as np
from kernelc import cuda


@cuda.jit
def increment_by_one(an_array):
    pos = cuda.grid(1)
    if pos < an_array.size:
        an_array[pos] += 1


an_array = np.zeros(1000, dtype=np.int32)
threadsperblock = 32
blockspergrid = (an_array.size + (threadsperblock - 1)) // threadsperblock
increment_by_one[blockspergrid, threadsperblock](an_array)
print("sum", an_array.sum())


class Host:
    """Host-only code the compiler never sees."""

    values = [x * 2 for x in range(3)]


if __name__ == "__main__":
    d = cuda.to_device(an_array)
    increment_by_one[blockspergrid, threadsperblock](d)
    print("again", d.copy_to_host().sum(), Host.values)
