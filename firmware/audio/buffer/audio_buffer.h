/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Circular audio buffer between two components.
 *
 * Holds interleaved frames in one wire format (S16_LE: 2 bytes/sample;
 * S24_4LE and S32_LE: 4 bytes/sample, see dsp/format.h) of 1..8 channels.
 * All positions and counts are in frames unless named *_bytes:
 *   capacity   frames the ring holds (1..AUDIO_BUFFER_MAX_BYTES / frame size)
 *   rd, wr     frame index of the next read / write, 0..capacity-1
 *   avail      frames written and not yet read; free = capacity - avail
 *
 * Components see Q1.31 blocks: audio_buffer_write_q1_31() converts Q1.31 to
 * the buffer format (round half up + saturate, as dsp/format.h) and
 * audio_buffer_read_q1_31()/peek convert back (exact), splitting the copy
 * at the wrap point.  Endpoint DMA works on the ring memory directly
 * through audio_buffer_{write,read}_span() and produce()/consume().
 *
 * Underrun/overrun accounting: a read of more than `avail` frames or a
 * write of more than `free` frames moves nothing, returns AUD_E_UNDERRUN /
 * AUD_E_OVERRUN and is counted in `stats`; audio_buffer_note_*() lets
 * endpoints count partial transfers themselves.
 *
 * Memory: the ring comes from the caller's allocator (FW_DMA_ALIGN-aligned
 * for DMA), the struct itself is the caller's.
 *
 * Concurrency: not locked, but safe for one writer and one reader that run
 * in different tasks of one core (a buffer between two pipelines, which may
 * preempt each other): the writer alone moves wr and `written`, the reader
 * alone rd and `taken` (frame counters mod 2^32, avail = written - taken),
 * each after its data copy, so either side sees at most a stale (smaller)
 * avail / free.  audio_buffer_reset() and audio_buffer_init() need both
 * sides stopped.
 */
#ifndef AUDIO_BUFFER_H
#define AUDIO_BUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buffer/audio_alloc.h"
#include "buffer/audio_err.h"
#include "dsp/format.h"

#define AUDIO_MAX_CHANNELS     8
#define AUDIO_BUFFER_ALIGN     32u        /* bytes; = FW_DMA_ALIGN */
#define AUDIO_BUFFER_MAX_BYTES (1u << 20) /* ring size limit, bytes */

struct comp_dev;

/* What a stream looks like on one buffer. */
struct audio_stream_params {
    uint32_t rate_hz;
    uint32_t channels; /* 1..AUDIO_MAX_CHANNELS */
    enum audio_fmt fmt;
    uint32_t period_frames; /* frames per pipeline period at rate_hz:
				     * the most a period carries (sizing) */
    uint32_t period_rem;    /* (rate_hz * period_us) mod 10^6: 0 =
				     * whole frames, every period carries
				     * period_frames; else see
				     * audio_period_sched */
};

/*
 * Period schedule of a stream whose period is not whole frames (44.1 kHz
 * at 1 ms): with x = rate_hz * period_us / 10^6, period n (from START)
 * carries floor((n+1) x) - floor(n x) frames, i.e. period_frames - 1 or
 * period_frames (44 or 45; 441 every 10 periods), so the long-run rate is
 * exact.  With period_rem 0 every period carries period_frames.
 * Endpoints move exactly the scheduled count each period.
 */
#define AUDIO_PERIOD_DEN 1000000u
struct audio_period_sched {
    uint32_t base; /* floor(x) */
    uint32_t rem;  /* x's fraction, in 10^-6 */
    uint32_t acc;  /* (n * rem) mod 10^6 */
};

/* Fewest frames a period carries (period_frames if whole). */
static inline uint32_t audio_period_min(const struct audio_stream_params *p)
{
    return p->period_frames - (p->period_rem ? 1u : 0u);
}

/* Back to period 0 (START). */
static inline void audio_sched_init(struct audio_period_sched *s,
                                    const struct audio_stream_params *p)
{
    s->base = audio_period_min(p);
    s->rem = p->period_rem;
    s->acc = 0;
}

/* Frames of the next period. */
static inline uint32_t audio_sched_next(struct audio_period_sched *s)
{
    s->acc += s->rem;
    if (s->acc >= AUDIO_PERIOD_DEN) {
        s->acc -= AUDIO_PERIOD_DEN;
        return s->base + 1u;
    }
    return s->base;
}

/* Same rate, channels and format (period_frames aside). */
static inline bool audio_stream_same(const struct audio_stream_params *a,
                                     const struct audio_stream_params *b)
{
    return a->rate_hz == b->rate_hz && a->channels == b->channels &&
           a->fmt == b->fmt;
}

struct audio_buffer_stats {
    uint32_t underruns; /* events */
    uint32_t overruns;
    uint32_t underrun_frames; /* frames that were missing */
    uint32_t overrun_frames;  /* frames that did not fit */
};

struct audio_buffer {
    uint32_t id;
    struct audio_stream_params params; /* period_frames set by pipeline */
    uint32_t frame_bytes;              /* channels * sample bytes */
    uint32_t capacity;                 /* frames */
    uint32_t rd, wr;         /* frames: the reader's / writer's index */
    uint32_t written, taken; /* frames since reset, mod 2^32 (writer /
				     * reader only): avail = written - taken */
    uint8_t *data;           /* capacity * frame_bytes bytes */
    const struct audio_alloc *alloc;
    struct audio_buffer_stats stats;
    /* graph links, set by the pipeline */
    struct comp_dev *source; /* writes this buffer */
    struct comp_dev *sink;   /* reads this buffer */
};

/* Allocate the ring (zeroed).  AUD_E_INVAL (NULL), AUD_E_FORMAT,
 * AUD_E_CHANNELS, AUD_E_BUF_SIZE (capacity 0 or above the byte limit),
 * AUD_E_NOMEM. */
int audio_buffer_init(struct audio_buffer *b, const struct audio_alloc *a,
                      uint32_t id, enum audio_fmt fmt, uint32_t channels,
                      uint32_t rate_hz, uint32_t capacity_frames);
void audio_buffer_free(struct audio_buffer *b);

/* Empty the ring and clear it to silence (no stale data after a restart);
 * statistics are kept. */
void audio_buffer_reset(struct audio_buffer *b);

static inline uint32_t audio_buffer_avail(const struct audio_buffer *b)
{
    return b->written - b->taken;
}

static inline uint32_t audio_buffer_free_frames(const struct audio_buffer *b)
{
    return b->capacity - audio_buffer_avail(b);
}

/* Q1.31 block (frames * channels samples) in / out, with conversion. */
int audio_buffer_write_q1_31(struct audio_buffer *b, const int32_t *src,
                             uint32_t frames);
int audio_buffer_read_q1_31(struct audio_buffer *b, int32_t *dst,
                            uint32_t frames);
/* As read, without consuming (SRC takes what its kernel consumed). */
int audio_buffer_peek_q1_31(const struct audio_buffer *b, int32_t *dst,
                            uint32_t frames);
/* Write `frames` frames of silence (zeros in every format). */
int audio_buffer_write_silence(struct audio_buffer *b, uint32_t frames);

/* Contiguous ring memory for a DMA-like writer/reader: *ptr = where the
 * next write (read) goes, returns how many frames are contiguous there
 * (bounded by free (avail) and the wrap point).  Both give the ring's own
 * (writable) memory: a DMA sink reads it through the platform's transfer
 * op, whose buffer argument serves both directions. */
uint32_t audio_buffer_write_span(const struct audio_buffer *b, void **ptr);
uint32_t audio_buffer_read_span(const struct audio_buffer *b, void **ptr);
/* Advance wr / rd after filling / draining spans.  AUD_E_OVERRUN /
 * AUD_E_UNDERRUN (nothing advanced, counted) if frames > free / avail. */
int audio_buffer_produce(struct audio_buffer *b, uint32_t frames);
int audio_buffer_consume(struct audio_buffer *b, uint32_t frames);

/* Count an xrun an endpoint detected (frames missing / not fitting). */
void audio_buffer_note_underrun(struct audio_buffer *b, uint32_t frames);
void audio_buffer_note_overrun(struct audio_buffer *b, uint32_t frames);

#endif /* AUDIO_BUFFER_H */
