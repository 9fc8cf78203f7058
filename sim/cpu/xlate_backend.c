/* SPDX-License-Identifier: BSD-3-Clause */
/* The back ends this build has, by tier (xlate_backend.h).  A back end
 * for another host (a direct code emitter for arm64, say) is one more
 * xl_backend in a file of its own and a line here. */
#include "xlate_backend.h"

const xl_backend *xlate_backend_for(int tier, const char *cc)
{
    const xl_backend *be = NULL;
#ifdef DSPSIM_HAVE_TCC
    if (tier == XL_TIER_QUICK)
        be = &xlate_be_tcc;
#endif
    if (tier == XL_TIER_OPT)
        be = &xlate_be_gcc;
    return be && be->available(cc) ? be : NULL;
}
