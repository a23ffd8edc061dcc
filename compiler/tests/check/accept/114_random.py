# kernelc: --kernel draws --sig "void(Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)[::1], float32[:, ::1], float64[:, ::1])"
# kernelc: --kernel monte_carlo_pi --sig "void(Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)[::1], int64, float64[::1])"
# numba.cuda.random in kernels: each thread draws from its own xoroshiro128+
# generator (uniform and normal, float32 and float64), and the classic
# Monte Carlo estimate of pi from Numba's documentation.
from numba import cuda
from numba.cuda.random import (
    xoroshiro128p_normal_float32,
    xoroshiro128p_normal_float64,
    xoroshiro128p_uniform_float32,
    xoroshiro128p_uniform_float64,
)


@cuda.jit
def draws(states, f32, f64):
    i = cuda.grid(1)
    if i < states.shape[0]:
        for k in range(f32.shape[1] // 2):
            f32[i, 2 * k] = xoroshiro128p_uniform_float32(states, i)
            f64[i, 2 * k] = xoroshiro128p_uniform_float64(states, i)
            f32[i, 2 * k + 1] = xoroshiro128p_normal_float32(states, i)
            f64[i, 2 * k + 1] = xoroshiro128p_normal_float64(states, i)


@cuda.jit
def monte_carlo_pi(rng_states, iterations, out):
    thread_id = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, thread_id)
        y = xoroshiro128p_uniform_float32(rng_states, thread_id)
        if x**2 + y**2 <= 1.0:
            inside += 1
    out[thread_id] = 4.0 * inside / iterations
