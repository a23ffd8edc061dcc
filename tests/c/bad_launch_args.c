/* Hammers the device side of the API with bad arguments: NULLs, unknown
 * kinds, wrong sizes, a wrong kernel name, launches with the wrong argument
 * count and types, blocks of more than 1024 threads, a kernel that faults.
 * Every call must fail with the right status and a clear message. */
#include "check.h"

static const char *SOURCE =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float32[::1], int32)\")\n"
    "def fill(a, v):\n"
    "    i = cuda.grid(1)\n"
    "    if i < a.size:\n"
    "        a[i] = v\n"
    "\n"
    "@cuda.jit(\"void(float32[::1])\", boundscheck=True)\n"
    "def overrun(a):\n"
    "    a[cuda.grid(1) + 1000] = 1.0\n";

int main(void) {
    kc_module *module = NULL;
    kc_device *device = NULL, *other = NULL;
    kc_loaded_module *loaded = NULL;
    kc_buffer *buf = NULL, *foreign = NULL;
    kc_stream *foreign_stream = NULL;
    kc_event *event = NULL;
    size_t n = 0;
    float host[16] = {0}, ms = 0;
    kc_device_properties props;

    CHECK(kc_compile(SOURCE, "bad.py", NULL, &module, NULL));

    /* Devices. */
    EXPECT_STATUS(kc_device_open(7, NULL, &device), KC_ERROR_INVALID_ARGUMENT, "device kind 7");
    EXPECT(device == NULL);
    EXPECT_STATUS(kc_device_open(KC_DEVICE_CPU, NULL, NULL), KC_ERROR_NULL_POINTER, "`device`");
    EXPECT_STATUS(kc_device_count(KC_DEVICE_CPU, NULL), KC_ERROR_NULL_POINTER, "`count`");
    CHECK(kc_device_count(KC_DEVICE_GPU, &n));
    if (n == 0)
        EXPECT_STATUS(kc_device_open(KC_DEVICE_GPU, NULL, &device), KC_ERROR_NO_GPU, "GPU");
    kc_device_options *dopts = NULL;
    CHECK(kc_device_options_new(&dopts));
    CHECK(kc_device_options_set_ordinal(dopts, 3));
    EXPECT_STATUS(kc_device_open(KC_DEVICE_CPU, dopts, &device), KC_ERROR_INVALID_ARGUMENT,
                  "ordinal 3");
    EXPECT_STATUS(kc_device_options_set_workers(NULL, 1), KC_ERROR_NULL_POINTER, "`options`");
    kc_device_options_free(dopts);
    EXPECT_STATUS(kc_device_get_properties(NULL, &props), KC_ERROR_NULL_POINTER, "`device`");
    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device));
    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &other));
    EXPECT_STATUS(kc_device_get_properties(device, NULL), KC_ERROR_NULL_POINTER, "`properties`");

    /* Module loading. */
    EXPECT_STATUS(kc_module_load(NULL, device, &loaded), KC_ERROR_NULL_POINTER, "`module`");
    EXPECT_STATUS(kc_module_load(module, NULL, &loaded), KC_ERROR_NULL_POINTER, "`device`");
    CHECK(kc_module_load(module, device, &loaded));
    EXPECT_STATUS(kc_loaded_module_set_const_array(loaded, "NOPE", host, 4), KC_ERROR_NOT_FOUND,
                  "no constant array 'NOPE'");

    /* Buffers. */
    EXPECT_STATUS(kc_buffer_alloc(NULL, 64, &buf), KC_ERROR_NULL_POINTER, "`device`");
    CHECK(kc_buffer_alloc(device, 16 * sizeof(float), &buf));
    CHECK(kc_buffer_alloc(other, 16 * sizeof(float), &foreign));
    EXPECT_STATUS(kc_buffer_write(buf, 8, host, sizeof host, NULL), KC_ERROR_INVALID_ARGUMENT,
                  "64 bytes at offset 8 overrun the 64-byte buffer");
    EXPECT_STATUS(kc_buffer_write(buf, (size_t)-1, host, 2, NULL), KC_ERROR_INVALID_ARGUMENT,
                  "overrun");
    EXPECT_STATUS(kc_buffer_write(buf, 0, NULL, 4, NULL), KC_ERROR_NULL_POINTER, "`src`");
    EXPECT_STATUS(kc_buffer_read(buf, 0, NULL, 4, NULL), KC_ERROR_NULL_POINTER, "`dst`");
    EXPECT_STATUS(kc_buffer_read(buf, 60, host, 8, NULL), KC_ERROR_INVALID_ARGUMENT, "overrun");
    EXPECT_STATUS(kc_buffer_fill(buf, 0, 0, 65, NULL), KC_ERROR_INVALID_ARGUMENT, "overrun");
    EXPECT_STATUS(kc_buffer_size(NULL, &n), KC_ERROR_NULL_POINTER, "`buffer`");
    CHECK(kc_stream_new(other, &foreign_stream));
    EXPECT_STATUS(kc_buffer_write(buf, 0, host, 4, foreign_stream), KC_ERROR_INVALID_ARGUMENT,
                  "another device");

    /* Launches. */
    int64_t n16 = 16;
    kc_arg good[2] = {kc_arg_buffer(KC_DTYPE_FLOAT32, buf, 1, &n16), kc_arg_i32(3)};
    kc_arg args[2];
    kc_dim3 one = kc_dim(1, 1, 1), warp = kc_dim(32, 1, 1);
    EXPECT_STATUS(kc_launch(NULL, "fill", one, warp, 0, NULL, good, 2), KC_ERROR_NULL_POINTER,
                  "`loaded`");
    EXPECT_STATUS(kc_launch(loaded, NULL, one, warp, 0, NULL, good, 2), KC_ERROR_NULL_POINTER,
                  "`kernel`");
    EXPECT_STATUS(kc_launch(loaded, "fil", one, warp, 0, NULL, good, 2), KC_ERROR_NOT_FOUND,
                  "no kernel 'fil' in the module (it has: fill, overrun)");
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, NULL, 2), KC_ERROR_NULL_POINTER,
                  "`args`");
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, good, 1), KC_ERROR_LAUNCH,
                  "kernel 'fill' takes 2 arguments, 1 given");
    EXPECT_STATUS(kc_launch(loaded, "fill", one, kc_dim(1025, 1, 1), 0, NULL, good, 2),
                  KC_ERROR_LAUNCH, "at most 1024");
    EXPECT_STATUS(kc_launch(loaded, "fill", one, kc_dim(64, 32, 1), 0, NULL, good, 2),
                  KC_ERROR_LAUNCH, "2048 threads");
    EXPECT_STATUS(kc_launch(loaded, "fill", kc_dim(0, 1, 1), warp, 0, NULL, good, 2),
                  KC_ERROR_LAUNCH, "no zero dimension");
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 1u << 20, NULL, good, 2), KC_ERROR_LAUNCH,
                  "shared memory");
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, foreign_stream, good, 2),
                  KC_ERROR_INVALID_ARGUMENT, "another device");

    args[0] = good[0];
    args[1] = kc_arg_buffer(KC_DTYPE_FLOAT32, buf, 1, &n16); /* array for a scalar */
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_LAUNCH,
                  "argument 1 ('v'): expected int32");
    int64_t n8 = 8;
    args[0] = kc_arg_buffer(KC_DTYPE_FLOAT64, buf, 1, &n8); /* wrong dtype */
    args[1] = good[1];
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_LAUNCH,
                  "argument 0 ('a'): expected array(float32, 1d, C), got float64 array");
    args[0] = kc_arg_i32(1); /* scalar for an array */
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_LAUNCH,
                  "argument 0 ('a')");
    args[0] = good[0];
    args[0].dtype = 99;
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
                  "args[0].dtype");
    args[0] = good[0];
    args[0].kind = 42;
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
                  "kind is 42");
    args[0] = good[0];
    args[0].ndim = KC_MAX_NDIM + 1;
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
                  "ndim is 9, must be 0 to 8");
    args[0] = good[0];
    args[0].shape[0] = 17; /* one element past the buffer */
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
                  "overrun the 64-byte buffer");
    args[0] = good[0];
    args[0].buffer = NULL;
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_NULL_POINTER,
                  "args[0].buffer");
    args[0] = kc_arg_buffer(KC_DTYPE_FLOAT32, foreign, 1, &n16);
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
                  "another device");
    args[0] = kc_arg_host_1d(KC_DTYPE_FLOAT32, host, 16);
    args[0].host_bytes = 8;
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_INVALID_ARGUMENT,
                  "host_bytes is 8, the array spans 64 bytes");
    args[0] = kc_arg_host_1d(KC_DTYPE_FLOAT32, NULL, 16);
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_NULL_POINTER,
                  "args[0].host");
    args[0] = kc_arg_host_1d(KC_DTYPE_FLOAT32, host, 16);
    int64_t every_other = 8; /* not C-contiguous */
    args[0] = kc_arg_strided(args[0], &every_other);
    args[0].shape[0] = 8;
    EXPECT_STATUS(kc_launch(loaded, "fill", one, warp, 0, NULL, args, 2), KC_ERROR_LAUNCH,
                  "non-contiguous");

    /* A kernel that faults. */
    kc_arg oob = kc_arg_buffer(KC_DTYPE_FLOAT32, buf, 1, &n16);
    EXPECT_STATUS(kc_launch(loaded, "overrun", one, warp, 0, NULL, &oob, 1), KC_ERROR_LAUNCH,
                  "trap executed: index out of bounds (kernel `overrun`");

    /* The device still works after all that. */
    CHECK(kc_launch(loaded, "fill", one, warp, 0, NULL, good, 2));
    CHECK(kc_buffer_read(buf, 0, host, sizeof host, NULL));
    EXPECT(host[15] == 3.0f);

    /* Events. */
    CHECK(kc_event_new(device, &event));
    EXPECT_STATUS(kc_event_elapsed_ms(event, event, &ms), KC_ERROR_INVALID_ARGUMENT,
                  "never recorded");
    EXPECT_STATUS(kc_event_record(event, foreign_stream), KC_ERROR_INVALID_ARGUMENT,
                  "another device");
    EXPECT_STATUS(kc_event_record(NULL, NULL), KC_ERROR_NULL_POINTER, "`event`");
    EXPECT_STATUS(kc_stream_synchronize(NULL), KC_ERROR_NULL_POINTER, "`stream`");

    kc_event_free(event);
    kc_stream_free(foreign_stream);
    kc_buffer_free(foreign);
    kc_buffer_free(buf);
    kc_loaded_module_free(loaded);
    kc_device_free(other);
    kc_device_free(device);
    kc_module_free(module);
    kc_buffer_free(NULL);
    kc_stream_free(NULL);
    kc_event_free(NULL);
    kc_device_free(NULL);
    kc_loaded_module_free(NULL);
    printf("bad_launch_args: every bad call was refused with a message\n");
    return 0;
}
