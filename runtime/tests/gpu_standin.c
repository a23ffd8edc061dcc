/* A stand-in CUDA driver for kernelc's GPU runtime tests, built by the
 * tests with `gcc -shared -fPIC` and switched by -D flags:
 *
 *   INIT_RESULT     what cuInit returns (34 = the toolkit's stub, 100 = no
 *                   device); default 0
 *   ONLY_INIT       export cuInit and the error-text calls only
 *   OMIT_LAUNCH     leave out cuLaunchKernel
 *   DEVICE_COUNT    devices reported; default 1
 *   DRIVER_VERSION  cuDriverGetVersion's answer; default 12040
 *   CC_MAJOR/MINOR  the fake device's compute capability; default 8.6
 *
 * "Device memory" is host memory from malloc. cuModuleLoadDataEx rejects
 * PTX containing BAD_PTX with a log; cuLaunchKernel runs one kernel,
 * `fill(u64 ptr, u32 n, u8 value)`, as memset. Values follow cuda.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef INIT_RESULT
#define INIT_RESULT 0
#endif
#ifndef DEVICE_COUNT
#define DEVICE_COUNT 1
#endif
#ifndef DRIVER_VERSION
#define DRIVER_VERSION 12040
#endif
#ifndef CC_MAJOR
#define CC_MAJOR 8
#endif
#ifndef CC_MINOR
#define CC_MINOR 6
#endif

typedef unsigned int CUresult;
typedef unsigned long long CUdeviceptr;
enum {
    SUCCESS = 0,
    INVALID_VALUE = 1,
    INVALID_PTX = 218,
    NOT_FOUND = 500,
};

CUresult cuInit(unsigned flags) { return flags ? INVALID_VALUE : INIT_RESULT; }

CUresult cuGetErrorName(CUresult e, const char **s) {
    switch (e) {
    case 0: *s = "CUDA_SUCCESS"; return SUCCESS;
    case 1: *s = "CUDA_ERROR_INVALID_VALUE"; return SUCCESS;
    case 34: *s = "CUDA_ERROR_STUB_LIBRARY"; return SUCCESS;
    case 100: *s = "CUDA_ERROR_NO_DEVICE"; return SUCCESS;
    case 218: *s = "CUDA_ERROR_INVALID_PTX"; return SUCCESS;
    case 500: *s = "CUDA_ERROR_NOT_FOUND"; return SUCCESS;
    default: *s = 0; return INVALID_VALUE;
    }
}

CUresult cuGetErrorString(CUresult e, const char **s) {
    switch (e) {
    case 34: *s = "standin: CUDA driver is a stub library"; return SUCCESS;
    case 100: *s = "standin: no CUDA-capable device is detected"; return SUCCESS;
    case 218: *s = "standin: a PTX JIT compilation failed"; return SUCCESS;
    case 500: *s = "standin: named symbol not found"; return SUCCESS;
    default: *s = 0; return INVALID_VALUE;
    }
}

#ifndef ONLY_INIT

CUresult cuDriverGetVersion(int *v) { *v = DRIVER_VERSION; return SUCCESS; }
CUresult cuDeviceGetCount(int *n) { *n = DEVICE_COUNT; return SUCCESS; }
CUresult cuDeviceGet(int *d, int ordinal) {
    if (ordinal < 0 || ordinal >= DEVICE_COUNT) return 101; /* INVALID_DEVICE */
    *d = ordinal;
    return SUCCESS;
}
CUresult cuDeviceGetName(char *name, int len, int dev) {
    (void)dev;
    strncpy(name, "Kernelc Standin GPU", (size_t)len);
    return SUCCESS;
}
CUresult cuDeviceGetAttribute(int *v, int attr, int dev) {
    (void)dev;
    switch (attr) {
    case 1: *v = 1024; return SUCCESS;     /* MAX_THREADS_PER_BLOCK */
    case 8: *v = 49152; return SUCCESS;    /* MAX_SHARED_MEMORY_PER_BLOCK */
    case 13: *v = 1500000; return SUCCESS; /* CLOCK_RATE, kHz */
    case 16: *v = 10; return SUCCESS;      /* MULTIPROCESSOR_COUNT */
    case 36: *v = 1000000; return SUCCESS; /* MEMORY_CLOCK_RATE, kHz */
    case 37: *v = 256; return SUCCESS;     /* GLOBAL_MEMORY_BUS_WIDTH */
    case 75: *v = CC_MAJOR; return SUCCESS;
    case 76: *v = CC_MINOR; return SUCCESS;
    default: return INVALID_VALUE;
    }
}
CUresult cuDeviceTotalMem_v2(size_t *bytes, int dev) {
    (void)dev;
    *bytes = (size_t)8 << 30;
    return SUCCESS;
}

static int primary_refs;
static char primary_ctx;
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) {
    (void)dev;
    primary_refs++;
    *ctx = &primary_ctx;
    return SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(int dev) { (void)dev; primary_refs--; return SUCCESS; }
/* Tests read the balance of retains and releases through this. */
int standin_primary_refs(void) { return primary_refs; }

static __thread int ctx_depth;
CUresult cuCtxPushCurrent_v2(void *ctx) { (void)ctx; ctx_depth++; return SUCCESS; }
CUresult cuCtxPopCurrent_v2(void **ctx) {
    if (ctx_depth == 0) return 201; /* INVALID_CONTEXT */
    ctx_depth--;
    *ctx = &primary_ctx;
    return SUCCESS;
}
CUresult cuCtxSetCurrent(void *ctx) { (void)ctx; return SUCCESS; }
CUresult cuCtxSynchronize(void) { return ctx_depth ? SUCCESS : 201; }

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
    void *m = malloc(n);
    if (!m) return 2; /* OUT_OF_MEMORY */
    memset(m, 0xAB, n); /* not zero: the runtime must zero it */
    *p = (CUdeviceptr)(uintptr_t)m;
    return SUCCESS;
}
CUresult cuMemFree_v2(CUdeviceptr p) { free((void *)(uintptr_t)p); return SUCCESS; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *h, size_t n) {
    memcpy((void *)(uintptr_t)d, h, n);
    return SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *h, CUdeviceptr d, size_t n) {
    memcpy(h, (const void *)(uintptr_t)d, n);
    return SUCCESS;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *h, size_t n, void *s) {
    (void)s;
    return cuMemcpyHtoD_v2(d, h, n);
}
CUresult cuMemcpyDtoHAsync_v2(void *h, CUdeviceptr d, size_t n, void *s) {
    (void)s;
    return cuMemcpyDtoH_v2(h, d, n);
}
CUresult cuMemcpyDtoD_v2(CUdeviceptr d, CUdeviceptr s, size_t n) {
    memmove((void *)(uintptr_t)d, (const void *)(uintptr_t)s, n);
    return SUCCESS;
}
CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total_bytes) {
    if (!ctx_depth) return 201; /* INVALID_CONTEXT */
    *free_bytes = (size_t)3 << 30;
    *total_bytes = (size_t)8 << 30;
    return SUCCESS;
}
CUresult cuMemsetD8_v2(CUdeviceptr d, unsigned char v, size_t n) {
    memset((void *)(uintptr_t)d, v, n);
    return SUCCESS;
}
CUresult cuMemHostAlloc(void **p, size_t n, unsigned flags) {
    (void)flags;
    *p = malloc(n);
    return *p ? SUCCESS : 2;
}
CUresult cuMemFreeHost(void *p) { free(p); return SUCCESS; }
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *d, void *p, unsigned flags) {
    (void)flags;
    *d = (CUdeviceptr)(uintptr_t)p;
    return SUCCESS;
}
CUresult cuMemAllocManaged(CUdeviceptr *d, size_t n, unsigned flags) {
    (void)flags;
    void *p = malloc(n);
    *d = (CUdeviceptr)(uintptr_t)p;
    return p ? SUCCESS : 2;
}

static void put_log(void **values, unsigned n, int *opts, int buf_opt, int size_opt,
                    const char *text) {
    char *buf = 0;
    size_t size = 0;
    for (unsigned i = 0; i < n; i++) {
        if (opts[i] == buf_opt) buf = values[i];
        if (opts[i] == size_opt) size = (size_t)(uintptr_t)values[i];
    }
    if (buf && size) {
        strncpy(buf, text, size - 1);
        buf[size - 1] = 0;
    }
}

CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n, int *opts,
                            void **values) {
    const char *ptx = image;
    if (strstr(ptx, "BAD_PTX")) {
        put_log(values, n, opts, 5, 6, "ptxas application ptx input, line 1; error: standin rejects BAD_PTX");
        return INVALID_PTX;
    }
    put_log(values, n, opts, 3, 4, "standin: 0 registers");
    *module = strdup(ptx);
    return SUCCESS;
}
CUresult cuModuleUnload(void *module) { free(module); return SUCCESS; }

/* The linker: the image is the PTX inputs one after the other (which
 * cuModuleLoadDataEx above takes as it takes one PTX text). */
struct link { char *text; size_t len; };
CUresult cuLinkCreate_v2(unsigned n, int *opts, void **values, void **state) {
    (void)n; (void)opts; (void)values;
    struct link *l = calloc(1, sizeof *l);
    if (!l) return INVALID_VALUE;
    *state = l;
    return SUCCESS;
}
CUresult cuLinkAddData_v2(void *state, int kind, void *data, size_t size, const char *name,
                          unsigned n, int *opts, void **values) {
    (void)name; (void)n; (void)opts; (void)values;
    struct link *l = state;
    if (kind != 1 /* CU_JIT_INPUT_PTX */) return INVALID_VALUE;
    size_t len = strnlen(data, size);
    char *text = realloc(l->text, l->len + len + 2);
    if (!text) return INVALID_VALUE;
    memcpy(text + l->len, data, len);
    text[l->len + len] = '\n';
    text[l->len + len + 1] = 0;
    l->text = text;
    l->len += len + 1;
    return SUCCESS;
}
CUresult cuLinkComplete(void *state, void **image, size_t *size) {
    struct link *l = state;
    if (!l->text) return INVALID_VALUE;
    *image = l->text;
    *size = l->len + 1;
    return SUCCESS;
}
CUresult cuLinkDestroy(void *state) {
    struct link *l = state;
    free(l->text);
    free(l);
    return SUCCESS;
}

struct function { char name[64]; };
CUresult cuModuleGetFunction(void **f, void *module, const char *name) {
    if (!strstr(module, name) || strlen(name) >= 64) return NOT_FOUND;
    struct function *fn = calloc(1, sizeof *fn); /* leaked: a test-only stand-in */
    strcpy(fn->name, name);
    *f = fn;
    return SUCCESS;
}
static unsigned char global_bytes[64];
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *n, void *module, const char *name) {
    (void)module;
    if (strcmp(name, "standin_global")) return NOT_FOUND;
    *p = (CUdeviceptr)(uintptr_t)global_bytes;
    *n = sizeof global_bytes;
    return SUCCESS;
}
CUresult cuFuncGetAttribute(int *v, int attr, void *f) {
    (void)f;
    if (attr != 4) return INVALID_VALUE; /* NUM_REGS */
    *v = 12;
    return SUCCESS;
}
CUresult cuFuncSetAttribute(void *f, int attr, int v) {
    (void)f;
    /* PREFERRED_SHARED_MEMORY_CARVEOUT */
    return attr == 9 && v >= -1 && v <= 100 ? SUCCESS : INVALID_VALUE;
}

#ifndef OMIT_LAUNCH
static unsigned last_launch[7];
/* Tests read the last launch's grid, block and shared bytes through this. */
const unsigned *standin_last_launch(void) { return last_launch; }
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, void *stream,
                        void **params, void **extra) {
    (void)stream;
    (void)extra;
    unsigned shape[7] = {gx, gy, gz, bx, by, bz, shared};
    memcpy(last_launch, shape, sizeof shape);
    if (!strcmp(((struct function *)f)->name, "fill")) {
        uint64_t ptr;
        uint32_t n;
        uint8_t value;
        memcpy(&ptr, params[0], 8);
        memcpy(&n, params[1], 4);
        memcpy(&value, params[2], 1);
        memset((void *)(uintptr_t)ptr, value, n);
    }
    return SUCCESS;
}
/* A cooperative launch records its shape like any other. */
CUresult cuLaunchCooperativeKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                   unsigned by, unsigned bz, unsigned shared, void *stream,
                                   void **params) {
    return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params, NULL);
}
#else
/* Only cuLaunchKernel is missing. */
CUresult cuLaunchCooperativeKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                   unsigned by, unsigned bz, unsigned shared, void *stream,
                                   void **params) {
    (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared;
    (void)stream, (void)params;
    return SUCCESS;
}
#endif

/* Two resident blocks per multiprocessor, whatever the kernel. */
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, void *f, int block, size_t shared) {
    (void)f;
    (void)block;
    (void)shared;
    *n = 2;
    return SUCCESS;
}

CUresult cuStreamCreate(void **s, unsigned flags) {
    (void)flags;
    *s = malloc(1);
    return SUCCESS;
}
CUresult cuStreamSynchronize(void *s) { (void)s; return SUCCESS; }
CUresult cuStreamDestroy_v2(void *s) { free(s); return SUCCESS; }
static float clock_ms;
CUresult cuEventCreate(void **e, unsigned flags) {
    (void)flags;
    *e = calloc(1, sizeof(float));
    return SUCCESS;
}
CUresult cuEventRecord(void *e, void *s) {
    (void)s;
    clock_ms += 0.5f;
    *(float *)e = clock_ms;
    return SUCCESS;
}
CUresult cuEventSynchronize(void *e) { (void)e; return SUCCESS; }
CUresult cuEventQuery(void *e) { (void)e; return SUCCESS; }
CUresult cuEventElapsedTime(float *ms, void *start, void *end) {
    *ms = *(float *)end - *(float *)start;
    return SUCCESS;
}
CUresult cuEventDestroy_v2(void *e) { free(e); return SUCCESS; }

#endif /* ONLY_INIT */
