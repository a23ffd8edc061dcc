# Black-Scholes European option pricing (the classic CUDA sample).
import math

from numba import cuda

RSQRT2 = 1.0 / math.sqrt(2.0)


@cuda.jit(device=True)
def cnd(d):
    return 0.5 * (1.0 + math.erf(d * RSQRT2))


@cuda.jit("void(float64[::1], float64[::1], float64[::1], float64[::1], float64[::1], float64, float64)")
def black_scholes(call, put, stock, strike, years, rate, vol):
    i = cuda.grid(1)
    if i >= stock.shape[0]:
        return
    s = stock[i]
    x = strike[i]
    t = years[i]
    sqrt_t = math.sqrt(t)
    d1 = (math.log(s / x) + (rate + 0.5 * vol * vol) * t) / (vol * sqrt_t)
    d2 = d1 - vol * sqrt_t
    cnd_d1 = cnd(d1)
    cnd_d2 = cnd(d2)
    exp_rt = math.exp(-rate * t)
    call[i] = s * cnd_d1 - x * exp_rt * cnd_d2
    put[i] = x * exp_rt * (1.0 - cnd_d2) - s * (1.0 - cnd_d1)
