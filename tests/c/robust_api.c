/* The C API share of the robustness corpus: every entry point of kernelc.h
 * called with hostile arguments — NULL for each pointer, handles in the
 * wrong state (a module without kernels, a kernel name not in the module),
 * impossible sizes, shapes and strides, sources that are not UTF-8 or hold
 * a NUL, options set twice, NULL given to every _free. Each call must
 * return its documented status and leave a message that names the
 * problem; the library must keep working afterwards. Runs under valgrind
 * (capi/tests/c_programs.rs): no memory errors, no leaks.
 *
 * Dangling or garbage non-NULL handles are undefined behaviour in C and
 * are not tried. */
#include "check.h"

#include <stdint.h>

static const char *SOURCE =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float32[::1], float32)\")\n"
    "def fill(a, v):\n"
    "    i = cuda.grid(1)\n"
    "    if i < a.size:\n"
    "        a[i] = v\n"
    "\n"
    "@cuda.jit(\"void(float32[:, ::1])\")\n"
    "def grid2(a):\n"
    "    i, j = cuda.grid(2)\n"
    "    if i < a.shape[0] and j < a.shape[1]:\n"
    "        a[i, j] = i * 10 + j\n";

static int cases = 0;

/* EXPECT_STATUS, counted. */
#define HOSTILE(call, want, needle)                                              \
    do {                                                                         \
        EXPECT_STATUS(call, want, needle);                                       \
        cases++;                                                                 \
    } while (0)

static void compile_side(void) {
    kc_options *opts = NULL;
    kc_module *module = NULL;
    kc_diagnostics *diags = NULL;
    const char *s = NULL;
    size_t n = 0;
    kc_param_info info;
    kc_diagnostic d;
    char small[4];

    /* Options: NULL handles and values. */
    HOSTILE(kc_options_set_opt_level(NULL, 2), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_options_set_fastmath(NULL, true), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_options_set_keep_texts(NULL, true), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_options_set_debug(NULL, true), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_options_set_boundscheck(NULL, true), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_options_set_kernel(NULL, "fill"), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_options_set_signature(NULL, "void()"), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_options_set_export(NULL, KC_EXPORT_NUMBA, NULL), KC_ERROR_NULL_POINTER,
            "`options`");
    HOSTILE(kc_options_add_const_array(NULL, "W", KC_DTYPE_FLOAT32, NULL, 0, NULL, 0),
            KC_ERROR_NULL_POINTER, "`options`");
    CHECK(kc_options_new(&opts));
    HOSTILE(kc_options_set_arch(opts, NULL), KC_ERROR_NULL_POINTER, "`arch`");
    HOSTILE(kc_options_set_arch(opts, ""), KC_ERROR_INVALID_ARGUMENT, "architecture");
    HOSTILE(kc_options_set_opt_level(opts, -1), KC_ERROR_INVALID_ARGUMENT, "-1");
    HOSTILE(kc_options_set_opt_level(opts, INT32_MAX), KC_ERROR_INVALID_ARGUMENT, "2147483647");
    HOSTILE(kc_options_set_kernel(opts, "f\xc3"), KC_ERROR_INVALID_ARGUMENT, "UTF-8");
    HOSTILE(kc_options_set_signature(opts, "void(\xff)"), KC_ERROR_INVALID_ARGUMENT, "UTF-8");
    int64_t shape[3] = {4, 4, 4};
    float data[64] = {0};
    HOSTILE(kc_options_add_const_array(opts, NULL, KC_DTYPE_FLOAT32, shape, 1, data, 16),
            KC_ERROR_NULL_POINTER, "`name`");
    HOSTILE(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, 1, NULL, 16),
            KC_ERROR_NULL_POINTER, "`data`");
    HOSTILE(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, KC_MAX_NDIM + 1, data,
                                       1024),
            KC_ERROR_INVALID_ARGUMENT, "ndim");
    HOSTILE(kc_options_add_const_array(opts, "W", KC_DTYPE_NONE, shape, 1, data, 16),
            KC_ERROR_INVALID_ARGUMENT, "dtype");
    HOSTILE(kc_options_add_const_array(opts, "", KC_DTYPE_FLOAT32, shape, 1, data, 16),
            KC_ERROR_INVALID_ARGUMENT, "not a Python identifier");
    HOSTILE(kc_options_add_const_array(opts, "W[0]", KC_DTYPE_FLOAT32, shape, 1, data, 16),
            KC_ERROR_INVALID_ARGUMENT, "not a Python identifier");
    int64_t huge[3] = {INT64_MAX, INT64_MAX, 2};
    HOSTILE(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT64, huge, 3, data, 16),
            KC_ERROR_INVALID_ARGUMENT, "overflows");
    /* Options set twice: the last one counts. */
    CHECK(kc_options_set_opt_level(opts, 0));
    CHECK(kc_options_set_opt_level(opts, 2));
    CHECK(kc_options_set_kernel(opts, "nope"));
    CHECK(kc_options_set_kernel(opts, NULL));
    CHECK(kc_options_set_keep_texts(opts, true));
    CHECK(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, 1, data, 16));
    CHECK(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, 1, data, 16));

    /* Sources. */
    HOSTILE(kc_compile("x = 1\n\xff\xfe\n", "latin.py", opts, &module, NULL),
            KC_ERROR_INVALID_ARGUMENT, "UTF-8");
    EXPECT(module == NULL);
    HOSTILE(kc_compile(SOURCE, "bad\xff.py", opts, &module, NULL), KC_ERROR_INVALID_ARGUMENT,
            "UTF-8");
    /* An embedded NUL ends a C string: what follows it is not seen. */
    HOSTILE(kc_compile("from numba import cuda\n\0@cuda.jit\n", "nul.py", opts, &module, NULL),
            KC_ERROR_COMPILE, "no kernel");
    HOSTILE(kc_compile("", "empty.py", opts, &module, &diags), KC_ERROR_COMPILE, "no kernel");
    kc_diagnostics_free(diags);
    diags = NULL;

    /* A good module: out-of-range indices and NULL outputs. */
    CHECK(kc_compile(SOURCE, "robust.py", opts, &module, &diags));
    HOSTILE(kc_module_ptx(module, NULL, NULL), KC_ERROR_NULL_POINTER, "`ptx`");
    HOSTILE(kc_module_export(NULL, &s, NULL), KC_ERROR_NULL_POINTER, "`module`");
    HOSTILE(kc_module_export(module, NULL, NULL), KC_ERROR_NULL_POINTER, "`name`");
    HOSTILE(kc_module_types_text(module, NULL, NULL), KC_ERROR_NULL_POINTER, "`text`");
    HOSTILE(kc_module_types_text(NULL, &s, NULL), KC_ERROR_NULL_POINTER, "`module`");
    HOSTILE(kc_module_ir_text(module, NULL, NULL), KC_ERROR_NULL_POINTER, "`text`");
    HOSTILE(kc_module_ir_text(NULL, &s, NULL), KC_ERROR_NULL_POINTER, "`module`");
    HOSTILE(kc_module_kernel_count(module, NULL), KC_ERROR_NULL_POINTER, "`count`");
    HOSTILE(kc_module_kernel_name(module, 0, NULL), KC_ERROR_NULL_POINTER, "`name`");
    HOSTILE(kc_module_kernel_name(NULL, 0, &s), KC_ERROR_NULL_POINTER, "`module`");
    HOSTILE(kc_module_kernel_name(module, SIZE_MAX, &s), KC_ERROR_NOT_FOUND, "kernel");
    HOSTILE(kc_module_find_kernel(module, NULL, &n), KC_ERROR_NULL_POINTER, "`name`");
    HOSTILE(kc_module_find_kernel(module, "fill", NULL), KC_ERROR_NULL_POINTER, "`kernel`");
    HOSTILE(kc_module_find_kernel(NULL, "fill", &n), KC_ERROR_NULL_POINTER, "`module`");
    HOSTILE(kc_module_find_kernel(module, "nope", &n), KC_ERROR_NOT_FOUND, "nope");
    HOSTILE(kc_module_find_kernel(module, "fi\xffll", &n), KC_ERROR_INVALID_ARGUMENT, "UTF-8");
    HOSTILE(kc_module_param_count(module, 7, &n), KC_ERROR_NOT_FOUND, "kernel 7");
    HOSTILE(kc_module_param_count(module, 0, NULL), KC_ERROR_NULL_POINTER, "`count`");
    HOSTILE(kc_module_param_count(NULL, 0, &n), KC_ERROR_NULL_POINTER, "`module`");
    HOSTILE(kc_module_param_info(module, 0, 2, &info), KC_ERROR_NOT_FOUND, "2");
    HOSTILE(kc_module_param_info(module, 0, 0, NULL), KC_ERROR_NULL_POINTER, "`info`");
    HOSTILE(kc_module_param_info(NULL, 0, 0, &info), KC_ERROR_NULL_POINTER, "`module`");

    /* Diagnostics: NULL outputs and out-of-range indices. */
    HOSTILE(kc_diagnostics_count(diags, NULL), KC_ERROR_NULL_POINTER, "`count`");
    HOSTILE(kc_diagnostics_error_count(NULL, &n), KC_ERROR_NULL_POINTER, "`diagnostics`");
    HOSTILE(kc_diagnostics_error_count(diags, NULL), KC_ERROR_NULL_POINTER, "`count`");
    HOSTILE(kc_diagnostics_rendered(NULL, &s), KC_ERROR_NULL_POINTER, "`diagnostics`");
    HOSTILE(kc_diagnostics_rendered(diags, NULL), KC_ERROR_NULL_POINTER, "`text`");
    HOSTILE(kc_diagnostics_get(diags, SIZE_MAX, &d), KC_ERROR_NOT_FOUND, "diagnostic");
    HOSTILE(kc_diagnostics_get(diags, 0, NULL), KC_ERROR_NULL_POINTER, "`out`");

    /* The last error, copied: too small a buffer, NULL buffer. */
    HOSTILE(kc_module_find_kernel(module, "nope", &n), KC_ERROR_NOT_FOUND, "nope");
    n = 0;
    EXPECT(kc_last_error_copy(small, sizeof small, &n) == KC_ERROR_BUFFER_TOO_SMALL);
    EXPECT(n > sizeof small && small[sizeof small - 1] == '\0');
    EXPECT(kc_last_error_copy(NULL, 0, &n) == KC_ERROR_BUFFER_TOO_SMALL);
    EXPECT(kc_last_error_copy(NULL, 16, NULL) != KC_OK);
    cases += 3;

    /* Names of things that are not: documented fallbacks. */
    EXPECT(kc_status_name(-1) != NULL && kc_status_name(1000) != NULL);
    EXPECT(kc_dtype_name(1000) == NULL && kc_dtype_size(1000) == 0); /* documented */
    EXPECT(kc_dtype_size(KC_DTYPE_NONE) == 0);
    EXPECT(kc_version() != NULL && kc_version_major() == KC_VERSION_MAJOR);
    cases += 4;

    kc_diagnostics_free(diags);
    kc_module_free(module);
    kc_options_free(opts);
}

static void device_side(void) {
    kc_module *module = NULL, *no_kernels = NULL;
    kc_device *device = NULL;
    kc_device_options *dopts = NULL;
    kc_loaded_module *loaded = NULL, *empty = NULL;
    kc_buffer *buf = NULL;
    kc_stream *stream = NULL;
    kc_event *start = NULL, *end = NULL;
    kc_device_properties props;
    uint64_t a = 0, b = 0;
    void *ptr = NULL;
    size_t n = 0;
    bool done = false;
    float host[16] = {0}, ms = 0;

    /* Device options and devices. */
    HOSTILE(kc_device_options_new(NULL), KC_ERROR_NULL_POINTER, "`out`");
    HOSTILE(kc_device_options_set_check(NULL, true), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_device_options_set_ordinal(NULL, 0), KC_ERROR_NULL_POINTER, "`options`");
    HOSTILE(kc_device_count(99, &n), KC_ERROR_INVALID_ARGUMENT, "99");
    CHECK(kc_device_options_new(&dopts));
    CHECK(kc_device_options_set_workers(dopts, 1));
    CHECK(kc_device_options_set_workers(dopts, 2)); /* set twice */
    CHECK(kc_device_options_set_check(dopts, true));
    CHECK(kc_device_open(KC_DEVICE_CPU, dopts, &device));
    kc_device_options_free(dopts);
    HOSTILE(kc_device_memory_info(NULL, &a, &b), KC_ERROR_NULL_POINTER, "`device`");
    CHECK(kc_device_memory_info(device, NULL, NULL)); /* both optional */
    HOSTILE(kc_device_synchronize(NULL), KC_ERROR_NULL_POINTER, "`device`");
    CHECK(kc_device_get_properties(device, &props));

    /* Buffers. */
    HOSTILE(kc_buffer_alloc(device, 64, NULL), KC_ERROR_NULL_POINTER, "`buffer`");
    HOSTILE(kc_buffer_alloc(device, SIZE_MAX, &buf), KC_ERROR_DEVICE, "memory");
    EXPECT(buf == NULL);
    HOSTILE(kc_buffer_alloc(device, (size_t)1 << 50, &buf), KC_ERROR_DEVICE, "memory");
    HOSTILE(kc_buffer_alloc_host_visible(NULL, 64, KC_HOST_MEMORY_MAPPED, &buf),
            KC_ERROR_NULL_POINTER, "`device`");
    HOSTILE(kc_buffer_alloc_host_visible(device, 64, KC_HOST_MEMORY_MANAGED, NULL),
            KC_ERROR_NULL_POINTER, "`buffer`");
    HOSTILE(kc_buffer_alloc_host_visible(device, 64, 7, &buf), KC_ERROR_INVALID_ARGUMENT,
            "host memory kind 7");
    EXPECT(buf == NULL);
    HOSTILE(kc_buffer_alloc_host_visible(device, SIZE_MAX, KC_HOST_MEMORY_MAPPED, &buf),
            KC_ERROR_DEVICE, "memory");
    EXPECT(buf == NULL);
    HOSTILE(kc_buffer_host_pointer(NULL, &ptr), KC_ERROR_NULL_POINTER, "`buffer`");
    CHECK(kc_buffer_alloc(device, sizeof host, &buf));
    HOSTILE(kc_buffer_host_pointer(buf, NULL), KC_ERROR_NULL_POINTER, "`host`");
    HOSTILE(kc_buffer_host_pointer(buf, &ptr), KC_ERROR_INVALID_ARGUMENT, "cannot reach");
    HOSTILE(kc_buffer_size(buf, NULL), KC_ERROR_NULL_POINTER, "`bytes`");
    HOSTILE(kc_buffer_address(NULL, &a), KC_ERROR_NULL_POINTER, "`buffer`");
    HOSTILE(kc_buffer_address(buf, NULL), KC_ERROR_NULL_POINTER, "`address`");
    HOSTILE(kc_buffer_write(NULL, 0, host, 4, NULL), KC_ERROR_NULL_POINTER, "`buffer`");
    HOSTILE(kc_buffer_read(NULL, 0, host, 4, NULL), KC_ERROR_NULL_POINTER, "`buffer`");
    HOSTILE(kc_buffer_fill(NULL, 0, 0, 4, NULL), KC_ERROR_NULL_POINTER, "`buffer`");
    HOSTILE(kc_buffer_fill(buf, SIZE_MAX, 0, 2, NULL), KC_ERROR_INVALID_ARGUMENT, "overrun");
    HOSTILE(kc_buffer_read(buf, 1, host, SIZE_MAX, NULL), KC_ERROR_INVALID_ARGUMENT, "overrun");
    HOSTILE(kc_buffer_copy(NULL, 0, buf, 0, 4, NULL), KC_ERROR_NULL_POINTER, "`dst`");
    HOSTILE(kc_buffer_copy(buf, 0, NULL, 0, 4, NULL), KC_ERROR_NULL_POINTER, "`src`");
    HOSTILE(kc_buffer_copy(buf, 0, buf, 8, 64, NULL), KC_ERROR_INVALID_ARGUMENT, "overrun");
    HOSTILE(kc_buffer_copy(buf, SIZE_MAX, buf, 0, 2, NULL), KC_ERROR_INVALID_ARGUMENT,
            "overrun");
    /* Zero bytes at the end is nothing to do; a NULL host pointer with no
     * bytes is accepted. */
    CHECK(kc_buffer_write(buf, sizeof host, host, 0, NULL));
    CHECK(kc_buffer_read(buf, 0, host, 0, NULL));

    /* Streams and events. */
    HOSTILE(kc_stream_new(NULL, &stream), KC_ERROR_NULL_POINTER, "`device`");
    HOSTILE(kc_stream_new(device, NULL), KC_ERROR_NULL_POINTER, "`stream`");
    HOSTILE(kc_event_new(NULL, &start), KC_ERROR_NULL_POINTER, "`device`");
    HOSTILE(kc_event_new(device, NULL), KC_ERROR_NULL_POINTER, "`event`");
    CHECK(kc_stream_new(device, &stream));
    CHECK(kc_event_new(device, &start));
    CHECK(kc_event_new(device, &end));
    HOSTILE(kc_event_synchronize(NULL), KC_ERROR_NULL_POINTER, "`event`");
    HOSTILE(kc_event_query(NULL, &done), KC_ERROR_NULL_POINTER, "`event`");
    HOSTILE(kc_event_query(start, NULL), KC_ERROR_NULL_POINTER, "`done`");
    HOSTILE(kc_event_elapsed_ms(NULL, end, &ms), KC_ERROR_NULL_POINTER, "`start`");
    HOSTILE(kc_event_elapsed_ms(start, NULL, &ms), KC_ERROR_NULL_POINTER, "`end`");
    HOSTILE(kc_event_elapsed_ms(start, end, NULL), KC_ERROR_NULL_POINTER, "`milliseconds`");
    CHECK(kc_event_record(end, stream));
    HOSTILE(kc_event_elapsed_ms(start, end, &ms), KC_ERROR_INVALID_ARGUMENT, "never recorded");

    /* Modules on the device: a module without kernels, NULLs. */
    CHECK(kc_compile(SOURCE, "robust.py", NULL, &module, NULL));
    const char *text = NULL;
    HOSTILE(kc_module_types_text(module, &text, NULL), KC_ERROR_NOT_FOUND, "keep_texts");
    HOSTILE(kc_module_ir_text(module, &text, NULL), KC_ERROR_NOT_FOUND, "keep_texts");
    HOSTILE(kc_module_load(module, device, NULL), KC_ERROR_NULL_POINTER, "`loaded`");
    CHECK(kc_module_load(module, device, &loaded));
    HOSTILE(kc_loaded_module_set_const_array(NULL, "W", host, 4), KC_ERROR_NULL_POINTER,
            "`loaded`");
    HOSTILE(kc_loaded_module_set_const_array(loaded, NULL, host, 4), KC_ERROR_NULL_POINTER,
            "`name`");
    HOSTILE(kc_loaded_module_set_const_array(loaded, "W", NULL, 4), KC_ERROR_NULL_POINTER,
            "`data`");
    (void)no_kernels;
    (void)empty;

    /* Launches. */
    int64_t n16 = 16;
    kc_dim3 one = kc_dim(1, 1, 1), warp = kc_dim(32, 1, 1);
    kc_arg good[2] = {kc_arg_buffer(KC_DTYPE_FLOAT32, buf, 1, &n16), kc_arg_f32(2.5f)};
    kc_arg args[2];
    HOSTILE(kc_launch(loaded, "fill", kc_dim(UINT32_MAX, UINT32_MAX, UINT32_MAX), warp, 0, NULL,
                      good, 2),
            KC_ERROR_LAUNCH, "grid");
    HOSTILE(kc_launch(loaded, "fill", one, kc_dim(0, 0, 0), 0, NULL, good, 2), KC_ERROR_LAUNCH,
            "zero");
    HOSTILE(kc_launch(loaded, "fill", one, kc_dim(UINT32_MAX, UINT32_MAX, 1), 0, NULL, good, 2),
            KC_ERROR_LAUNCH, "1024");
    HOSTILE(kc_launch(loaded, "fill", one, warp, UINT32_MAX, NULL, good, 2), KC_ERROR_LAUNCH,
            "shared memory");
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, good, SIZE_MAX),
            KC_ERROR_INVALID_ARGUMENT, "`args` cannot hold");
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, NULL, 0), KC_ERROR_LAUNCH,
            "0 given");
    HOSTILE(kc_launch(loaded, "fi\xffll", one, warp, 0, NULL, good, 2),
            KC_ERROR_INVALID_ARGUMENT, "UTF-8");
    args[0] = good[0];
    args[1] = good[1];
    args[1].dtype = KC_DTYPE_NONE;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "dtype");
    args[1] = kc_arg_i64(INT64_MIN); /* an int64 for a float32: converted as Numba does */
    CHECK(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2));
    args[1] = good[1];
    args[0] = kc_arg_host_1d(KC_DTYPE_FLOAT32, NULL, 16);
    args[0].host_bytes = 64;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_NULL_POINTER,
            "args[0].host");
    args[0] = kc_arg_host_1d(KC_DTYPE_FLOAT32, host, 16);
    args[0].host_bytes = SIZE_MAX;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "host_bytes");
    args[0] = good[0];
    args[0].shape[0] = -1;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "argument 0");
    args[0] = good[0];
    args[0].shape[0] = INT64_MAX;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "argument 0");
    int64_t huge_shape[3] = {INT64_MAX, INT64_MAX, 2};
    args[0] = kc_arg_host(KC_DTYPE_FLOAT32, host, sizeof host, 3, huge_shape);
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "overflow");
    args[0].flags = KC_ARG_C_CONTIGUOUS | KC_ARG_F_CONTIGUOUS;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "argument 0");
    args[0] = good[0];
    args[0].offset = SIZE_MAX;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "argument 0");
    args[0] = good[0];
    args[0].ndim = KC_MAX_NDIM + 1;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "ndim is 9");
    /* A 0-D array is an array (one element), not the 1-D one `fill` takes. */
    args[0] = good[0];
    args[0].ndim = 0;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_LAUNCH,
            "got float32 array of shape ()");
    args[0] = good[0];
    args[0].flags = 0x80;
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "flags");
    /* Strides: overflowing, and negative ones that reach below the data. */
    int64_t big_stride = INT64_MAX;
    args[0] = kc_arg_strided(kc_arg_host_1d(KC_DTYPE_FLOAT32, host, 16), &big_stride);
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "argument 0");
    int64_t back = -4;
    args[0] = kc_arg_strided(kc_arg_buffer(KC_DTYPE_FLOAT32, buf, 1, &n16), &back);
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "argument 0");
    int64_t s2[2] = {INT64_MIN, 4}, sh2[2] = {2, 2};
    args[0] = kc_arg_strided(kc_arg_buffer(KC_DTYPE_FLOAT32, buf, 2, sh2), s2);
    HOSTILE(kc_launch(loaded, "grid2", one, warp, 0, NULL, args, 1), KC_ERROR_INVALID_ARGUMENT,
            "argument 0");
    /* A device pointer that is not one. */
    args[0] = kc_arg_device_ptr(KC_DTYPE_FLOAT32, 0xdead0000ull, 1, &n16);
    HOSTILE(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
            "not inside one live kc_buffer");

    /* The device still works, and the result is right. */
    CHECK(kc_launch(loaded, "fill", one, warp, 0, stream, good, 2));
    CHECK(kc_stream_synchronize(stream));
    CHECK(kc_buffer_read(buf, 0, host, sizeof host, NULL));
    EXPECT(host[0] == 2.5f && host[15] == 2.5f);
    CHECK(kc_event_record(start, stream));
    CHECK(kc_event_synchronize(start));
    CHECK(kc_event_query(start, &done));
    EXPECT(done);
    CHECK(kc_device_synchronize(device));

    kc_event_free(end);
    kc_event_free(start);
    kc_stream_free(stream);
    kc_buffer_free(buf);
    kc_loaded_module_free(loaded);
    kc_module_free(module);
    kc_device_free(device);
}

int main(void) {
    compile_side();
    device_side();
    /* Freeing NULL is a no-op, for every kind of handle. */
    kc_options_free(NULL);
    kc_module_free(NULL);
    kc_diagnostics_free(NULL);
    kc_device_options_free(NULL);
    kc_device_free(NULL);
    kc_loaded_module_free(NULL);
    kc_buffer_free(NULL);
    kc_stream_free(NULL);
    kc_event_free(NULL);
    cases += 9;
    printf("robust_api: %d hostile calls refused with a message\n", cases);
    return 0;
}
