/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: outputs spooled to disk as they are produced, so a
 * run's memory does not grow with its duration (docs/harness.md
 * "Outputs and memory").  Each output endpoint's frames, Q1.31
 * interleaved in host byte order exactly as collected, go through a
 * 16 KiB block and a 64 KiB stdio buffer into a temporary file created beside the outputs
 * (DIR/.dspsim-spool-XXXXXX, unlinked at once: a crash leaves nothing
 * behind; $TMPDIR when DIR refuses it).  Latency removal and tail
 * trimming (exec_align.c) only move the window of kept frames
 * (out_first, out_frames); the WAV file and the checks read the window
 * back in blocks (exec_expect.c). */
#define _GNU_SOURCE /* fwrite_unlocked: a frame at a time, 48,000 a second */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec/exec_internal.h"

enum { SPOOL_BUF = 64 * 1024, OBUF_SAMPLES = 4096 };

/* Frames gather here and reach the spool a block at a time: a stdio
 * write per frame (48,000 a second per output) cost more than the frames'
 * other handling. */
struct xp_obuf {
    size_t n; /* samples held */
    int32_t s[OBUF_SAMPLES];
};

/* Hands the held frames to the spool; false (ep->spool_err) on failure. */
static bool obuf_flush(const xp_ep *ep, char *err, size_t errsz)
{
    struct xp_obuf *b = ep->obuf;
    if (!b || !b->n)
        return true;
    size_t n = b->n;
    b->n = 0;
    if (fwrite_unlocked(b->s, sizeof *b->s, n, ep->spool) != n) {
        snprintf(err, errsz,
                 "output '%s': writing its spool file after "
                 "%" PRIu64 " frames: %s",
                 ep->e->name, ep->out_spooled, strerror(errno));
        return false;
    }
    return true;
}

static FILE *spool_create(const char *dir)
{
    if (dir && *dir) {
        char tmpl[4096];
        int w = snprintf(tmpl, sizeof tmpl, "%s/.dspsim-spool-XXXXXX", dir);
        if (w > 0 && (size_t)w < sizeof tmpl) {
            int fd = mkstemp(tmpl);
            if (fd >= 0) {
                unlink(tmpl);
                FILE *f = fdopen(fd, "w+b");
                if (f)
                    return f;
                close(fd);
            }
        }
    }
    return tmpfile();
}

bool xp_out_append(xp_ep *ep, const int32_t *samples, unsigned channels,
                   unsigned frames, unsigned shift)
{
    if (ep->spool_failed)
        return false;
    if (!ep->spool) {
        ep->spool = spool_create(ep->spool_dir);
        if (!ep->spool) {
            snprintf(ep->spool_err, sizeof ep->spool_err,
                     "output '%s': "
                     "cannot create its spool file in '%s': %s",
                     ep->e->name, ep->spool_dir ? ep->spool_dir : "$TMPDIR",
                     strerror(errno));
            ep->spool_failed = true;
            return false;
        }
        setvbuf(ep->spool, NULL, _IOFBF, SPOOL_BUF);
        ep->obuf = calloc(1, sizeof *ep->obuf);
        if (!ep->obuf) {
            snprintf(ep->spool_err, sizeof ep->spool_err,
                     "output '%s': "
                     "out of memory",
                     ep->e->name);
            ep->spool_failed = true;
            return false;
        }
    }
    while (frames && channels) {
        if (ep->obuf->n + channels > OBUF_SAMPLES &&
            !obuf_flush(ep, ep->spool_err, sizeof ep->spool_err)) {
            ep->spool_failed = true;
            return false;
        }
        unsigned k = (OBUF_SAMPLES - ep->obuf->n) / channels;
        if (k > frames)
            k = frames;
        int32_t *d = ep->obuf->s + ep->obuf->n;
        for (unsigned i = 0; i < k * channels; i++)
            d[i] = (int32_t)((uint32_t)samples[i] << shift);
        samples += k * channels;
        frames -= k;
        ep->obuf->n += k * channels;
        ep->out_spooled += k;
    }
    if (ep->out_first == 0)
        ep->out_frames = ep->out_spooled; /* not aligned: all kept */
    return true;
}

bool xp_out_read(const xp_ep *ep, uint64_t first, uint64_t n, int32_t *dst,
                 char *err, size_t errsz)
{
    unsigned ch = ep->e->channels;
    if (ep->spool_failed) {
        snprintf(err, errsz, "%s", ep->spool_err);
        return false;
    }
    if (first > ep->out_frames || n > ep->out_frames - first ||
        ep->out_first + first + n > ep->out_spooled) {
        snprintf(err, errsz,
                 "output '%s': frames %" PRIu64 "..%" PRIu64 " asked, %" PRIu64
                 " kept",
                 ep->e->name, first, first + n, ep->out_frames);
        return false;
    }
    if (!n)
        return true;
    if (!obuf_flush(ep, err, errsz))
        return false;
    if (fflush(ep->spool) != 0) {
        snprintf(err, errsz, "output '%s': flushing its spool file: %s",
                 ep->e->name, strerror(errno));
        return false;
    }
    size_t bytes = (size_t)n * ch * sizeof *dst, got = 0;
    off_t off = (off_t)((ep->out_first + first) * ch * sizeof *dst);
    while (got < bytes) {
        ssize_t k = pread(fileno(ep->spool), (char *)dst + got, bytes - got,
                          off + (off_t)got);
        if (k <= 0) {
            snprintf(err, errsz, "output '%s': reading its spool file: %s",
                     ep->e->name, k ? strerror(errno) : "short file");
            return false;
        }
        got += (size_t)k;
    }
    return true;
}

bool xp_out_load(const xp_ep *ep, uint64_t skip, dsh_audio *a, char *err,
                 size_t errsz)
{
    uint64_t n = ep->out_frames > skip ? ep->out_frames - skip : 0;
    memset(a, 0, sizeof *a);
    a->channels = ep->e->channels;
    a->rate = ep->e->rate;
    if (n > SIZE_MAX / sizeof(int32_t) / (a->channels ? a->channels : 1)) {
        snprintf(err, errsz,
                 "output '%s': %" PRIu64 " frames do not fit "
                 "in memory",
                 ep->e->name, n);
        return false;
    }
    a->samples = malloc(n ? (size_t)n * a->channels * sizeof *a->samples
                          : sizeof *a->samples);
    if (!a->samples) {
        snprintf(err, errsz,
                 "output '%s': out of memory for %" PRIu64 " frames",
                 ep->e->name, n);
        return false;
    }
    a->frames = n;
    if (n && !xp_out_read(ep, skip, n, a->samples, err, errsz)) {
        free(a->samples);
        a->samples = NULL;
        return false;
    }
    return true;
}

bool xp_out_truncate(xp_ep *ep, uint64_t frames)
{
    if (ep->spool_failed || frames > ep->out_spooled || ep->out_first) {
        snprintf(ep->spool_err, sizeof ep->spool_err,
                 "output '%s': cannot go back to frame %" PRIu64 " (%" PRIu64
                 " spooled)",
                 ep->e->name, frames, ep->out_spooled);
        ep->spool_failed = true;
        return false;
    }
    if (frames == ep->out_spooled)
        return true;
    off_t bytes = (off_t)(frames * ep->e->channels * sizeof(int32_t));
    if (!obuf_flush(ep, ep->spool_err, sizeof ep->spool_err) ||
        fflush(ep->spool) != 0 || ftruncate(fileno(ep->spool), bytes) != 0 ||
        fseeko(ep->spool, bytes, SEEK_SET) != 0) {
        if (!ep->spool_err[0])
            snprintf(ep->spool_err, sizeof ep->spool_err,
                     "output '%s': cutting its spool file: %s", ep->e->name,
                     strerror(errno));
        ep->spool_failed = true;
        return false;
    }
    ep->out_spooled = ep->out_frames = frames;
    return true;
}

void xp_out_close(xp_ep *ep)
{
    if (ep->spool)
        fclose(ep->spool);
    ep->spool = NULL;
    free(ep->obuf);
    ep->obuf = NULL;
}
