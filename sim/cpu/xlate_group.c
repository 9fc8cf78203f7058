/* SPDX-License-Identifier: BSD-3-Clause */
/* Groups of pages: one function for the units of several pages, so that
 * a call or return from one page to another is a jump inside translated
 * code instead of a return to the engine and a call into the next unit
 * (docs/performance.md).
 *
 * A group is built from the pages that have a unit, from their decoded
 * entries as they are then (a unit may have been built when fewer were
 * decoded: the group holds what its unit holds, and may hold more).  It
 * is entered only where its members' units are (their heads stay
 * marked); a head the group does not have declines the entry.  Exact
 * because the group's code decodes the same bytes: each member's page
 * contents are hashed when the group is planned and checked when it is
 * installed.  The group's object is named by a hash of its members'
 * unit keys, contents and decoded entries; a manifest beside each
 * member's object (KEY.grp, KEY the member's unit key) lists the
 * members, their unit keys and contents' hashes: a later run that
 * installs those units finds the group through it.  Dropping a member's
 * unit dissolves the group (xlate_inval.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xlate_gen.h"
#include "xlate_group.h"
#include "xlate_cache.h"
#include "xlate_inval.h"

#define MANIFEST_MAGIC "dspsim-xlate-group 1"

#define MIX(h, v) ((h) = ((h) ^ (uint64_t)(v)) * 0x100000001b3ull)

/* A hash of page pn's bytes; 0 if the page is not plain memory. */
static uint64_t page_hash(const xt_cpu *cpu, uint32_t pn)
{
    const uint8_t *m = cpu->pages[pn].rd;
    if (!m)
        return 0;
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned i = 0; i < XT_PAGE_SIZE; i += 8) {
        uint64_t w;
        memcpy(&w, m + i, sizeof w);
        MIX(h, w);
        MIX(h, w >> 32);
    }
    return h | 1;
}

static void name_object(const struct xl_state_s *x, xl_unit_src *u)
{
    u->pn = u->mpn[0];
    snprintf(u->so_path, sizeof u->so_path, "%s/%016llx.so", x->cache_dir,
             (unsigned long long)u->key);
}

static int by_page(const void *a, const void *b)
{
    const uint64_t *p = a, *q = b;
    return p[0] < q[0] ? -1 : p[0] > q[0];
}

int xlate_group_plan(xt_cpu *cpu, uint64_t seed, xl_unit_src *u)
{
    struct xl_state_s *x = cpu->xl;
    /* (page, calls) of every page with a unit in plain memory, but for a
     * DSP kernel's page: its unit keeps its loops' registers, where in a
     * group of glue the union of the pages' registers made SRC's kernel
     * slower than the calls it saved (+2.3 % host instructions) */
    uint64_t(*c)[2] = calloc(x->nlive ? x->nlive : 1, sizeof *c);
    if (!c)
        return 0;
    unsigned n = 0;
    for (unsigned i = 0; i < x->nlive; i++) {
        const xl_page *p = x->pg[x->live[i]];
        if (p->fn && p->tier == XL_TIER_OPT && p->state != XL_BANNED &&
            cpu->pages[x->live[i]].rd &&
            !xlate_gen_has_kernel(cpu, x->live[i])) {
            c[n][0] = x->live[i];
            c[n][1] = p->ch.calls;
            n++;
        }
    }
    /* more than a group holds: the most called */
    while (n > XT_XGROUP_MAX) {
        unsigned least = 0;
        for (unsigned i = 1; i < n; i++)
            if (c[i][1] < c[least][1])
                least = i;
        memmove(c[least], c[least + 1], (n - least - 1) * sizeof *c);
        n--;
    }
    qsort(c, n, sizeof *c, by_page);
    memset(u, 0, sizeof *u);
    uint64_t h = seed ^ 0x67726f7570ull; /* "group" */
    MIX(h, n);
    for (unsigned i = 0; i < n; i++) {
        uint32_t pn = (uint32_t)c[i][0];
        u->mpn[i] = pn;
        u->mkey[i] = x->pg[pn]->key;
        u->mhash[i] = page_hash(cpu, pn);
        uint64_t now = xlate_gen_unit_key(cpu, pn, seed); /* its entries */
        MIX(h, pn);
        MIX(h, u->mkey[i]);
        MIX(h, u->mhash[i]);
        MIX(h, now);
    }
    free(c);
    if (n < 2)
        return 0;
    u->group = 1;
    u->nmembers = n;
    u->key = h;
    name_object(x, u);
    return 1;
}

int xlate_group_same(const struct xl_state_s *x, const xl_unit_src *u)
{
    for (unsigned s = 0; s < XL_GROUPS; s++) {
        const xl_group *gr = &x->groups[s];
        if (gr->n != u->nmembers)
            continue;
        unsigned i = 0;
        while (i < gr->n && gr->pn[i] == u->mpn[i] &&
               x->pg[gr->pn[i]]->key == u->mkey[i])
            i++;
        if (i == gr->n)
            return 1;
    }
    return 0;
}

void xlate_group_write_manifests(const struct xl_state_s *x,
                                 const xl_unit_src *u)
{
    for (unsigned i = 0; i < u->nmembers; i++) {
        char path[600], tmp[640];
        snprintf(path, sizeof path, "%s/%016llx.grp", x->cache_dir,
                 (unsigned long long)u->mkey[i]);
        snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
        FILE *f = fopen(tmp, "w");
        if (!f)
            return; /* no cache to write: no group next time */
        fprintf(f, "%s\n%016llx %u\n", MANIFEST_MAGIC,
                (unsigned long long)u->key, u->nmembers);
        for (unsigned k = 0; k < u->nmembers; k++)
            fprintf(f, "%05x %016llx %016llx\n", u->mpn[k],
                    (unsigned long long)u->mkey[k],
                    (unsigned long long)u->mhash[k]);
        if (fclose(f) != 0 || rename(tmp, path) != 0)
            unlink(tmp);
    }
}

int xlate_group_manifest(xt_cpu *cpu, uint64_t key, xl_unit_src *u)
{
    const struct xl_state_s *x = cpu->xl;
    char path[600], line[128];
    snprintf(path, sizeof path, "%s/%016llx.grp", x->cache_dir,
             (unsigned long long)key);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    memset(u, 0, sizeof *u);
    unsigned long long gk = 0;
    unsigned n = 0;
    int ok = fgets(line, sizeof line, f) &&
             !strncmp(line, MANIFEST_MAGIC "\n", sizeof line) &&
             fscanf(f, "%16llx %u\n", &gk, &n) == 2 && n >= 2 &&
             n <= XT_XGROUP_MAX;
    for (unsigned i = 0; ok && i < n; i++) {
        unsigned pn;
        unsigned long long k, ph;
        ok = fscanf(f, "%5x %16llx %16llx\n", &pn, &k, &ph) == 3 &&
             pn < XT_NUM_PAGES && (!i || pn > u->mpn[i - 1]);
        u->mpn[i] = pn;
        u->mkey[i] = k;
        u->mhash[i] = ph;
    }
    fclose(f);
    /* every member's unit installed, none in a group (the contents are
     * checked when the group is installed) */
    for (unsigned i = 0; ok && i < n; i++) {
        const xl_page *p = x->pg[u->mpn[i]];
        ok = p && p->fn && !p->group && p->key == u->mkey[i];
    }
    if (!ok)
        return 0;
    u->group = 1;
    u->nmembers = n;
    u->key = gk;
    name_object(x, u);
    return xlate_cache_has(u->so_path);
}

int xlate_group_install(xt_cpu *cpu, const xl_unit_src *u, xt_xunit_fn fn)
{
    struct xl_state_s *x = cpu->xl;
    if (!fn)
        return 0;
    for (unsigned i = 0; i < u->nmembers; i++) {
        const xl_page *p = x->pg[u->mpn[i]];
        if (!p || !p->fn || p->key != u->mkey[i] ||
            page_hash(cpu, u->mpn[i]) != u->mhash[i])
            return 0; /* another unit, or other code, than the group's */
    }
    /* it takes the place of the groups its pages were in */
    for (unsigned i = 0; i < u->nmembers; i++)
        if (x->pg[u->mpn[i]]->group)
            xlate_group_dissolve(x, x->pg[u->mpn[i]]->group);
    unsigned slot = 0;
    while (slot < XL_GROUPS && x->groups[slot].n)
        slot++;
    if (slot == XL_GROUPS)
        return 0;
    xl_group *gr = &x->groups[slot];
    for (unsigned i = 0; i < u->nmembers; i++) {
        xl_page *p = x->pg[u->mpn[i]];
        p->own = p->fn;
        p->fn = fn;
        p->ch.entry = NULL; /* the group runs it: no direct unit's jump */
        p->group = (uint8_t)(slot + 1);
        gr->pn[i] = u->mpn[i];
    }
    gr->n = u->nmembers;
    x->stats.groups++;
    XL_DBG("group of %u pages from %08x live\n", u->nmembers,
           u->mpn[0] << XT_PAGE_SHIFT);
    return 1;
}
