/* Hammers the compile side of the API with bad arguments: every call must
 * fail with the right status and a clear message, never crash. */
#include "check.h"

static const char *GOOD =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float32[::1], int32)\")\n"
    "def fill(a, v):\n"
    "    i = cuda.grid(1)\n"
    "    if i < a.size:\n"
    "        a[i] = v\n";

int main(void) {
    kc_options *opts = NULL;
    kc_module *module = NULL;
    kc_diagnostics *diags = NULL;
    size_t n = 0;
    const char *s = NULL;
    kc_param_info info;
    kc_diagnostic d;

    /* NULL everywhere. */
    EXPECT_STATUS(kc_options_new(NULL), KC_ERROR_NULL_POINTER, "`out` is NULL");
    EXPECT_STATUS(kc_options_set_arch(NULL, "sm_80"), KC_ERROR_NULL_POINTER, "`options`");
    EXPECT_STATUS(kc_compile(NULL, NULL, NULL, &module, &diags), KC_ERROR_NULL_POINTER,
                  "kc_compile: `source` is NULL");
    EXPECT(module == NULL && diags == NULL);
    EXPECT_STATUS(kc_compile(GOOD, NULL, NULL, NULL, NULL), KC_ERROR_NULL_POINTER, "`module`");
    EXPECT_STATUS(kc_module_ptx(NULL, &s, NULL), KC_ERROR_NULL_POINTER, "`module`");
    EXPECT_STATUS(kc_module_kernel_count(NULL, &n), KC_ERROR_NULL_POINTER, "`module`");
    EXPECT_STATUS(kc_diagnostics_count(NULL, &n), KC_ERROR_NULL_POINTER, "`diagnostics`");
    EXPECT_STATUS(kc_diagnostics_get(NULL, 0, &d), KC_ERROR_NULL_POINTER, "`diagnostics`");
    kc_options_free(NULL);
    kc_module_free(NULL);
    kc_diagnostics_free(NULL);

    /* Bad option values. */
    CHECK(kc_options_new(&opts));
    EXPECT_STATUS(kc_options_set_arch(opts, "sm_99"), KC_ERROR_INVALID_ARGUMENT,
                  "unsupported architecture sm_99");
    EXPECT_STATUS(kc_options_set_arch(opts, "volta"), KC_ERROR_INVALID_ARGUMENT,
                  "not an architecture");
    EXPECT_STATUS(kc_options_set_arch(opts, "sm_\xff"), KC_ERROR_INVALID_ARGUMENT,
                  "not valid UTF-8");
    EXPECT_STATUS(kc_options_set_opt_level(opts, 7), KC_ERROR_INVALID_ARGUMENT, "level 7");
    int64_t shape[2] = {4, -1};
    float data[4] = {0};
    EXPECT_STATUS(kc_options_add_const_array(opts, "W", 42, shape, 1, data, sizeof data),
                  KC_ERROR_INVALID_ARGUMENT, "not a kc_dtype");
    EXPECT_STATUS(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, 9, data, 0),
                  KC_ERROR_INVALID_ARGUMENT, "ndim is 9, must be 0 to 8");
    /* A 0-D constant holds one element. */
    EXPECT_STATUS(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, 0, data, 0),
                  KC_ERROR_INVALID_ARGUMENT, "the array 'W' has 4 bytes");
    EXPECT_STATUS(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, 2, data, 16),
                  KC_ERROR_INVALID_ARGUMENT, "negative extent");
    EXPECT_STATUS(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, shape, 1, data, 12),
                  KC_ERROR_INVALID_ARGUMENT, "`data_bytes` is 12");
    EXPECT_STATUS(kc_options_add_const_array(opts, "W", KC_DTYPE_FLOAT32, NULL, 1, data, 16),
                  KC_ERROR_NULL_POINTER, "`shape`");

    /* Bad source, wrong kernel name, a signature that does not parse. */
    EXPECT_STATUS(kc_compile("def (:\n", "bad.py", opts, &module, &diags), KC_ERROR_COMPILE,
                  "bad.py");
    EXPECT(module == NULL && diags != NULL);
    CHECK(kc_diagnostics_error_count(diags, &n));
    EXPECT(n >= 1);
    kc_diagnostics_free(diags);
    CHECK(kc_options_set_kernel(opts, "fil"));
    EXPECT_STATUS(kc_compile(GOOD, "good.py", opts, &module, NULL), KC_ERROR_COMPILE, "fil");
    CHECK(kc_options_set_kernel(opts, "fill"));
    CHECK(kc_options_set_signature(opts, "void(float32[::1], int32"));
    EXPECT_STATUS(kc_compile(GOOD, "good.py", opts, &module, NULL), KC_ERROR_COMPILE,
                  "<signature>");
    CHECK(kc_options_set_signature(opts, NULL));
    EXPECT_STATUS(kc_compile("from numba import cuda\n\n@cuda.jit\ndef k(a):\n    pass\n",
                             "unsigned.py", NULL, &module, NULL),
                  KC_ERROR_COMPILE, "no kernel has a signature");

    /* Out-of-range indices on a good module. */
    CHECK(kc_compile(GOOD, "good.py", opts, &module, &diags));
    EXPECT_STATUS(kc_module_kernel_name(module, 1, &s), KC_ERROR_NOT_FOUND, "kernel 1");
    EXPECT_STATUS(kc_module_param_info(module, 0, 2, &info), KC_ERROR_NOT_FOUND,
                  "parameter 2: kernel 'fill' has 2");
    EXPECT_STATUS(kc_module_find_kernel(module, "nope", &n), KC_ERROR_NOT_FOUND, "it has: fill");
    EXPECT_STATUS(kc_module_param_count(module, 0, NULL), KC_ERROR_NULL_POINTER, "`count`");
    EXPECT_STATUS(kc_diagnostics_get(diags, 0, &d), KC_ERROR_NOT_FOUND, "diagnostic 0 of 0");

    /* The message survives successful calls and copies out in pieces. */
    CHECK(kc_module_kernel_count(module, &n));
    char small[8];
    size_t needed = 0;
    EXPECT(kc_last_error_copy(small, sizeof small, &needed) == KC_ERROR_BUFFER_TOO_SMALL);
    EXPECT(needed == strlen(kc_last_error_message()) + 1 && strlen(small) == 7);
    EXPECT(kc_last_error_copy(NULL, 4, NULL) == KC_ERROR_NULL_POINTER);
    EXPECT(strcmp(kc_status_name(12345), "KC_UNKNOWN_STATUS") == 0);

    kc_diagnostics_free(diags);
    kc_module_free(module);
    kc_options_free(opts);
    printf("bad_compile_args: every bad call was refused with a message\n");
    return 0;
}
