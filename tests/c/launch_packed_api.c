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

/* Reads the SIGINT fd's other end: on a SIGINT byte, interrupts the
 * device; on a MARK byte (see drain) counts it. Ends when the pipe is
 * closed. */
enum { MARK = 'M' };

struct reader {
    int fd;
    kc_device *device;
    _Atomic int seen;
    _Atomic int marks;
};

static void *read_sigints(void *p) {
    struct reader *r = p;
    unsigned char byte;
    for (;;) {
        ssize_t n = read(r->fd, &byte, 1);
        if (n == 1) {
            if (byte == SIGINT) {
                CHECK(kc_device_interrupt(r->device));
                r->seen++;
            } else if (byte == MARK) {
                r->marks++;
            }
        } else if (n == 0 || errno != EINTR) {
            return NULL;
        }
    }
}

/* Returns once the reader has handled every byte written to `fd` so far
 * (the pipe keeps their order): an interrupt it makes later could stop
 * the next launch. */
static void drain(struct reader *r, int fd) {
    int want = r->marks + 1;
    unsigned char byte = MARK;
    EXPECT(write(fd, &byte, 1) == 1);
    while (r->marks < want) sleep_ms(5);
}

/* Sends SIGINT to the process every 250 ms until `done` is set. */
struct sender {
    _Atomic int done;
};

static void *send_sigints(void *p) {
    struct sender *s = p;
    for (;;) {
        sleep_ms(250);
        if (s->done) return NULL;
        kill(getpid(), SIGINT);
    }
}

/* kc_launch_packed(request, fd) with SIGINTs coming until it returns: the
 * first may well come before the launch has begun (under valgrind it
 * begins seconds after the call), and a SIGINT then is only handled; the
 * launch ends at the first one that comes while it runs. */
static kc_status launch_under_sigints(const kc_launch_request *request, int fd) {
    struct sender sender = {0};
    pthread_t sending;
    EXPECT(pthread_create(&sending, NULL, send_sigints, &sender) == 0);
    kc_status status = kc_launch_packed(request, fd);
    sender.done = 1;
    EXPECT(pthread_join(sending, NULL) == 0);
    return status;
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
    struct reader reader = {pipe_fds[0], device, 0, 0};
    pthread_t reading;
    EXPECT(pthread_create(&reading, NULL, read_sigints, &reader) == 0);
    CHECK(kc_device_set_timeout(device, 120.0)); /* a safety net */

    args[1] = kc_arg_i64(1);
    a[1] = 0;
    EXPECT_STATUS(launch_under_sigints(&req, pipe_fds[1]), KC_ERROR_INTERRUPTED, "interrupted");
    drain(&reader, pipe_fds[1]);
    EXPECT(handled >= 1);     /* the installed handler ran */
    EXPECT(reader.seen >= 1); /* and the fd was told */
    int handled_before = handled, seen_before = reader.seen;
    args[1] = kc_arg_i64(0);
    CHECK(kc_launch_packed(&req, pipe_fds[1])); /* runs right afterwards */
    EXPECT(a[N - 1] == 2 * (N - 1));
    /* Outside a call a SIGINT runs the handler only. */
    EXPECT(raise(SIGINT) == 0);
    EXPECT(handled == handled_before + 1);
    drain(&reader, pipe_fds[1]);
    EXPECT(reader.seen == seen_before);

    /* SIGINT ignored: nothing is told, the launch runs to its time limit. */
    handled_before = handled;
    install(SIG_IGN);
    CHECK(kc_device_set_timeout(device, 0.8));
    args[1] = kc_arg_i64(1);
    a[1] = 0;
    EXPECT_STATUS(launch_under_sigints(&req, pipe_fds[1]), KC_ERROR_TIMEOUT, "time limit");
    drain(&reader, pipe_fds[1]);
    EXPECT(handled == handled_before && reader.seen == seen_before);
    EXPECT(sigaction(SIGINT, NULL, &now) == 0);
    EXPECT(now.sa_handler == SIG_IGN);

    /* A handler installed later: the next call runs it, and is told. */
    install(on_sigint_later);
    CHECK(kc_device_set_timeout(device, 120.0));
    a[1] = 0;
    EXPECT_STATUS(launch_under_sigints(&req, pipe_fds[1]), KC_ERROR_INTERRUPTED, "interrupted");
    drain(&reader, pipe_fds[1]);
    EXPECT(handled == handled_before && handled_later >= 1 && reader.seen > seen_before);
    CHECK(kc_device_set_timeout(device, 0));

    close(pipe_fds[1]);
    EXPECT(pthread_join(reading, NULL) == 0);
    close(pipe_fds[0]);
    kc_loaded_module_free(loaded);
    kc_device_free(device);
    printf("launch_packed_api: all checks passed\n");
    return 0;
}
