/* SPDX-License-Identifier: BSD-3-Clause */
/* PCM format names and Q1.31 quantisation (pcm_format.h). */
#include "pcm_format.h"

#include <math.h>
#include <string.h>

bool dsh_pcm_format_parse(const char *name, dsh_pcm_format *out)
{
    if (!strcmp(name, "s16")) {
        *out = DSH_PCM_S16;
        return true;
    }
    if (!strcmp(name, "s24") || !strcmp(name, "s24_4le")) {
        *out = DSH_PCM_S24;
        return true;
    }
    if (!strcmp(name, "s32")) {
        *out = DSH_PCM_S32;
        return true;
    }
    return false;
}

const char *dsh_pcm_format_name(dsh_pcm_format f)
{
    switch (f) {
    case DSH_PCM_S16:
        return "s16";
    case DSH_PCM_S24:
        return "s24";
    case DSH_PCM_S32:
        return "s32";
    }
    return "?";
}

int32_t dsh_q31_from_double(double x)
{
    double v = nearbyint(x * 2147483648.0);
    if (!(v < 2147483647.0))
        return v != v ? 0 : INT32_MAX;
    if (v < -2147483648.0)
        return INT32_MIN;
    return (int32_t)v;
}
