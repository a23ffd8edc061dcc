"""72: lazily specialised kernels whose signatures come from the file's
`# kernelc:` header.  scale multiplies a float32 vector in place (float32 *
float32); offset2d adds a float64 to every element of a matrix on a 2-d grid."""
import numpy as np
from harness import Case

CASES = [
    Case("72_lazy_kernel_header_sig.py", "scale", grid=(2,), block=(128,), sig="void(float32[:], float32)",
         args=lambda rng: [rng.standard_normal(200).astype(np.float32), np.float32(-1.7)],
         expect=lambda a: {0: a[0] * a[1]}),
    Case("72_lazy_kernel_header_sig.py", "offset2d", grid=(3, 2), block=(8, 16), sig="void(float64[:, ::1], float64)",
         args=lambda rng: [rng.standard_normal((20, 30)), np.float64(0.1)],
         expect=lambda a: {0: a[0] + a[1]}),
]
