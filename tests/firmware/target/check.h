/* SPDX-License-Identifier: BSD-3-Clause */
/* Self-checking helpers for on-target firmware tests: CHECK prints a FAIL
 * line for every failed condition; fw_test_end() prints PASS/FAIL and
 * exits (status 0 only when nothing failed). */
#ifndef FW_TEST_CHECK_H
#define FW_TEST_CHECK_H

#include "fw/console.h"
#include "fw/kernel.h"

static unsigned fw_test_failures, fw_test_checks;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        fw_test_checks++;                                                      \
        if (!(cond)) {                                                         \
            fw_test_failures++;                                                \
            fw_printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
            fw_printf(__VA_ARGS__);                                            \
            fw_printf("\n");                                                   \
        }                                                                      \
    } while (0)

static inline void fw_test_end(const char *name) __attribute__((noreturn));
static inline void fw_test_end(const char *name)
{
    if (fw_test_failures)
        fw_printf("FAIL %s: %u of %u checks failed\n", name, fw_test_failures,
                  fw_test_checks);
    else
        fw_printf("PASS %s (%u checks)\n", name, fw_test_checks);
    fw_kernel_exit(fw_test_failures ? 1 : 0);
}

#endif
