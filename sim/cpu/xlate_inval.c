/* SPDX-License-Identifier: BSD-3-Clause */
/* Invalidation of translated code: any store into a page with a unit
 * drops the unit before the next instruction runs (one of the fast
 * engine's exactness rules, xlate.c).  Only the translator's state and
 * the instruction cache's entries change here, so that guest memory
 * (mem.c) can call it from below the runtime. */
#include "icache.h"
#include "xlate_inval.h"

#define MAX_INVALIDATIONS 4u

void xlate_group_dissolve(struct xl_state_s *x, unsigned slot)
{
    xl_group *gr = &x->groups[slot - 1];
    for (unsigned i = 0; i < gr->n; i++) {
        xl_page *m = x->pg[gr->pn[i]];
        if (m && m->group == slot) {
            m->fn = m->own;
            m->own = NULL;
            m->group = 0;
        }
    }
    gr->n = 0;
}

void xlate_inval_unit(xt_cpu *cpu, xl_page *p, uint32_t pn)
{
    xt_dinsn *dp = cpu->dcache[pn];
    cpu->xl->inval_seq++;
    if (p->group)
        xlate_group_dissolve(cpu->xl, p->group);
    for (unsigned i = 0; dp && i < p->nheads; i++)
        icache_entry_unmark(&dp[p->heads[i]]);
    free(p->heads);
    free(p->cover);
    p->heads = NULL;
    p->cover = NULL;
    p->nheads = 0;
    p->fn = NULL;
    p->ch.entry = NULL;
    p->ch.insns = 0;
}

void xlate_inval_page(xt_cpu *cpu, uint32_t pn)
{
    struct xl_state_s *x = cpu->xl;
    xl_page *p = x->pg[pn];
    if (!p)
        return;
    p->gen++;
    if (p->fn) {
        XL_DBG("page %08x invalidated at pc %08x\n", pn << XT_PAGE_SHIFT,
               cpu->pc);
        xlate_inval_unit(cpu, p, pn);
        x->stats.invalidations++;
        p->invalidations++;
        p->hits = 0;
    }
    /* a job in flight for the page is discarded when it completes (gen) */
    if (p->pstate != XL_BANNED)
        p->pstate = XL_NONE;
    if (p->state != XL_BANNED)
        p->state = p->invalidations >= MAX_INVALIDATIONS ? XL_BANNED : XL_NONE;
}

void xlate_inval_all(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    if (!x)
        return;
    for (unsigned i = 0; i < x->nlive; i++) {
        uint32_t pn = x->live[i];
        xl_page *p = x->pg[pn];
        p->gen++;
        if (p->fn)
            xlate_inval_unit(cpu, p, pn);
        if (p->state != XL_BANNED)
            p->state = XL_NONE;
        if (p->pstate != XL_BANNED)
            p->pstate = XL_NONE;
        p->hits = 0;
        p->builds = 0;
    }
    x->nqueue = 0;
    x->npqueue = 0;
}
