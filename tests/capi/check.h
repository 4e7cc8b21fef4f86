/* The check macro of the C ABI's own test programs, shared by the C and the
 * C++ ones. They run without doctest on purpose: the C one is C99, and the
 * others must link nothing but the library they test. Each program prints
 * "N passed, N failed" through check_summary() and exits with its status.
 *
 * A program may define CHECK_CONTEXT before including this file: an
 * expression naming what is being checked (a file path, say), printed
 * beside each failure. */
#ifndef NAVSPAN_TESTS_CAPI_CHECK_H
#define NAVSPAN_TESTS_CAPI_CHECK_H

#include <stdio.h>

#ifndef CHECK_CONTEXT
#define CHECK_CONTEXT ""
#endif

static int passed = 0, failed = 0;

#define CHECK(cond)                                                                               \
    do {                                                                                          \
        if (cond) {                                                                               \
            ++passed;                                                                             \
        } else {                                                                                  \
            ++failed;                                                                             \
            fprintf(stderr, "%s:%d: CHECK failed: %s (%s)\n", __FILE__, __LINE__, #cond, CHECK_CONTEXT); \
        }                                                                                         \
    } while (0)

/* Prints the counts; the program's exit status. */
static inline int check_summary(void) {
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

#endif
