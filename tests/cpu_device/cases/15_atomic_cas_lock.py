"""CAS spin lock: thread 0 of each of 7 blocks enters the critical section
once (total[0] counts blocks, total[1] sums blockIdx.x; the lock ends free).
claim_slot: per-thread CAS 0 -> ticket on its own slot, with a size guard."""
import numpy as np
from harness import Case


def slot_args(rng):
    s = rng.integers(0, 3, 90).astype(np.uint64)
    s[s == 2] = 2**64 - 1
    return [s, np.uint64(2**63 + 11)]


CASES = [
    Case("15_atomic_cas_lock.py", "locked_accumulate", grid=(7,), block=(32,),
         args=lambda rng: [np.zeros(1, np.int32), np.array([0.5, 2.0])],
         expect=lambda a: {0: np.zeros(1, np.int32), 1: np.array([7.5, 2.0 + 21])}),
    Case("15_atomic_cas_lock.py", "claim_slot", grid=(3,), block=(32,), args=slot_args,
         expect=lambda a: {0: np.where(a[0] == 0, a[1], a[0]).astype(np.uint64)}),
]
