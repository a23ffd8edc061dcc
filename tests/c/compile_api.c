/* The compile side of the C API: version, options, compiling to PTX, the
 * kernels' parameter metadata and diagnostics with line/column spans. */
#include <kernelc.h>
#include <kernelc.h> /* the header is safe to include twice */

#include "check.h"

static const char *VECTOR_ADD =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float32[::1], float32[::1], float32[::1])\")\n"
    "def vector_add(a, b, c):\n"
    "    i = cuda.grid(1)\n"
    "    if i < c.size:\n"
    "        c[i] = a[i] + b[i]\n";

/* No decorator signature: given through the options. */
static const char *SCALE =
    "import math\n"
    "from numba import cuda\n"
    "\n"
    "@cuda.jit\n"
    "def scale(x, y, alpha):\n"
    "    i = cuda.grid(1)\n"
    "    if i < x.shape[0]:\n"
    "        y[i] = math.sin(x[i]) * alpha\n";

static const char *TYPO =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float32[::1])\")\n"
    "def k(a):\n"
    "    cuda.syncthread()\n";

static void version(void) {
    EXPECT(kc_version_major() == KC_VERSION_MAJOR);
    EXPECT(kc_version_minor() == KC_VERSION_MINOR);
    EXPECT(kc_version_patch() == KC_VERSION_PATCH);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", KC_VERSION_MAJOR, KC_VERSION_MINOR, KC_VERSION_PATCH);
    EXPECT(strcmp(kc_version(), want) == 0);
    EXPECT(strcmp(kc_status_name(KC_ERROR_COMPILE), "KC_ERROR_COMPILE") == 0);
    EXPECT(kc_dtype_size(KC_DTYPE_FLOAT16) == 2);
    EXPECT(strcmp(kc_dtype_name(KC_DTYPE_UINT64), "uint64") == 0);
}

static void metadata(void) {
    kc_module *module = NULL;
    kc_diagnostics *diags = NULL;
    CHECK(kc_compile(VECTOR_ADD, "vector_add.py", NULL, &module, &diags));
    size_t count = 99;
    CHECK(kc_diagnostics_count(diags, &count));
    EXPECT(count == 0);

    const char *ptx = NULL;
    size_t len = 0;
    CHECK(kc_module_ptx(module, &ptx, &len));
    EXPECT(len == strlen(ptx));
    EXPECT(strstr(ptx, ".target sm_80") != NULL);
    EXPECT(strstr(ptx, ".entry vector_add") != NULL);

    size_t kernels = 0, index = 99, params = 0;
    CHECK(kc_module_kernel_count(module, &kernels));
    EXPECT(kernels == 1);
    const char *name = NULL;
    CHECK(kc_module_kernel_name(module, 0, &name));
    EXPECT(strcmp(name, "vector_add") == 0);
    CHECK(kc_module_find_kernel(module, "vector_add", &index));
    EXPECT(index == 0);
    CHECK(kc_module_param_count(module, 0, &params));
    EXPECT(params == 3);
    const char *names[3] = {"a", "b", "c"};
    for (size_t p = 0; p < params; p++) {
        kc_param_info info;
        CHECK(kc_module_param_info(module, 0, p, &info));
        EXPECT(strcmp(info.name, names[p]) == 0);
        EXPECT(strcmp(info.type_name, "array(float32, 1d, C)") == 0);
        EXPECT(info.kind == KC_PARAM_ARRAY);
        EXPECT(info.dtype == KC_DTYPE_FLOAT32);
        EXPECT(info.ndim == 1);
        EXPECT(info.layout == KC_LAYOUT_C);
        EXPECT(info.read == (p < 2));
        EXPECT(info.written == (p == 2));
    }
    kc_diagnostics_free(diags);
    kc_module_free(module);
}

static void options(void) {
    kc_options *opts = NULL;
    CHECK(kc_options_new(&opts));
    CHECK(kc_options_set_arch(opts, "sm_90"));
    CHECK(kc_options_set_opt_level(opts, 0));
    CHECK(kc_options_set_kernel(opts, "scale"));
    CHECK(kc_options_set_signature(opts, "void(float32[::1], float32[::1], float32)"));
    kc_module *exact = NULL;
    CHECK(kc_compile(SCALE, "scale.py", opts, &exact, NULL));
    const char *ptx = NULL;
    CHECK(kc_module_ptx(exact, &ptx, NULL));
    EXPECT(strstr(ptx, ".target sm_90") != NULL);
    EXPECT(strstr(ptx, "sin.approx") == NULL);
    kc_param_info alpha;
    CHECK(kc_module_param_info(exact, 0, 2, &alpha));
    EXPECT(alpha.kind == KC_PARAM_SCALAR && alpha.dtype == KC_DTYPE_FLOAT32);
    EXPECT(alpha.read && !alpha.written && alpha.ndim == 0);

    /* fastmath: the hardware approximation replaces the math library. */
    CHECK(kc_options_set_fastmath(opts, true));
    kc_module *fast = NULL;
    CHECK(kc_compile(SCALE, "scale.py", opts, &fast, NULL));
    CHECK(kc_module_ptx(fast, &ptx, NULL));
    EXPECT(strstr(ptx, "sin.approx") != NULL);

    /* boundscheck and debug compile (and add checks). */
    CHECK(kc_options_set_fastmath(opts, false));
    CHECK(kc_options_set_boundscheck(opts, true));
    CHECK(kc_options_set_debug(opts, true));
    kc_module *checked = NULL;
    CHECK(kc_compile(SCALE, "scale.py", opts, &checked, NULL));
    const char *checked_ptx = NULL;
    CHECK(kc_module_ptx(checked, &checked_ptx, NULL));
    CHECK(kc_module_ptx(exact, &ptx, NULL));
    EXPECT(strlen(checked_ptx) > strlen(ptx));

    kc_module_free(checked);
    kc_module_free(fast);
    kc_module_free(exact);
    kc_options_free(opts);
}

static void const_arrays(void) {
    static const char *LOOKUP =
        "import numpy as np\n"
        "from numba import cuda\n"
        "\n"
        "WEIGHTS = np.arange(16, dtype=np.float32)\n"
        "\n"
        "@cuda.jit(\"void(int32[::1], float32[::1])\")\n"
        "def lookup(idx, out):\n"
        "    w = cuda.const.array_like(WEIGHTS)\n"
        "    i = cuda.grid(1)\n"
        "    if i < idx.size:\n"
        "        out[i] = w[idx[i] % 16]\n";
    kc_options *opts = NULL;
    CHECK(kc_options_new(&opts));
    float weights[16];
    for (int i = 0; i < 16; i++) weights[i] = (float)i;
    int64_t shape[1] = {16};
    CHECK(kc_options_add_const_array(opts, "WEIGHTS", KC_DTYPE_FLOAT32, shape, 1, weights,
                                     sizeof weights));
    kc_module *module = NULL;
    CHECK(kc_compile(LOOKUP, "lookup.py", opts, &module, NULL));
    const char *ptx = NULL;
    CHECK(kc_module_ptx(module, &ptx, NULL));
    EXPECT(strstr(ptx, "__kc_const_WEIGHTS") != NULL);
    kc_module_free(module);
    kc_options_free(opts);
}

static void diagnostics(void) {
    kc_module *module = (kc_module *)&module; /* must be overwritten with NULL */
    kc_diagnostics *diags = NULL;
    kc_status s = kc_compile(TYPO, "typo.py", NULL, &module, &diags);
    EXPECT(s == KC_ERROR_COMPILE);
    EXPECT(module == NULL);
    EXPECT(strstr(kc_last_error_message(), "unknown CUDA intrinsic") != NULL);
    size_t count = 0, errors = 0;
    CHECK(kc_diagnostics_count(diags, &count));
    CHECK(kc_diagnostics_error_count(diags, &errors));
    EXPECT(count == 1 && errors == 1);
    kc_diagnostic d;
    CHECK(kc_diagnostics_get(diags, 0, &d));
    EXPECT(d.severity == KC_SEVERITY_ERROR);
    EXPECT(strcmp(d.message, "unknown CUDA intrinsic 'cuda.syncthread'") == 0);
    EXPECT(strcmp(d.file_name, "typo.py") == 0);
    EXPECT(d.line_start == 5 && d.column_start == 5);
    EXPECT(d.line_end == 5 && d.column_end == 20);
    EXPECT(d.help != NULL && strstr(d.help, "cuda.syncthreads()") != NULL);
    const char *text = NULL;
    CHECK(kc_diagnostics_rendered(diags, &text));
    EXPECT(strstr(text, "typo.py:5:5") != NULL);
    EXPECT(strstr(text, "cuda.syncthread()") != NULL);
    EXPECT(kc_diagnostics_get(diags, 1, &d) == KC_ERROR_NOT_FOUND);
    kc_diagnostics_free(diags);
}

int main(void) {
    version();
    metadata();
    options();
    const_arrays();
    diagnostics();
    printf("compile_api: all checks passed\n");
    return 0;
}
