"""Prefix sums.  block_scan: Hillis-Steele inclusive scan per 512-thread
block over 1300 int32 values (3 blocks, the last partial).
serial_exclusive_scan: one thread (of 128 launched) runs an exclusive scan;
`running` is float64 (0.0 + float32), each prefix is rounded to float32 on
store."""
import numpy as np
from harness import Case


def scan_expect(a):
    x = np.zeros(1536, np.int64)
    x[:1300] = a[0]
    return {1: np.cumsum(x.reshape(3, 512), axis=1).reshape(-1)[:1300].astype(np.int32)}


def serial_expect(a):
    x = a[0].astype(np.float64)
    running = np.concatenate([[0.0], np.cumsum(x)[:-1]])   # cumsum adds left to right in float64
    return {0: running.astype(np.float32)}


CASES = [
    Case("19_prefix_scan.py", "block_scan", grid=(3,), block=(512,),
         args=lambda rng: [rng.integers(-10**6, 10**6, 1300, dtype=np.int32), np.zeros(1300, np.int32)],
         expect=scan_expect),
    # multiples of 1/64: float32 and float64 running sums agree, so the simulator can check it
    Case("19_prefix_scan.py", "serial_exclusive_scan", grid=(2,), block=(64,),
         args=lambda rng: [(rng.integers(-640, 640, 300) / 64).astype(np.float32)],
         expect=serial_expect, name="dyadic"),
    Case("19_prefix_scan.py", "serial_exclusive_scan", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(300).astype(np.float32)], expect=serial_expect,
         numba_skip="the simulator adds np.float32 to the Python float 0.0 in float32 (NumPy 2 NEP 50); "
                    "Numba types `running` as float64"),
]
