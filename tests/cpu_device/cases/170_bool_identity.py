"""170: `is` / `is not` between booleans compares their values."""
import numpy as np
from harness import Case


def push_expect(a):
    stack = a[1].copy()
    if bool(a[0]):
        stack[0] = 1
        stack[1] = 1
    return {1: stack}


def ident_expect(a):
    f = a[0]
    i = np.arange(f.size)
    out = np.stack([f, f, f == (i > 1), ~f], axis=1).reshape(-1)
    return {1: out}


CASES = [
    Case("170_bool_identity.py", "push_if_true", grid=(1,), block=(1,),
         args=lambda rng: [np.bool_(True), np.array([0, 666], np.int64)], expect=push_expect),
    Case("170_bool_identity.py", "push_if_true", grid=(1,), block=(1,),
         args=lambda rng: [np.bool_(False), np.array([0, 666], np.int64)], expect=push_expect),
    Case("170_bool_identity.py", "identities", grid=(1,), block=(8,),
         args=lambda rng: [rng.integers(0, 2, 8).astype(np.bool_), np.zeros(32, np.bool_)],
         expect=ident_expect),
]
