/* Circular audio buffer: ring arithmetic in frames, format conversion at the
 * edges through the dsp/format.h block converters. */
#include "buffer/audio_buffer.h"

#include <string.h>

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
	b->avail = 0;
}

void audio_buffer_reset(struct audio_buffer *b)
{
	b->rd = 0;
	b->wr = 0;
	b->avail = 0;
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

int audio_buffer_produce(struct audio_buffer *b, uint32_t frames)
{
	if (frames > b->capacity - b->avail) {
		audio_buffer_note_overrun(b, frames - (b->capacity - b->avail));
		return AUD_E_OVERRUN;
	}
	b->wr = advance(b, b->wr, frames);
	b->avail += frames;
	return AUD_OK;
}

int audio_buffer_consume(struct audio_buffer *b, uint32_t frames)
{
	if (frames > b->avail) {
		audio_buffer_note_underrun(b, frames - b->avail);
		return AUD_E_UNDERRUN;
	}
	b->rd = advance(b, b->rd, frames);
	b->avail -= frames;
	return AUD_OK;
}

uint32_t audio_buffer_write_span(const struct audio_buffer *b, void **ptr)
{
	uint32_t to_end = b->capacity - b->wr;
	uint32_t fr = b->capacity - b->avail;

	*ptr = frame_ptr(b, b->wr);
	return fr < to_end ? fr : to_end;
}

uint32_t audio_buffer_read_span(const struct audio_buffer *b, const void **ptr)
{
	uint32_t to_end = b->capacity - b->rd;

	*ptr = frame_ptr(b, b->rd);
	return b->avail < to_end ? b->avail : to_end;
}

int audio_buffer_write_q1_31(struct audio_buffer *b, const int32_t *src,
			     uint32_t frames)
{
	uint32_t ch = b->params.channels;
	uint32_t first, pos = b->wr;

	if (frames > b->capacity - b->avail) {
		audio_buffer_note_overrun(b, frames - (b->capacity - b->avail));
		return AUD_E_OVERRUN;
	}
	first = b->capacity - pos;
	if (first > frames)
		first = frames;
	fmt_from_q1_31(frame_ptr(b, pos), src, b->params.fmt, (size_t)first * ch);
	if (frames > first)
		fmt_from_q1_31(b->data, src + (size_t)first * ch, b->params.fmt,
			       (size_t)(frames - first) * ch);
	b->wr = advance(b, pos, frames);
	b->avail += frames;
	return AUD_OK;
}

int audio_buffer_peek_q1_31(const struct audio_buffer *b, int32_t *dst,
			    uint32_t frames)
{
	uint32_t ch = b->params.channels;
	uint32_t first, pos = b->rd;

	if (frames > b->avail)
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
	if (frames > b->avail) {
		audio_buffer_note_underrun(b, frames - b->avail);
		return AUD_E_UNDERRUN;
	}
	audio_buffer_peek_q1_31(b, dst, frames);
	b->rd = advance(b, b->rd, frames);
	b->avail -= frames;
	return AUD_OK;
}

int audio_buffer_write_silence(struct audio_buffer *b, uint32_t frames)
{
	uint32_t first;

	if (frames > b->capacity - b->avail) {
		audio_buffer_note_overrun(b, frames - (b->capacity - b->avail));
		return AUD_E_OVERRUN;
	}
	first = b->capacity - b->wr;
	if (first > frames)
		first = frames;
	memset(frame_ptr(b, b->wr), 0, (size_t)first * b->frame_bytes);
	if (frames > first)
		memset(b->data, 0, (size_t)(frames - first) * b->frame_bytes);
	b->wr = advance(b, b->wr, frames);
	b->avail += frames;
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
