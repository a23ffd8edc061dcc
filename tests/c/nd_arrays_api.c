/* Arrays of more than three dimensions through the C API (up to
 * KC_MAX_NDIM): a 4-D host array, C-contiguous and as a strided view
 * with a negative stride, a 5-D output in a device buffer, a 4-D constant
 * array, and the parameter information of the 4-D and 5-D parameters. */
#include "check.h"

static const char *SOURCE =
    "from numba import cuda\n"
    "import numpy as np\n"
    "\n"
    "W = cuda.const.array_like(np.zeros((2, 1, 1, 3)))\n"
    "\n"
    "@cuda.jit\n"
    "def weigh(x, out):\n"
    "    i = cuda.grid(1)\n"
    "    n, c, h, w = x.shape\n"
    "    if i < n:\n"
    "        for j in range(c):\n"
    "            for k in range(h):\n"
    "                for m in range(w):\n"
    "                    out[0, i, j, k, m] = x[i, j, k, m] * W[j % 2, 0, 0, m % 3]\n";

enum { N = 2, C = 3, H = 2, WD = 4 };

static double weight(int j, int m) { return (double)(10 * (j % 2) + (m % 3) + 1); }

int main(void) {
    kc_options *options = NULL;
    CHECK(kc_options_new(&options));
    double w[2 * 3];
    for (int j = 0; j < 2; j++)
        for (int m = 0; m < 3; m++) w[j * 3 + m] = weight(j, m);
    int64_t w_shape[4] = {2, 1, 1, 3};
    CHECK(kc_options_add_const_array(options, "W", KC_DTYPE_FLOAT64, w_shape, 4, w, sizeof w));
    kc_module *module = NULL;
    const char *sig = "void(float32[:, :, :, :], float64[:, :, :, :, ::1])";
    CHECK(kc_options_set_kernel(options, "weigh"));
    CHECK(kc_options_set_signature(options, sig));
    CHECK(kc_compile(SOURCE, "nd.py", options, &module, NULL));
    kc_options_free(options);

    kc_param_info info;
    CHECK(kc_module_param_info(module, 0, 0, &info));
    EXPECT(info.ndim == 4 && info.layout == KC_LAYOUT_ANY && info.dtype == KC_DTYPE_FLOAT32);
    CHECK(kc_module_param_info(module, 0, 1, &info));
    EXPECT(info.ndim == 5 && info.layout == KC_LAYOUT_C && info.written);

    kc_device *device = NULL;
    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device));
    kc_loaded_module *loaded = NULL;
    CHECK(kc_module_load(module, device, &loaded));
    kc_module_free(module);

    /* x: a [N][C][H][WD] float32 array. */
    float x[N][C][H][WD];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < C; j++)
            for (int k = 0; k < H; k++)
                for (int m = 0; m < WD; m++) x[i][j][k][m] = (float)(i * 1000 + j * 100 + k * 10 + m);
    int64_t x_shape[4] = {N, C, H, WD};
    int64_t out_shape[5] = {1, N, C, H, WD};
    size_t out_bytes = sizeof(double) * N * C * H * WD;
    kc_buffer *buf = NULL;
    CHECK(kc_buffer_alloc(device, out_bytes, &buf));
    double out[N][C][H][WD];

    for (int round = 0; round < 2; round++) {
        kc_arg args[2];
        if (round == 0) {
            args[0] = kc_arg_host(KC_DTYPE_FLOAT32, x, sizeof x, 4, x_shape);
        } else {
            /* The view x[:, :, :, ::-1]: its first element is x[0][0][0][WD-1]. */
            int64_t strides[4] = {sizeof x[0], sizeof x[0][0], sizeof x[0][0][0], -(int64_t)sizeof(float)};
            /* host_bytes counts from the lowest-addressed element, x[0][0][0][0]. */
            args[0] = kc_arg_strided(
                kc_arg_host(KC_DTYPE_FLOAT32, &x[0][0][0][WD - 1], sizeof x, 4, x_shape), strides);
        }
        args[1] = kc_arg_buffer(KC_DTYPE_FLOAT64, buf, 5, out_shape);
        CHECK(kc_launch(loaded, "weigh", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 2));
        CHECK(kc_buffer_read(buf, 0, out, out_bytes, NULL));
        for (int i = 0; i < N; i++)
            for (int j = 0; j < C; j++)
                for (int k = 0; k < H; k++)
                    for (int m = 0; m < WD; m++) {
                        float v = round == 0 ? x[i][j][k][m] : x[i][j][k][WD - 1 - m];
                        EXPECT(out[i][j][k][m] == (double)v * weight(j, m));
                    }
    }
    /* An extent of the view past the host memory given is refused. */
    kc_arg bad[2] = {kc_arg_host(KC_DTYPE_FLOAT32, x, sizeof x - 1, 4, x_shape),
                     kc_arg_buffer(KC_DTYPE_FLOAT64, buf, 5, out_shape)};
    EXPECT_STATUS(kc_launch(loaded, "weigh", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, bad, 2),
                  KC_ERROR_INVALID_ARGUMENT, "host_bytes");

    kc_buffer_free(buf);
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    printf("nd_arrays_api: all checks passed\n");
    return 0;
}
