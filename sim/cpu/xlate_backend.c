/* SPDX-License-Identifier: BSD-3-Clause */
/* The back ends this build has, by tier (xlate_backend.h).  A back end
 * for another host (a direct code emitter for arm64, say) is one more
 * xl_backend in a file of its own and a line here. */
#include <string.h>

#include "xlate_backend.h"

/* The quick tier's back ends, preferred first. */
static const xl_backend *const quick_tier[] = {
#if defined(__x86_64__)
    &xlate_be_x64,
#endif
#ifdef DSPSIM_HAVE_TCC
    &xlate_be_tcc,
#endif
    NULL
};

const xl_backend *xlate_backend_for(int tier, const char *cc, const char *quick)
{
    if (tier == XL_TIER_OPT)
        return xlate_be_gcc.available(cc) ? &xlate_be_gcc : NULL;
    for (unsigned i = 0; quick_tier[i]; i++) {
        const xl_backend *be = quick_tier[i];
        if ((!quick || !*quick || strcmp(quick, be->name) == 0) &&
            be->available(cc))
            return be;
    }
    return NULL;
}
