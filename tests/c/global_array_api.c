/* Global arrays through the C API: a kernel and a device function that
 * read a frozen constant array (kc_options_add_const_array) by its name
 * and read and write a device array (kc_options_add_global_array) by its
 * name; the device array is the kernel's hidden last parameter, named
 * "global DEV"; bad declarations are refused with errors. */
#include <kernelc.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *SOURCE =
    "import numpy as np\n"
    "from numba import cuda\n"
    "TABLE = np.zeros(4)\n"
    "@cuda.jit(device=True)\n"
    "def bump(i):\n"
    "    DEV[i] += TABLE[i % TABLE.size]\n"
    "@cuda.jit('void(float64[::1])')\n"
    "def step(out):\n"
    "    i = cuda.grid(1)\n"
    "    if i < DEV.shape[0]:\n"
    "        bump(i)\n"
    "        out[i] = DEV[i] * 2\n";

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, " (%s)\n", kc_last_error_message());                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* `call` must fail with `want` and a message holding `part`. */
#define REFUSED(call, want, part)                                                                  \
    do {                                                                                           \
        kc_status s_ = (call);                                                                     \
        CHECK(s_ == (want) && strstr(kc_last_error_message(), (part)) != NULL,                     \
              "%s: got %s, want %s with '%s'", #call, kc_status_name(s_), kc_status_name(want),   \
              part);                                                                               \
    } while (0)

int main(void) {
    enum { N = 37 };
    double table[4] = {0.5, 1.5, 2.5, 3.5};
    double dev[N], out[N];
    for (int i = 0; i < N; i++) {
        dev[i] = i;
        out[i] = -1;
    }
    kc_options *options = NULL;
    kc_module *module = NULL;
    kc_device *device = NULL;
    kc_loaded_module *loaded = NULL;
    CHECK(kc_options_new(&options) == KC_OK, "options");

    /* Bad declarations. */
    REFUSED(kc_options_add_global_array(NULL, "DEV", "float64[::1]"), KC_ERROR_NULL_POINTER,
            "options");
    REFUSED(kc_options_add_global_array(options, NULL, "float64[::1]"), KC_ERROR_NULL_POINTER,
            "name");
    REFUSED(kc_options_add_global_array(options, "DEV", NULL), KC_ERROR_NULL_POINTER, "type");
    REFUSED(kc_options_add_global_array(options, "2DEV", "float64[::1]"),
            KC_ERROR_INVALID_ARGUMENT, "not a Python identifier");
    REFUSED(kc_options_add_global_array(options, "DEV", "float64"), KC_ERROR_INVALID_ARGUMENT,
            "not an array type");
    REFUSED(kc_options_add_global_array(options, "DEV", "float64[:"), KC_ERROR_INVALID_ARGUMENT,
            "the type of 'DEV'");
    REFUSED(kc_options_add_global_array(options, "DEV", "float64[:, :, :, :, :, :, :, :, :]"),
            KC_ERROR_INVALID_ARGUMENT, "1 to 8 dimensions");

    int64_t four = 4;
    CHECK(kc_options_add_const_array(options, "TABLE", KC_DTYPE_FLOAT64, &four, 1, table,
                                     sizeof table) == KC_OK,
          "const array");
    /* One name is a constant array or a device array, not both. */
    REFUSED(kc_options_add_global_array(options, "TABLE", "float64[::1]"),
            KC_ERROR_INVALID_ARGUMENT, "already declared as a constant array");
    CHECK(kc_options_add_global_array(options, "DEV", "int32[::1]") == KC_OK, "global array");
    /* Declaring it again replaces the type. */
    CHECK(kc_options_add_global_array(options, "DEV", "float64[::1]") == KC_OK, "global array");
    REFUSED(kc_options_add_const_array(options, "DEV", KC_DTYPE_FLOAT64, &four, 1, NULL, 0),
            KC_ERROR_INVALID_ARGUMENT, "already declared as a global device array");
    CHECK(kc_compile(SOURCE, "globals.py", options, &module, NULL) == KC_OK, "compile");

    size_t count = 0;
    CHECK(kc_module_param_count(module, 0, &count) == KC_OK && count == 2, "%zu params", count);
    kc_param_info info;
    CHECK(kc_module_param_info(module, 0, 1, &info) == KC_OK, "param info");
    CHECK(strcmp(info.name, "global DEV") == 0 && info.kind == KC_PARAM_ARRAY &&
              info.dtype == KC_DTYPE_FLOAT64 && info.ndim == 1 && info.read && info.written,
          "hidden param: %s kind %u dtype %u ndim %u", info.name, info.kind, info.dtype,
          info.ndim);

    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device) == KC_OK, "device");
    CHECK(kc_module_load(module, device, &loaded) == KC_OK, "load");
    int64_t n = N;
    kc_arg args[2] = {kc_arg_host(KC_DTYPE_FLOAT64, out, sizeof out, 1, &n),
                      kc_arg_host(KC_DTYPE_FLOAT64, dev, sizeof dev, 1, &n)};
    CHECK(kc_launch(loaded, "step", kc_dim(1, 1, 1), kc_dim(64, 1, 1), 0, NULL, args, 2) == KC_OK,
          "launch");
    for (int i = 0; i < N; i++) {
        double want = i + table[i % 4];
        CHECK(dev[i] == want && out[i] == 2 * want, "dev[%d] = %g, out[%d] = %g, want %g", i,
              dev[i], i, out[i], want);
    }
    /* Without the hidden argument the launch is refused. */
    kc_status s = kc_launch(loaded, "step", kc_dim(1, 1, 1), kc_dim(64, 1, 1), 0, NULL, args, 1);
    CHECK(s != KC_OK, "a launch without the global array");
    printf("global arrays ok: dev[36] = %g, out[36] = %g\n", dev[36], out[36]);
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    kc_module_free(module);
    kc_options_free(options);
    return 0;
}
