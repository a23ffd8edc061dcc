"""131: a record array in constant memory (a packed record). References
computed with NumPy."""
import numpy as np
from harness import Case

TABLE = np.array([(0.5, 3), (-2.0, -1), (4.25, 7), (1.0, 0)],
                 dtype=np.dtype([("w", np.float64), ("k", np.int8)]))


def weights(args):
    ks, out = args
    out = out.copy()
    for i in range(ks.size):
        r = TABLE[ks[i] % 4]
        out[i] = r["w"] * r["k"] + len(TABLE)
    return {1: out}


CASES = [
    Case("131_record_const.py", "weights", grid=(2,), block=(32,),
         args=lambda rng: [rng.integers(0, 1000, 50), np.zeros(50)],
         expect=weights, consts={"TABLE": TABLE}),
]
