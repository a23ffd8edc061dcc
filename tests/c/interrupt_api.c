/* Stopping launches on the CPU device: kc_device_interrupt from another
 * thread ends a kernel that loops forever with KC_ERROR_INTERRUPTED, a
 * time limit (kc_device_set_timeout) with KC_ERROR_TIMEOUT, and the device
 * runs the next launch right. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <math.h>
#include <pthread.h>
#include <time.h>

static const char *SOURCE =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(int64[::1])\")\n"
    "def spin(a):\n"
    "    i = cuda.grid(1)\n"
    "    if a[0] == 1:\n"
    "        while a[1] >= 0:\n"
    "            a[1] += 1\n"
    "    elif i < a.size:\n"
    "        a[i] = 2 * i\n";

enum { N = 64 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* One launch of `spin` with a[0] = `forever`, its status and message. */
struct run {
    kc_loaded_module *loaded;
    int64_t a[N];
    kc_status status;
    char message[512];
    _Atomic int done;
};

static void *launch(void *p) {
    struct run *r = p;
    kc_arg args[1] = {kc_arg_host_1d(KC_DTYPE_INT64, r->a, N)};
    r->status = kc_launch(r->loaded, "spin", kc_dim(2, 1, 1), kc_dim(N / 2, 1, 1), 0, NULL,
                          args, 1);
    /* The message is per thread: copy it here. */
    kc_last_error_copy(r->message, sizeof r->message, NULL);
    r->done = 1;
    return NULL;
}

static void start(struct run *r, kc_loaded_module *loaded, int64_t forever) {
    memset(r, 0, sizeof *r);
    r->loaded = loaded;
    r->a[0] = forever;
}

static void runs_right(kc_loaded_module *loaded) {
    struct run r;
    start(&r, loaded, 0);
    launch(&r);
    if (r.status != KC_OK) fprintf(stderr, "%s\n", r.message);
    EXPECT(r.status == KC_OK);
    for (int i = 1; i < N; i++) EXPECT(r.a[i] == 2 * i);
}

int main(void) {
    kc_module *module = NULL;
    CHECK(kc_compile(SOURCE, "spin.py", NULL, &module, NULL));
    kc_device_options *dopts = NULL;
    CHECK(kc_device_options_new(&dopts));
    CHECK(kc_device_options_set_workers(dopts, 2));
    kc_device *device = NULL;
    CHECK(kc_device_open(KC_DEVICE_CPU, dopts, &device));
    kc_device_options_free(dopts);
    kc_loaded_module *loaded = NULL;
    CHECK(kc_module_load(module, device, &loaded));
    kc_module_free(module);

    /* Interrupted from another thread. */
    struct run r;
    start(&r, loaded, 1);
    pthread_t t;
    EXPECT(pthread_create(&t, NULL, launch, &r) == 0);
    /* An interrupt stops only a launch that has begun (under valgrind one
     * begins seconds after the call): interrupt until it has stopped. */
    double asked = now();
    while (!r.done) {
        sleep_ms(100);
        asked = now();
        CHECK(kc_device_interrupt(device));
    }
    EXPECT(pthread_join(t, NULL) == 0);
    double took = now() - asked;
    printf("interrupted after %.3f s: %s: %s\n", took, kc_status_name(r.status), r.message);
    EXPECT(r.status == KC_ERROR_INTERRUPTED);
    EXPECT(strstr(r.message, "launch interrupted") != NULL);
    EXPECT(strstr(r.message, "kernel `spin") != NULL);
    EXPECT(took < 5.0);
    runs_right(loaded);
    /* With nothing running, an interrupt stops no later launch. */
    CHECK(kc_device_interrupt(device));
    runs_right(loaded);

    /* A time limit. */
    CHECK(kc_device_set_timeout(device, 0.25));
    start(&r, loaded, 1);
    double t0 = now();
    launch(&r);
    took = now() - t0;
    printf("stopped after %.3f s: %s: %s\n", took, kc_status_name(r.status), r.message);
    EXPECT(r.status == KC_ERROR_TIMEOUT);
    EXPECT(strstr(r.message, "time limit") != NULL);
    EXPECT(took >= 0.25 && took < 5.0);
    runs_right(loaded);
    CHECK(kc_device_set_timeout(device, 0));
    runs_right(loaded);

    /* Bad arguments. */
    EXPECT_STATUS(kc_device_set_timeout(device, -1.0), KC_ERROR_INVALID_ARGUMENT, "time limit");
    EXPECT_STATUS(kc_device_set_timeout(device, NAN), KC_ERROR_INVALID_ARGUMENT, "time limit");
    EXPECT_STATUS(kc_device_set_timeout(device, INFINITY), KC_ERROR_INVALID_ARGUMENT,
                  "time limit");
    EXPECT_STATUS(kc_device_set_timeout(NULL, 1.0), KC_ERROR_NULL_POINTER, "device");
    EXPECT_STATUS(kc_device_interrupt(NULL), KC_ERROR_NULL_POINTER, "device");
    EXPECT(strcmp(kc_status_name(KC_ERROR_INTERRUPTED), "KC_ERROR_INTERRUPTED") == 0);
    EXPECT(strcmp(kc_status_name(KC_ERROR_TIMEOUT), "KC_ERROR_TIMEOUT") == 0);

    kc_loaded_module_free(loaded);
    kc_device_free(device);
    printf("interrupt_api: all checks passed\n");
    return 0;
}
