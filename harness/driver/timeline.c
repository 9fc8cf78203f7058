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

typedef enum { EV_SPAN, EV_INSTANT, EV_COUNTER } ev_kind;

typedef struct event {
    ev_kind kind;
    unsigned track;
    uint64_t begin, end;
    double value;
    char *name;         /* owned */
    char *detail;       /* owned, may be NULL */
    bool has_dma;       /* DMA span: args bytes, src, dst */
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
    if (!t)
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

void dsh_timeline_instant(dsh_timeline *t, const char *track,
                          const char *name, uint64_t at, const char *detail)
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

void dsh_timeline_dma_observer(void *user, unsigned channel,
                               ds_dma_event ev, uint32_t src,
                               uint32_t dst, uint32_t bytes, uint64_t cycle)
{
    dsh_timeline *t = user;
    if (!t || channel >= BOARD_MAX_DMA_CHANNELS ||
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

size_t dsh_timeline_count(const dsh_timeline *t) { return t ? t->n : 0; }
uint64_t dsh_timeline_dropped(const dsh_timeline *t)
{
    return t ? t->dropped : 0;
}

/* JSON string with escapes. */
static void put_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void put_us(FILE *f, const dsh_timeline *t, uint64_t cycles)
{
    fprintf(f, "%.3f", (double)cycles * 1e6 / t->cpu_hz);
}

int dsh_timeline_write(const dsh_timeline *t, const char *path, char *err,
                       size_t errsz)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errsz, "cannot write timeline '%s': %s", path,
                 strerror(errno));
        return -1;
    }
    fprintf(f, "{\"displayTimeUnit\": \"ns\", \"otherData\": {\"cpu_hz\": %.0f,"
               "\"dropped_events\": %" PRIu64 "},\n\"traceEvents\": [\n",
            t->cpu_hz, t->dropped);
    fputs("{\"ph\": \"M\", \"pid\": 1, \"name\": \"process_name\","
          "\"args\": {\"name\": \"dspsim board\"}}", f);
    for (unsigned i = 0; i < t->ntracks; i++) {
        fprintf(f, ",\n{\"ph\": \"M\", \"pid\": 1, \"tid\": %u,"
                   "\"name\": \"thread_name\", \"args\": {\"name\": ", i + 1);
        put_str(f, t->tracks[i]);
        fputs("}}", f);
    }
    for (size_t i = 0; i < t->n; i++) {
        const event *e = &t->ev[i];
        static const char ph[] = { 'X', 'i', 'C' };
        fprintf(f, ",\n{\"ph\": \"%c\", \"pid\": 1, \"tid\": %u, \"name\": ",
                ph[e->kind], e->track + 1);
        put_str(f, e->name);
        fputs(", \"ts\": ", f);
        put_us(f, t, e->begin);
        if (e->kind == EV_SPAN) {
            fputs(", \"dur\": ", f);
            put_us(f, t, e->end - e->begin);
        } else if (e->kind == EV_INSTANT) {
            fputs(", \"s\": \"t\"", f);
        }
        if (e->kind == EV_COUNTER) {
            fprintf(f, ", \"args\": {\"value\": %.17g}", e->value);
        } else {
            fprintf(f, ", \"args\": {\"cycle\": %" PRIu64, e->begin);
            if (e->detail) {
                fputs(", \"detail\": ", f);
                put_str(f, e->detail);
            }
            if (e->has_dma)
                fprintf(f, ", \"bytes\": %" PRIu32 ", \"src\": \"0x%08" PRIx32
                           "\", \"dst\": \"0x%08" PRIx32 "\"", e->dma_bytes,
                        e->dma_src, e->dma_dst);
            fputc('}', f);
        }
        fputc('}', f);
    }
    fputs("\n]}\n", f);
    if (ferror(f) | (fclose(f) != 0)) {
        snprintf(err, errsz, "cannot write timeline '%s': %s", path,
                 strerror(errno));
        return -1;
    }
    return 0;
}
