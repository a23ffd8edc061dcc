/* Line information through the C API (kc_options_set_lineinfo, as
 * numba-cuda's cuda.jit(lineinfo=True)): the .loc directives of an inlined
 * device function name it and the call it was inlined at (inlined_at, the
 * names in .section .debug_str); without it the PTX has the plain
 * .file/.loc lines only; kc_options_set_debug adds a DWARF compile unit
 * (.section .debug_info). The PTX with line information loads and runs on
 * the device that is there (the CPU device without a GPU). */
#include <kernelc.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *SOURCE = "from numba import cuda\n"
                            "@cuda.jit(device=True)\n"
                            "def twice(x):\n"
                            "    return x * 2\n"
                            "@cuda.jit('void(int32[::1])')\n"
                            "def doubled(out):\n"
                            "    i = cuda.grid(1)\n"
                            "    if i < out.size:\n"
                            "        out[i] = twice(i)\n";

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, " (%s)\n", kc_last_error_message());                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* The PTX of SOURCE compiled with `options`, copied into `buf`. */
static int compile_to(kc_options *options, char *buf, size_t size) {
    kc_module *module = NULL;
    const char *ptx = NULL;
    size_t len = 0;
    CHECK(kc_compile(SOURCE, "lines.py", options, &module, NULL) == KC_OK, "compile");
    CHECK(kc_module_ptx(module, &ptx, &len) == KC_OK, "ptx");
    CHECK(len < size, "PTX of %zu bytes", len);
    memcpy(buf, ptx, len + 1);
    kc_module_free(module);
    return 0;
}

int main(void) {
    static char ptx[1 << 16];
    kc_options *options = NULL;
    CHECK(kc_options_new(&options) == KC_OK, "options");
    CHECK(kc_options_set_lineinfo(NULL, true) == KC_ERROR_NULL_POINTER, "NULL options");

    CHECK(compile_to(options, ptx, sizeof ptx) == 0, "plain");
    CHECK(strstr(ptx, ".file\t1 \"lines.py\"") != NULL && strstr(ptx, "\t.loc\t1 9 ") != NULL,
          "plain line information in:\n%s", ptx);
    CHECK(strstr(ptx, "inlined_at") == NULL && strstr(ptx, ".section") == NULL,
          "no inlining information without lineinfo:\n%s", ptx);

    CHECK(kc_options_set_lineinfo(options, true) == KC_OK, "lineinfo");
    CHECK(compile_to(options, ptx, sizeof ptx) == 0, "lineinfo");
    CHECK(strstr(ptx, "\t.loc\t1 4 5, function_name $L__info_string0, inlined_at 1 9 ") != NULL,
          "the inlined line names its call in:\n%s", ptx);
    CHECK(strstr(ptx, "\t.section\t.debug_str\n") != NULL &&
              strstr(ptx, ".section\t.debug_info") == NULL,
          "a .debug_str section and no DWARF unit in:\n%s", ptx);

    kc_device *device = NULL;
    kc_module *module = NULL;
    kc_loaded_module *loaded = NULL;
    CHECK(kc_device_open(KC_DEVICE_AUTO, NULL, &device) == KC_OK, "device");
    kc_device_properties dinfo;
    CHECK(kc_device_get_properties(device, &dinfo) == KC_OK, "device info");
    char arch[16];
    snprintf(arch, sizeof arch, "sm_%u", dinfo.arch);
    CHECK(kc_options_set_arch(options, arch) == KC_OK, "arch");
    CHECK(kc_options_set_debug(options, true) == KC_OK, "debug");
    CHECK(compile_to(options, ptx, sizeof ptx) == 0, "debug");
    CHECK(strstr(ptx, "\t.section\t.debug_info\n") != NULL &&
              strstr(ptx, "\t.section\t.debug_abbrev\n") != NULL,
          "a DWARF unit in:\n%s", ptx);
    CHECK(kc_compile(SOURCE, "lines.py", options, &module, NULL) == KC_OK, "compile");
    CHECK(kc_module_load(module, device, &loaded) == KC_OK, "load");
    enum { N = 100 };
    int32_t out[N];
    memset(out, 0xff, sizeof out);
    int64_t n = N;
    kc_arg args[1] = {kc_arg_host(KC_DTYPE_INT32, out, sizeof out, 1, &n)};
    CHECK(kc_launch(loaded, "doubled", kc_dim(4, 1, 1), kc_dim(32, 1, 1), 0, NULL, args, 1) ==
              KC_OK,
          "launch");
    for (int i = 0; i < N; i++) {
        CHECK(out[i] == 2 * i, "out[%d] = %d", i, out[i]);
    }
    printf("lineinfo ok\n");
    kc_loaded_module_free(loaded);
    kc_module_free(module);
    kc_device_free(device);
    kc_options_free(options);
    return 0;
}
