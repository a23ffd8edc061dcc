/* What a binding needs to share memory with other libraries and to
 * introspect a compile, on the CPU device: kc_buffer_address,
 * kc_buffer_copy, KC_ARG_DEVICE_PTR (checked against live buffers),
 * explicit contiguity flags with negative and zero (broadcast) strides,
 * kc_module_types_text / kc_module_ir_text and kc_device_memory_info, and
 * a pointer parameter (Numba's CPointer) given a buffer's address. */
#include "check.h"

static const char *SOURCE =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float32[:], float32[::1])\")\n"
    "def copy(src, dst):\n"
    "    i = cuda.grid(1)\n"
    "    if i < dst.size:\n"
    "        dst[i] = src[i]\n"
    "\n"
    "@cuda.jit(\"void(int32[:, :], int32[:, ::1])\")\n"
    "def copy2d(src, dst):\n"
    "    i, j = cuda.grid(2)\n"
    "    if i < dst.shape[0] and j < dst.shape[1]:\n"
    "        scaled = src[i, j] * 2.5\n"
    "        dst[i, j] = int(scaled)\n"
    "\n"
    "@cuda.jit(\"void(float32[:])\")\n"
    "def negate(a):\n"
    "    i = cuda.grid(1)\n"
    "    if i < a.size:\n"
    "        a[i] = -a[i]\n"
    "\n"
    "@cuda.jit(\"void(CPointer(float32), int64)\")\n"
    "def halve(p, n):\n"
    "    i = cuda.grid(1)\n"
    "    if i < n:\n"
    "        p[i] = p[i] / 2\n";

enum { N = 8 };

static kc_dim3 one(void) { return kc_dim(1, 1, 1); }
static kc_dim3 warp(void) { return kc_dim(32, 1, 1); }

static void texts(const kc_module *module) {
    const char *types = NULL, *ir = NULL;
    size_t types_len = 0, ir_len = 0;
    CHECK(kc_module_types_text(module, &types, &types_len));
    EXPECT(types != NULL && strlen(types) == types_len);
    /* Every variable with its type, and the implicit int -> float. */
    EXPECT(strstr(types, "copy2d") != NULL);
    EXPECT(strstr(types, "scaled") != NULL && strstr(types, "float64") != NULL);
    EXPECT(strstr(types, "array(int32, 2d, A)") != NULL);
    CHECK(kc_module_ir_text(module, &ir, NULL));
    EXPECT(ir != NULL && strlen(ir) > 0);
    EXPECT(strstr(ir, "copy2d") != NULL && strstr(ir, "negate") != NULL);
    CHECK(kc_module_ir_text(module, &ir, &ir_len));
    EXPECT(strlen(ir) == ir_len);
    /* The same pointer every time: owned by the module. */
    const char *again = NULL;
    CHECK(kc_module_types_text(module, &again, NULL));
    EXPECT(again == types);
    EXPECT_STATUS(kc_module_types_text(NULL, &types, NULL), KC_ERROR_NULL_POINTER, "`module`");
    EXPECT_STATUS(kc_module_ir_text(module, NULL, NULL), KC_ERROR_NULL_POINTER, "`text`");
    printf("types: %zu bytes, IR: %zu bytes\n", types_len, ir_len);
}

static void memory_info(const kc_device *device) {
    uint64_t free_bytes = 0, total = 0;
    CHECK(kc_device_memory_info(device, &free_bytes, &total));
    EXPECT(total > 0 && free_bytes > 0 && free_bytes <= total);
    CHECK(kc_device_memory_info(device, NULL, &total));
    CHECK(kc_device_memory_info(device, &free_bytes, NULL));
    EXPECT_STATUS(kc_device_memory_info(NULL, &free_bytes, &total), KC_ERROR_NULL_POINTER,
                  "`device`");
    printf("memory: %llu of %llu MiB free\n", (unsigned long long)(free_bytes >> 20),
           (unsigned long long)(total >> 20));
}

static void addresses_and_copies(kc_device *device, kc_device *other) {
    kc_buffer *a = NULL, *b = NULL, *foreign = NULL;
    CHECK(kc_buffer_alloc(device, N * sizeof(float), &a));
    CHECK(kc_buffer_alloc(device, N * sizeof(float), &b));
    CHECK(kc_buffer_alloc(other, N * sizeof(float), &foreign));
    uint64_t addr_a = 0, addr_b = 0, again = 0;
    CHECK(kc_buffer_address(a, &addr_a));
    CHECK(kc_buffer_address(b, &addr_b));
    CHECK(kc_buffer_address(a, &again));
    EXPECT(addr_a != 0 && addr_b != 0 && addr_a != addr_b && again == addr_a);
    EXPECT(addr_b >= addr_a + N * sizeof(float) || addr_a >= addr_b + N * sizeof(float));
    EXPECT_STATUS(kc_buffer_address(NULL, &again), KC_ERROR_NULL_POINTER, "`buffer`");
    EXPECT_STATUS(kc_buffer_address(a, NULL), KC_ERROR_NULL_POINTER, "`address`");

    float host[N], out[N];
    for (int i = 0; i < N; i++) host[i] = (float)i;
    CHECK(kc_buffer_write(a, 0, host, sizeof host, NULL));
    /* a[2:6] -> b[0:4], then the overlapping a[0:6] -> a[2:8]. */
    CHECK(kc_buffer_fill(b, 0, 0, N * sizeof(float), NULL));
    CHECK(kc_buffer_copy(b, 0, a, 2 * sizeof(float), 4 * sizeof(float), NULL));
    CHECK(kc_buffer_read(b, 0, out, sizeof out, NULL));
    for (int i = 0; i < N; i++) EXPECT(out[i] == (i < 4 ? (float)(i + 2) : 0.0f));
    CHECK(kc_buffer_copy(a, 2 * sizeof(float), a, 0, 6 * sizeof(float), NULL));
    CHECK(kc_buffer_read(a, 0, out, sizeof out, NULL));
    for (int i = 0; i < N; i++) EXPECT(out[i] == (float)(i < 2 ? i : i - 2));
    CHECK(kc_buffer_copy(a, 0, b, 0, 0, NULL)); /* nothing */
    EXPECT_STATUS(kc_buffer_copy(b, 4, a, 0, N * sizeof(float), NULL), KC_ERROR_INVALID_ARGUMENT,
                  "dst: 32 bytes at offset 4 overrun the 32-byte buffer");
    EXPECT_STATUS(kc_buffer_copy(b, 0, a, 1, N * sizeof(float), NULL), KC_ERROR_INVALID_ARGUMENT,
                  "src:");
    EXPECT_STATUS(kc_buffer_copy(foreign, 0, a, 0, 4, NULL), KC_ERROR_INVALID_ARGUMENT,
                  "different devices");
    EXPECT_STATUS(kc_buffer_copy(NULL, 0, a, 0, 4, NULL), KC_ERROR_NULL_POINTER, "`dst`");
    EXPECT_STATUS(kc_buffer_copy(a, 0, NULL, 0, 4, NULL), KC_ERROR_NULL_POINTER, "`src`");
    kc_stream *stream = NULL;
    CHECK(kc_stream_new(device, &stream));
    CHECK(kc_buffer_copy(b, 0, a, 0, 4, stream));
    CHECK(kc_stream_synchronize(stream));
    kc_stream_free(stream);
    kc_buffer_free(foreign);
    kc_buffer_free(b);
    kc_buffer_free(a);
}

static void device_pointers(kc_device *device, kc_loaded_module *loaded) {
    kc_buffer *src = NULL, *dst = NULL;
    float host[2 * N], out[N];
    for (int i = 0; i < 2 * N; i++) host[i] = (float)(10 * i);
    CHECK(kc_buffer_alloc(device, sizeof host, &src));
    CHECK(kc_buffer_alloc(device, sizeof out, &dst));
    CHECK(kc_buffer_write(src, 0, host, sizeof host, NULL));
    uint64_t s = 0, d = 0;
    CHECK(kc_buffer_address(src, &s));
    CHECK(kc_buffer_address(dst, &d));

    /* src[4:12] by address, into dst by address. */
    int64_t n = N;
    kc_arg args[2] = {kc_arg_device_ptr(KC_DTYPE_FLOAT32, s + 4 * sizeof(float), 1, &n),
                      kc_arg_device_ptr(KC_DTYPE_FLOAT32, d, 1, &n)};
    CHECK(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2));
    CHECK(kc_buffer_read(dst, 0, out, sizeof out, NULL));
    for (int i = 0; i < N; i++) EXPECT(out[i] == host[i + 4]);

    /* Reversed by address: element 0 is the last one, strides -4. */
    int64_t back = -(int64_t)sizeof(float);
    args[0] = kc_arg_strided(
        kc_arg_device_ptr(KC_DTYPE_FLOAT32, s + (2 * N - 1) * sizeof(float), 1, &n), &back);
    CHECK(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2));
    CHECK(kc_buffer_read(dst, 0, out, sizeof out, NULL));
    for (int i = 0; i < N; i++) EXPECT(out[i] == host[2 * N - 1 - i]);

    /* Checked against live buffers on the CPU device. */
    int64_t too_many = 2 * N + 1;
    args[0] = kc_arg_device_ptr(KC_DTYPE_FLOAT32, s, 1, &too_many);
    EXPECT_STATUS(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2),
                  KC_ERROR_INVALID_ARGUMENT, "span of 68 bytes is not inside one live kc_buffer");
    args[0] = kc_arg_device_ptr(KC_DTYPE_FLOAT32, 0x1234, 1, &n);
    EXPECT_STATUS(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2),
                  KC_ERROR_INVALID_ARGUMENT, "device address 0x1234");
    args[0] = kc_arg_strided(kc_arg_device_ptr(KC_DTYPE_FLOAT32, s + 4, 1, &n), &back);
    EXPECT_STATUS(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2),
                  KC_ERROR_INVALID_ARGUMENT, "starting 28 bytes below it");
    /* Layouts are checked as for buffers: dst must be C-contiguous. */
    args[0] = kc_arg_device_ptr(KC_DTYPE_FLOAT32, s, 1, &n);
    args[1] = kc_arg_strided(kc_arg_device_ptr(KC_DTYPE_FLOAT32, d + 28, 1, &n), &back);
    EXPECT_STATUS(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2), KC_ERROR_LAUNCH,
                  "argument 1 ('dst')");
    /* A freed buffer's address is refused. */
    kc_buffer_free(dst);
    args[1] = kc_arg_device_ptr(KC_DTYPE_FLOAT32, d, 1, &n);
    EXPECT_STATUS(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2),
                  KC_ERROR_INVALID_ARGUMENT, "not inside one live kc_buffer");
    /* An empty array needs no memory. */
    int64_t zero = 0;
    args[0] = kc_arg_device_ptr(KC_DTYPE_FLOAT32, 0, 1, &zero);
    args[1] = kc_arg_device_ptr(KC_DTYPE_FLOAT32, 0, 1, &zero);
    CHECK(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2));
    kc_buffer_free(src);
}

static void pointer_parameter(kc_device *device, kc_loaded_module *loaded) {
    /* A pointer parameter is a uint64 scalar: a device address. */
    kc_buffer *buf = NULL;
    float host[N], out[N];
    for (int i = 0; i < N; i++) host[i] = (float)(4 * i);
    CHECK(kc_buffer_alloc(device, sizeof host, &buf));
    CHECK(kc_buffer_write(buf, 0, host, sizeof host, NULL));
    uint64_t addr = 0;
    CHECK(kc_buffer_address(buf, &addr));
    /* From element 2 on: p[i] is element i + 2. */
    kc_arg args[2] = {kc_arg_uint(KC_DTYPE_UINT64, addr + 2 * sizeof(float)), kc_arg_i64(N - 2)};
    CHECK(kc_launch(loaded, "halve", one(), warp(), 0, NULL, args, 2));
    CHECK(kc_buffer_read(buf, 0, out, sizeof out, NULL));
    for (int i = 0; i < N; i++) EXPECT(out[i] == (i < 2 ? host[i] : host[i] / 2));
    /* An address outside every buffer faults the launch: no crash. */
    args[0] = kc_arg_uint(KC_DTYPE_UINT64, 0x1234);
    args[1] = kc_arg_i64(1);
    EXPECT_STATUS(kc_launch(loaded, "halve", one(), warp(), 0, NULL, args, 2), KC_ERROR_LAUNCH,
                  "outside every allocation");
    kc_buffer_free(buf);
}

static void strides(kc_device *device, kc_loaded_module *loaded) {
    /* Host arrays with negative strides: a[::-1], written back in place. */
    float a[N];
    for (int i = 0; i < N; i++) a[i] = (float)i;
    int64_t back = -(int64_t)sizeof(float);
    kc_arg neg = kc_arg_strided(kc_arg_host_1d(KC_DTYPE_FLOAT32, &a[N - 1], N), &back);
    neg.host_bytes = sizeof a; /* from the lowest element, a[0] */
    float out[N] = {0};
    kc_arg args[2] = {neg, kc_arg_host_1d(KC_DTYPE_FLOAT32, out, N)};
    CHECK(kc_launch(loaded, "copy", one(), warp(), 0, NULL, args, 2));
    for (int i = 0; i < N; i++) EXPECT(out[i] == (float)(N - 1 - i));
    /* Every other element, backwards, negated in place. */
    int64_t half = N / 2, back2 = 2 * back;
    kc_arg every = kc_arg_strided(kc_arg_host_1d(KC_DTYPE_FLOAT32, &a[N - 1], half), &back2);
    every.host_bytes = (size_t)(N - 1) * sizeof(float);
    CHECK(kc_launch(loaded, "negate", one(), warp(), 0, NULL, &every, 1));
    for (int i = 0; i < N; i++) EXPECT(a[i] == (i % 2 ? -(float)i : (float)i));
    every.host_bytes = (size_t)(N - 2) * sizeof(float) - 1;
    EXPECT_STATUS(kc_launch(loaded, "negate", one(), warp(), 0, NULL, &every, 1),
                  KC_ERROR_INVALID_ARGUMENT, "the array spans 28 bytes");

    /* A broadcast: all-zero strides without a contiguity flag. */
    int32_t value = 4, grid2[3][N];
    int64_t shape2[2] = {3, N}, zeros[2] = {0, 0};
    kc_arg bc[2] = {
        kc_arg_strided(kc_arg_host(KC_DTYPE_INT32, &value, sizeof value, 2, shape2), zeros),
        kc_arg_host(KC_DTYPE_INT32, grid2, sizeof grid2, 2, shape2),
    };
    CHECK(kc_launch(loaded, "copy2d", one(), kc_dim(4, 8, 1), 0, NULL, bc, 2));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < N; j++) EXPECT(grid2[i][j] == 10);

    /* Negative strides on a device buffer: rows reversed, offset at the
     * last row. */
    int32_t rows[3][N];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < N; j++) rows[i][j] = 100 * i + j;
    kc_buffer *buf = NULL;
    CHECK(kc_buffer_alloc(device, sizeof rows, &buf));
    CHECK(kc_buffer_write(buf, 0, rows, sizeof rows, NULL));
    int64_t rev_rows[2] = {-(int64_t)sizeof rows[0], (int64_t)sizeof rows[0][0]};
    bc[0] = kc_arg_strided(kc_arg_buffer(KC_DTYPE_INT32, buf, 2, shape2), rev_rows);
    bc[0].offset = 2 * sizeof rows[0];
    CHECK(kc_launch(loaded, "copy2d", one(), kc_dim(4, 8, 1), 0, NULL, bc, 2));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < N; j++) EXPECT(grid2[i][j] == (int32_t)(2.5 * rows[2 - i][j]));
    bc[0].offset = sizeof rows[0];
    EXPECT_STATUS(kc_launch(loaded, "copy2d", one(), kc_dim(4, 8, 1), 0, NULL, bc, 2),
                  KC_ERROR_INVALID_ARGUMENT, "before the buffer");

    /* Flags. */
    bc[0] = kc_arg_buffer(KC_DTYPE_INT32, buf, 2, shape2);
    /* Both contiguity flags on a 3 x N array contradict each other. */
    bc[0].flags = KC_ARG_C_CONTIGUOUS | KC_ARG_F_CONTIGUOUS;
    EXPECT_STATUS(kc_launch(loaded, "copy2d", one(), kc_dim(4, 8, 1), 0, NULL, bc, 2),
                  KC_ERROR_INVALID_ARGUMENT, "both C- and Fortran-contiguous");
    /* On a 1-D array both hold (NumPy sets both): accepted. */
    float v[N];
    for (int i = 0; i < N; i++) v[i] = (float)i;
    kc_arg both = kc_arg_host_1d(KC_DTYPE_FLOAT32, v, N);
    both.flags = KC_ARG_C_CONTIGUOUS | KC_ARG_F_CONTIGUOUS;
    CHECK(kc_launch(loaded, "negate", one(), warp(), 0, NULL, &both, 1));
    for (int i = 0; i < N; i++) EXPECT(v[i] == -(float)i);
    bc[0].flags = 8;
    EXPECT_STATUS(kc_launch(loaded, "copy2d", one(), kc_dim(4, 8, 1), 0, NULL, bc, 2),
                  KC_ERROR_INVALID_ARGUMENT, "flags is 0x8");
    /* F order: the same buffer read column-major (an 'A' parameter). */
    int64_t fshape[2] = {N, 3};
    bc[0] = kc_arg_buffer(KC_DTYPE_INT32, buf, 2, fshape);
    bc[0].flags = KC_ARG_F_CONTIGUOUS;
    int32_t ft[N][3];
    bc[1] = kc_arg_host(KC_DTYPE_INT32, ft, sizeof ft, 2, fshape);
    CHECK(kc_launch(loaded, "copy2d", one(), kc_dim(8, 4, 1), 0, NULL, bc, 2));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 3; j++) EXPECT(ft[i][j] == (int32_t)(2.5 * rows[j][i]));
    /* Zero-initialised strides without the flag are a broadcast of the
     * first element, not C order. */
    bc[0] = kc_arg_buffer(KC_DTYPE_INT32, buf, 2, shape2);
    bc[0].flags = 0;
    bc[1] = kc_arg_host(KC_DTYPE_INT32, grid2, sizeof grid2, 2, shape2);
    CHECK(kc_launch(loaded, "copy2d", one(), kc_dim(4, 8, 1), 0, NULL, bc, 2));
    EXPECT(grid2[2][7] == 0 && grid2[0][0] == 0);
    kc_buffer_free(buf);
}

int main(void) {
    kc_module *module = NULL;
    kc_options *opts = NULL;
    CHECK(kc_options_new(&opts));
    /* Without keep_texts the module holds no texts, and says so. */
    CHECK(kc_compile(SOURCE, "interop.py", opts, &module, NULL));
    {
        const char *none = NULL;
        EXPECT_STATUS(kc_module_types_text(module, &none, NULL), KC_ERROR_NOT_FOUND,
                      "kc_options_set_keep_texts");
        EXPECT_STATUS(kc_module_ir_text(module, &none, NULL), KC_ERROR_NOT_FOUND,
                      "kc_options_set_keep_texts");
    }
    kc_module_free(module);
    module = NULL;
    EXPECT_STATUS(kc_options_set_keep_texts(NULL, true), KC_ERROR_NULL_POINTER, "`options`");
    CHECK(kc_options_set_keep_texts(opts, true));
    CHECK(kc_compile(SOURCE, "interop.py", opts, &module, NULL));
    kc_options_free(opts);
    texts(module);

    kc_device_options *options = NULL;
    CHECK(kc_device_options_new(&options));
    CHECK(kc_device_options_set_workers(options, 2));
    kc_device *device = NULL, *other = NULL;
    CHECK(kc_device_open(KC_DEVICE_CPU, options, &device));
    CHECK(kc_device_open(KC_DEVICE_CPU, options, &other));
    kc_device_options_free(options);
    kc_loaded_module *loaded = NULL;
    CHECK(kc_module_load(module, device, &loaded));

    memory_info(device);
    addresses_and_copies(device, other);
    device_pointers(device, loaded);
    pointer_parameter(device, loaded);
    strides(device, loaded);

    kc_loaded_module_free(loaded);
    kc_device_free(other);
    kc_device_free(device);
    kc_module_free(module);
    printf("interop_api: addresses, copies, device pointers, strides, texts, memory info\n");
    return 0;
}
