"""114: numba.cuda.random's xoroshiro128+ draws, against a Python model of
numba-cuda's algorithm: the uniform draws and the states bit for bit, the
normal draws (Box-Muller through float32 log and cos) to float32 rounding;
and the Monte Carlo estimate of pi."""
import numpy as np
from harness import Case

STATES = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)
MASK = (1 << 64) - 1


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Generator:
    """numba-cuda's xoroshiro128p_next and its conversions, on Python ints."""

    def __init__(self, s0, s1):
        self.s0, self.s1 = int(s0), int(s1)

    def next(self):
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & MASK
        s1 ^= s0
        self.s0 = rotl(s0, 55) ^ s1 ^ ((s1 << 14) & MASK)
        self.s1 = rotl(s1, 36)
        return result

    def uniform64(self):
        return np.float64(self.next() >> 11) * np.float64(2.0 ** -53)

    def uniform32(self):
        return np.float32(self.uniform64())

    def normal(self, dtype):
        u1, u2 = self.uniform32(), self.uniform32()
        if dtype == np.float32:
            two_pi = np.float32(2 * np.pi)
            return np.sqrt(np.float32(-2.0) * np.log(u1)) * np.cos(two_pi * u2)
        return np.sqrt(-2.0 * np.float64(np.log(u1))) * np.cos(2 * np.pi * np.float64(u2))


def make_states(rng, n):
    s = np.zeros(n, STATES)
    s["s0"] = rng.integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    s["s1"] = rng.integers(0, 2**63, n, dtype=np.uint64)
    return s


def draws(args):
    states, f32, f64 = args
    states, f32, f64 = states.copy(), f32.copy(), f64.copy()
    for i in range(states.shape[0]):
        g = Generator(states[i]["s0"], states[i]["s1"])
        for k in range(f32.shape[1] // 2):
            f32[i, 2 * k] = g.uniform32()
            f64[i, 2 * k] = g.uniform64()
            f32[i, 2 * k + 1] = g.normal(np.float32)
            f64[i, 2 * k + 1] = g.normal(np.float64)
        states[i] = (g.s0, g.s1)
    return {0: states, 1: f32, 2: f64}


def uniform_exact(inputs, outputs):
    """The uniform draws (even columns) are exact: no rounding but the
    generator's own."""
    want = draws(inputs)
    for pos in (1, 2):
        got, ref = outputs[pos][:, ::2], want[pos][:, ::2]
        assert (got == ref).all(), f"uniform draws differ: {got[got != ref][:3]} vs {ref[got != ref][:3]}"


def pi_estimates(args):
    states, iterations, out = args
    out = out.copy()
    for i in range(states.shape[0]):
        g = Generator(states[i]["s0"], states[i]["s1"])
        inside = 0
        for _ in range(iterations):
            x, y = g.uniform32(), g.uniform32()
            if x**2 + y**2 <= 1.0:
                inside += 1
        out[i] = 4.0 * inside / iterations
    return {2: out}


CASES = [
    Case("114_random.py", "draws", grid=(2,), block=(32,),
         args=lambda rng: [make_states(rng, 50), np.zeros((50, 6), np.float32),
                           np.zeros((50, 6))],
         expect=draws, rtol=2e-6, verify=uniform_exact),
    Case("114_random.py", "monte_carlo_pi", grid=(1,), block=(64,),
         args=lambda rng: [make_states(rng, 64), 200, np.zeros(64)],
         expect=pi_estimates),
]
