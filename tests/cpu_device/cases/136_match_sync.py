"""136: cuda.match_any_sync and cuda.match_all_sync, with references
computed per warp in NumPy (a lane's mask has bit j set when lane j of its
warp takes part and holds the same bits)."""
import numpy as np
from harness import Case

NO_SIM = "Numba's simulator has no match_any_sync/match_all_sync (numba-cuda's own GPU tests check them)"


def any_masks(keys, active):
    """Per thread, the int32 mask of the active lanes of its warp whose key
    equals its own (`keys` compared as given)."""
    out = np.zeros(len(keys), np.int64)
    for i in range(len(keys)):
        if not active[i]:
            continue
        w = i // 32 * 32
        for j in range(w, min(w + 32, len(keys))):
            if active[j] and keys[j] == keys[i]:
                out[i] |= 1 << (j - w)
    return out.astype(np.uint32).view(np.int32)


def all_masks(keys):
    """Per thread: (-1, True) when its whole warp holds one key, else (0, False)."""
    m = np.zeros(len(keys), np.int32)
    p = np.zeros(len(keys), bool)
    for w in range(0, len(keys), 32):
        same = len(set(keys[w:w + 32])) == 1
        m[w:w + 32] = -1 if same else 0
        p[w:w + 32] = same
    return m, p


def bits(a):
    """The values as their bit patterns (match compares bits)."""
    return a.view(np.dtype(f"u{a.itemsize}")).tolist()


def match_any_int32(args):
    a, out = args
    out = out.copy()
    n = len(a)
    active = np.arange(len(out)) < n
    out[:n] = any_masks(a.tolist() + [0] * (len(out) - n), active)[:n]
    return {1: out}


def match_all_float64(args):
    a, anymask, allmask, same = args
    keys = bits(a)
    m, p = all_masks(keys)
    return {1: any_masks(keys, np.ones(len(a), bool)), 2: m, 3: p}


def match_types(args):
    a, b, c, d, e, out = args
    out = out.copy()
    every = np.ones(len(a), bool)
    out[:, 0] = any_masks(a.tolist(), every)
    out[:, 1] = any_masks(b.tolist(), every)
    out[:, 2] = any_masks(bits(c), every)
    # uint64 goes through float64, as numba-cuda's overload resolution
    # picks: values that round to one double match.
    out[:, 3] = any_masks(bits(d.astype(np.float64)), every)
    m, p = all_masks(e.tolist())
    out[:, 4] = m
    out[:, 5] = p
    return {5: out}


def _float64_warps(rng):
    same = np.full(32, 2.5)
    mixed = rng.integers(0, 4, 32).astype(np.float64)
    mixed[:4] = [0.0, -0.0, np.nan, np.nan]
    return np.concatenate([same, mixed])


def _types_args(rng):
    n = 64
    d = rng.integers(0, 3, n).astype(np.uint64) + np.uint64(2**60)
    d[::7] = np.uint64(2**60 + 1)  # rounds to 2**60 as a double
    e = np.full(n, 7, np.int64)
    e[40] = 8  # the second warp differs
    return [rng.integers(-3, 3, n).astype(np.int16), rng.integers(0, 3, n).astype(np.uint32) * np.uint32(2**31),
            rng.integers(-2, 2, n).astype(np.float32), d, e, np.zeros((n, 6), np.int32)]


CASES = [
    Case("136_match_sync.py", "match_any_int32", grid=(1,), block=(64,),
         args=lambda rng: [rng.integers(0, 3, 40).astype(np.int32), np.full(64, 99, np.int32)],
         expect=match_any_int32, numba_skip=NO_SIM),
    Case("136_match_sync.py", "match_all_float64", grid=(2,), block=(32,),
         args=lambda rng: [_float64_warps(rng), np.zeros(64, np.int32), np.zeros(64, np.int32),
                           np.zeros(64, bool)],
         expect=match_all_float64, numba_skip=NO_SIM),
    Case("136_match_sync.py", "match_types", grid=(2,), block=(32,),
         args=_types_args, expect=match_types, numba_skip=NO_SIM),
]
