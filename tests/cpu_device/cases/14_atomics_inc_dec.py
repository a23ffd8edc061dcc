"""Wrapping atomic inc/dec.  ring_counter: 100 threads inc slot 0 modulo
limit+1; each thread that saw old == limit decs slot 1 (wrapping at 0);
thread 0 incs slot 2 with limit 7.  The sequence of old values is fixed
whatever the order, so the totals are deterministic.  ring_counter64: exactly
two threads dec a uint64 counter (the two old values have different parity,
so each of slots 1, 2 is written once), crossing 0 -> limit and > limit."""
import numpy as np
from harness import Case


def inc(c, lim):
    return 0 if c >= lim else c + 1


def dec(c, lim):
    return lim if c == 0 or c > lim else c - 1


def ring_expect(nthreads):
    def expect(a):
        c = [int(v) for v in a[0]]
        lim = int(a[1])
        for _ in range(nthreads):
            old = c[0]
            c[0] = inc(c[0], lim)
            if old == lim:
                c[1] = dec(c[1], lim)
        c[2] = inc(c[2], 7)
        return {0: np.array(c, np.uint32)}
    return expect


def ring64_expect(a):
    c = [int(v) for v in a[0]]
    for _ in range(2):
        old = c[0]
        c[0] = dec(c[0], 100)
        c[1 + old % 2] = old
    return {0: np.array(c, np.uint64)}


def c64(v0):
    return lambda rng: [np.array([v0, 5, 5], np.uint64)]


CASES = [
    Case("14_atomics_inc_dec.py", "ring_counter", grid=(4,), block=(25,),
         args=lambda rng: [np.array([3, 1, 6], np.uint32), np.uint32(9)], expect=ring_expect(100)),
    Case("14_atomics_inc_dec.py", "ring_counter", grid=(2,), block=(64,),
         args=lambda rng: [np.array([50, 0, 9], np.uint32), np.uint32(12)], expect=ring_expect(128),
         name="above_limit"),
    Case("14_atomics_inc_dec.py", "ring_counter64", grid=(1,), block=(2,), args=c64(1), expect=ring64_expect),
    Case("14_atomics_inc_dec.py", "ring_counter64", grid=(2,), block=(1,), args=c64(101), expect=ring64_expect,
         name="above_limit"),
]
