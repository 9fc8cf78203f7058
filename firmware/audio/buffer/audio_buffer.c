/* SPDX-License-Identifier: BSD-3-Clause */
/* Circular audio buffer: ring arithmetic in frames, format conversion at the
 * edges through the dsp/format.h block converters. */
#include "buffer/audio_buffer.h"

#include <string.h>

/* Orders the data copy before the counter update that publishes it (and
 * the counter read before the copy): the other side may be another task
 * that preempts this one (single core; see audio_buffer.h). */
#define BUF_BARRIER() __asm__ __volatile__("" ::: "memory")

int audio_buffer_init(struct audio_buffer *b, const struct audio_alloc *a,
                      uint32_t id, enum audio_fmt fmt, uint32_t channels,
                      uint32_t rate_hz, uint32_t capacity_frames)
{
    size_t sb;
    uint32_t frame_bytes;
    uint8_t *data;

    if (!b || !a || !a->alloc || !a->free)
        return AUD_E_INVAL;
    sb = fmt_sample_bytes(fmt);
    if (sb == 0)
        return AUD_E_FORMAT;
    if (channels < 1 || channels > AUDIO_MAX_CHANNELS)
        return AUD_E_CHANNELS;
    frame_bytes = (uint32_t)sb * channels;
    if (capacity_frames == 0 ||
        capacity_frames > AUDIO_BUFFER_MAX_BYTES / frame_bytes)
        return AUD_E_BUF_SIZE;
    data = audio_alloc(a, (size_t)capacity_frames * frame_bytes,
                       AUDIO_BUFFER_ALIGN);
    if (!data)
        return AUD_E_NOMEM;
    memset(b, 0, sizeof(*b));
    b->id = id;
    b->params.rate_hz = rate_hz;
    b->params.channels = channels;
    b->params.fmt = fmt;
    b->frame_bytes = frame_bytes;
    b->capacity = capacity_frames;
    b->data = data;
    b->alloc = a;
    memset(data, 0, (size_t)capacity_frames * frame_bytes);
    return AUD_OK;
}

void audio_buffer_free(struct audio_buffer *b)
{
    if (!b || !b->data)
        return;
    audio_free(b->alloc, b->data);
    b->data = NULL;
    b->capacity = 0;
    b->written = 0;
    b->taken = 0;
}

void audio_buffer_reset(struct audio_buffer *b)
{
    b->rd = 0;
    b->wr = 0;
    b->written = 0;
    b->taken = 0;
    memset(b->data, 0, (size_t)b->capacity * b->frame_bytes);
}

static inline uint8_t *frame_ptr(const struct audio_buffer *b, uint32_t frame)
{
    return b->data + (size_t)frame * b->frame_bytes;
}

static inline uint32_t advance(const struct audio_buffer *b, uint32_t pos,
                               uint32_t frames)
{
    pos += frames;
    return pos >= b->capacity ? pos - b->capacity : pos;
}

/* Writer: the frames at wr are in place; publish them. */
static inline void publish_write(struct audio_buffer *b, uint32_t frames)
{
    b->wr = advance(b, b->wr, frames);
    BUF_BARRIER();
    b->written += frames;
}

/* Reader: the frames at rd are read; give their room back. */
static inline void publish_read(struct audio_buffer *b, uint32_t frames)
{
    b->rd = advance(b, b->rd, frames);
    BUF_BARRIER();
    b->taken += frames;
}

/* Snapshots (the other side may only make them larger meanwhile). */
static inline uint32_t snap_free(const struct audio_buffer *b)
{
    uint32_t n = audio_buffer_free_frames(b);

    BUF_BARRIER();
    return n;
}

static inline uint32_t snap_avail(const struct audio_buffer *b)
{
    uint32_t n = audio_buffer_avail(b);

    BUF_BARRIER();
    return n;
}

/* Writer side: frames must fit in the free room, else counted. */
static int check_room(struct audio_buffer *b, uint32_t frames)
{
    uint32_t fr = snap_free(b);

    if (frames > fr) {
        audio_buffer_note_overrun(b, frames - fr);
        return AUD_E_OVERRUN;
    }
    return AUD_OK;
}

int audio_buffer_produce(struct audio_buffer *b, uint32_t frames)
{
    int ret = check_room(b, frames);

    if (ret)
        return ret;
    publish_write(b, frames);
    return AUD_OK;
}

int audio_buffer_consume(struct audio_buffer *b, uint32_t frames)
{
    uint32_t av = snap_avail(b);

    if (frames > av) {
        audio_buffer_note_underrun(b, frames - av);
        return AUD_E_UNDERRUN;
    }
    publish_read(b, frames);
    return AUD_OK;
}

uint32_t audio_buffer_write_span(const struct audio_buffer *b, void **ptr)
{
    uint32_t to_end = b->capacity - b->wr;
    uint32_t fr = snap_free(b);

    *ptr = frame_ptr(b, b->wr);
    return fr < to_end ? fr : to_end;
}

uint32_t audio_buffer_read_span(const struct audio_buffer *b, void **ptr)
{
    uint32_t to_end = b->capacity - b->rd;
    uint32_t av = snap_avail(b);

    *ptr = frame_ptr(b, b->rd);
    return av < to_end ? av : to_end;
}

int audio_buffer_write_q1_31(struct audio_buffer *b, const int32_t *src,
                             uint32_t frames)
{
    uint32_t ch = b->params.channels;
    uint32_t first, pos = b->wr;
    int ret = check_room(b, frames);

    if (ret)
        return ret;
    first = b->capacity - pos;
    if (first > frames)
        first = frames;
    fmt_from_q1_31(frame_ptr(b, pos), src, b->params.fmt, (size_t)first * ch);
    if (frames > first)
        fmt_from_q1_31(b->data, src + (size_t)first * ch, b->params.fmt,
                       (size_t)(frames - first) * ch);
    publish_write(b, frames);
    return AUD_OK;
}

int audio_buffer_peek_q1_31(const struct audio_buffer *b, int32_t *dst,
                            uint32_t frames)
{
    uint32_t ch = b->params.channels;
    uint32_t first, pos = b->rd;

    if (frames > snap_avail(b))
        return AUD_E_UNDERRUN;
    first = b->capacity - pos;
    if (first > frames)
        first = frames;
    fmt_to_q1_31(dst, frame_ptr(b, pos), b->params.fmt, (size_t)first * ch);
    if (frames > first)
        fmt_to_q1_31(dst + (size_t)first * ch, b->data, b->params.fmt,
                     (size_t)(frames - first) * ch);
    return AUD_OK;
}

int audio_buffer_read_q1_31(struct audio_buffer *b, int32_t *dst,
                            uint32_t frames)
{
    uint32_t av = snap_avail(b);

    if (frames > av) {
        audio_buffer_note_underrun(b, frames - av);
        return AUD_E_UNDERRUN;
    }
    audio_buffer_peek_q1_31(b, dst, frames);
    publish_read(b, frames);
    return AUD_OK;
}

int audio_buffer_write_silence(struct audio_buffer *b, uint32_t frames)
{
    uint32_t first;
    int ret = check_room(b, frames);

    if (ret)
        return ret;
    first = b->capacity - b->wr;
    if (first > frames)
        first = frames;
    memset(frame_ptr(b, b->wr), 0, (size_t)first * b->frame_bytes);
    if (frames > first)
        memset(b->data, 0, (size_t)(frames - first) * b->frame_bytes);
    publish_write(b, frames);
    return AUD_OK;
}

void audio_buffer_note_underrun(struct audio_buffer *b, uint32_t frames)
{
    b->stats.underruns++;
    b->stats.underrun_frames += frames;
}

void audio_buffer_note_overrun(struct audio_buffer *b, uint32_t frames)
{
    b->stats.overruns++;
    b->stats.overrun_frames += frames;
}
