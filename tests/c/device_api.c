/* The device side of the C API on the CPU device: device properties,
 * buffers, streams and events, launches with device buffers (2-D, strided),
 * host arrays copied back only when written, memory the host reaches too
 * (mapped and managed), constant arrays, scalars of
 * every dtype, and tuple parameters (listed and passed as their items). */
#include "check.h"

static const char *SOURCE =
    "import numpy as np\n"
    "from numba import cuda\n"
    "\n"
    "TABLE = np.zeros(4, dtype=np.int32)\n"
    "\n"
    "@cuda.jit(\"void(float64[::1], boolean, int8, int16, int32, int64, uint8, uint16, uint32,"
    " uint64, float16, float32, float64)\")\n"
    "def scalars(out, b, i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64):\n"
    "    if cuda.grid(1) == 0:\n"
    "        out[0] = b\n"
    "        out[1] = i8\n"
    "        out[2] = i16\n"
    "        out[3] = i32\n"
    "        out[4] = i64\n"
    "        out[5] = u8\n"
    "        out[6] = u16\n"
    "        out[7] = u32\n"
    "        out[8] = u64\n"
    "        out[9] = f16\n"
    "        out[10] = f32\n"
    "        out[11] = f64\n"
    "\n"
    "@cuda.jit(\"void(float32[:, :], float32[:, ::1], float32)\")\n"
    "def transpose_scale(src, dst, alpha):\n"
    "    i, j = cuda.grid(2)\n"
    "    n, m = src.shape\n"
    "    if i < n and j < m:\n"
    "        dst[j, i] = src[i, j] * alpha\n"
    "\n"
    "@cuda.jit(\"void(int32[::1], int32[::1])\")\n"
    "def lookup(idx, out):\n"
    "    t = cuda.const.array_like(TABLE)\n"
    "    i = cuda.grid(1)\n"
    "    if i < idx.size:\n"
    "        out[i] = t[idx[i] % 4]\n"
    "\n"
    "@cuda.jit(\"void(Tuple((int64, UniTuple(float32, 2))), UniTuple(float64[::1], 2))\")\n"
    "def tuple_args(t, arrays):\n"
    "    src, dst = arrays\n"
    "    i = cuda.grid(1)\n"
    "    if i < dst.size:\n"
    "        dst[i] = src[i] * t[1][0] + t[0] + t[1][1]\n";

enum { N = 5, M = 7 };

static void properties(kc_device *device) {
    size_t count = 0;
    CHECK(kc_device_count(KC_DEVICE_CPU, &count));
    EXPECT(count == 1);
    kc_device_properties p;
    CHECK(kc_device_get_properties(device, &p));
    EXPECT(p.kind == KC_DEVICE_CPU);
    EXPECT(strstr(p.name, "CPU device (2 workers)") != NULL);
    EXPECT(p.arch >= 50 && p.max_threads_per_block == 1024 && p.warp_size == 32);
    EXPECT(p.max_block_dim[2] == 64 && p.max_shared_bytes_per_block >= 48 * 1024);
    EXPECT(p.workers == 2);
}

static void scalars(kc_loaded_module *loaded) {
    double out[12] = {0};
    kc_arg args[13] = {
        kc_arg_host_1d(KC_DTYPE_FLOAT64, out, 12),
        kc_arg_int(KC_DTYPE_BOOL, 1),
        kc_arg_int(KC_DTYPE_INT8, -8),
        kc_arg_int(KC_DTYPE_INT16, -1600),
        kc_arg_i32(-320000),
        kc_arg_i64(-64000000000LL),
        kc_arg_uint(KC_DTYPE_UINT8, 200),
        kc_arg_uint(KC_DTYPE_UINT16, 60000),
        kc_arg_uint(KC_DTYPE_UINT32, 4000000000u),
        kc_arg_uint(KC_DTYPE_UINT64, 1ull << 40),
        kc_arg_float(KC_DTYPE_FLOAT16, 1.5),
        kc_arg_f32(0.25f),
        kc_arg_f64(-2.5e100),
    };
    CHECK(kc_launch(loaded, "scalars", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 13));
    const double want[12] = {1, -8, -1600, -320000, -64000000000.0, 200, 60000, 4000000000.0,
                             1099511627776.0, 1.5, 0.25, -2.5e100};
    for (int i = 0; i < 12; i++) {
        if (out[i] != want[i]) fprintf(stderr, "scalar %d: %g, want %g\n", i, out[i], want[i]);
        EXPECT(out[i] == want[i]);
    }
}

/* src is a strided view (every other column of an N x 2M array) in a device
 * buffer; dst is a C-contiguous M x N buffer. */
static void buffers_streams_events(kc_device *device, kc_loaded_module *loaded) {
    float host[N][2 * M], result[M][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < 2 * M; j++) host[i][j] = (float)(100 * i + j);
    kc_buffer *src = NULL, *dst = NULL;
    kc_stream *stream = NULL;
    kc_event *start = NULL, *stop = NULL;
    CHECK(kc_buffer_alloc(device, sizeof host, &src));
    CHECK(kc_buffer_alloc(device, sizeof result, &dst));
    size_t size = 0;
    CHECK(kc_buffer_size(src, &size));
    EXPECT(size == sizeof host);
    CHECK(kc_stream_new(device, &stream));
    CHECK(kc_event_new(device, &start));
    CHECK(kc_event_new(device, &stop));

    CHECK(kc_event_record(start, stream));
    CHECK(kc_buffer_write(src, 0, host, sizeof host, stream));
    CHECK(kc_buffer_fill(dst, 0, 0xff, sizeof result, stream));
    int64_t src_shape[2] = {N, M}, dst_shape[2] = {M, N};
    kc_arg args[3] = {
        kc_arg_buffer(KC_DTYPE_FLOAT32, src, 2, src_shape),
        kc_arg_buffer(KC_DTYPE_FLOAT32, dst, 2, dst_shape),
        kc_arg_f32(0.5f),
    };
    args[0].offset = sizeof(float); /* start at column 1 */
    const int64_t every_other_column[2] = {(int64_t)sizeof host[0], 2 * (int64_t)sizeof(float)};
    args[0] = kc_arg_strided(args[0], every_other_column);
    CHECK(kc_launch(loaded, "transpose_scale", kc_dim(1, 1, 1), kc_dim(8, 8, 1), 0, stream, args,
                    3));
    CHECK(kc_buffer_read(dst, 0, result, sizeof result, stream));
    CHECK(kc_event_record(stop, stream));
    CHECK(kc_stream_synchronize(stream));
    CHECK(kc_event_synchronize(stop));
    bool done = false;
    CHECK(kc_event_query(stop, &done));
    EXPECT(done);
    float ms = -1.0f;
    CHECK(kc_event_elapsed_ms(start, stop, &ms));
    EXPECT(ms >= 0.0f);
    printf("launch + copies: %.3f ms\n", (double)ms);
    CHECK(kc_device_synchronize(device));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) EXPECT(result[j][i] == 0.5f * host[i][2 * j + 1]);

    /* Partial reads at an offset. */
    float corner = 0;
    CHECK(kc_buffer_read(dst, sizeof(float) * (N + 1), &corner, sizeof corner, NULL));
    EXPECT(corner == result[1][1]);

    kc_event_free(stop);
    kc_event_free(start);
    kc_stream_free(stream);
    kc_buffer_free(dst);
    kc_buffer_free(src);
}

static void host_arrays_and_constants(kc_loaded_module *loaded) {
    int32_t idx[6] = {0, 1, 2, 3, 4, 5}, out[6] = {0};
    int32_t keep[6];
    memcpy(keep, idx, sizeof idx);
    kc_arg args[2] = {kc_arg_host_1d(KC_DTYPE_INT32, idx, 6), kc_arg_host_1d(KC_DTYPE_INT32, out, 6)};
    /* Values given with the options at compile time. */
    CHECK(kc_launch(loaded, "lookup", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 2));
    for (int i = 0; i < 6; i++) EXPECT(out[i] == 10 * (i % 4) + 1);
    EXPECT(memcmp(idx, keep, sizeof idx) == 0); /* read-only: not copied back */
    /* New values after loading. */
    int32_t table[4] = {7, 8, 9, 10};
    CHECK(kc_loaded_module_set_const_array(loaded, "TABLE", table, sizeof table));
    CHECK(kc_launch(loaded, "lookup", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 2));
    for (int i = 0; i < 6; i++) EXPECT(out[i] == table[i % 4]);
}

/* Memory the host and kernels both reach (Numba's mapped and managed
 * arrays): the host writes the input and reads the output through the host
 * pointer, with no copy, and the kernel takes the buffers as any other. */
static void host_visible(kc_device *device, kc_loaded_module *loaded) {
    const kc_host_memory kinds[2] = {KC_HOST_MEMORY_MAPPED, KC_HOST_MEMORY_MANAGED};
    for (int k = 0; k < 2; k++) {
        kc_buffer *idx = NULL, *out = NULL;
        CHECK(kc_buffer_alloc_host_visible(device, 6 * sizeof(int32_t), kinds[k], &idx));
        CHECK(kc_buffer_alloc_host_visible(device, 6 * sizeof(int32_t), kinds[k], &out));
        int32_t *hidx = NULL, *hout = NULL;
        CHECK(kc_buffer_host_pointer(idx, (void **)&hidx));
        CHECK(kc_buffer_host_pointer(out, (void **)&hout));
        EXPECT(((uintptr_t)hidx & 4095) == 0);
        for (int i = 0; i < 6; i++) EXPECT(hout[i] == 0); /* zeroed */
        for (int i = 0; i < 6; i++) hidx[i] = 5 - i;
        kc_device_properties p;
        CHECK(kc_device_get_properties(device, &p));
        uint64_t addr = 0;
        CHECK(kc_buffer_address(out, &addr));
        if (p.kind == KC_DEVICE_CPU || kinds[k] == KC_HOST_MEMORY_MANAGED)
            EXPECT(addr == (uint64_t)(uintptr_t)hout);
        int64_t six[1] = {6};
        kc_arg args[2] = {kc_arg_buffer(KC_DTYPE_INT32, idx, 1, six),
                          kc_arg_device_ptr(KC_DTYPE_INT32, addr, 1, six)};
        CHECK(kc_launch(loaded, "lookup", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 2));
        /* TABLE is {7, 8, 9, 10} since host_arrays_and_constants. */
        for (int i = 0; i < 6; i++) EXPECT(hout[i] == 7 + (5 - i) % 4);
        /* Copies see the host's writes, and the host sees theirs. */
        hidx[0] = 77;
        int32_t back[6] = {0};
        CHECK(kc_buffer_read(idx, 0, back, sizeof back, NULL));
        EXPECT(back[0] == 77 && back[5] == 0);
        CHECK(kc_buffer_fill(out, 0, 0xff, 4, NULL));
        EXPECT(hout[0] == -1);
        kc_buffer_free(idx);
        kc_buffer_free(out);
    }
    /* Device memory has no host address. */
    kc_buffer *plain = NULL;
    void *h = NULL;
    CHECK(kc_buffer_alloc(device, 16, &plain));
    EXPECT_STATUS(kc_buffer_host_pointer(plain, &h), KC_ERROR_INVALID_ARGUMENT, "cannot reach");
    kc_buffer_free(plain);
}

/* A tuple parameter is listed as its items, depth first, with each array's
 * own access, and a launch passes the items as consecutive arguments. */
static void tuple_params(const kc_module *module) {
    size_t k = 0, count = 0;
    CHECK(kc_module_find_kernel(module, "tuple_args", &k));
    CHECK(kc_module_param_count(module, k, &count));
    EXPECT(count == 5);
    const char *names[5] = {"t[0]", "t[1][0]", "t[1][1]", "arrays[0]", "arrays[1]"};
    for (size_t p = 0; p < count; p++) {
        kc_param_info info;
        CHECK(kc_module_param_info(module, k, p, &info));
        EXPECT(strcmp(info.name, names[p]) == 0);
        EXPECT(info.kind == (p < 3 ? KC_PARAM_SCALAR : KC_PARAM_ARRAY));
        EXPECT(info.written == (p == 4));
    }
}

static void tuple_launch(kc_loaded_module *loaded) {
    double src[4] = {1, 2, 3, 4}, dst[4] = {0};
    kc_arg args[5] = {kc_arg_i64(3), kc_arg_f32(2.0f), kc_arg_f32(0.5f),
                      kc_arg_host_1d(KC_DTYPE_FLOAT64, src, 4), kc_arg_host_1d(KC_DTYPE_FLOAT64, dst, 4)};
    CHECK(kc_launch(loaded, "tuple_args", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 5));
    for (int i = 0; i < 4; i++) EXPECT(dst[i] == src[i] * 2.0 + 3.5);
}

int main(void) {
    kc_options *opts = NULL;
    CHECK(kc_options_new(&opts));
    int32_t table[4] = {1, 11, 21, 31};
    int64_t table_shape[1] = {4};
    CHECK(kc_options_add_const_array(opts, "TABLE", KC_DTYPE_INT32, table_shape, 1, table,
                                     sizeof table));
    kc_module *module = NULL;
    CHECK(kc_compile(SOURCE, "device_api.py", opts, &module, NULL));
    kc_options_free(opts);

    kc_device_options *dopts = NULL;
    CHECK(kc_device_options_new(&dopts));
    CHECK(kc_device_options_set_workers(dopts, 2));
    CHECK(kc_device_options_set_check(dopts, true));
    kc_device *device = NULL;
    CHECK(kc_device_open(KC_DEVICE_AUTO, dopts, &device));
    kc_device_options_free(dopts);
    kc_loaded_module *loaded = NULL;
    CHECK(kc_module_load(module, device, &loaded));
    tuple_params(module);
    kc_module_free(module); /* the loaded module does not need it */

    properties(device);
    scalars(loaded);
    buffers_streams_events(device, loaded);
    host_arrays_and_constants(loaded);
    host_visible(device, loaded);
    tuple_launch(loaded);

    /* Handles keep the device alive: free it first. */
    kc_device_free(device);
    int32_t idx[1] = {2}, out[1] = {0};
    kc_arg args[2] = {kc_arg_host_1d(KC_DTYPE_INT32, idx, 1), kc_arg_host_1d(KC_DTYPE_INT32, out, 1)};
    CHECK(kc_launch(loaded, "lookup", kc_dim(1, 1, 1), kc_dim(1, 1, 1), 0, NULL, args, 2));
    EXPECT(out[0] == 9);
    kc_loaded_module_free(loaded);
    printf("device_api: all checks passed\n");
    return 0;
}
