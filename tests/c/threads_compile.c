/* Eight threads compile the same source at once with one shared kc_options:
 * every result must be identical to a compilation on the main thread, and
 * each thread's last-error message is its own. */
#include <pthread.h>

#include "check.h"

#define THREADS 8
#define ROUNDS 4

static const char *SOURCE =
    "import math\n"
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(float64[:, ::1], float64[:, ::1], float64)\")\n"
    "def smooth(src, dst, w):\n"
    "    i, j = cuda.grid(2)\n"
    "    n, m = src.shape\n"
    "    if 0 < i < n - 1 and 0 < j < m - 1:\n"
    "        acc = 0.0\n"
    "        for di in range(-1, 2):\n"
    "            for dj in range(-1, 2):\n"
    "                acc += src[i + di, j + dj]\n"
    "        dst[i, j] = w * acc / 9.0 + math.exp(-w)\n";

static kc_options *shared_options;
static char *reference;

struct job {
    int id;
    int ok;
};

static void *work(void *arg) {
    struct job *job = arg;
    job->ok = 1;
    for (int r = 0; r < ROUNDS; r++) {
        kc_module *module = NULL;
        if (kc_compile(SOURCE, "smooth.py", shared_options, &module, NULL) != KC_OK) {
            job->ok = 0;
            return NULL;
        }
        const char *ptx = NULL;
        if (kc_module_ptx(module, &ptx, NULL) != KC_OK || strcmp(ptx, reference) != 0) job->ok = 0;
        kc_module_free(module);
        /* A failure on this thread leaves this thread's message. */
        char name[32];
        snprintf(name, sizeof name, "missing_%d", job->id);
        kc_module *none = NULL;
        size_t index = 0;
        CHECK(kc_compile(SOURCE, "smooth.py", shared_options, &none, NULL));
        if (kc_module_find_kernel(none, name, &index) != KC_ERROR_NOT_FOUND ||
            strstr(kc_last_error_message(), name) == NULL)
            job->ok = 0;
        kc_module_free(none);
    }
    return NULL;
}

int main(void) {
    CHECK(kc_options_new(&shared_options));
    CHECK(kc_options_set_arch(shared_options, "sm_86"));
    kc_module *module = NULL;
    CHECK(kc_compile(SOURCE, "smooth.py", shared_options, &module, NULL));
    const char *ptx = NULL;
    size_t len = 0;
    CHECK(kc_module_ptx(module, &ptx, &len));
    reference = malloc(len + 1);
    EXPECT(reference != NULL);
    memcpy(reference, ptx, len + 1);
    kc_module_free(module);

    pthread_t threads[THREADS];
    struct job jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        jobs[t].id = t;
        EXPECT(pthread_create(&threads[t], NULL, work, &jobs[t]) == 0);
    }
    for (int t = 0; t < THREADS; t++) {
        EXPECT(pthread_join(threads[t], NULL) == 0);
        EXPECT(jobs[t].ok);
    }
    free(reference);
    kc_options_free(shared_options);
    printf("threads_compile: %d threads x %d compilations, identical PTX\n", THREADS, ROUNDS);
    return 0;
}
