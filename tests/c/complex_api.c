/* Complex numbers through the C API: a kernel with complex128 and complex64
 * array parameters and a complex scalar, launched with C99 `double _Complex`
 * and `float _Complex` arrays and `kc_arg_complex`; the parameters' dtypes;
 * a real number given for a complex parameter (converted) and a complex
 * one given for a real parameter (refused). */
#include <complex.h>
#include <kernelc.h>
#include <math.h>
#include <stdio.h>

static const char *SOURCE =
    "from numba import cuda\n"
    "@cuda.jit('void(complex128[::1], complex64[::1], complex128, complex128[::1])')\n"
    "def axpy(x, y, a, out):\n"
    "    i = cuda.grid(1)\n"
    "    if i < out.size:\n"
    "        out[i] = a * x[i] + y[i]\n"
    "@cuda.jit('void(float64[::1], float64)')\n"
    "def fill(out, v):\n"
    "    i = cuda.grid(1)\n"
    "    if i < out.size:\n"
    "        out[i] = v\n";

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, " (%s)\n", kc_last_error_message());                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

int main(void) {
    enum { N = 100 };
    static double _Complex x[N], out[N];
    static float _Complex y[N];
    for (int i = 0; i < N; i++) {
        x[i] = (double)i - 0.5 * I * (double)i;
        y[i] = (float)(i % 7) + 2.0f * I;
    }
    kc_module *module = NULL;
    kc_device *device = NULL;
    kc_loaded_module *loaded = NULL;
    CHECK(kc_compile(SOURCE, "axpy.py", NULL, &module, NULL) == KC_OK, "compile");

    kc_param_info info;
    CHECK(kc_module_param_info(module, 0, 1, &info) == KC_OK, "param info");
    CHECK(info.kind == KC_PARAM_ARRAY && info.dtype == KC_DTYPE_COMPLEX64, "y: %u", info.dtype);
    CHECK(kc_module_param_info(module, 0, 2, &info) == KC_OK, "param info");
    CHECK(info.kind == KC_PARAM_SCALAR && info.dtype == KC_DTYPE_COMPLEX128, "a: %u", info.dtype);
    CHECK(kc_dtype_size(KC_DTYPE_COMPLEX64) == sizeof(float _Complex), "complex64 size");
    CHECK(kc_dtype_size(KC_DTYPE_COMPLEX128) == sizeof(double _Complex), "complex128 size");

    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device) == KC_OK, "device");
    CHECK(kc_module_load(module, device, &loaded) == KC_OK, "load");
    kc_arg args[4] = {kc_arg_host_1d(KC_DTYPE_COMPLEX128, x, N), kc_arg_host_1d(KC_DTYPE_COMPLEX64, y, N),
                      kc_arg_complex(KC_DTYPE_COMPLEX128, 1.5, -2.0),
                      kc_arg_host_1d(KC_DTYPE_COMPLEX128, out, N)};
    CHECK(kc_launch(loaded, "axpy", kc_dim(1, 1, 1), kc_dim(128, 1, 1), 0, NULL, args, 4) == KC_OK,
          "launch axpy");
    double _Complex a = 1.5 - 2.0 * I;
    for (int i = 0; i < N; i++) {
        double _Complex want = a * x[i] + (double _Complex)y[i];
        CHECK(cabs(out[i] - want) <= 1e-12 * (1.0 + cabs(want)), "out[%d] = %g%+gj, want %g%+gj", i,
              creal(out[i]), cimag(out[i]), creal(want), cimag(want));
    }

    /* A real scalar converts to a complex parameter (imaginary part 0). */
    args[2] = kc_arg_f64(0.5);
    CHECK(kc_launch(loaded, "axpy", kc_dim(1, 1, 1), kc_dim(128, 1, 1), 0, NULL, args, 4) == KC_OK,
          "launch axpy with a real a");
    CHECK(out[3] == 0.5 * x[3] + (double _Complex)y[3], "out[3] with a real a");

    /* A complex scalar never converts to a real parameter. */
    static double reals[N];
    kc_arg fill_args[2] = {kc_arg_host_1d(KC_DTYPE_FLOAT64, reals, N),
                           kc_arg_complex(KC_DTYPE_COMPLEX64, 1.0, 1.0)};
    kc_status s = kc_launch(loaded, "fill", kc_dim(1, 1, 1), kc_dim(128, 1, 1), 0, NULL, fill_args, 2);
    CHECK(s == KC_ERROR_LAUNCH, "a complex scalar for a float64 parameter: %s", kc_status_name(s));
    printf("complex axpy ok: out[99] = %g%+gj; a complex value for a float64 parameter: %s\n",
           creal(out[99]), cimag(out[99]), kc_last_error_message());
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    kc_module_free(module);
    return 0;
}
