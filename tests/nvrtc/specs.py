"""The launches of the NVRTC suite: one Spec per kernel launch, each with a
NumPy reference computed from the inputs (see spec.py for the format)."""

from __future__ import annotations

import math
from typing import List

import numpy as np

from spec import Spec, fma32, fma64, f32

I32, U32, I64, U64, F32, F64 = np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64
M32 = (1 << 32) - 1
M64 = (1 << 64) - 1


def s32(v: int) -> int:
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v: int) -> int:
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def cdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def cmod(a: int, b: int) -> int:
    return a - b * cdiv(a, b)


def ints(rng, lo, hi, n, dtype=I32):
    return rng.integers(lo, hi, n, endpoint=True).astype(dtype)


SPECS: List[Spec] = []


def add(spec: Spec) -> None:
    SPECS.append(spec)


# ---------------------------------------------------------------- saxpy.cu

def _saxpy_args(rng):
    n = 1000
    return [I32(n), F32(1.75), rng.standard_normal(n).astype(F32), rng.standard_normal(n).astype(F32)]


add(Spec("saxpy.cu", "saxpy", grid=(2,), block=(128,), args=_saxpy_args,
         expect=lambda a: {3: fma32(a[1], a[2], a[3])},
         what="1-D grid-stride loop, scalar params, ld.global.nc, a*x+y contracted to fma.rn.f32 (checked bit-exact)"))


def _vec4_args(rng):
    n4 = 300
    return [rng.standard_normal(4 * n4).astype(F32), np.zeros(4 * n4 + 4, F32), I32(n4), F32(-0.3)]


def _vec4_expect(a):
    out = a[1]
    out[: a[0].size] = a[0] * a[3]
    return {1: out}


add(Spec("saxpy.cu", "scale_vec4", grid=(3,), block=(128,), args=_vec4_args, expect=_vec4_expect,
         what="float4 loads/stores (ld.global.nc.v4.f32, st.global.v4.f32), bounds guard"))

# ---------------------------------------------------------------- index_2d_3d.cu

def _affine_args(rng):
    rows, cols = 37, 50
    return [ints(rng, -10**6, 10**6, rows * cols).reshape(rows, cols), np.zeros((rows, cols), I32), I32(rows), I32(cols)]


def _affine_expect(a):
    rows, cols = a[0].shape
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    return {1: (3 * a[0].astype(np.int64) + 1000 * r - c).astype(I32)}


add(Spec("index_2d_3d.cu", "affine2d", grid=(4, 5), block=(16, 8), args=_affine_args, expect=_affine_expect,
         what="2-D indexing (blockIdx.y/threadIdx.y), partial blocks on both axes"))


def _stencil_args(rng):
    nx, ny, nz = 20, 10, 6
    return [ints(rng, -1000, 1000, nx * ny * nz), np.zeros(nx * ny * nz, I32), I32(nx), I32(ny), I32(nz)]


def _stencil_expect(a):
    nx, ny, nz = int(a[2]), int(a[3]), int(a[4])
    g = a[0].reshape(nz, ny, nx).astype(np.int64)
    s = 6 * g
    s[:, :, 1:] -= g[:, :, :-1]
    s[:, :, :-1] -= g[:, :, 1:]
    s[:, 1:, :] -= g[:, :-1, :]
    s[:, :-1, :] -= g[:, 1:, :]
    s[1:, :, :] -= g[:-1, :, :]
    s[:-1, :, :] -= g[1:, :, :]
    return {1: s.reshape(-1).astype(I32)}


add(Spec("index_2d_3d.cu", "stencil7", grid=(3, 3, 3), block=(8, 4, 2), args=_stencil_args,
         expect=_stencil_expect, what="3-D indexing (x,y,z), early return, 7-point stencil with edge checks"))

# ---------------------------------------------------------------- matmul_tiled.cu

def _mm_args(rng):
    M, N, K = 50, 36, 40
    A = rng.integers(-4, 4, (M, K), endpoint=True).astype(F32)
    B = rng.integers(-4, 4, (K, N), endpoint=True).astype(F32)
    return [A, B, np.zeros((M, N), F32), I32(M), I32(N), I32(K)]


add(Spec("matmul_tiled.cu", "matmul_tiled", grid=(3, 4), block=(16, 16), args=_mm_args,
         expect=lambda a: {2: (a[0].astype(F64) @ a[1].astype(F64)).astype(F32)},
         what="static __shared__ 16x16 tiles, __syncthreads, 2-D grid, edge tiles (integer-valued floats: exact)"))

# ---------------------------------------------------------------- block_reduce.cu

def _bsum_args(rng):
    return [ints(rng, -1000, 1000, 10000), np.zeros(8, I32), I32(10000)]


def _bsum_expect(a):
    x = a[0].astype(np.int64)
    blk = (np.arange(x.size) % (8 * 256)) // 256
    return {1: np.bincount(blk, weights=x, minlength=8).astype(np.int64).astype(I32)}


add(Spec("block_reduce.cu", "block_sum", grid=(8,), block=(256,), args=_bsum_args, expect=_bsum_expect,
         what="grid-stride accumulate, shared tree reduction, volatile shared + __syncwarp last warp"))

# ---------------------------------------------------------------- transpose.cu

def _tr_args(rng):
    rows, cols = 70, 45
    return [rng.standard_normal((rows, cols)).astype(F32), np.zeros((cols, rows), F32), I32(rows), I32(cols)]


add(Spec("transpose.cu", "transpose", grid=(2, 3), block=(32, 8), args=_tr_args,
         expect=lambda a: {1: np.ascontiguousarray(a[0].T)},
         what="32x33 padded shared tile, loops over BLOCK_ROWS, non-square matrix with partial tiles"))

# ---------------------------------------------------------------- dynamic_shared.cu

def _dyn_args(rng):
    n = 4 * 128
    return [rng.standard_normal(n).astype(F32), np.zeros(n, F32), ints(rng, -50, 50, n), np.zeros(n, I32)]


def _dyn_expect(a):
    f = a[0].reshape(4, 128)[:, ::-1].reshape(-1)
    s = np.cumsum(a[2].reshape(4, 128).astype(np.int64), axis=1).reshape(-1).astype(I32)
    return {1: f.copy(), 3: s}


add(Spec("dynamic_shared.cu", "reverse_and_scan", grid=(4,), block=(128,), shared=128 * 12, args=_dyn_args,
         expect=_dyn_expect,
         what="extern __shared__ carved into float + int arrays, double-buffered Hillis-Steele scan"))

# ---------------------------------------------------------------- warp_shuffle.cu

def _shfl_args(rng):
    n = 128
    return [ints(rng, -100, 100, n), rng.standard_normal(n), np.zeros(n, I32), np.zeros(n, I32),
            np.zeros(n, I32), np.zeros(n, I32), np.zeros(n, I32), np.zeros(n, F32), np.zeros(n, F64)]


def _shfl_expect(a):
    v = a[0].reshape(-1, 32).astype(np.int64)
    lane = np.arange(32)
    s = v.copy()
    for o in (16, 8, 4, 2, 1):
        src = lane + o
        s = s + np.where(src < 32, s[:, np.minimum(src, 31)], s)
    xmax = np.repeat(v.max(axis=1, keepdims=True), 32, axis=1)
    gather = v[:, (lane * 7 + 3) & 31]
    sub = v[:, (lane // 8) * 8 + 2]
    scan = np.cumsum(v, axis=1)
    f = (a[0].astype(F32) * F32(0.5)).reshape(-1, 32)
    fd = np.where(lane + 5 < 32, f[:, np.minimum(lane + 5, 31)], f)
    dr = a[1].reshape(-1, 32)[:, 31 - lane]
    r = lambda x, t: x.reshape(-1).astype(t)
    return {2: r(s, I32), 3: r(xmax, I32), 4: r(gather, I32), 5: r(sub, I32), 6: r(scan, I32),
            7: r(fd, F32), 8: r(dr, F64)}


add(Spec("warp_shuffle.cu", "warp_shuffle", grid=(2,), block=(64,), args=_shfl_args, expect=_shfl_expect,
         what="__shfl_down_sync (out-of-range lanes keep own value), __shfl_xor_sync, __shfl_sync (any lane, width 8), "
              "__shfl_up_sync scan, float and double shuffles"))

# ---------------------------------------------------------------- warp_vote.cu

def _vote_args(rng):
    w = [
        rng.integers(1, 90, 32),            # all positive, none big
        rng.integers(-100, -1, 32),         # all negative
        rng.integers(-100, 100, 32),        # mixed
        np.where(np.arange(32) == 17, 95, rng.integers(0, 50, 32)),  # one big, all >= 0
        np.zeros(32, np.int64),             # all zero: ballot 0
        rng.integers(-5, 100, 32),          # mostly positive
    ]
    v = np.concatenate(w).astype(I32)
    n = v.size
    return [v, np.zeros(n, U32), np.zeros(n, I32), np.zeros(n, I32), np.zeros(n, I32), np.zeros(n, I32),
            np.zeros(n, I32), np.zeros(n, I32), np.zeros(n, U32)]


def _vote_expect(a):
    v = a[0].reshape(-1, 32).astype(np.int64)
    nw = v.shape[0]
    ballot, anyb, allnn, popc, ffs, clz, rank, low = ([0] * (nw * 32) for _ in range(8))
    for w in range(nw):
        b = sum(1 << l for l in range(32) if v[w, l] > 0)
        lb = sum(1 << l for l in range(20) if v[w, l] & 1)
        for l in range(32):
            g = w * 32 + l
            ballot[g] = b
            anyb[g] = int(any(v[w] > 90))
            allnn[g] = int(all(v[w] >= 0))
            popc[g] = bin(b).count("1")
            ffs[g] = (b & -b).bit_length()
            clz[g] = 32 - b.bit_length()
            rank[g] = bin(b & ((1 << l) - 1)).count("1") if v[w, l] > 0 else -1
            low[g] = lb if l < 20 else 0xDEADBEEF
    return {1: np.array(ballot, U32), 2: np.array(anyb, I32), 3: np.array(allnn, I32), 4: np.array(popc, I32),
            5: np.array(ffs, I32), 6: np.array(clz, I32), 7: np.array(rank, I32), 8: np.array(low, U32)}


add(Spec("warp_vote.cu", "warp_vote", grid=(2,), block=(96,), args=_vote_args, expect=_vote_expect,
         what="__ballot_sync/__any_sync/__all_sync, __popc/__ffs/__clz, lane rank, ballot under a partial mask"))

# ---------------------------------------------------------------- atomics.cu

def _acc_args(rng):
    n = 3000
    return [ints(rng, -1000, 1000, n), (rng.integers(-64, 64, n) / 4).astype(F32),
            rng.integers(-10**6, 10**6, n) / 1024.0, I32(n),
            np.zeros(1, I32), np.zeros(1, F32), np.zeros(1, F64), np.array([-(2**31)], I32),
            np.array([2**31 - 1], I32), np.zeros(1, U64), np.array([0, M32, 0], U32), np.array([5], I32)]


def _acc_expect(a):
    v = [int(x) for x in a[0]]
    b0, b1, b2 = 0, M32, 0
    for x in v:
        b0 |= 1 << (x & 31)
        b1 &= ~(1 << ((x >> 5) & 31)) & M32
        b2 ^= x & M32
    return {4: np.array([s32(sum(v))], I32), 5: np.array([a[1].astype(F64).sum()], F32),
            6: np.array([math.fsum(a[2])], F64), 7: np.array([max(v)], I32), 8: np.array([min(v)], I32),
            9: np.array([sum((x & M32) * 4096 for x in v) & M64], U64), 10: np.array([b0, b1, b2], U32),
            11: np.array([s32(5 - sum(v))], I32)}


add(Spec("atomics.cu", "atomic_accumulate", grid=(12,), block=(256,), args=_acc_args, expect=_acc_expect,
         what="atomicAdd int/float/double/u64, atomicMax/Min/Or/And/Xor/Sub (order-independent inputs)"))


def _incx_args(rng):
    n = 256
    return [np.zeros(1, U32), U32(99), np.zeros(n, U32), np.zeros(1, I32), np.zeros(n, I32),
            np.full(n // 4, -1, I32), np.zeros(n, I32)]


def _incx_check(a, out):
    n = 256
    inc_old = np.sort(out[2].reshape(-1))
    assert np.array_equal(inc_old, np.sort(np.arange(n) % 100).astype(U32)), \
        f"atomic_inc_exch: atomicInc old values {inc_old.tolist()} are not 0..99 cycling"
    seen = np.sort(np.concatenate([out[4].reshape(-1), out[3].reshape(-1)]))
    assert np.array_equal(seen, np.arange(n + 1)), "atomic_inc_exch: atomicExch old values + final slot != 0..n"
    owner, claimed = out[5].reshape(-1), out[6].reshape(-1)
    i = np.arange(n)
    assert np.all((owner >= 4 * np.arange(n // 4)) & (owner < 4 * np.arange(n // 4) + 4)), \
        f"atomic_inc_exch: atomicCAS owners {owner.tolist()}"
    assert np.array_equal(claimed, (owner[i // 4] == i).astype(I32)), "atomic_inc_exch: claimed != owner"


add(Spec("atomics.cu", "atomic_inc_exch", grid=(4,), block=(64,), args=_incx_args,
         expect=lambda a: {0: np.array([256 % 100], U32)}, check=_incx_check, checked_by_check=(2, 3, 4, 5, 6),
         what="atomicInc wrap (limit 99), atomicExch chain, atomicCAS claiming; old values checked as multisets"))


def _cas_args(rng):
    n = 2000
    return [rng.integers(-8000, 8000, n) / 8.0, rng.standard_normal(n).astype(F32), I32(n),
            np.array([0.25], F64), np.array([-1e30], F32)]


add(Spec("atomics.cu", "atomic_cas_loops", grid=(4,), block=(128,), args=_cas_args,
         expect=lambda a: {3: np.array([0.25 + math.fsum(a[0])], F64), 4: np.array([a[1].max()], F32)},
         what="atomicCAS loops: 64-bit CAS double add, 32-bit CAS float max (with early break)"))

# ---------------------------------------------------------------- int_arith.cu

def _int_args(rng):
    n = 300
    a = rng.integers(-(2**31) + 1, 2**31 - 1, n)
    a[:8] = [0, -1, 1, 2**31 - 1, -(2**31) + 1, -7, 7, -100]
    b = rng.integers(-(2**31) + 1, 2**31 - 1, n)
    small = rng.integers(-40, 40, n)
    b[n // 2:] = small[n // 2:]
    b[:8] = [-1, 3, -3, -2, 5, 2, -2, 7]
    b[b == 0] = 13
    la = rng.integers(-(2**63) + 1, 2**63 - 1, n, dtype=np.int64)
    la[n // 2:] //= 2**33
    lb = rng.integers(-(2**63) + 1, 2**63 - 1, n, dtype=np.int64)
    lb[n // 3:] = rng.integers(-1000, 1000, n - n // 3)
    lb[lb == 0] = -9
    la[:4] = [0, -1, 2**63 - 1, -(2**63) + 1]
    lb[:4] = [-1, 7, -2, 3]
    return [a.astype(I32), b.astype(I32), la, lb, np.zeros((16, n), I32), np.zeros((8, n), I64), I32(n)]


def _bitrev32(v):
    return int(f"{v & M32:032b}"[::-1], 2)


def _int_expect(a):
    n = int(a[6])
    o32 = np.zeros((16, n), I32)
    o64 = np.zeros((8, n), I64)
    for i in range(n):
        x, y = int(a[0][i]), int(a[1][i])
        ux, uy = x & M32, y & M32
        sh = y & 31
        ffs = (ux & -ux).bit_length()
        clz = 32 - ux.bit_length()
        r = [cdiv(x, y), cmod(x, y), x >> sh, ux >> sh, (ux << sh) & M32, (ux * uy + 0x9E3779B9) & M32,
             ux // (uy | 1), ux % (uy | 1), (x * y) >> 32, (ux * uy) >> 32, cdiv(x, 7), cmod(x, -5),
             abs(x) - min(x, y) + max(x, y), bin(ux).count("1") * 100 + clz + 1000 * ffs, _bitrev32(ux),
             -1 if s32(ux - uy - 1) < 0 else 1]
        for k, v in enumerate(r):
            o32[k, i] = s32(v)
        p, q = int(a[2][i]), int(a[3][i])
        up, uq = p & M64, q & M64
        r = [cdiv(p, q), cmod(p, q), p * q, p >> (q & 63), up >> (q & 63), up // (uq | 1),
             x * y + ((up * uq) >> 64), bin(up).count("1") + 100 * (64 - up.bit_length()) + (ux << 20)]
        for k, v in enumerate(r):
            o64[k, i] = s64(v)
    return {4: o32, 5: o64}


add(Spec("int_arith.cu", "int_arith", grid=(3,), block=(128,), args=_int_args, expect=_int_expect,
         what="C truncating / and % with negatives, arithmetic vs logical shifts, u32 wrap, mulhi/umulhi/umul64hi, "
              "64-bit / % * >>, popc/clz/ffs/brev"))

# ---------------------------------------------------------------- float_math.cu

def _fm_args(rng):
    n = 512
    x = rng.uniform(-10, 10, n).astype(F32)
    y = rng.uniform(0.1, 10, n).astype(F32)
    z = rng.uniform(-10, 10, n).astype(F32)
    z[rng.random(n) < 0.25] = np.nan
    return [x, y, z, np.zeros((16, n), F32), I32(n)]


def _fm_expect(a):
    x, y, z = a[0], a[1], a[2]
    X, Y = x.astype(F64), y.astype(F64)
    rows = [
        np.sqrt(np.abs(X)), np.exp(X), np.log(Y), np.sin(X), np.cos(X), np.tanh(X),
        np.power(Y, (x * F32(0.5)).astype(F64)), np.fmin(x, z), np.fmax(x, z),
        np.floor((x * F32(3)).astype(F32)), X / Y, 1 / np.sqrt(Y), x / y, fma32(x, y, F32(1)),
        np.ceil(x) + np.trunc(y * F32(0.75)), np.copysign(y, x) + np.abs(x),
    ]
    return {3: np.stack([np.asarray(r).astype(F32) for r in rows])}


# CUDA C Programming Guide, single-precision maximum ulp errors (default flags)
_FM_ULP = np.array([0, 2, 1, 2, 2, 2, 4, 0, 0, 0, 2, 2, 0, 0, 0, 0], F64)[:, None]

add(Spec("float_math.cu", "float_math", grid=(4,), block=(128,), args=_fm_args, expect=_fm_expect,
         ulp={3: _FM_ULP},
         what="sqrtf expf logf sinf cosf tanhf powf fminf/fmaxf (NaN) floorf __fdividef rsqrtf / fmaf ceilf truncf "
              "copysignf within the documented ulp bounds"))

# --use_fast_math: .approx.ftz instructions; tolerances from the PTX ISA / Programming Guide
_FAST_RTOL = np.array([1e-6, 2e-6, 1e-6, 0, 0, 1e-3, 4e-6, 0, 0, 0, 1e-6, 1e-6, 1e-6, 0, 0, 0], F64)[:, None]
_FAST_ATOL = np.array([0, 0, 5e-7, 2e-6, 2e-6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], F64)[:, None]

add(Spec("float_math.cu", "float_math", name="float_math_fastmath", options=("--use_fast_math",), grid=(4,),
         block=(128,), args=_fm_args, expect=_fm_expect, tol={3: (_FAST_RTOL, _FAST_ATOL)},
         what="the same kernel with --use_fast_math: sqrt/div/rsqrt/ex2/lg2/sin/cos/tanh .approx(.ftz)"))

# ---------------------------------------------------------------- double_math.cu

def _dm_args(rng):
    n = 256
    return [rng.uniform(-10, 10, n), rng.uniform(0.1, 10, n), np.zeros((12, n), F64), I32(n)]


def _dm_expect(a):
    x, y = a[0], a[1]
    rows = [x / y, np.sqrt(y), fma64(x, y, -1.0), np.exp(x), np.log(y), np.sin(x), np.cos(x),
            np.power(y, x * 0.5), np.tanh(x), np.floor(x * 3.0) + np.fmin(x, y) - np.fmax(x, -y),
            np.arctan2(x, y), x.astype(F32).astype(F64) * y - x * y]
    return {2: np.stack(rows)}


# documented CUDA double-precision bounds + 1 for the host libm's own error
_DM_ULP = np.array([0, 0, 0, 2, 2, 3, 3, 3, 2, 0, 3, 0], F64)[:, None]

add(Spec("double_math.cu", "double_math", grid=(2,), block=(128,), args=_dm_args, expect=_dm_expect,
         ulp={2: _DM_ULP},
         what="double / sqrt fma exactly rounded; exp log sin cos pow tanh atan2 within ulp bounds; fmin/fmax/floor"))

# ---------------------------------------------------------------- conversions.cu

_SPECIAL_F = [np.nan, np.inf, -np.inf, 3e9, -3e9, 5e9, 4e9, 2.5, -2.5, 0.5, -0.5, 1.5, -1.5, -0.0, -1.0,
              0.49999997, 2147483520.0, -2147483648.0, 16777217.0, 1e-30, -0.7, 0.99999994, 1.0000001]


def _cv_args(rng):
    n = 256
    f = rng.uniform(-1000, 1000, n).astype(F32)
    f[40:80] = (rng.integers(-200, 200, 40) + 0.5).astype(F32)
    f[: len(_SPECIAL_F)] = np.array(_SPECIAL_F, F32)
    iv = rng.integers(-(2**31), 2**31 - 1, n).astype(I32)
    iv[:6] = [0, -1, 2**31 - 1, -(2**31), 16777217, -16777219]
    lv = rng.integers(-(2**63), 2**63 - 1, n, dtype=np.int64)
    lv[:4] = [0, -1, 2**63 - 1, -(2**63)]
    return [f, iv, lv, np.zeros((8, n), I32), np.zeros((6, n), F32), np.zeros((2, n), F64), I32(n)]


def _sat_int(v, lo, hi):
    """PTX cvt.*i.s32/u32/s64.f32: saturate to [lo, hi], NaN -> 0."""
    if math.isnan(v):
        return 0
    if v == math.inf:
        return hi
    if v == -math.inf:
        return lo
    return max(lo, min(hi, int(v)))


def _round_half_even(v):
    return v if not math.isfinite(v) else float(round(v))


def _round_half_away(v):
    if not math.isfinite(v):
        return v
    return float(math.floor(abs(v) + 0.5) * (1 if v >= 0 else -1)) if abs(v) < 2**23 else v


def _cv_expect(a):
    f, iv, lv = a[0], a[1], a[2]
    n = f.size
    oi = np.zeros((8, n), I32)
    of = np.zeros((6, n), F32)
    od = np.zeros((2, n), F64)
    IMIN, IMAX = -(2**31), 2**31 - 1
    for i in range(n):
        x = float(f[i])
        fl = (lambda g: g(x) if math.isfinite(x) else x)
        oi[0, i] = _sat_int(math.trunc(x) if math.isfinite(x) else x, IMIN, IMAX)
        oi[1, i] = _sat_int(_round_half_even(x), IMIN, IMAX)
        oi[2, i] = _sat_int(fl(math.floor), IMIN, IMAX)
        oi[3, i] = _sat_int(fl(math.ceil), IMIN, IMAX)
        oi[4, i] = s32(_sat_int(math.trunc(x) if math.isfinite(x) else x, 0, M32))
        oi[5, i] = s32(_sat_int(_round_half_even(x), -(2**63), 2**63 - 1))
        oi[6, i] = _sat_int(_round_half_away(x), IMIN, IMAX)
        v = int(iv[i])
        oi[7, i] = s32(int(np.int32(v).astype(np.int16)) + int(np.int32(v).astype(np.int8)) * 65536 + ((v >> 8) & 0xFF))
        # int -> float round toward zero
        r = np.float32(v)
        if abs(int(r)) > abs(v):
            r = np.nextafter(r, np.float32(0))
        of[3, i] = r
        sat = 0.0 if math.isnan(x) else min(max(x, 0.0), 1.0)
        of[4, i] = np.float32(np.rint(f[i])) + np.float32(sat)
    of[0] = iv.astype(F32)
    of[1] = iv.view(U32).astype(F32)
    of[2] = lv.astype(F32)
    of[5] = (f.astype(F64) * 1.0000001).astype(F32)
    od[0] = lv.astype(F64)
    od[1] = lv.view(U64).astype(F64) + f.astype(F64)
    return {3: oi, 4: of, 5: od}


add(Spec("conversions.cu", "conversions", grid=(2,), block=(128,), args=_cv_args, expect=_cv_expect,
         what="cvt.rzi/rni/rmi/rpi s32/u32/s64 from f32 with PTX saturation and NaN->0, int->float RN and RZ, "
              "sign/zero extension of short/char, __saturatef, rintf/roundf, f64<->f32, u64->f64"))

# ---------------------------------------------------------------- local_array.cu

def _la_args(rng):
    n = 100
    return [ints(rng, -50, 50, n * 8), ints(rng, 0, 1000, n * 8), np.zeros(n * 8, I32), np.zeros(n, I32), I32(n)]


def _la_expect(a):
    v = a[0].reshape(-1, 8).astype(np.int64)
    idx = a[1].reshape(-1, 8) & 7
    w = np.arange(1, 9)
    perm = (np.take_along_axis(v, idx, axis=1) * w).sum(axis=1)
    return {2: np.sort(v, axis=1).reshape(-1).astype(I32), 3: perm.astype(I32)}


add(Spec("local_array.cu", "local_sort", grid=(1,), block=(128,), args=_la_args, expect=_la_expect,
         what="per-thread local int[8] with run-time indices (ld/st.local, .v2/.v4), insertion sort"))

# ---------------------------------------------------------------- const_mem.cu

_crng = np.random.default_rng(7)
_TAPS = (_crng.integers(-16, 16, 9) / 8).astype(F32)
_BIAS = _crng.integers(-100, 100, 4).astype(I32)


def _conv_args(rng):
    n = 300
    return [ints(rng, -20, 20, n, F32), np.zeros(n, F32), I32(n)]


def _conv_expect(a):
    x = a[0].astype(F64)
    n = x.size
    out = np.zeros(n, F64)
    for k in range(9):
        j = np.clip(np.arange(n) + k - 4, 0, n - 1)
        out += _TAPS[k].astype(F64) * x[j]
    out += _BIAS[np.arange(n) & 3]
    return {1: out.astype(F32)}


add(Spec("const_mem.cu", "conv1d_const", grid=(3,), block=(128,), args=_conv_args, expect=_conv_expect,
         consts={"taps": _TAPS, "bias": _BIAS},
         what="__constant__ float[9] and int[4] filled by the host (ld.const), clamped 1-D convolution"))

# ---------------------------------------------------------------- printf.cu

def _pf_args(rng):
    n = 40
    return [ints(rng, -1000, 1000, n), (rng.standard_normal(n) * 100).astype(F32), I32(n)]


def _pf_lines(a):
    out = []
    for i in range(int(a[2])):
        if i % 8 == 0:
            v = int(a[0][i])
            out.append(f"blk {i // 32} thr {i % 32} i={i} v={v} hex={v & M32:x} big={v * 1000000007} "
                       f"f={float(a[1][i]):.3f}")
    return out


add(Spec("printf.cu", "print_values", grid=(2,), block=(32,), args=_pf_args, expect=lambda a: {},
         stdout=_pf_lines, stdout_prefix="blk ",
         what="device printf (vprintf) with %d %u %x %lld %.3f; float promoted to double"))

# ---------------------------------------------------------------- noinline.cu

def _call_args(rng):
    n = 200
    ua = rng.integers(0, 10**6, n).astype(U32)
    ub = rng.integers(0, 10**6, n).astype(U32)
    ua[:3] = [0, 12, 0]
    ub[:3] = [0, 0, 18]
    ub[3:60] = ua[3:60] // rng.integers(1, 9, 57).astype(U32) * U32(3)
    return [ints(rng, 1, 10000, n), ua, ub, rng.standard_normal(6).astype(F32), rng.uniform(-2, 2, n).astype(F32),
            np.zeros(n, I32), np.zeros(n, U32), np.zeros(n, F32), I32(n)]


def _collatz(v, limit):
    s = 0
    while v != 1:
        if s >= limit:
            break
        v = 3 * v + 1 if v & 1 else v // 2
        s += 1
    return s


def _call_expect(a):
    n = int(a[8])
    steps = np.array([_collatz(int(v), 200) for v in a[0]], I32)
    g = np.array([math.gcd(int(p), int(q)) for p, q in zip(a[1], a[2])], U32)
    c = a[3]
    poly = np.zeros(n, F32)
    for i in range(n):
        r = c[5]
        for k in range(4, -1, -1):
            r = F32(F32(r * a[4][i]) + c[k])
        poly[i] = r
    return {5: steps, 6: g, 7: poly}


add(Spec("noinline.cu", "calls", grid=(2,), block=(128,), args=_call_args, expect=_call_expect,
         options=("-default-device",),
         what="__noinline__ calls (call.uni, .param), recursion (gcd), while+break, -default-device helper, "
              "__fmul_rn/__fadd_rn Horner"))

# ---------------------------------------------------------------- recursion.cu

def _rec_args(rng):
    n = 96
    x = ints(rng, 0, 1000, n)
    return [x, np.zeros(n, np.int64), np.zeros(n, I32), I32(n)]


def _rec_expect(a):
    fib = [0, 1]
    while len(fib) < 20:
        fib.append(fib[-1] + fib[-2])
    x = a[0].astype(np.int64)
    k = x % 12
    return {1: np.array([fib[v % 20] for v in x], np.int64), 2: (k * (k + 1) // 2).astype(I32)}


add(Spec("recursion.cu", "recursion", grid=(3,), block=(32,), args=_rec_args, expect=_rec_expect,
         what="recursive calls (call.uni of the caller itself), a local array per activation in the "
              "stack frame (__local_depot, %SP) whose address is passed to the next call"))

# ---------------------------------------------------------------- control_flow.cu

def _row_args(rng):
    rows, cols = 50, 20
    m = rng.integers(-5, 20, (rows, cols))
    hit = rng.random((rows, cols)) < 0.06
    m[hit] = 99
    return [m.astype(I32), I32(cols), np.zeros(rows, I32), np.zeros(rows, I32), np.zeros(rows, I32), I32(rows)]


def _row_expect(a):
    rows = int(a[5])
    c, s, w = np.zeros(rows, I32), np.zeros(rows, I32), np.full(rows, -1, I32)
    for r in range(rows):
        for k, v in enumerate(a[0][r]):
            if v < 0:
                continue
            if v == 99:
                w[r] = k
                break
            c[r] += 1
            s[r] += v
    return {2: c, 3: s, 4: w}


add(Spec("control_flow.cu", "scan_row", grid=(2,), block=(32,), args=_row_args, expect=_row_expect,
         what="loop with continue and break, per-thread trip counts"))


def _sw_args(rng):
    n = 300
    return [ints(rng, -2, 12, n), ints(rng, -1000, 1000, n), np.zeros(n, I32), I32(n)]


def _sw_expect(a):
    op, x = a[0], a[1].astype(np.int64)
    table = {0: x + 17, 1: x * 3, 2: x ^ 0x5A5A, 3: -x, 4: x << 2, 5: x >> 1, 6: x & 0xFF, 7: x | 0x100,
             8: x - 1000, 9: x * x}
    out = np.full(op.size, 424242, np.int64)
    for k, v in table.items():
        out = np.where(op == k, v, out)
    return {2: out.astype(I32)}


add(Spec("control_flow.cu", "switch_op", grid=(3,), block=(128,), args=_sw_args, expect=_sw_expect,
         what="dense switch with default (lowered to compare chains / jump logic)"))

# ---------------------------------------------------------------- divergence.cu

def _div_args(rng):
    n = 128
    return [ints(rng, -30, 30, n), np.zeros(n, I32), np.zeros(n, I32)]


def _div_expect(a):
    n = a[0].size
    r = np.zeros(n, np.int64)
    for g in range(n):
        lane, v = g % 32, int(a[0][g])
        if lane & 1:
            r[g] = sum(k * v for k in range(v & 15))
        else:
            x = 1
            for _ in range(lane >> 1):
                x = x * 3 + v
                if x > 100000:
                    x -= 99991
            r[g] = -x if v < 0 else x
    partner = r[np.arange(n) ^ 1]
    return {1: r.astype(I32), 2: partner.astype(I32)}


add(Spec("divergence.cu", "diverge_exchange", grid=(2,), block=(64,), args=_div_args, expect=_div_expect,
         what="odd/even lanes run different loops (divergent trip counts), reconverge, __shfl_xor_sync pairs"))

# ---------------------------------------------------------------- histogram.cu

def _hist_args(rng):
    n = 10000
    return [rng.integers(0, 256, n).astype(np.uint8), I32(n), np.zeros(64, U32)]


add(Spec("histogram.cu", "histogram", grid=(4,), block=(128,), args=_hist_args,
         expect=lambda a: {2: np.bincount(a[0] % 64, minlength=64).astype(U32)},
         what="shared-memory atomicAdd (atom.shared), u8 loads, grid-stride, merge with global atomics"))

# ---------------------------------------------------------------- threadfence.cu

def _tf_args(rng):
    n = 5000
    return [ints(rng, -1000, 1000, n), I32(n), np.zeros(10, I32), np.zeros(1, I32)]


def _tf_expect(a):
    x = a[0].astype(np.int64)
    blk = (np.arange(x.size) % (10 * 128)) // 128
    part = np.bincount(blk, weights=x, minlength=10).astype(np.int64)
    return {2: part.astype(I32), 3: np.array([x.sum()], I32)}


add(Spec("threadfence.cu", "sum_threadfence", grid=(10,), block=(128,), args=_tf_args, expect=_tf_expect,
         what="__threadfence (membar.gl), atomicInc ticket on a __device__ global, last block reads volatile partials"))


def by_id():
    d = {s.id: s for s in SPECS}
    assert len(d) == len(SPECS), "duplicate spec ids"
    return d
