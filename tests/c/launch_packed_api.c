/* kc_launch_packed: the same launch as kc_launch with its arguments in one
 * struct (a request reused across launches), the same errors; with a
 * SIGINT fd, a SIGINT during the launch runs the installed handler and
 * writes its number to the fd, whose reader stops the launch with
 * kc_device_interrupt; after the call a SIGINT only runs the handler;
 * with SIGINT ignored the fd is not written; a handler installed later is
 * run by the next call's SIGINT. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

static const char *SOURCE =
    "from numba import cuda\n"
    "\n"
    "@cuda.jit(\"void(int64[::1], int64)\")\n"
    "def spin(a, forever):\n"
    "    i = cuda.grid(1)\n"
    "    if forever == 1:\n"
    "        while a[1] >= 0:\n"
    "            a[1] += 1\n"
    "    elif i < a.size:\n"
    "        a[i] = 2 * i\n";

enum { N = 64 };

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static volatile sig_atomic_t handled = 0, handled_later = 0;

static void on_sigint(int sig) {
    (void)sig;
    handled++;
}

static void on_sigint_later(int sig) {
    (void)sig;
    handled_later++;
}

static void install(void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    EXPECT(sigaction(SIGINT, &action, NULL) == 0);
}

/* Sends SIGINT to the process after 300 ms. */
static void *send_sigint(void *p) {
    (void)p;
    /* Once the launch runs: under valgrind (which runs everything many
     * times slower) a launch takes far longer to start. */
    sleep_ms(getenv("KERNELC_TEST_UNDER_VALGRIND") ? 5000 : 300);
    kill(getpid(), SIGINT);
    return NULL;
}

/* Reads the SIGINT fd's other end; on a SIGINT byte, interrupts the
 * device. Ends when the pipe is closed. */
struct reader {
    int fd;
    kc_device *device;
    int seen;
};

static void *read_sigints(void *p) {
    struct reader *r = p;
    unsigned char byte;
    for (;;) {
        ssize_t n = read(r->fd, &byte, 1);
        if (n == 1) {
            if (byte == SIGINT) {
                r->seen++;
                CHECK(kc_device_interrupt(r->device));
            }
        } else if (n == 0 || errno != EINTR) {
            return NULL;
        }
    }
}

static kc_launch_request request(kc_loaded_module *loaded, kc_arg *args, size_t n) {
    kc_launch_request r;
    memset(&r, 0, sizeof r);
    r.loaded = loaded;
    r.kernel = "spin";
    r.grid = kc_dim(2, 1, 1);
    r.block = kc_dim(N / 2, 1, 1);
    r.args = args;
    r.num_args = n;
    return r;
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

    /* The same launch as kc_launch, twice through one request. */
    int64_t a[N];
    kc_arg args[2] = {kc_arg_host_1d(KC_DTYPE_INT64, a, N), kc_arg_i64(0)};
    kc_launch_request req = request(loaded, args, 2);
    for (int round = 0; round < 2; round++) {
        memset(a, 0, sizeof a);
        CHECK(kc_launch_packed(&req, -1));
        for (int i = 1; i < N; i++) EXPECT(a[i] == 2 * i);
    }
    req.grid = kc_dim(1, 1, 1); /* half the threads: half the array */
    memset(a, 0, sizeof a);
    CHECK(kc_launch_packed(&req, -1));
    EXPECT(a[N / 2 - 1] == N - 2 && a[N / 2] == 0);
    req.grid = kc_dim(2, 1, 1);

    /* kc_launch's errors, named as kc_launch's. */
    EXPECT_STATUS(kc_launch_packed(NULL, -1), KC_ERROR_NULL_POINTER, "kc_launch: `request`");
    kc_launch_request bad = req;
    bad.num_args = 1;
    EXPECT_STATUS(kc_launch_packed(&bad, -1), KC_ERROR_LAUNCH, "kc_launch: ");
    bad = req;
    bad.kernel = "nope";
    EXPECT_STATUS(kc_launch_packed(&bad, -1), KC_ERROR_NOT_FOUND, "nope");
    bad = req;
    bad.loaded = NULL;
    EXPECT_STATUS(kc_launch_packed(&bad, -1), KC_ERROR_NULL_POINTER, "loaded");
    bad = req;
    bad.block = kc_dim(0, 1, 1);
    EXPECT_STATUS(kc_launch_packed(&bad, -1), KC_ERROR_LAUNCH, "no zero dimension");

    /* Ctrl-C through the SIGINT fd. */
    struct sigaction now;
    install(on_sigint);
    int pipe_fds[2];
    EXPECT(pipe(pipe_fds) == 0);
    EXPECT(fcntl(pipe_fds[1], F_SETFL, O_NONBLOCK) == 0);
    struct reader reader = {pipe_fds[0], device, 0};
    pthread_t reading, sending;
    EXPECT(pthread_create(&reading, NULL, read_sigints, &reader) == 0);
    CHECK(kc_device_set_timeout(device, 20.0)); /* a safety net */

    args[1] = kc_arg_i64(1);
    a[1] = 0;
    EXPECT(pthread_create(&sending, NULL, send_sigint, NULL) == 0);
    EXPECT_STATUS(kc_launch_packed(&req, pipe_fds[1]), KC_ERROR_INTERRUPTED, "interrupted");
    EXPECT(pthread_join(sending, NULL) == 0);
    EXPECT(handled == 1);     /* the installed handler ran */
    EXPECT(reader.seen == 1); /* and the fd was told */
    args[1] = kc_arg_i64(0);
    CHECK(kc_launch_packed(&req, pipe_fds[1])); /* runs right afterwards */
    EXPECT(a[N - 1] == 2 * (N - 1));
    /* Outside a call a SIGINT runs the handler only. */
    EXPECT(raise(SIGINT) == 0);
    EXPECT(handled == 2);
    sleep_ms(100);
    EXPECT(reader.seen == 1);

    /* SIGINT ignored: nothing is told, the launch runs to its time limit. */
    install(SIG_IGN);
    CHECK(kc_device_set_timeout(device, 0.8));
    args[1] = kc_arg_i64(1);
    a[1] = 0;
    EXPECT(pthread_create(&sending, NULL, send_sigint, NULL) == 0);
    EXPECT_STATUS(kc_launch_packed(&req, pipe_fds[1]), KC_ERROR_TIMEOUT, "time limit");
    EXPECT(pthread_join(sending, NULL) == 0);
    EXPECT(handled == 2 && reader.seen == 1);
    EXPECT(sigaction(SIGINT, NULL, &now) == 0);
    EXPECT(now.sa_handler == SIG_IGN);

    /* A handler installed later: the next call runs it, and is told. */
    install(on_sigint_later);
    CHECK(kc_device_set_timeout(device, 20.0));
    a[1] = 0;
    EXPECT(pthread_create(&sending, NULL, send_sigint, NULL) == 0);
    EXPECT_STATUS(kc_launch_packed(&req, pipe_fds[1]), KC_ERROR_INTERRUPTED, "interrupted");
    EXPECT(pthread_join(sending, NULL) == 0);
    EXPECT(handled == 2 && handled_later == 1 && reader.seen == 2);
    CHECK(kc_device_set_timeout(device, 0));

    close(pipe_fds[1]);
    EXPECT(pthread_join(reading, NULL) == 0);
    close(pipe_fds[0]);
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    printf("launch_packed_api: all checks passed\n");
    return 0;
}
