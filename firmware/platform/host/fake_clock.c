/* SPDX-License-Identifier: BSD-3-Clause */
/* The host platform's cycle counter (host_platform.h). */
#include "host_platform.h"

uint32_t fake_clock_read(void *ctx)
{
    struct fake_clock *c = ctx;

    c->now += c->step;
    return c->now;
}
