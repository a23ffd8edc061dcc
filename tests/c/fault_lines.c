/* A fault on the CPU device names the kernel's Python line: kc_launch
 * returns KC_ERROR_LAUNCH and kc_last_error_message() says
 * "fault_lines.py:LINE (PTX line N)"; an exception of a debug kernel says
 * its class and message first, on the CPU device and on a GPU alike. */
#include "check.h"

static const char *SOURCE =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float32[::1])\")\n"
    "def oob(a):\n"
    "    i = cuda.grid(1)\n"
    "    x = a[i] * 2\n"
    "    a[i + 1000] = x\n"
    "\n"
    "@cuda.jit(\"void(float64[::1], float64[::1])\", debug=True)\n"
    "def fdiv(r, x):\n"
    "    r[0] = 1.0 / x[0]\n";

int main(void) {
    kc_module *module = NULL;
    CHECK(kc_compile(SOURCE, "fault_lines.py", NULL, &module, NULL));
    const char *ptx = NULL;
    CHECK(kc_module_ptx(module, &ptx, NULL));
    EXPECT(strstr(ptx, ".file\t1 \"fault_lines.py\"") != NULL);
    EXPECT(strstr(ptx, "\t.loc\t1 7 5\n") != NULL);
    kc_device *device = NULL;
    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device));
    kc_loaded_module *loaded = NULL;
    CHECK(kc_module_load(module, device, &loaded));
    float a[32] = {0};
    kc_arg args[1] = {kc_arg_host_1d(KC_DTYPE_FLOAT32, a, 32)};
    EXPECT_STATUS(kc_launch(loaded, "oob", kc_dim(1, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 1),
                  KC_ERROR_LAUNCH, "thread (0,0,0), fault_lines.py:7 (PTX line ");
    /* An exception of a debug kernel: its class and message, then where. */
    double r[1] = {0}, x[1] = {0};
    kc_arg dargs[2] = {kc_arg_host_1d(KC_DTYPE_FLOAT64, r, 1), kc_arg_host_1d(KC_DTYPE_FLOAT64, x, 1)};
    EXPECT_STATUS(kc_launch(loaded, "fdiv", kc_dim(1, 1, 1), kc_dim(1, 1, 1), 0, NULL, dargs, 2),
                  KC_ERROR_LAUNCH,
                  "exception raised: ZeroDivisionError: division by zero (kernel `fdiv`, block (0,0,0), "
                  "thread (0,0,0), fault_lines.py:11)");
    EXPECT(r[0] == 0.0);
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    /* The same exception on a GPU (the emulated driver with
     * KERNELC_CUDA_DRIVER): recorded, not a trap, so the context stays
     * usable and the next launch runs. */
    kc_device *gpu = NULL;
    if (kc_device_open(KC_DEVICE_GPU, NULL, &gpu) == KC_OK) {
        CHECK(kc_module_load(module, gpu, &loaded));
        EXPECT_STATUS(kc_launch(loaded, "fdiv", kc_dim(1, 1, 1), kc_dim(1, 1, 1), 0, NULL, dargs, 2),
                      KC_ERROR_LAUNCH,
                      "exception raised: ZeroDivisionError: division by zero (kernel `fdiv`, "
                      "block (0,0,0), thread (0,0,0), fault_lines.py:11)");
        x[0] = 4.0;
        CHECK(kc_launch(loaded, "fdiv", kc_dim(1, 1, 1), kc_dim(1, 1, 1), 0, NULL, dargs, 2));
        EXPECT(r[0] == 0.25);
        kc_loaded_module_free(loaded);
        kc_device_free(gpu);
    } else {
        printf("fault_lines: no GPU, the GPU checks skipped\n");
    }
    kc_module_free(module);
    printf("fault_lines: all checks passed\n");
    return 0;
}
