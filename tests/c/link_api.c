/* Linking through the C API: a kernel that calls functions declared with
 * `cuda.declare_device` (Numba's ABI and the C ABI), loaded with
 * kc_module_load_linked together with PTX that defines them, written as
 * nvcc writes `extern "C" __device__` functions; the results checked
 * against the same arithmetic in C. Then the mistakes: NULL pointers, a
 * missing definition, and two definitions of one name. Last, device
 * functions kernelc exports itself (kc_options_set_export, in both ABIs),
 * linked into the same kernel in place of nvcc's. */
#include "check.h"

static const char *SOURCE =
    "from numba import cuda\n"
    "mul = cuda.declare_device('mul_f32', 'float32(float32, float32)')\n"
    "cube = cuda.declare_device('cube_f32', 'float32(float32)', abi='c')\n"
    "@cuda.jit('void(float32[::1], float32[::1], float32[::1])', link=['functions.ptx'])\n"
    "def k(out, a, b):\n"
    "    i = cuda.grid(1)\n"
    "    if i < out.size:\n"
    "        out[i] = mul(a[i], b[i]) + cube(b[i])\n";

/* extern "C" __device__ int mul_f32(float *r, float x, float y) { *r = x * y; return 0; } */
static const char *MUL =
    ".version 7.8\n"
    ".target sm_52\n"
    ".address_size 64\n"
    ".visible .func  (.param .b32 func_retval0) mul_f32(\n"
    "\t.param .b64 mul_f32_param_0,\n"
    "\t.param .b32 mul_f32_param_1,\n"
    "\t.param .b32 mul_f32_param_2\n"
    ")\n"
    "{\n"
    "\t.reg .b32 %r<2>;\n"
    "\t.reg .f32 %f<4>;\n"
    "\t.reg .b64 %rd<2>;\n"
    "\tld.param.u64 %rd1, [mul_f32_param_0];\n"
    "\tld.param.f32 %f1, [mul_f32_param_1];\n"
    "\tld.param.f32 %f2, [mul_f32_param_2];\n"
    "\tmul.f32 %f3, %f1, %f2;\n"
    "\tst.f32 [%rd1], %f3;\n"
    "\tmov.u32 %r1, 0;\n"
    "\tst.param.b32 [func_retval0+0], %r1;\n"
    "\tret;\n"
    "}\n";

/* extern "C" __device__ float cube_f32(float x) { return x * x * x; } */
static const char *CUBE =
    ".version 7.8\n"
    ".target sm_52\n"
    ".address_size 64\n"
    ".visible .func  (.param .b32 func_retval0) cube_f32(\n"
    "\t.param .b32 cube_f32_param_0\n"
    ")\n"
    "{\n"
    "\t.reg .f32 %f<4>;\n"
    "\tld.param.f32 %f1, [cube_f32_param_0];\n"
    "\tmul.f32 %f2, %f1, %f1;\n"
    "\tmul.f32 %f3, %f2, %f1;\n"
    "\tst.param.f32 [func_retval0+0], %f3;\n"
    "\tret;\n"
    "}\n";

int main(void) {
    enum { N = 200 };
    static float a[N], b[N], out[N];
    for (int i = 0; i < N; i++) {
        a[i] = 0.5f * (float)i - 20.0f;
        b[i] = 1.0f + 0.01f * (float)i;
    }
    kc_module *module = NULL;
    kc_device *device = NULL;
    kc_loaded_module *loaded = NULL;
    CHECK(kc_compile(SOURCE, "link.py", NULL, &module, NULL));
    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device));

    const char *texts[2] = {MUL, CUBE};
    CHECK(kc_module_load_linked(module, device, texts, 2, &loaded));
    kc_arg args[3] = {kc_arg_host_1d(KC_DTYPE_FLOAT32, out, N),
                      kc_arg_host_1d(KC_DTYPE_FLOAT32, a, N),
                      kc_arg_host_1d(KC_DTYPE_FLOAT32, b, N)};
    CHECK(kc_launch(loaded, "k", kc_dim(2, 1, 1), kc_dim(128, 1, 1), 0, NULL, args, 3));
    for (int i = 0; i < N; i++) {
        /* The same float32 operations, in the same order. */
        volatile float product = a[i] * b[i];
        volatile float square = b[i] * b[i];
        volatile float cube = square * b[i];
        float want = product + cube;
        if (out[i] != want) {
            fprintf(stderr, "out[%d] = %.9g, want %.9g\n", i, out[i], want);
            return 1;
        }
    }
    kc_loaded_module_free(loaded);
    loaded = NULL;

    EXPECT_STATUS(kc_module_load_linked(NULL, device, texts, 2, &loaded), KC_ERROR_NULL_POINTER,
                  "`module`");
    EXPECT_STATUS(kc_module_load_linked(module, device, NULL, 2, &loaded), KC_ERROR_NULL_POINTER,
                  "`ptx`");
    const char *with_null[2] = {MUL, NULL};
    EXPECT_STATUS(kc_module_load_linked(module, device, with_null, 2, &loaded),
                  KC_ERROR_NULL_POINTER, "`ptx[1]`");
    EXPECT_STATUS(kc_module_load_linked(module, device, texts, 2, NULL), KC_ERROR_NULL_POINTER,
                  "`loaded`");
    /* cube_f32 defined nowhere. */
    EXPECT_STATUS(kc_module_load_linked(module, device, texts, 1, &loaded), KC_ERROR_DEVICE,
                  "cube_f32");
    EXPECT(loaded == NULL);
    /* Nothing linked: kc_module_load cannot resolve the declarations. */
    EXPECT_STATUS(kc_module_load(module, device, &loaded), KC_ERROR_DEVICE, "mul_f32");
    const char *twice[3] = {MUL, CUBE, MUL};
    EXPECT_STATUS(kc_module_load_linked(module, device, twice, 3, &loaded), KC_ERROR_DEVICE,
                  "`mul_f32` is defined in PTX input 1 and again in input 3");

    /* The same two functions, written in Python and exported by kernelc. */
    static const char *FUNCTIONS =
        "from numba import cuda\n"
        "@cuda.jit(device=True)\n"
        "def mul(x, y):\n"
        "    return x * y\n"
        "@cuda.jit(device=True)\n"
        "def cube(x):\n"
        "    return x * x * x\n";
    char *exported[2] = {NULL, NULL};
    const char *names[2] = {"mul", "cube"}, *symbols[2] = {"mul_f32", "cube_f32"};
    const char *sigs[2] = {"float32(float32, float32)", "(float32,)"};
    const kc_export_abi abis[2] = {KC_EXPORT_NUMBA, KC_EXPORT_C};
    for (int f = 0; f < 2; f++) {
        kc_options *opts = NULL;
        kc_module *m = NULL;
        CHECK(kc_options_new(&opts));
        CHECK(kc_options_set_arch(opts, "sm_52"));
        CHECK(kc_options_set_kernel(opts, names[f]));
        CHECK(kc_options_set_signature(opts, sigs[f]));
        CHECK(kc_options_set_export(opts, abis[f], symbols[f]));
        CHECK(kc_compile(FUNCTIONS, "functions.py", opts, &m, NULL));
        const char *sym = NULL, *sig = NULL, *ptx = NULL;
        size_t kernels = 1;
        CHECK(kc_module_export(m, &sym, &sig));
        EXPECT(strcmp(sym, symbols[f]) == 0);
        EXPECT(strcmp(sig, f == 0 ? "float32(float32, float32)" : "float32(float32)") == 0);
        CHECK(kc_module_kernel_count(m, &kernels));
        EXPECT(kernels == 0);
        CHECK(kc_module_ptx(m, &ptx, NULL));
        EXPECT(strstr(ptx, ".visible .func (.param .b32 func_retval0)") != NULL);
        exported[f] = malloc(strlen(ptx) + 1);
        EXPECT(exported[f] != NULL);
        strcpy(exported[f], ptx);
        kc_module_free(m);
        kc_options_free(opts);
    }
    const char *ours[2] = {exported[0], exported[1]};
    CHECK(kc_module_load_linked(module, device, ours, 2, &loaded));
    CHECK(kc_launch(loaded, "k", kc_dim(2, 1, 1), kc_dim(128, 1, 1), 0, NULL, args, 3));
    for (int i = 0; i < N; i++) {
        volatile float product = a[i] * b[i];
        volatile float square = b[i] * b[i];
        volatile float cube = square * b[i];
        EXPECT(out[i] == product + cube);
    }
    kc_loaded_module_free(loaded);
    loaded = NULL;
    /* A kernel module names no export; bad export requests are refused. */
    const char *sym = "x", *sig = "x";
    CHECK(kc_module_export(module, &sym, &sig));
    EXPECT(sym == NULL && sig == NULL);
    EXPECT_STATUS(kc_module_export(module, NULL, &sig), KC_ERROR_NULL_POINTER, "`name`");
    kc_options *opts = NULL;
    kc_module *m = NULL;
    CHECK(kc_options_new(&opts));
    EXPECT_STATUS(kc_options_set_export(opts, 9, NULL), KC_ERROR_INVALID_ARGUMENT, "export ABI 9");
    EXPECT_STATUS(kc_options_set_export(NULL, KC_EXPORT_C, NULL), KC_ERROR_NULL_POINTER,
                  "`options`");
    CHECK(kc_options_set_export(opts, KC_EXPORT_C, NULL));
    /* A kernel is not exported. */
    EXPECT_STATUS(kc_compile(SOURCE, "link.py", opts, &m, NULL), KC_ERROR_COMPILE,
                  "only a device function is exported");
    EXPECT(m == NULL);
    CHECK(kc_options_set_kernel(opts, "cube"));
    CHECK(kc_options_set_signature(opts, "(float32[::1],)"));
    EXPECT_STATUS(kc_compile(FUNCTIONS, "functions.py", opts, &m, NULL), KC_ERROR_COMPILE,
                  "numbers or booleans");
    kc_options_free(opts);
    free(exported[0]);
    free(exported[1]);

    kc_device_free(device);
    kc_module_free(module);
    printf("linked kernel ok: out[%d] = %g\n", N - 1, out[N - 1]);
    return 0;
}
