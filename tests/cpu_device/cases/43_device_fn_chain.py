"""Nested device calls with early returns.  blur: 3-tap float32 blur with
clamped edges (the float32 sum / 3 is a float64 division).  search_rows: first
column equal to `value` per row, then thread 0 searches pos for 3; pos is
longer than m has rows so thread 0's scan reads only slots no other thread
writes (m has one row: race-free)."""
import numpy as np
from harness import Case

F = np.float32


def blur_expect(a):
    x = a[0]
    p = np.concatenate([x[:1], x, x[-1:]])
    s = p[:-2] + p[1:-1] + p[2:]
    return {1: (s.astype(np.float64) / 3).astype(F)}


def search_args(row, pos_tail):
    return lambda rng: [np.array([row], np.int32), np.int32(4), np.array([99] + pos_tail, np.int64)]


def search_expect(a):
    m, value, pos = a[0], a[1], a[2].copy()
    hits = np.nonzero(m[0] == value)[0]
    pos[0] = hits[0] if hits.size else -1
    threes = np.nonzero(pos == 3)[0]
    pos[0] = threes[0] if threes.size else -1
    return {2: pos}


CASES = [
    Case("43_device_fn_chain.py", "blur", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(100).astype(F), np.zeros(100, F)], expect=blur_expect),
    Case("43_device_fn_chain.py", "search_rows", grid=(1,), block=(32,),
         args=search_args([1, 4, 7, 4, 2], [5, 3, 3, -1]), expect=search_expect),
    Case("43_device_fn_chain.py", "search_rows", grid=(1,), block=(32,),
         args=search_args([1, 2, 3, 4, 5], [5, 3, 3, -1]), expect=search_expect, name="found_at_3"),
    Case("43_device_fn_chain.py", "search_rows", grid=(1,), block=(32,),
         args=search_args([0, 0, 0], [5, 6]), expect=search_expect, name="absent"),
]
