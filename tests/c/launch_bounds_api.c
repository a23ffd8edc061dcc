/* Launch bounds through the C API (kc_options_set_launch_bounds, as
 * numba-cuda's cuda.jit(launch_bounds=...)): the PTX carries .maxntid and
 * .minnctapersm, a launch within the bound runs, a larger block is refused
 * as the driver refuses it (CUDA_ERROR_INVALID_VALUE), a cluster bound
 * needs sm_90, and bad bounds are refused. The loaded kernel's attributes
 * (kc_loaded_module_kernel_attributes) report the bound, and its shared
 * memory carveout is set (kc_loaded_module_set_shared_memory_carveout). */
#include <kernelc.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *SOURCE = "from numba import cuda\n"
                            "@cuda.jit('void(int32[::1])')\n"
                            "def ids(out):\n"
                            "    i = cuda.grid(1)\n"
                            "    if i < out.size:\n"
                            "        out[i] = i\n";

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, " (%s)\n", kc_last_error_message());                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

#define REFUSED(call, want, part)                                                                  \
    do {                                                                                           \
        kc_status s_ = (call);                                                                     \
        CHECK(s_ == (want) && strstr(kc_last_error_message(), (part)) != NULL,                     \
              "%s: got %s, want %s with '%s'", #call, kc_status_name(s_), kc_status_name(want),   \
              part);                                                                               \
    } while (0)

int main(void) {
    enum { N = 200 };
    int32_t out[N];
    memset(out, 0xff, sizeof out);
    kc_options *options = NULL;
    kc_module *module = NULL;
    kc_device *device = NULL;
    kc_loaded_module *loaded = NULL;
    CHECK(kc_options_new(&options) == KC_OK, "options");
    REFUSED(kc_options_set_launch_bounds(NULL, 64, 0, 0), KC_ERROR_NULL_POINTER, "options");
    REFUSED(kc_options_set_launch_bounds(options, 2048, 0, 0), KC_ERROR_INVALID_ARGUMENT,
            "1 to 1024");

    /* A cluster bound needs sm_90. */
    CHECK(kc_options_set_arch(options, "sm_80") == KC_OK, "arch");
    CHECK(kc_options_set_launch_bounds(options, 64, 2, 4) == KC_OK, "bounds");
    CHECK(kc_compile(SOURCE, "bounds.py", options, &module, NULL) != KC_OK, "sm_80 with a cluster bound");
    CHECK(strstr(kc_last_error_message(), "sm_90") != NULL, "the message names sm_90");
    CHECK(kc_options_set_arch(options, "sm_90") == KC_OK, "arch");
    CHECK(kc_compile(SOURCE, "bounds.py", options, &module, NULL) == KC_OK, "compile for sm_90");
    const char *ptx = NULL;
    size_t len = 0;
    CHECK(kc_module_ptx(module, &ptx, &len) == KC_OK, "ptx");
    CHECK(strstr(ptx, ".maxntid 64, 1, 1\n.minnctapersm 2\n.maxclusterrank 4\n") != NULL,
          "directives in:\n%s", ptx);
    kc_module_free(module);
    module = NULL;

    /* Run one on the device that is there (the CPU device without a GPU). */
    CHECK(kc_options_set_launch_bounds(options, 64, 2, 0) == KC_OK, "bounds");
    CHECK(kc_device_open(KC_DEVICE_AUTO, NULL, &device) == KC_OK, "device");
    kc_device_properties dinfo;
    CHECK(kc_device_get_properties(device, &dinfo) == KC_OK, "device info");
    char arch[16];
    snprintf(arch, sizeof arch, "sm_%u", dinfo.arch);
    CHECK(kc_options_set_arch(options, arch) == KC_OK, "arch");
    CHECK(kc_compile(SOURCE, "bounds.py", options, &module, NULL) == KC_OK, "compile");
    CHECK(kc_module_load(module, device, &loaded) == KC_OK, "load");
    kc_kernel_attributes attrs;
    CHECK(kc_loaded_module_kernel_attributes(loaded, "ids", &attrs) == KC_OK, "attributes");
    CHECK(attrs.max_threads_per_block == 64 && attrs.registers_per_thread > 0 &&
              attrs.shared_bytes == 0 && attrs.const_bytes == 0,
          "attributes: %u threads, %u registers, %llu shared, %llu const",
          attrs.max_threads_per_block, attrs.registers_per_thread,
          (unsigned long long)attrs.shared_bytes, (unsigned long long)attrs.const_bytes);
    REFUSED(kc_loaded_module_kernel_attributes(loaded, "nope", &attrs), KC_ERROR_NOT_FOUND,
            "nope");
    REFUSED(kc_loaded_module_kernel_attributes(loaded, "ids", NULL), KC_ERROR_NULL_POINTER,
            "attributes");
    CHECK(kc_loaded_module_set_shared_memory_carveout(loaded, "ids", 50) == KC_OK, "carveout");
    CHECK(kc_loaded_module_set_shared_memory_carveout(loaded, "ids", -1) == KC_OK, "carveout");
    REFUSED(kc_loaded_module_set_shared_memory_carveout(loaded, "ids", 101),
            KC_ERROR_INVALID_ARGUMENT, "-1 to 100");
    int64_t n = N;
    kc_arg args[1] = {kc_arg_host(KC_DTYPE_INT32, out, sizeof out, 1, &n)};
    CHECK(kc_launch(loaded, "ids", kc_dim(4, 1, 1), kc_dim(64, 1, 1), 0, NULL, args, 1) == KC_OK,
          "a launch within the bound");
    for (int i = 0; i < N; i++) {
        CHECK(out[i] == i, "out[%d] = %d", i, out[i]);
    }
    kc_status s = kc_launch(loaded, "ids", kc_dim(2, 1, 1), kc_dim(128, 1, 1), 0, NULL, args, 1);
    CHECK(s != KC_OK && strstr(kc_last_error_message(), "CUDA_ERROR_INVALID_VALUE") != NULL,
          "a block beyond the bound: %s", kc_status_name(s));
    kc_options_set_launch_bounds(options, 0, 0, 0); /* removes them */
    printf("launch bounds ok\n");
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    kc_module_free(module);
    kc_options_free(options);
    return 0;
}
