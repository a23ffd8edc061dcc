/* Test helpers shared by the C programs in tests/c: CHECK(call) stops the
 * program with the status name and the library's message when a call does
 * not return KC_OK; EXPECT(cond) stops it when a condition is false;
 * EXPECT_STATUS(call, status) checks a failing call fails the right way. */
#ifndef KERNELC_TESTS_CHECK_H
#define KERNELC_TESTS_CHECK_H

#include <kernelc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                              \
    do {                                                                         \
        kc_status check_status_ = (call);                                        \
        if (check_status_ != KC_OK) {                                            \
            fprintf(stderr, "%s:%d: %s -> %s: %s\n", __FILE__, __LINE__, #call,  \
                    kc_status_name(check_status_), kc_last_error_message());     \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

#define EXPECT(cond)                                                             \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);  \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

/* The call fails with `want`, and leaves a non-empty message that contains
 * `needle`. */
#define EXPECT_STATUS(call, want, needle)                                        \
    do {                                                                         \
        kc_status got_ = (call);                                                 \
        const char *msg_ = kc_last_error_message();                              \
        if (got_ != (want) || msg_ == NULL || msg_[0] == '\0' ||                 \
            strstr(msg_, (needle)) == NULL) {                                    \
            fprintf(stderr, "%s:%d: %s -> %s (wanted %s), message: %s\n",        \
                    __FILE__, __LINE__, #call, kc_status_name(got_),             \
                    kc_status_name(want), msg_ ? msg_ : "(null)");               \
            exit(1);                                                             \
        }                                                                        \
        printf("ok: %-28s %s\n", kc_status_name(got_), msg_);                    \
    } while (0)

#endif
