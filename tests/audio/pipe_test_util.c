/* SPDX-License-Identifier: BSD-3-Clause */
#include "pipe_test_util.h"

#include "pipeline/pipeline.h"

#include <stdlib.h>
#include <string.h>

static void *t_alloc(void *ctx, size_t bytes, size_t align)
{
	struct test_alloc *t = ctx;
	void *p;

	if (t->fail_after == 0)
		return NULL;
	if (t->fail_after > 0)
		t->fail_after--;
	if (align < sizeof(void *))
		align = sizeof(void *);
	if (posix_memalign(&p, align, bytes))
		return NULL;
	memset(p, 0xa5, bytes);   /* catch use of uninitialised memory */
	t->live++;
	t->allocs++;
	return p;
}

static void t_free(void *ctx, void *p)
{
	struct test_alloc *t = ctx;

	t->live--;
	free(p);
}

void test_alloc_init(struct test_alloc *t)
{
	memset(t, 0, sizeof(*t));
	t->a.alloc = t_alloc;
	t->a.free = t_free;
	t->a.ctx = t;
	t->fail_after = -1;
}

static int f_start(void *ctx, const struct audio_dma_config *cfg)
{
	struct fake_dma *d = ctx;

	if (d->fail_start)
		return -1;
	d->cfg = *cfg;
	d->starts++;
	d->running = true;
	return 0;
}

static int f_stop(void *ctx)
{
	struct fake_dma *d = ctx;

	d->stops++;
	d->running = false;
	return 0;
}

static int32_t f_transfer(void *ctx, void *local, uint32_t bytes)
{
	struct fake_dma *d = ctx;
	uint32_t n = d->limit - d->pos;

	if (!d->running)
		return -1;
	if (d->xrun_once) {
		int32_t x = d->xrun_once;

		d->xrun_once = 0;
		return x;
	}
	if (n > bytes)
		n = bytes;
	if (d->to_local)
		memcpy(local, d->mem + d->pos, n);
	else
		memcpy(d->mem + d->pos, local, n);
	d->pos += n;
	d->transfers++;
	return (int32_t)n;
}

static uint32_t f_position(void *ctx)
{
	return ((struct fake_dma *)ctx)->pos;
}

const struct audio_dma_ops fake_dma_ops = {
	.start = f_start,
	.stop = f_stop,
	.transfer = f_transfer,
	.position = f_position,
};

void fake_dma_init(struct fake_dma *d, bool to_local, void *mem,
		   uint32_t limit)
{
	memset(d, 0, sizeof(*d));
	d->to_local = to_local;
	d->mem = mem;
	d->limit = limit;
}

uint32_t fake_clock_read(void *ctx)
{
	struct fake_clock *c = ctx;

	c->now += c->step;
	return c->now;
}

int32_t test_rand(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return (int32_t)x;
}

void pipe_test_config(struct pipeline_config *cfg, uint32_t dir,
		      struct test_alloc *ta, audio_notify_fn notify)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->id = 1;
	cfg->dir = dir;
	cfg->period_us = 1000;
	cfg->clock_hz = 80000000;
	cfg->prefill_periods = 1;
	cfg->alloc = &ta->a;
	cfg->notify = notify;
}
