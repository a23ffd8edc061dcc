"""Kernels run both by kernelc and by Numba's CUDA simulator
(``test_differential.py``). The file is written for kernelc; the Numba
side runs a copy with the import line changed back to ``from numba import
cuda``. Each ``case_*`` function builds deterministic inputs, launches, and
returns a dict of NumPy results."""

import math

import numpy as np
from numba import float32 as nb_float32
from numba import types as nb_types
from numba import void as nb_void

from kernelc import cuda

N = 96
TPB = 32
SCALE = 1.5
LUT = np.array([1.0, -2.0, 3.5, 0.25, 8.0], dtype=np.float64)


def _rng(seed):
    return np.random.default_rng(seed)


def _blocks(n, tpb=TPB):
    return (n + tpb - 1) // tpb


@cuda.jit
def k_axpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def case_axpy():
    x, y = _rng(1).random(N), _rng(2).random(N)
    out = np.zeros(N)
    k_axpy[_blocks(N), TPB](2.5, x, y, out)
    return {"out": out}


@cuda.jit
def k_int_arith(a, b, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i, 0] = a[i] // b[i]
        out[i, 1] = a[i] % b[i]
        out[i, 2] = a[i] * b[i] - 7
        out[i, 3] = (a[i] << 2) ^ b[i]
        out[i, 4] = -a[i] // 3


def case_int_arith():
    a = _rng(3).integers(-1000, 1000, N).astype(np.int32)
    b = _rng(4).integers(1, 50, N).astype(np.int32) * np.where(_rng(5).random(N) < 0.5, -1, 1).astype(np.int32)
    out = np.zeros((N, 5), dtype=np.int64)
    k_int_arith[_blocks(N), TPB](a, b, out)
    return {"out": out}


@cuda.jit
def k_float_floor(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] // b[i]
        out[i, 1] = a[i] % b[i]
        out[i, 2] = a[i] / b[i]
        out[i, 3] = a[i] ** 2


def case_float_floor():
    a = _rng(6).uniform(-10, 10, N)
    b = _rng(7).uniform(0.5, 3, N) * np.where(_rng(8).random(N) < 0.5, -1, 1)
    out = np.zeros((N, 4))
    k_float_floor[_blocks(N), TPB](a, b, out)
    return {"out": out}


@cuda.jit
def k_math(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i, 0] = math.sin(v)
        out[i, 1] = math.cos(v)
        out[i, 2] = math.exp(v / 4)
        out[i, 3] = math.log(v + 11)
        out[i, 4] = math.sqrt(abs(v))
        out[i, 5] = math.atan2(v, 3.0)
        out[i, 6] = math.tanh(v)
        out[i, 7] = math.floor(v) + math.ceil(v)


def case_math():
    x = _rng(9).uniform(-10, 10, N)
    out = np.zeros((N, 8))
    k_math[_blocks(N), TPB](x, out)
    return {"out": out}


@cuda.jit
def k_math_f32(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.sqrt(x[i]) * np.float32(2.0) + math.fabs(x[i])


def case_math_f32():
    x = _rng(10).uniform(0, 100, N).astype(np.float32)
    out = np.zeros(N, np.float32)
    k_math_f32[_blocks(N), TPB](x, out)
    return {"out": out}


@cuda.jit
def k_grid_stride(x, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] * SCALE


def case_grid_stride():
    x = _rng(11).random(1000)
    out = np.zeros_like(x)
    k_grid_stride[2, 16](x, out)
    return {"out": out}


@cuda.jit
def k_matrix_add(a, b, c):
    x, y = cuda.grid(2)
    if x < c.shape[0] and y < c.shape[1]:
        c[x, y] = a[x, y] + b[x, y]


def case_matrix_add():
    a = _rng(12).random((13, 17)).astype(np.float32)
    b = _rng(13).random((13, 17)).astype(np.float32)
    c = np.zeros_like(a)
    k_matrix_add[(2, 3), (8, 8)](a, b, c)
    return {"c": c}


@cuda.jit
def k_transpose(a, out):
    x, y = cuda.grid(2)
    if x < a.shape[0] and y < a.shape[1]:
        out[y, x] = a[x, y]


def case_transpose():
    a = np.arange(9 * 14, dtype=np.int16).reshape(9, 14)
    out = np.zeros((14, 9), np.int16)
    k_transpose[(2, 2), (8, 8)](a, out)
    return {"out": out}


@cuda.jit
def k_matmul_shared(A, B, C):
    sA = cuda.shared.array(shape=(8, 8), dtype=np.float64)
    sB = cuda.shared.array(shape=(8, 8), dtype=np.float64)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tmp = 0.0
    for i in range(cuda.gridDim.x):
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * 8) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * 8]
        if x < B.shape[1] and (ty + i * 8) < B.shape[0]:
            sB[ty, tx] = B[ty + i * 8, x]
        cuda.syncthreads()
        for j in range(8):
            tmp += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp


def case_matmul_shared():
    a = _rng(14).random((16, 16))
    b = _rng(15).random((16, 16))
    c = np.zeros((16, 16))
    k_matmul_shared[(2, 2), (8, 8)](a, b, c)
    return {"c": c}


@cuda.jit
def k_block_reduce(a, partial):
    s = cuda.shared.array(32, dtype=np.float64)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    s[tid] = a[i] if i < a.size else 0.0
    cuda.syncthreads()
    step = 16
    while step > 0:
        if tid < step:
            s[tid] += s[tid + step]
        cuda.syncthreads()
        step //= 2
    if tid == 0:
        partial[cuda.blockIdx.x] = s[0]


def case_block_reduce():
    a = _rng(16).random(N)
    partial = np.zeros(_blocks(N))
    k_block_reduce[_blocks(N), 32](a, partial)
    return {"partial": partial}


@cuda.jit
def k_atomic_add(a, total):
    i = cuda.grid(1)
    if i < a.size:
        cuda.atomic.add(total, 0, a[i])
        cuda.atomic.add(total, 1, 1)


def case_atomic_add():
    a = _rng(17).integers(0, 100, N).astype(np.int32)
    total = np.zeros(2, np.int32)
    k_atomic_add[_blocks(N), TPB](a, total)
    return {"total": total}


@cuda.jit
def k_atomic_minmax(a, out):
    i = cuda.grid(1)
    if i < a.size:
        cuda.atomic.min(out, 0, a[i])
        cuda.atomic.max(out, 1, a[i])


def case_atomic_minmax():
    a = _rng(18).uniform(-50, 50, N)
    out = np.array([1e9, -1e9])
    k_atomic_minmax[_blocks(N), TPB](a, out)
    return {"out": out}


@cuda.jit
def k_histogram(x, hist):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(hist, x[i] % hist.size, 1)


def case_histogram():
    x = _rng(19).integers(0, 1000, 500).astype(np.int64)
    hist = np.zeros(10, np.int64)
    k_histogram[_blocks(500), TPB](x, hist)
    return {"hist": hist}


@cuda.jit
def k_local_array(x, out):
    i = cuda.grid(1)
    tmp = cuda.local.array(5, dtype=np.int32)
    if i < x.size:
        for k in range(5):
            tmp[k] = x[i] * (k + 1)
        acc = 0
        for k in range(5):
            acc += tmp[4 - k] * k
        out[i] = acc


def case_local_array():
    x = np.arange(N, dtype=np.int32) - 40
    out = np.zeros(N, np.int64)
    k_local_array[_blocks(N), TPB](x, out)
    return {"out": out}


@cuda.jit
def k_const_array(idx, out):
    c = cuda.const.array_like(LUT)
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = c[idx[i]] * 2


def case_const_array():
    idx = _rng(20).integers(0, 5, N).astype(np.int32)
    out = np.zeros(N)
    k_const_array[_blocks(N), TPB](idx, out)
    return {"out": out}


@cuda.jit(device=True)
def d_square_plus(x, y):
    return x * x + y


@cuda.jit(device=True)
def d_minmax(a, b):
    return min(a, b), max(a, b)


@cuda.jit
def k_device_funcs(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        lo, hi = d_minmax(a[i], b[i])
        out[i] = d_square_plus(hi, lo)


def case_device_funcs():
    a, b = _rng(21).random(N), _rng(22).random(N)
    out = np.zeros(N)
    k_device_funcs[_blocks(N), TPB](a, b, out)
    return {"out": out}


@cuda.jit
def k_branches(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    v = x[i]
    if v < -5:
        out[i] = -1
    elif v < 0:
        out[i] = 0 if v > -2 else 1
    elif 0 <= v < 5:
        out[i] = 2
    else:
        out[i] = 3


def case_branches():
    x = _rng(23).uniform(-10, 10, N)
    out = np.zeros(N, np.int8)
    k_branches[_blocks(N), TPB](x, out)
    return {"out": out}


@cuda.jit
def k_while_collatz(x, steps):
    i = cuda.grid(1)
    if i < x.size:
        n = x[i]
        c = 0
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            c += 1
            if c > 500:
                break
        steps[i] = c


def case_while_collatz():
    x = np.arange(1, N + 1, dtype=np.int64)
    steps = np.zeros(N, np.int32)
    k_while_collatz[_blocks(N), TPB](x, steps)
    return {"steps": steps}


@cuda.jit
def k_nested_loops(out):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0
        for a in range(i % 7):
            for b in range(a, 10, 3):
                if b == 7:
                    continue
                acc += a * b
        out[i] = acc


def case_nested_loops():
    out = np.zeros(N, np.int64)
    k_nested_loops[_blocks(N), TPB](out)
    return {"out": out}


@cuda.jit
def k_mixed_types(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * b[i] + a[i] / 3 + b[i] // 2


def case_mixed_types():
    a = _rng(24).integers(-20, 20, N).astype(np.int16)
    b = _rng(25).uniform(-5, 5, N).astype(np.float32)
    out = np.zeros(N, np.float64)
    k_mixed_types[_blocks(N), TPB](a, b, out)
    return {"out": out}


@cuda.jit
def k_unsigned_wrap(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * np.uint32(2654435761) + np.uint32(12345)


def case_unsigned_wrap():
    a = np.arange(N, dtype=np.uint32) * 97
    out = np.zeros(N, np.uint32)
    k_unsigned_wrap[_blocks(N), TPB](a, out)
    return {"out": out}


@cuda.jit
def k_bool_args(a, flag, out):
    i = cuda.grid(1)
    if i < a.size:
        if flag:
            out[i] = a[i]
        else:
            out[i] = -a[i]


def case_bool_args():
    a = np.arange(N, dtype=np.float32)
    out1 = np.zeros(N, np.float32)
    out2 = np.zeros(N, np.float32)
    k_bool_args[_blocks(N), TPB](a, True, out1)
    k_bool_args[_blocks(N), TPB](a, False, out2)
    return {"out1": out1, "out2": out2}


@cuda.jit
def k_thread_indices(out):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bx = cuda.blockIdx.x
    by = cuda.blockIdx.y
    x = bx * cuda.blockDim.x + tx
    y = by * cuda.blockDim.y + ty
    if x < out.shape[0] and y < out.shape[1]:
        out[x, y] = tx + 10 * ty + 100 * bx + 1000 * by + 10000 * cuda.gridDim.x


def case_thread_indices():
    out = np.zeros((12, 10), np.int32)
    k_thread_indices[(3, 2), (4, 5)](out)
    return {"out": out}


@cuda.jit
def k_3d(out):
    x, y, z = cuda.grid(3)
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = x - 2 * y + 3 * z


def case_3d():
    out = np.zeros((5, 4, 3), np.int32)
    k_3d[(2, 2, 2), (3, 2, 2)](out)
    return {"out": out}


@cuda.jit
def k_strided_views(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + a[a.size - 1 - i]


def case_strided_views():
    base = np.arange(2 * N, dtype=np.float64)
    out = np.zeros(N)
    d_base = cuda.to_device(base)
    k_strided_views[_blocks(N), TPB](d_base[::2], out)
    return {"out": out}


@cuda.jit
def k_f_order(a, out):
    x, y = cuda.grid(2)
    if x < a.shape[0] and y < a.shape[1]:
        out[x, y] = a[x, y] * (x + 1)


def case_f_order():
    a = np.asfortranarray(np.arange(8 * 6, dtype=np.float32).reshape(8, 6))
    out = np.zeros((8, 6), np.float32)
    k_f_order[(1, 1), (8, 8)](a, out)
    return {"out": out}


@cuda.jit
def k_neg_index_shape(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = a[i, -1] + a[-1, i % a.shape[1]] + len(a) + a.ndim


def case_neg_index_shape():
    a = np.arange(7 * 5, dtype=np.int64).reshape(7, 5)
    out = np.zeros(7, np.int64)
    k_neg_index_shape[1, 8](a, out)
    return {"out": out}


@cuda.jit
def k_syncthreads_count(x, out):
    t = cuda.threadIdx.x
    n = cuda.syncthreads_count(x[t] > 0)
    a = cuda.syncthreads_or(x[t] > 100)
    out[t] = n + (1000 if a else 0)


def case_syncthreads_count():
    x = _rng(26).integers(-5, 5, 32).astype(np.int32)
    out = np.zeros(32, np.int32)
    k_syncthreads_count[1, 32](x, out)
    return {"out": out}


@cuda.jit
def k_device_arrays(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * a[i]


def case_device_arrays():
    a = _rng(27).random(N).astype(np.float32)
    d_a = cuda.to_device(a)
    d_out = cuda.device_array_like(a)
    k_device_arrays[_blocks(N), TPB](d_a, d_out)
    return {"out": d_out.copy_to_host()}


@cuda.jit
def k_round_casts(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = round(x[i])
        out[i, 1] = int(x[i])
        out[i, 2] = np.int32(x[i] * 3)


def case_round_casts():
    x = _rng(28).uniform(-20, 20, N)
    out = np.zeros((N, 3), np.int64)
    k_round_casts[_blocks(N), TPB](x, out)
    return {"out": out}


@cuda.jit
def k_atomic_cas(lock, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = cuda.atomic.cas(lock, 0, 0, i + 1) == 0


def case_atomic_cas():
    lock = np.zeros(1, np.int32)
    out = np.zeros(64, np.int32)
    k_atomic_cas[2, 32](lock, out)
    # Which thread wins is up to the device; that exactly one does is not.
    return {"winners": np.array([out.sum()]), "lock_set": np.array([lock[0] > 0])}


@cuda.jit(device=True)
def _view_sum(v):
    s = 0.0
    for x in v:
        s += x
    return s


@cuda.jit
def k_views(m, lo, out):
    # Row, column, stepped and reversed views, a reshape, and a fill, per
    # row of a lazily typed 2-D array.
    i = cuda.grid(1)
    if i < m.shape[0]:
        row = m[i]
        out[i, 0] = _view_sum(row[lo:])
        out[i, 1] = _view_sum(row[::-2])
        out[i, 2] = _view_sum(m[:, i % m.shape[1]])
        out[i, 3] = m[i:, 1:].shape[0] * 10 + m[i, ...][-1]
        grid = row.reshape((2, -1))
        out[i, 4] = grid[1, 0] - grid.shape[1]
        out[i, 5:] = i


def case_views():
    m = _rng(29).standard_normal((40, 6))
    out = np.zeros((40, 8))
    k_views[_blocks(40), TPB](m, 2, out)
    return {"out": out}


# Explicit signatures: Python int and float arguments are int64 and float64,
# so Numba picks the float64 signature (a safe conversion) over the float32
# one (unsafe); the simulator computes in float64 too.
@cuda.jit(["void(float64[::1], float32, float32)", "void(float64[::1], float64, float64)"])
def k_overload_precision(out, x, y):
    out[0] = x + y
    out[1] = x * y


def case_overload_precision():
    out = np.zeros(4)
    k_overload_precision[1, 1](out, 3, 0.1)
    k_overload_precision[1, 1](out[2:], np.float32(3), np.float32(0.1))
    return {"out": out}


# A signature built from Numba's own type objects (numba.types).
@cuda.jit(nb_void(nb_float32[:, ::1], nb_types.int32, nb_types.float64))
def k_numba_types_signature(a, n, x):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] = a[i, j] * n + x


def case_numba_types_signature():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    k_numba_types_signature[(1, 1), (4, 4)](a, 3, 0.25)
    return {"a": a}


def case_device_array_host_api():
    """Host-side use of device arrays: views, element and slice reads and
    writes, reshape, ravel, split, copies, flags."""
    a = np.arange(24, dtype=np.float64).reshape(4, 6)
    d = cuda.to_device(a)
    r = {}
    t = d.T
    r["T"] = t.copy_to_host()
    r["T_shape_strides"] = np.array([*t.shape, *t.strides])
    r["T_flags"] = np.array([t.flags["C_CONTIGUOUS"], t.flags["F_CONTIGUOUS"], t.is_c_contiguous(),
                             t.is_f_contiguous(), d.flags["C_CONTIGUOUS"], d.flags["F_CONTIGUOUS"]])
    r["slice"] = d[1:3, ::2].copy_to_host()
    r["reversed"] = d[::-1, 1].copy_to_host()
    r["row"] = d[2].copy_to_host()
    r["elements"] = np.array([d[2, 3], d[-1, -2], d[0][5]])
    r["nbytes"] = np.array([d.nbytes, d[1:3].nbytes, len(d)])
    d[0] = 7.0
    d[1, 1:4] = np.array([1.0, 2.0, 3.0])
    d[2:4, 0] = 5
    d[3, :] = np.arange(6)
    d[2, 2] = -8
    d[1:3, 4:6] = np.array([[10.0], [20.0]])
    view = d[1:3]
    view[0, 0] = -1.0  # a view writes into the array it views
    r["after_writes"] = d.copy_to_host()
    r["reshape"] = d.reshape(6, 4).copy_to_host()
    r["reshape_unknown"] = d.reshape((-1, 8)).copy_to_host()
    r["ravel"] = d.ravel().copy_to_host()
    parts = list(cuda.to_device(np.arange(10.0)).split(4))
    r["split"] = np.concatenate([p.copy_to_host() for p in parts])
    r["split_sizes"] = np.array([p.size for p in parts])
    e = cuda.device_array((4, 6))
    e.copy_to_device(a)
    r["copy_to_device"] = e.copy_to_host()
    host = np.zeros((4, 6))
    e.copy_to_host(host)
    r["copy_to_host_into"] = host
    like = cuda.pinned_array_like(t)
    r["pinned_like"] = np.array([*like.shape, like.flags["F_CONTIGUOUS"], like.flags["C_CONTIGUOUS"]])
    dlike = cuda.device_array_like(t)
    r["device_like"] = np.array([*dlike.shape, *dlike.strides])
    return r


@cuda.jit
def k_arg_hints(src, dst, acc):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i] * 2
        acc[i] += src[i]
        src[i] = -1  # In: never copied back


def case_arg_hints():
    src = np.arange(8.0)
    dst = np.full(8, -5.0)
    acc = np.ones(8)
    k_arg_hints[1, 8](cuda.In(src), cuda.Out(dst), cuda.InOut(acc))
    d, copied = cuda.auto_device(np.arange(5.0))
    same, copied_again = cuda.auto_device(d)
    return {"src": src, "dst": dst, "acc": acc, "auto": d.copy_to_host(),
            "auto_flags": np.array([copied, copied_again, same is d])}


@cuda.jit
def k_tuple_args(coef, nested, arrays):
    # Tuple arguments, nested and of mixed types, holding the arrays read
    # and the one written.
    i = cuda.grid(1)
    src, dst = arrays
    if i < dst.size:
        dst[i] = coef[0] * src[i] + coef[1] + nested[1][0] * i + nested[0]


@cuda.jit("void(UniTuple(float64, 2), Tuple((int64, UniTuple(float32, 2))), UniTuple(float64[::1], 2))")
def k_tuple_args_sig(coef, nested, arrays):
    i = cuda.grid(1)
    src, dst = arrays
    if i < dst.size:
        dst[i] = coef[0] * src[i] - coef[1] + nested[1][1] * i - nested[0]


def case_tuple_args():
    src = _rng(30).standard_normal(N)
    lazy, eager = np.zeros(N), np.zeros(N)
    nested = (3, (np.float32(1.5), np.float32(-0.25)))
    k_tuple_args[_blocks(N), TPB]((2.0, 0.5), nested, (src, lazy))
    k_tuple_args_sig[_blocks(N), TPB]((2.0, 0.5), nested, (src, eager))
    return {"lazy": lazy, "eager": eager}


# Literal values as array shapes (Numba's `Literal[int]` types): a device
# function sized by the constant its caller passes (one specialisation per
# value; each kernel uses one size per device function, since the
# simulator keys a shared array by its source line), by a tuple or a
# default; a kernel's local holding a literal.


@cuda.jit(device=True)
def _block_sum(x, n, dtype):
    buf = cuda.shared.array(n, dtype)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = x[i] if i < x.size else 0
    cuda.syncthreads()
    step = n // 2
    while step > 0:
        if t < step:
            buf[t] += buf[t + step]
        cuda.syncthreads()
        step //= 2
    return buf[0]


@cuda.jit
def k_block_sum_64(x, out):
    s = _block_sum(x, 64, np.float64)
    if cuda.threadIdx.x == 0:
        out[cuda.blockIdx.x] = s


@cuda.jit
def k_block_sum_32(x, out):
    s = _block_sum(x, 32, np.int64)
    if cuda.threadIdx.x == 0:
        out[cuda.blockIdx.x] = s


@cuda.jit(device=True)
def _transpose_tile(src, dst, tile, scratch=2):
    # `tile` is (rows, cols + 1): a padded shared tile, as in CUDA's
    # transpose sample; `scratch` sizes a local array (its default too).
    buf = cuda.shared.array(tile, np.float32)
    tmp = cuda.local.array(scratch, np.float32)
    x, y = cuda.grid(2)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    tmp[0] = src[y, x] if y < src.shape[0] and x < src.shape[1] else 0
    tmp[scratch - 1] = tmp[0]
    buf[ty, tx] = tmp[scratch - 1]
    cuda.syncthreads()
    ox = cuda.blockIdx.y * cuda.blockDim.y + tx
    oy = cuda.blockIdx.x * cuda.blockDim.x + ty
    if oy < dst.shape[0] and ox < dst.shape[1]:
        dst[oy, ox] = buf[tx, ty]


@cuda.jit
def k_transpose_8(src, dst):
    _transpose_tile(src, dst, (8, 9))


@cuda.jit
def k_transpose_4(src, dst):
    _transpose_tile(src, dst, (4, 5), 3)


@cuda.jit
def k_local_literal(x, out):
    N = 16
    if x.size > 4:
        M = 4
    else:
        M = 4
    rows, cols = M, N
    acc = cuda.local.array((rows, cols), np.int64)
    i = cuda.grid(1)
    if i < out.size:
        for r in range(rows):
            for c in range(cols):
                acc[r, c] = x[(i + r * cols + c) % x.size]
        s = 0
        for r in range(M):
            for c in range(N):
                s += acc[r, c] * (r + 1)
        out[i] = s


def case_literal_arguments():
    x = _rng(40).standard_normal(200)
    k = _rng(41).integers(-50, 50, 200)
    sums64, sums32 = np.zeros(4), np.zeros(7, np.int64)
    k_block_sum_64[4, 64](x, sums64)
    k_block_sum_32[7, 32](k, sums32)
    src = _rng(42).standard_normal((13, 21)).astype(np.float32)
    t8, t4 = np.zeros((21, 13), np.float32), np.zeros((21, 13), np.float32)
    k_transpose_8[(3, 2), (8, 8)](src, t8)
    k_transpose_4[(6, 4), (4, 4)](src, t4)
    loc = np.zeros(40, np.int64)
    k_local_literal[2, 32](k, loc)
    return {"sums64": sums64, "sums32": sums32, "t8": t8, "t4": t4, "loc": loc}


CASES = sorted(name for name in globals() if name.startswith("case_"))
