/* SPDX-License-Identifier: BSD-3-Clause */
/* Chrome trace-event JSON timeline (timeline.h). */
#include "driver/timeline.h"
#include "abi/board_regs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textout/json_out.h"
#include "textout/out_file.h"

typedef enum { EV_SPAN, EV_INSTANT, EV_COUNTER } ev_kind;

typedef struct event {
    ev_kind kind;
    unsigned track;
    uint64_t begin, end;
    double value;
    char *name;   /* owned */
    char *detail; /* owned, may be NULL */
    bool has_dma; /* DMA span: args bytes, src, dst */
    uint32_t dma_src, dma_dst, dma_bytes;
} event;

typedef struct dma_open {
    bool open;
    uint64_t begin;
    uint32_t src, dst, bytes;
} dma_open;

struct dsh_timeline {
    double cpu_hz;
    event *ev;
    size_t n, cap;
    uint64_t dropped;
    char *tracks[DSH_TIMELINE_MAX_TRACKS];
    unsigned ntracks;
    dma_open dma[BOARD_MAX_DMA_CHANNELS];
    bool paused; /* dsh_timeline_pause */
};

dsh_timeline *dsh_timeline_new(double cpu_hz)
{
    if (!(cpu_hz > 0))
        return NULL;
    dsh_timeline *t = calloc(1, sizeof *t);
    if (t)
        t->cpu_hz = cpu_hz;
    return t;
}

void dsh_timeline_pause(dsh_timeline *t, bool on)
{
    if (t)
        t->paused = on;
}

void dsh_timeline_free(dsh_timeline *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++) {
        free(t->ev[i].name);
        free(t->ev[i].detail);
    }
    for (unsigned i = 0; i < t->ntracks; i++)
        free(t->tracks[i]);
    free(t->ev);
    free(t);
}

/* Track index; the last track absorbs any beyond the limit. */
static unsigned track_of(dsh_timeline *t, const char *name)
{
    for (unsigned i = 0; i < t->ntracks; i++)
        if (!strcmp(t->tracks[i], name))
            return i;
    if (t->ntracks == DSH_TIMELINE_MAX_TRACKS)
        return DSH_TIMELINE_MAX_TRACKS - 1;
    char *s = strdup(name);
    if (!s)
        return t->ntracks ? t->ntracks - 1 : 0;
    t->tracks[t->ntracks] = s;
    return t->ntracks++;
}

static event *add(dsh_timeline *t, ev_kind k, const char *track,
                  const char *name, const char *detail)
{
    if (!t || t->paused)
        return NULL;
    if (t->n == t->cap) {
        if (t->cap >= DSH_TIMELINE_MAX_EVENTS) {
            t->dropped++;
            return NULL;
        }
        size_t nc = t->cap ? t->cap * 2 : 256;
        if (nc > DSH_TIMELINE_MAX_EVENTS)
            nc = DSH_TIMELINE_MAX_EVENTS;
        event *ne = realloc(t->ev, nc * sizeof *ne);
        if (!ne) {
            t->dropped++;
            return NULL;
        }
        t->ev = ne;
        t->cap = nc;
    }
    event *e = &t->ev[t->n];
    memset(e, 0, sizeof *e);
    e->kind = k;
    e->name = strdup(name ? name : "");
    e->detail = detail ? strdup(detail) : NULL;
    if (!e->name || (detail && !e->detail)) {
        free(e->name);
        free(e->detail);
        t->dropped++;
        return NULL;
    }
    e->track = track ? track_of(t, track) : 0;
    t->n++;
    return e;
}

void dsh_timeline_span(dsh_timeline *t, const char *track, const char *name,
                       uint64_t begin, uint64_t end, const char *detail)
{
    event *e = add(t, EV_SPAN, track, name, detail);
    if (e) {
        e->begin = begin;
        e->end = end < begin ? begin : end;
    }
}

void dsh_timeline_instant(dsh_timeline *t, const char *track, const char *name,
                          uint64_t at, const char *detail)
{
    event *e = add(t, EV_INSTANT, track, name, detail);
    if (e)
        e->begin = e->end = at;
}

void dsh_timeline_counter(dsh_timeline *t, const char *name, uint64_t at,
                          double value)
{
    event *e = add(t, EV_COUNTER, "counters", name, NULL);
    if (e) {
        e->begin = e->end = at;
        e->value = value;
    }
}

void dsh_timeline_dma_observer(void *user, unsigned channel, ds_dma_event ev,
                               uint32_t src, uint32_t dst, uint32_t bytes,
                               uint64_t cycle)
{
    dsh_timeline *t = user;
    if (!t || t->paused || channel >= BOARD_MAX_DMA_CHANNELS ||
        ev == DS_DMA_EV_BURST_DONE)
        return;
    dma_open *o = &t->dma[channel];
    if (ev == DS_DMA_EV_DESC_START) {
        *o = (dma_open){ true, cycle, src, dst, bytes };
        return;
    }
    char track[32];
    snprintf(track, sizeof track, "dma %u", channel);
    bool err = ev == DS_DMA_EV_ERROR;
    if (!o->open) {
        if (err)
            dsh_timeline_instant(t, track, "error", cycle, NULL);
        return;
    }
    o->open = false;
    char detail[48];
    snprintf(detail, sizeof detail, "0x%08x -> 0x%08x", (unsigned)o->src,
             (unsigned)o->dst);
    event *e = add(t, EV_SPAN, track, err ? "error" : "transfer", detail);
    if (e) {
        e->begin = o->begin;
        e->end = cycle < o->begin ? o->begin : cycle;
        e->has_dma = true;
        e->dma_src = o->src;
        e->dma_dst = o->dst;
        e->dma_bytes = err ? bytes : o->bytes;
    }
}

static int by_begin(const void *a, const void *b)
{
    const dsh_timeline_line *x = a, *y = b;
    if (x->begin != y->begin)
        return x->begin < y->begin ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

size_t dsh_timeline_around(const dsh_timeline *t, uint64_t at, unsigned before,
                           unsigned after, dsh_timeline_line *out)
{
    if (!t)
        return 0;
    /* the last `before` events that begin at or before `at` and the first
     * `after` that begin later, each kept in a bounded window by
     * replacement (events are stored in the order recorded, which is
     * nearly, not exactly, time order: a span is stored at its end) */
    size_t nb = 0, na = 0;
    dsh_timeline_line *b = out, *a = out + before;
    for (size_t i = 0; i < t->n; i++) {
        const event *e = &t->ev[i];
        if (e->kind == EV_COUNTER)
            continue;
        dsh_timeline_line l = { e->begin, e->end,    t->tracks[e->track],
                                e->name,  e->detail, i };
        if (e->begin <= at && before) {
            if (nb < before) {
                b[nb++] = l;
                continue;
            }
            size_t m = 0; /* replace the earliest kept */
            for (size_t k = 1; k < nb; k++)
                if (by_begin(&b[k], &b[m]) < 0)
                    m = k;
            if (by_begin(&l, &b[m]) > 0)
                b[m] = l;
        } else if (e->begin > at && after) {
            if (na < after) {
                a[na++] = l;
                continue;
            }
            size_t m = 0; /* replace the latest kept */
            for (size_t k = 1; k < na; k++)
                if (by_begin(&a[k], &a[m]) > 0)
                    m = k;
            if (by_begin(&l, &a[m]) < 0)
                a[m] = l;
        }
    }
    memmove(out + nb, a, na * sizeof *out);
    qsort(out, nb + na, sizeof *out, by_begin);
    return nb + na;
}

size_t dsh_timeline_count(const dsh_timeline *t)
{
    return t ? t->n : 0;
}
uint64_t dsh_timeline_dropped(const dsh_timeline *t)
{
    return t ? t->dropped : 0;
}

/* Microseconds of a cycle count, rounded to a nanosecond. */
static json_t *us(const dsh_timeline *t, uint64_t cycles)
{
    char b[64];
    snprintf(b, sizeof b, "%.3f", (double)cycles * 1e6 / t->cpu_hz);
    return json_real(strtod(b, NULL));
}

static json_t *event_json(const dsh_timeline *t, const event *e)
{
    static const char ph[][2] = { "X", "i", "C" };
    json_t *o = json_pack("{s:s, s:i, s:i}", "ph", ph[e->kind], "pid", 1, "tid",
                          (int)e->track + 1);
    json_t *args = json_object();
    if (!o || !args || json_object_set_new(o, "name", dsh_json_text(e->name)) ||
        json_object_set_new(o, "ts", us(t, e->begin)) ||
        (e->kind == EV_SPAN &&
         json_object_set_new(o, "dur", us(t, e->end - e->begin))) ||
        (e->kind == EV_INSTANT &&
         json_object_set_new(o, "s", json_string("t"))))
        goto fail;
    if (e->kind == EV_COUNTER) {
        if (json_object_set_new(args, "value", json_real(e->value)))
            goto fail;
    } else {
        char a[16];
        if (json_object_set_new(args, "cycle",
                                json_integer((json_int_t)e->begin)) ||
            (e->detail && dsh_json_set_text(args, "detail", e->detail)))
            goto fail;
        if (e->has_dma) {
            if (json_object_set_new(args, "bytes", json_integer(e->dma_bytes)))
                goto fail;
            snprintf(a, sizeof a, "0x%08" PRIx32, e->dma_src);
            if (json_object_set_new(args, "src", json_string(a)))
                goto fail;
            snprintf(a, sizeof a, "0x%08" PRIx32, e->dma_dst);
            if (json_object_set_new(args, "dst", json_string(a)))
                goto fail;
        }
    }
    if (json_object_set_new(o, "args", args))
        goto fail_o;
    return o;
fail:
    json_decref(args);
fail_o:
    json_decref(o);
    return NULL;
}

/* One event object on its own line, after a comma unless first. */
static bool put(FILE *f, json_t *o, bool first)
{
    if (!o)
        return false;
    bool ok = (first || fputs(",\n", f) != EOF) &&
              json_dumpf(o, f,
                         JSON_PRESERVE_ORDER |
                             JSON_REAL_PRECISION(DSH_JSON_REAL_DIGITS)) == 0;
    json_decref(o);
    return ok;
}

/* The file is streamed event by event (a long run holds up to
 * DSH_TIMELINE_MAX_EVENTS of them); each object is made by jansson. */
int dsh_timeline_write(const dsh_timeline *t, const char *path, char *err,
                       size_t errsz)
{
    dsh_out_file out;
    if (!dsh_out_open(&out, path, err, errsz))
        return -1;
    FILE *f = out.f;
    json_t *other = json_pack("{s:f, s:I, s:I, s:I}", "cpu_hz", t->cpu_hz,
                              "max_events", (json_int_t)DSH_TIMELINE_MAX_EVENTS,
                              "events", (json_int_t)t->n, "dropped_events",
                              (json_int_t)t->dropped);
    char *head = other
                     ? json_dumps(other,
                                  JSON_PRESERVE_ORDER |
                                      JSON_REAL_PRECISION(DSH_JSON_REAL_DIGITS))
                     : NULL;
    json_decref(other);
    bool ok = head && fprintf(f,
                              "{\"displayTimeUnit\": \"ns\", "
                              "\"otherData\": %s,\n\"traceEvents\": [\n",
                              head) > 0;
    free(head);
    ok = ok &&
         put(f,
             json_pack("{s:s, s:i, s:s, s:{s:s}}", "ph", "M", "pid", 1, "name",
                       "process_name", "args", "name", "dspsim board"),
             true);
    for (unsigned i = 0; ok && i < t->ntracks; i++) {
        json_t *o = json_pack("{s:s, s:i, s:i, s:s}", "ph", "M", "pid", 1,
                              "tid", (int)i + 1, "name", "thread_name");
        json_t *a = json_object();
        if (o && a &&
            !json_object_set_new(a, "name", dsh_json_text(t->tracks[i])) &&
            !json_object_set_new(o, "args", a)) {
            ok = put(f, o, false);
        } else {
            json_decref(o);
            ok = false;
        }
    }
    for (size_t i = 0; ok && i < t->n; i++)
        ok = put(f, event_json(t, &t->ev[i]), false);
    ok = ok && fputs("\n]}\n", f) != EOF;
    if (!dsh_out_close(&out, ok, err, errsz))
        return -1;
    return 0;
}
