/* SPDX-License-Identifier: BSD-3-Clause */
/* faults: section of a case and the expectations about their effects
 * (issue 14; docs/harness.md "Faults"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/board_regs.h"
#include "abi/exccause_name.h"
#include "case_internal.h"

static const char *const kind_names[DSH_FAULT_NKINDS + 1] = {
    "dma_stall",  "dma_desc_error", "host_refill", "doorbell",       "ssp_xrun",
    "clock_step", "irq_storm",      "bit_flip",    "stack_overflow", NULL
};

const char *dsh_fault_kind_name(dsh_fault_kind k)
{
    return (unsigned)k < DSH_FAULT_NKINDS ? kind_names[k] : "?";
}

/* Keys of each kind besides kind, at_us, at_period and pipeline. */
static const char *const *kind_keys(dsh_fault_kind k)
{
    static const char *const dma_stall[] = { "endpoint", "duration_us", NULL };
    static const char *const dma_err[] = { "endpoint", NULL };
    static const char *const refill[] = { "stream", "mode", "delay_us", NULL };
    static const char *const doorbell[] = { "direction", "mode", NULL };
    static const char *const ssp[] = { "port", "mode", "frames", NULL };
    static const char *const clock[] = { "ppm", NULL };
    static const char *const storm[] = { "line", "duration_us", NULL };
    static const char *const flip[] = { "address", "symbol", "region",
                                        "offset",  "bit",    NULL };
    static const char *const stack[] = { "bytes", NULL };
    static const char *const *const t[DSH_FAULT_NKINDS] = {
        dma_stall, dma_err, refill, doorbell, ssp, clock, storm, flip, stack
    };
    return t[k];
}

#define MAX_DURATION_US 10000000      /* 10 s */
#define MAX_AT_US       86400000000LL /* 24 h, as duration_ms */

/* An endpoint name of the case: streams and ports (sspN). */
static int find_endpoint(yctx *y, const dsh_case *c, const yaml_node_t *n,
                         const char *what, const char *must_be)
{
    char name[DSH_ID_MAX];
    if (!y_ident(y, n, what, name, sizeof name))
        return -1;
    int e = dsh_case_find_endpoint(c, name);
    if (e < 0) {
        y_error(y, n, "%s: '%s' is not a stream or port of this case", what,
                name);
        return -1;
    }
    const dsh_endpoint *ep = &c->endpoints[e];
    if (must_be && !strcmp(must_be, "playback stream") &&
        (ep->kind != DSH_EP_STREAM || ep->dir != DSH_EP_INPUT)) {
        y_error(y, n,
                "%s: '%s' is not a playback stream (an input stream: "
                "the host refills only those)",
                what, name);
        return -1;
    }
    if (must_be && !strcmp(must_be, "port") && ep->kind != DSH_EP_PORT) {
        y_error(y, n, "%s: '%s' is a stream, not an SSP port", what, name);
        return -1;
    }
    return e;
}

/* KEY of fault f as an integer in [lo, hi]; an absent optional key leaves
 * *out as it was (the caller's default). */
static bool get_int(yctx *y, const yaml_node_t *f, const char *key,
                    const char *what, bool required, int64_t lo, int64_t hi,
                    int64_t *out)
{
    char w[160];
    snprintf(w, sizeof w, "%s.%s", what, key);
    yaml_node_t *v = required ? y_require(y, f, key, what)
                              : y_get(y, f, key, NULL);
    if (!v)
        return !required;
    return y_int(y, v, w, lo, hi, out);
}

static bool get_enum(yctx *y, const yaml_node_t *f, const char *key,
                     const char *what, bool required, const char *const *names,
                     int *out)
{
    char w[160];
    snprintf(w, sizeof w, "%s.%s", what, key);
    yaml_node_t *v = required ? y_require(y, f, key, what)
                              : y_get(y, f, key, NULL);
    if (!v)
        return !required;
    return y_enum(y, v, w, names, out);
}

/* bit_flip: exactly one of address (a number: decimal or 0x hex, written
 * as a plain scalar), symbol or region, plus offset and bit. */
static bool parse_flip(yctx *y, const yaml_node_t *f, const char *what,
                       dsh_fault *ft)
{
    static const char *const regions[] = { "iram", "dram", "mailbox", NULL };
    static const uint32_t bases[] = { BOARD_IRAM_BASE, BOARD_DRAM_BASE,
                                      BOARD_MBOX_BASE };
    static const uint32_t sizes[] = { BOARD_IRAM_MAX_SIZE, BOARD_DRAM_MAX_SIZE,
                                      BOARD_MBOX_SIZE };
    yaml_node_t *a = y_get(y, f, "address", NULL);
    yaml_node_t *s = y_get(y, f, "symbol", NULL);
    yaml_node_t *r = y_get(y, f, "region", NULL);
    char w[160];
    int64_t v;
    if ((a != NULL) + (s != NULL) + (r != NULL) != 1) {
        y_error(y, f, "%s: give exactly one of address, symbol or region",
                what);
        return false;
    }
    if (a &&
        (!y_is_scalar(a) || a->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)) {
        snprintf(w, sizeof w, "%s.address", what);
        y_error(y, a, "%s: expected an address (decimal or 0x hex)", w);
        return false;
    }
    if (a) {
        snprintf(w, sizeof w, "%s.address", what);
        char *end;
        const char *t = y_text(a);
        unsigned long long x = strtoull(t, &end, 0);
        if (!t[0] || *end || t[0] == '-' || x > 0xFFFFFFFFull) {
            y_error(y, a,
                    "%s: '%s' is not an address (decimal or 0x hex, "
                    "32 bits)",
                    w, t);
            return false;
        }
        ft->address = (uint32_t)x;
        bool mapped = false;
        for (unsigned i = 0; i < 3; i++)
            mapped |= x >= bases[i] && x - bases[i] < sizes[i];
        if (!mapped) {
            y_error(y, a,
                    "%s: 0x%08llx is not in IRAM, DRAM or the mailbox "
                    "(docs/board.md)",
                    w, x);
            return false;
        }
    }
    int64_t off = 0;
    if (!get_int(y, f, "offset", what, false, 0, 0xFFFFF, &off))
        return false;
    if (a && y_get(y, f, "offset", NULL)) {
        y_error(y, y_get(y, f, "offset", NULL),
                "%s.offset: only with "
                "symbol or region (an address is exact)",
                what);
        return false;
    }
    if (s) {
        snprintf(w, sizeof w, "%s.symbol", what);
        if (!y_ident(y, s, w, ft->symbol, sizeof ft->symbol))
            return false;
        ft->address = (uint32_t)off;
    }
    if (r) {
        int k;
        snprintf(w, sizeof w, "%s.region", what);
        if (!y_enum(y, r, w, regions, &k))
            return false;
        if ((uint64_t)off >= sizes[k]) {
            y_error(y, y_get(y, f, "offset", NULL),
                    "%s.offset: %lld is "
                    "beyond the %s (%u bytes at most)",
                    what, (long long)off, regions[k], (unsigned)sizes[k]);
            return false;
        }
        ft->address = bases[k] + (uint32_t)off;
    }
    if (!get_int(y, f, "bit", what, true, 0, 7, &v))
        return false;
    ft->bit = (unsigned)v;
    return true;
}

static bool parse_kind(yctx *y, dsh_case *c, const yaml_node_t *f,
                       const char *what, dsh_fault *ft)
{
    static const char *const refill_modes[] = { "late", "lost", NULL };
    static const char *const db_dirs[] = { "h2d", "d2h", NULL };
    static const char *const db_modes[] = { "lost", "duplicate", NULL };
    static const char *const ssp_modes[] = { "underrun", "overrun", NULL };
    char w[160];
    int64_t v;
    int m;
    yaml_node_t *n;
    switch (ft->kind) {
    case DSH_FAULT_DMA_STALL:
    case DSH_FAULT_DMA_DESC_ERROR:
        snprintf(w, sizeof w, "%s.endpoint", what);
        if (!(n = y_require(y, f, "endpoint", what)) ||
            (ft->endpoint = find_endpoint(y, c, n, w, NULL)) < 0)
            return false;
        if (ft->kind == DSH_FAULT_DMA_DESC_ERROR)
            return true;
        if (!get_int(y, f, "duration_us", what, true, 1, MAX_DURATION_US, &v))
            return false;
        ft->duration_us = (uint64_t)v;
        return true;
    case DSH_FAULT_HOST_REFILL:
        snprintf(w, sizeof w, "%s.stream", what);
        if (!(n = y_require(y, f, "stream", what)) ||
            (ft->endpoint = find_endpoint(y, c, n, w, "playback stream")) < 0)
            return false;
        m = 0;
        if (!get_enum(y, f, "mode", what, false, refill_modes, &m))
            return false;
        ft->lost = m == 1;
        n = y_get(y, f, "delay_us", NULL);
        if (ft->lost && n) {
            y_error(y, n,
                    "%s.delay_us: only for mode late (a lost refill "
                    "is never made)",
                    what);
            return false;
        }
        if (ft->lost)
            return true;
        if (!get_int(y, f, "delay_us", what, true, 1, MAX_DURATION_US, &v))
            return false;
        ft->duration_us = (uint64_t)v;
        return true;
    case DSH_FAULT_DOORBELL:
        if (!get_enum(y, f, "direction", what, true, db_dirs, &m))
            return false;
        ft->d2h = m == 1;
        if (!get_enum(y, f, "mode", what, true, db_modes, &m))
            return false;
        ft->lost = m == 0;
        return true;
    case DSH_FAULT_SSP_XRUN: {
        snprintf(w, sizeof w, "%s.port", what);
        if (!(n = y_require(y, f, "port", what)) ||
            (ft->endpoint = find_endpoint(y, c, n, w, "port")) < 0)
            return false;
        const dsh_endpoint *ep = &c->endpoints[ft->endpoint];
        m = ep->dir == DSH_EP_INPUT; /* capture port: overrun */
        if (!get_enum(y, f, "mode", what, false, ssp_modes, &m))
            return false;
        if ((m == 1) != (ep->dir == DSH_EP_INPUT)) {
            y_error(y, y_get(y, f, "mode", NULL),
                    "%s.mode: port '%s' is a "
                    "%s port: it can only %s",
                    what, ep->name,
                    ep->dir == DSH_EP_INPUT ? "capture" : "playback",
                    ep->dir == DSH_EP_INPUT ? "overrun" : "underrun");
            return false;
        }
        ft->overrun = m == 1;
        v = 48; /* the default: get_int leaves it */
        if (!get_int(y, f, "frames", what, false, 1, 1000000, &v))
            return false;
        ft->frames = (uint32_t)v;
        return true;
    }
    case DSH_FAULT_CLOCK_STEP:
        snprintf(w, sizeof w, "%s.ppm", what);
        if (!(n = y_require(y, f, "ppm", what)) ||
            !y_number(y, n, w, -100000, 100000, &ft->ppm))
            return false;
        if (ft->ppm == 0) {
            y_error(y, n, "%s: a step of 0 ppm changes nothing", w);
            return false;
        }
        return true;
    case DSH_FAULT_IRQ_STORM:
        if (!get_int(y, f, "line", what, true, 0, 5, &v))
            return false;
        ft->line = (unsigned)v;
        if (!get_int(y, f, "duration_us", what, true, 1, MAX_DURATION_US, &v))
            return false;
        ft->duration_us = (uint64_t)v;
        return true;
    case DSH_FAULT_BIT_FLIP:
        return parse_flip(y, f, what, ft);
    case DSH_FAULT_STACK_OVERFLOW:
        v = 4096;
        if (!get_int(y, f, "bytes", what, false, 64, 8192, &v))
            return false;
        ft->bytes = (uint32_t)v;
        return true;
    case DSH_FAULT_NKINDS:
        break;
    }
    return false;
}

/* at_us or at_period (periods of `pipeline`, default the first). */
static bool parse_when(yctx *y, dsh_case *c, const yaml_node_t *f,
                       const char *what, dsh_fault *ft)
{
    yaml_node_t *us = y_get(y, f, "at_us", NULL);
    yaml_node_t *per = y_get(y, f, "at_period", NULL);
    yaml_node_t *pipe = y_get(y, f, "pipeline", NULL);
    yaml_node_t *at = us ? us : per;
    char w[160];
    int64_t v;
    if ((us != NULL) == (per != NULL)) {
        y_error(y, f, "%s: give exactly one of at_us or at_period", what);
        return false;
    }
    if (pipe && !per) {
        y_error(y, pipe, "%s.pipeline: only with at_period", what);
        return false;
    }
    if (us) {
        snprintf(w, sizeof w, "%s.at_us", what);
        if (!y_int(y, us, w, 0, MAX_AT_US, &v))
            return false;
        ft->at_us = (uint64_t)v;
    } else {
        unsigned period = c->pipelines[0].period_us;
        snprintf(w, sizeof w, "%s.at_period", what);
        if (!y_int(y, per, w, 0, 100000000, &v))
            return false;
        if (pipe) {
            int64_t id;
            int idx = -1;
            snprintf(w, sizeof w, "%s.pipeline", what);
            if (!y_int(y, pipe, w, 1, 255, &id))
                return false;
            for (unsigned i = 0; i < c->n_pipelines; i++)
                if (c->pipelines[i].id == (unsigned)id)
                    idx = (int)i;
            if (idx < 0) {
                y_error(y, pipe, "%s: no pipeline with id %lld", w,
                        (long long)id);
                return false;
            }
            period = c->pipelines[idx].period_us;
        }
        ft->at_us = (uint64_t)v * period;
    }
    if (!c->until_input_ends && ft->at_us >= c->duration_ms * 1000.0) {
        snprintf(w, sizeof w, "%s.%s", what, us ? "at_us" : "at_period");
        y_error(y, at,
                "%s: %llu us is not before the end of the run "
                "(duration_ms %g)",
                w, (unsigned long long)ft->at_us, c->duration_ms);
        return false;
    }
    return true;
}

static int cmp_fault(const void *a, const void *b)
{
    const dsh_fault *x = a, *y = b;
    if (x->at_us != y->at_us)
        return x->at_us < y->at_us ? -1 : 1;
    if (x->mark.line != y->mark.line)
        return x->mark.line < y->mark.line ? -1 : 1;
    return x->mark.col < y->mark.col ? -1 : x->mark.col > y->mark.col;
}

bool dsh_parse_faults(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    if (!y_expect_seq(y, n, "faults"))
        return false;
    bool ok = true;
    for (yaml_node_item_t *it = n->data.sequence.items.start;
         it < n->data.sequence.items.top; it++) {
        char what[64], w[128];
        snprintf(what, sizeof what, "faults[%u]",
                 (unsigned)(it - n->data.sequence.items.start));
        yaml_node_t *f = y_node(y, *it);
        if (!y_is_map(f)) {
            char d[64];
            y_error(y, f, "%s: expected a mapping, got %s", what,
                    y_describe(f, d, sizeof d));
            ok = false;
            continue;
        }
        if (c->n_faults >= DSH_MAX_FAULTS) {
            y_error(y, f, "%s: too many faults (at most %d)", what,
                    DSH_MAX_FAULTS);
            return false;
        }
        dsh_fault *ft = &c->faults[c->n_faults];
        memset(ft, 0, sizeof *ft);
        ft->mark = y_mark(f);
        ft->endpoint = -1;
        yaml_node_t *k = y_require(y, f, "kind", what);
        int kind;
        snprintf(w, sizeof w, "%s.kind", what);
        if (!k || !y_enum(y, k, w, kind_names, &kind)) {
            ok = false;
            continue;
        }
        ft->kind = (dsh_fault_kind)kind;
        /* the common keys, then the kind's */
        const char *keys[16] = { "kind", "at_us", "at_period", "pipeline" };
        unsigned nk = 4;
        for (const char *const *kk = kind_keys(ft->kind); *kk; kk++)
            keys[nk++] = *kk;
        keys[nk] = NULL;
        snprintf(w, sizeof w, "%s (%s)", what, kind_names[kind]);
        if (!y_check_map(y, f, w, keys) || !parse_when(y, c, f, what, ft) ||
            !parse_kind(y, c, f, what, ft)) {
            ok = false;
            continue;
        }
        c->n_faults++;
    }
    qsort(c->faults, c->n_faults, sizeof c->faults[0], cmp_fault);
    return ok;
}

/* expect.panic: {cause: NAME}, NAME as the panic report prints it
 * (abi/exccause_name.h: StackOverflow, LoadStorePIFAddrError, ...). */
static bool parse_panic(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    static const char *const keys[] = { "cause", NULL };
    if (!y_check_map(y, n, "expect.panic", keys))
        return false;
    yaml_node_t *v = y_require(y, n, "cause", "expect.panic");
    if (!v)
        return false;
    const char *name = y_text(v);
    static const uint32_t specials[] = { FW_CAUSE_SOFTWARE, FW_CAUSE_DOUBLE,
                                         FW_CAUSE_STACK };
    for (uint32_t i = 0; i < 64 + 3; i++) {
        uint32_t cause = i < 64 ? i : specials[i - 64];
        if (y_is_scalar(v) && !strcmp(name, fw_cause_name(cause)) &&
            strcmp(name, "Unknown")) {
            c->panic = (dsh_panic_expect){ true, cause, y_mark(v) };
            return true;
        }
    }
    char d[64];
    y_error(y, v,
            "expect.panic.cause: %s is not a panic cause; expected an "
            "Xtensa exception cause name (e.g. LoadStorePIFAddrError, "
            "IllegalInstruction) or SoftwarePanic, DoubleException, "
            "StackOverflow",
            y_describe(v, d, sizeof d));
    return false;
}

/* expect.xrun_causes: {underrun, overrun, dma}: counts of XRUN
 * notifications by code. */
static bool parse_causes(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    static const char *const keys[] = { "underrun", "overrun", "dma", NULL };
    dsh_count_range *out[] = { &c->xrun_underrun, &c->xrun_overrun,
                               &c->xrun_dma };
    if (!y_check_map(y, n, "expect.xrun_causes", keys))
        return false;
    bool ok = true;
    for (unsigned i = 0; keys[i]; i++) {
        yaml_node_t *v = y_get(y, n, keys[i], NULL);
        char w[64];
        snprintf(w, sizeof w, "expect.xrun_causes.%s", keys[i]);
        if (v && !dsh_parse_count(y, v, w, false, out[i]))
            ok = false;
    }
    return ok;
}

bool dsh_parse_fault_expect(yctx *y, dsh_case *c, const char *key,
                            const yaml_node_t *v, bool *ok)
{
    if (!strcmp(key, "ipc_timeouts"))
        *ok = dsh_parse_count(y, v, "expect.ipc_timeouts", false,
                              &c->ipc_timeouts);
    else if (!strcmp(key, "host_xruns"))
        *ok = dsh_parse_count(y, v, "expect.host_xruns", false, &c->host_xruns);
    else if (!strcmp(key, "xrun_causes"))
        *ok = parse_causes(y, c, v);
    else if (!strcmp(key, "panic"))
        *ok = parse_panic(y, c, v);
    else
        return false;
    return true;
}
