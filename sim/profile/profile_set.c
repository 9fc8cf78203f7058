/* SPDX-License-Identifier: BSD-3-Clause */
/* A profile per core of a board of several cores (dspsim/profile.h,
 * "Several cores"): each core's its own callgrind thread and file. */
#include <stdio.h>

#include "profile_internal.h"

void xt_profile_set_thread(xt_profile *p, unsigned thread)
{
    if (p)
        p->thread = thread;
}

int xt_profile_set_start(xt_profile_set *s, xt_cpu *const *cpus, unsigned n,
                         const xt_elf *elf, char *err, size_t errsz)
{
    *s = (xt_profile_set){ 0 };
    if (n < 1 || n > XT_PROFILE_MAX_CPUS) {
        snprintf(err, errsz, "profile: %u CPUs (1..%u)", n,
                 XT_PROFILE_MAX_CPUS);
        return -1;
    }
    for (unsigned k = 0; k < n; k++) {
        if (xt_profile_start(cpus[k], elf, &s->p[k], err, errsz)) {
            xt_profile_set_free(s);
            return -1;
        }
        s->n = k + 1;
        if (n > 1)
            xt_profile_set_thread(s->p[k], k + 1);
    }
    return 0;
}

void xt_profile_set_finish(xt_profile_set *s)
{
    for (unsigned k = 0; k < s->n; k++)
        xt_profile_finish(s->p[k]);
}

int xt_profile_set_write(const xt_profile_set *s, const char *path,
                         const char *cmd, char *err, size_t errsz)
{
    for (unsigned k = 0; k < s->n; k++) {
        char name[4096];
        if (k)
            snprintf(name, sizeof name, "%s-%02u", path, k + 1);
        else
            snprintf(name, sizeof name, "%s", path);
        if (xt_profile_write_callgrind(s->p[k], name, cmd, err, errsz))
            return -1;
    }
    return 0;
}

void xt_profile_set_free(xt_profile_set *s)
{
    for (unsigned k = 0; k < s->n; k++)
        xt_profile_free(s->p[k]);
    *s = (xt_profile_set){ 0 };
}
