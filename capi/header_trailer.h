
#ifndef KERNELC_H_HELPERS
#define KERNELC_H_HELPERS

/*
 * Convenience constructors for launch arguments and extents (static inline,
 * so they cost nothing and need no symbol in the library). Arrays made by
 * them are C-contiguous (`KC_ARG_C_CONTIGUOUS`); `kc_arg_strided` gives one
 * explicit strides (negative or zero too) for other layouts.
 */

/** Grid or block extents `x` × `y` × `z`. */
static inline kc_dim3 kc_dim(uint32_t x, uint32_t y, uint32_t z) {
    kc_dim3 d;
    d.x = x;
    d.y = y;
    d.z = z;
    return d;
}

/** A zeroed argument of `kind` and `dtype`. */
static inline kc_arg kc_arg_zero(kc_arg_kind kind, kc_dtype dtype) {
    kc_arg a;
    size_t i;
    unsigned char *p = (unsigned char *)&a;
    for (i = 0; i < sizeof a; i++) p[i] = 0;
    a.kind = kind;
    a.dtype = dtype;
    return a;
}

/** A signed integer or bool scalar of `dtype`. */
static inline kc_arg kc_arg_int(kc_dtype dtype, int64_t value) {
    kc_arg a = kc_arg_zero(KC_ARG_SCALAR, dtype);
    a.value.i = value;
    return a;
}

/** An unsigned integer scalar of `dtype`. */
static inline kc_arg kc_arg_uint(kc_dtype dtype, uint64_t value) {
    kc_arg a = kc_arg_zero(KC_ARG_SCALAR, dtype);
    a.value.u = value;
    return a;
}

/** A floating-point scalar of `dtype` (float16, float32 or float64). */
static inline kc_arg kc_arg_float(kc_dtype dtype, double value) {
    kc_arg a = kc_arg_zero(KC_ARG_SCALAR, dtype);
    a.value.f = value;
    return a;
}

/** A complex scalar of `dtype` (`KC_DTYPE_COMPLEX64` or `KC_DTYPE_COMPLEX128`). */
static inline kc_arg kc_arg_complex(kc_dtype dtype, double re, double im) {
    kc_arg a = kc_arg_zero(KC_ARG_SCALAR, dtype);
    a.value.c[0] = re;
    a.value.c[1] = im;
    return a;
}

/** An `int32` scalar. */
static inline kc_arg kc_arg_i32(int32_t value) { return kc_arg_int(KC_DTYPE_INT32, value); }

/** An `int64` scalar. */
static inline kc_arg kc_arg_i64(int64_t value) { return kc_arg_int(KC_DTYPE_INT64, value); }

/** A `float32` scalar. */
static inline kc_arg kc_arg_f32(float value) { return kc_arg_float(KC_DTYPE_FLOAT32, value); }

/** A `float64` scalar. */
static inline kc_arg kc_arg_f64(double value) { return kc_arg_float(KC_DTYPE_FLOAT64, value); }

/** A C-contiguous host array of `ndim` extents `shape`, `bytes` bytes at `data`. */
static inline kc_arg kc_arg_host(kc_dtype dtype, void *data, size_t bytes, uint32_t ndim,
                                 const int64_t *shape) {
    kc_arg a = kc_arg_zero(KC_ARG_HOST, dtype);
    uint32_t d;
    a.host = data;
    a.host_bytes = bytes;
    a.ndim = ndim;
    a.flags = KC_ARG_C_CONTIGUOUS;
    for (d = 0; d < ndim && d < KC_MAX_NDIM; d++) a.shape[d] = shape[d];
    return a;
}

/** A 1-D C-contiguous host array of `n` elements of `dtype` at `data`. */
static inline kc_arg kc_arg_host_1d(kc_dtype dtype, void *data, int64_t n) {
    return kc_arg_host(dtype, data, (size_t)n * kc_dtype_size(dtype), 1, &n);
}

/** A C-contiguous array of `ndim` extents `shape` at the start of `buffer`. */
static inline kc_arg kc_arg_buffer(kc_dtype dtype, const kc_buffer *buffer, uint32_t ndim,
                                   const int64_t *shape) {
    kc_arg a = kc_arg_zero(KC_ARG_BUFFER, dtype);
    uint32_t d;
    a.buffer = buffer;
    a.ndim = ndim;
    a.flags = KC_ARG_C_CONTIGUOUS;
    for (d = 0; d < ndim && d < KC_MAX_NDIM; d++) a.shape[d] = shape[d];
    return a;
}

/**
 * A C-contiguous array of `ndim` extents `shape` at device address `address`
 * (`KC_ARG_DEVICE_PTR`: memory from `kc_buffer_address` or another CUDA library).
 */
static inline kc_arg kc_arg_device_ptr(kc_dtype dtype, uint64_t address, uint32_t ndim,
                                       const int64_t *shape) {
    kc_arg a = kc_arg_zero(KC_ARG_DEVICE_PTR, dtype);
    uint32_t d;
    a.address = address;
    a.ndim = ndim;
    a.flags = KC_ARG_C_CONTIGUOUS;
    for (d = 0; d < ndim && d < KC_MAX_NDIM; d++) a.shape[d] = shape[d];
    return a;
}

/**
 * Array argument `a` with explicit byte strides (`a.ndim` of them; negative
 * for reversed views, zero for broadcasts) instead of a contiguous layout.
 */
static inline kc_arg kc_arg_strided(kc_arg a, const int64_t *strides) {
    uint32_t d;
    a.flags = 0;
    for (d = 0; d < a.ndim && d < KC_MAX_NDIM; d++) a.strides[d] = strides[d];
    return a;
}

#endif /* KERNELC_H_HELPERS */
