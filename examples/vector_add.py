# The classic first kernel: c = a + b, one thread per element.
# Compile it to PTX: cargo run -q -p kernelc-cli -- compile examples/vector_add.py --arch sm_80
# Check its types:   cargo run -q -p kernelc-cli -- check examples/vector_add.py --emit types
# Run it (CPU device without a GPU; a = 0..999, b = 2a, so c = 3a):
#   cargo run -q -p kernelc-cli -- run examples/vector_add.py --kernel vector_add \
#       --grid 4 --block 256 examples/a.npy examples/b.npy examples/c.npy --out out
from numba import cuda


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def vector_add(a, b, c):
    i = cuda.grid(1)
    if i < c.size:
        c[i] = a[i] + b[i]
