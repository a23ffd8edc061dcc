/* Records through the C API: a kernel taking an array of records with an
 * array field (KC_DTYPE_RECORD, the record size in value.u), one record by
 * reference (a 0-D KC_DTYPE_RECORD argument, written back), and a constant
 * array of records declared with kc_options_add_const_record_array; the
 * parameters' descriptions; a record of the wrong size refused. */
#include <kernelc.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define REC "Record(n[type=int32;offset=0],v[type=nestedarray(float32, (2,));offset=4];12;True)"
#define ROW "Record(w[type=float32;offset=0],k[type=int8;offset=4];8;True)"

static const char *SOURCE =
    "from numba import cuda\n"
    "@cuda.jit('void(" REC "[::1], " REC ")')\n"
    "def step(recs, one):\n"
    "    table = cuda.const.array_like(TABLE)\n"
    "    i = cuda.grid(1)\n"
    "    if i < recs.size:\n"
    "        row = table[i % 2]\n"
    "        recs[i].v[1] = recs[i].v[0] * row.w + row.k + one.v[0]\n"
    "        recs[i].n = len(recs[i].v)\n"
    "    if i == 0:\n"
    "        one.n = recs.size\n";

struct rec {
    int32_t n;
    float v[2];
};

struct row {
    float w;
    int8_t k;
};

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, " (%s)\n", kc_last_error_message());                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

/* A C-contiguous host array of records of `size` bytes, `ndim` extents. */
static kc_arg record_arg(void *data, size_t size, uint32_t ndim, int64_t n) {
    kc_arg a = kc_arg_host(KC_DTYPE_RECORD, data, ndim ? (size_t)n * size : size, ndim, &n);
    a.value.u = size;
    return a;
}

int main(void) {
    enum { N = 40 };
    static struct rec recs[N];
    struct rec one = {7, {0.25f, 0.0f}};
    struct row table[2] = {{2.0f, 3}, {-1.0f, -4}};
    for (int i = 0; i < N; i++) {
        recs[i].n = -1;
        recs[i].v[0] = (float)i;
        recs[i].v[1] = 0.0f;
    }
    kc_options *options = NULL;
    kc_module *module = NULL;
    kc_device *device = NULL;
    kc_loaded_module *loaded = NULL;
    CHECK(kc_options_new(&options) == KC_OK, "options");
    int64_t rows = 2;
    CHECK(kc_options_add_const_record_array(options, "TABLE", ROW, &rows, 1, table, sizeof table) ==
              KC_OK,
          "const records");
    CHECK(kc_options_add_const_record_array(options, "BAD", "float32", &rows, 1, NULL, 0) ==
              KC_ERROR_INVALID_ARGUMENT,
          "a number type is not a record");
    CHECK(kc_compile(SOURCE, "records.py", options, &module, NULL) == KC_OK, "compile");

    kc_param_info info;
    CHECK(kc_module_param_info(module, 0, 0, &info) == KC_OK, "param info");
    CHECK(info.kind == KC_PARAM_ARRAY && info.dtype == KC_DTYPE_RECORD && info.ndim == 1,
          "recs: kind %u dtype %u ndim %u", info.kind, info.dtype, info.ndim);
    CHECK(kc_module_param_info(module, 0, 1, &info) == KC_OK, "param info");
    CHECK(info.kind == KC_PARAM_ARRAY && info.dtype == KC_DTYPE_RECORD && info.ndim == 0 &&
              info.written && strcmp(info.type_name, REC) == 0,
          "one: kind %u dtype %u ndim %u written %d type %s", info.kind, info.dtype, info.ndim,
          info.written, info.type_name);

    CHECK(kc_device_open(KC_DEVICE_CPU, NULL, &device) == KC_OK, "device");
    CHECK(kc_module_load(module, device, &loaded) == KC_OK, "load");
    kc_arg args[2] = {record_arg(recs, sizeof(struct rec), 1, N),
                      record_arg(&one, sizeof(struct rec), 0, 0)};
    CHECK(kc_launch(loaded, "step", kc_dim(1, 1, 1), kc_dim(64, 1, 1), 0, NULL, args, 2) == KC_OK,
          "launch");
    for (int i = 0; i < N; i++) {
        const struct row *r = &table[i % 2];
        float want = (float)i * r->w + (float)r->k + 0.25f;
        CHECK(recs[i].n == 2 && recs[i].v[1] == want, "recs[%d] = (%d, %g), want (2, %g)", i,
              recs[i].n, recs[i].v[1], want);
    }
    CHECK(one.n == N && one.v[0] == 0.25f, "one = (%d, %g)", one.n, one.v[0]);

    /* A record of another size is refused. */
    args[1] = record_arg(&one, 8, 0, 0);
    kc_status s = kc_launch(loaded, "step", kc_dim(1, 1, 1), kc_dim(64, 1, 1), 0, NULL, args, 2);
    CHECK(s == KC_ERROR_LAUNCH, "an 8-byte record for a 12-byte one: %s", kc_status_name(s));
    printf("records ok: recs[39].v[1] = %g, one.n = %d; a record of 8 bytes: %s\n", recs[39].v[1],
           one.n, kc_last_error_message());
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    kc_module_free(module);
    kc_options_free(options);
    return 0;
}
