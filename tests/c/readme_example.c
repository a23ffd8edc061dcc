#include <kernelc.h>
#include <stdio.h>

static const char *SOURCE = "from numba import cuda\n"
                            "@cuda.jit('void(float32[::1], float32[::1], float32[::1])')\n"
                            "def vector_add(a, b, c):\n"
                            "    i = cuda.grid(1)\n"
                            "    if i < c.size:\n"
                            "        c[i] = a[i] + b[i]\n";

int main(void) {
    enum { N = 1000 };
    static float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) { a[i] = (float)i; b[i] = 2.0f * (float)i; }
    kc_arg args[3] = {kc_arg_host_1d(KC_DTYPE_FLOAT32, a, N), kc_arg_host_1d(KC_DTYPE_FLOAT32, b, N),
                      kc_arg_host_1d(KC_DTYPE_FLOAT32, c, N)};
    kc_module *module = NULL;
    kc_device *device = NULL; /* the GPU when one is usable, else the CPU device */
    kc_loaded_module *loaded = NULL;
    kc_status s = kc_compile(SOURCE, "vector_add.py", NULL, &module, NULL);
    if (s == KC_OK) s = kc_device_open(KC_DEVICE_AUTO, NULL, &device);
    if (s == KC_OK) s = kc_module_load(module, device, &loaded);
    if (s == KC_OK)
        s = kc_launch(loaded, "vector_add", kc_dim((N + 255) / 256, 1, 1), kc_dim(256, 1, 1), 0, NULL, args, 3);
    if (s != KC_OK) fprintf(stderr, "%s: %s\n", kc_status_name(s), kc_last_error_message());
    else printf("c[999] = %g (expected %g)\n", c[999], 3.0 * 999);
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    kc_module_free(module);
    return s == KC_OK && c[999] == 2997.0f ? 0 : 1;
}
