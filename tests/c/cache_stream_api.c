/* What an on-disk kernel cache and stream interop need, on the CPU
 * device: kc_module_serialize / kc_module_deserialize (a module read back
 * loads and launches as the one compiled; truncated, extended or altered
 * bytes are refused), and kc_stream_wrap / kc_stream_handle (a foreign
 * stream handle as a kc_stream that is used, never owned). */
#include "check.h"

static const char *SOURCE =
    "from numba import cuda\n"
    "import numpy as np\n"
    "\n"
    "TABLE = np.array([1.0, 2.0, 4.0, 8.0], dtype=np.float32)\n"
    "\n"
    "@cuda.jit(\"void(float32[::1], float32)\")\n"
    "def scale(a, s):\n"
    "    t = cuda.const.array_like(TABLE)\n"
    "    i = cuda.grid(1)\n"
    "    if i < a.size:\n"
    "        a[i] = a[i] * s + t[i % 4]\n";

enum { N = 8 };

static kc_module *compile(void) {
    kc_options *opts = NULL;
    CHECK(kc_options_new(&opts));
    CHECK(kc_options_set_keep_texts(opts, true));
    const float table[4] = {1.0f, 2.0f, 4.0f, 8.0f};
    const int64_t shape[1] = {4};
    CHECK(kc_options_add_const_array(opts, "TABLE", KC_DTYPE_FLOAT32, shape, 1, table,
                                     sizeof table));
    kc_module *module = NULL;
    kc_diagnostics *diags = NULL;
    CHECK(kc_compile(SOURCE, "cache.py", opts, &module, &diags));
    kc_diagnostics_free(diags);
    kc_options_free(opts);
    return module;
}

/* Serialises `module`: the bytes (malloc'd) and their length. */
static unsigned char *serialize(const kc_module *module, size_t *length) {
    size_t needed = 0;
    EXPECT_STATUS(kc_module_serialize(module, NULL, 0, &needed), KC_ERROR_BUFFER_TOO_SMALL,
                  "the module takes");
    EXPECT(needed > 0);
    unsigned char *bytes = malloc(needed);
    EXPECT(bytes != NULL);
    EXPECT_STATUS(kc_module_serialize(module, bytes, needed - 1, NULL),
                  KC_ERROR_BUFFER_TOO_SMALL, "the module takes");
    size_t again = 0;
    CHECK(kc_module_serialize(module, bytes, needed, &again));
    EXPECT(again == needed);
    *length = needed;
    return bytes;
}

/* Runs `scale` of `module` on a..., on `stream`; checks the result. */
static void run(kc_device *device, const kc_module *module, const kc_stream *stream) {
    kc_loaded_module *loaded = NULL;
    CHECK(kc_module_load(module, device, &loaded));
    float a[N];
    for (int i = 0; i < N; i++) a[i] = (float)i;
    kc_arg args[2] = {kc_arg_host_1d(KC_DTYPE_FLOAT32, a, N), kc_arg_f32(3.0f)};
    CHECK(kc_launch(loaded, "scale", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, stream, args, 2));
    if (stream != NULL) CHECK(kc_stream_synchronize(stream));
    const float table[4] = {1.0f, 2.0f, 4.0f, 8.0f};
    for (int i = 0; i < N; i++) EXPECT(a[i] == (float)i * 3.0f + table[i % 4]);
    kc_loaded_module_free(loaded);
}

static void module_bytes(kc_device *device) {
    kc_module *module = compile();
    size_t length = 0;
    unsigned char *bytes = serialize(module, &length);

    kc_module *back = NULL;
    CHECK(kc_module_deserialize(bytes, length, &back));
    /* The same PTX, kernels, parameters and kept texts. */
    const char *ptx = NULL, *ptx_back = NULL, *types = NULL, *types_back = NULL;
    CHECK(kc_module_ptx(module, &ptx, NULL));
    CHECK(kc_module_ptx(back, &ptx_back, NULL));
    EXPECT(strcmp(ptx, ptx_back) == 0);
    CHECK(kc_module_types_text(module, &types, NULL));
    CHECK(kc_module_types_text(back, &types_back, NULL));
    EXPECT(strcmp(types, types_back) == 0);
    size_t kernel = 9, count = 0;
    CHECK(kc_module_find_kernel(back, "scale", &kernel));
    CHECK(kc_module_param_count(back, kernel, &count));
    EXPECT(kernel == 0 && count == 2);
    kc_param_info info;
    CHECK(kc_module_param_info(back, kernel, 0, &info));
    EXPECT(info.kind == KC_PARAM_ARRAY && info.dtype == KC_DTYPE_FLOAT32 && info.written);
    EXPECT(strcmp(info.type_name, "array(float32, 1d, C)") == 0);
    /* It serialises to the same bytes, and runs as the original does
     * (the constant table travelled with it). */
    size_t length2 = 0;
    unsigned char *bytes2 = serialize(back, &length2);
    EXPECT(length2 == length && memcmp(bytes, bytes2, length) == 0);
    free(bytes2);
    run(device, module, NULL);
    run(device, back, NULL);
    kc_module_free(back);

    /* Every truncation is refused, and so is a byte after the end. */
    for (size_t n = 0; n < length; n += 1 + n / 16) {
        kc_module *bad = (kc_module *)1;
        kc_status s = kc_module_deserialize(n ? bytes : NULL, n, &bad);
        EXPECT(s == KC_ERROR_INVALID_ARGUMENT && bad == NULL);
    }
    EXPECT_STATUS(kc_module_deserialize(bytes, length / 2, &back), KC_ERROR_INVALID_ARGUMENT,
                  "truncated");
    unsigned char *longer = malloc(length + 1);
    EXPECT(longer != NULL);
    memcpy(longer, bytes, length);
    longer[length] = 0;
    EXPECT_STATUS(kc_module_deserialize(longer, length + 1, &back), KC_ERROR_INVALID_ARGUMENT,
                  "1 bytes after its end");
    free(longer);
    /* Another version's bytes: the version string follows the magic word
     * and the format number. */
    bytes[8 + 4 + 4] ^= 0x01;
    EXPECT_STATUS(kc_module_deserialize(bytes, length, &back), KC_ERROR_INVALID_ARGUMENT,
                  "compile it again");
    bytes[0] = 'X';
    EXPECT_STATUS(kc_module_deserialize(bytes, length, &back), KC_ERROR_INVALID_ARGUMENT,
                  "does not start with KCMODULE");
    EXPECT_STATUS(kc_module_deserialize(NULL, 4, &back), KC_ERROR_NULL_POINTER, "`bytes`");
    EXPECT_STATUS(kc_module_deserialize(bytes, length, NULL), KC_ERROR_NULL_POINTER, "`module`");
    EXPECT_STATUS(kc_module_serialize(NULL, bytes, length, NULL), KC_ERROR_NULL_POINTER,
                  "`module`");
    EXPECT_STATUS(kc_module_serialize(module, NULL, length, NULL), KC_ERROR_NULL_POINTER,
                  "`buffer`");
    free(bytes);
    kc_module_free(module);
    printf("module bytes: %zu\n", length);
}

static void external_streams(kc_device *device, kc_device *other) {
    kc_module *module = compile();
    kc_stream *own = NULL, *wrapped = NULL, *again = NULL;
    CHECK(kc_stream_new(device, &own));
    uint64_t own_handle = 0, handle = 0;
    CHECK(kc_stream_handle(own, &own_handle));
    EXPECT(own_handle != 0);

    /* A handle (here: the own stream's) wrapped, used, named back. */
    CHECK(kc_stream_wrap(device, own_handle, &wrapped));
    CHECK(kc_stream_handle(wrapped, &handle));
    EXPECT(handle == own_handle);
    run(device, module, wrapped);
    /* Freeing the wrapper leaves the stream it names usable. */
    kc_stream_free(wrapped);
    run(device, module, own);

    /* Any non-zero number names a stream on the CPU device. */
    CHECK(kc_stream_wrap(device, 0xabcdef, &again));
    CHECK(kc_stream_handle(again, &handle));
    EXPECT(handle == 0xabcdef);
    run(device, module, again);
    /* It belongs to its device: refused with another device's module. */
    kc_loaded_module *loaded = NULL;
    CHECK(kc_module_load(module, other, &loaded));
    float a[N] = {0};
    kc_arg args[2] = {kc_arg_host_1d(KC_DTYPE_FLOAT32, a, N), kc_arg_f32(1.0f)};
    EXPECT_STATUS(kc_launch(loaded, "scale", kc_dim(1, 1, 1), kc_dim(8, 1, 1), 0, again, args, 2),
                  KC_ERROR_INVALID_ARGUMENT, "another device");
    kc_loaded_module_free(loaded);
    kc_stream_free(again);

    wrapped = (kc_stream *)1;
    EXPECT_STATUS(kc_stream_wrap(device, 0, &wrapped), KC_ERROR_INVALID_ARGUMENT,
                  "the default stream");
    EXPECT(wrapped == NULL);
    EXPECT_STATUS(kc_stream_wrap(NULL, 1, &wrapped), KC_ERROR_NULL_POINTER, "`device`");
    EXPECT_STATUS(kc_stream_wrap(device, 1, NULL), KC_ERROR_NULL_POINTER, "`stream`");
    EXPECT_STATUS(kc_stream_handle(NULL, &handle), KC_ERROR_NULL_POINTER, "`stream`");
    EXPECT_STATUS(kc_stream_handle(own, NULL), KC_ERROR_NULL_POINTER, "`handle`");
    kc_stream_free(own);
    kc_module_free(module);
    printf("external streams: ok\n");
}

int main(void) {
    kc_device *device = NULL, *other = NULL;
    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device));
    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &other));
    module_bytes(device);
    external_streams(device, other);
    kc_device_free(other);
    kc_device_free(device);
    return 0;
}
