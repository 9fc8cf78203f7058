/* SPDX-License-Identifier: BSD-3-Clause */
/* Test rig for one component: in/out buffers wired by hand (no pipeline). */
#ifndef COMP_TEST_RIG_H
#define COMP_TEST_RIG_H

#include <string.h>

#include "comp/comp.h"
#include "pipe_test_util.h"

struct rig {
    struct host_alloc ta;
    struct comp_dev *dev;
    struct audio_buffer in[4], out;
    struct audio_stream_params pin, pout;
    unsigned int n_in;
};

static inline int rig_new(struct rig *r, enum comp_type t, const void *cfg,
                          size_t bytes)
{
    memset(r, 0, sizeof(*r));
    host_alloc_init(&r->ta);
    return comp_new(&r->ta.a, t, 1, cfg, bytes, &r->dev);
}

static inline void rig_params(struct audio_stream_params *p, uint32_t rate,
                              uint32_t ch, enum audio_fmt f, uint32_t period)
{
    p->rate_hz = rate;
    p->channels = ch;
    p->fmt = f;
    p->period_frames = period;
}

/* Buffers of 4 periods per side, connected, params set, started. */
static inline int rig_wire(struct rig *r, unsigned int n_in)
{
    int ret;

    r->n_in = n_in;
    for (unsigned int i = 0; i < n_in; i++) {
        audio_buffer_init(&r->in[i], &r->ta.a, 10 + i, r->pin.fmt,
                          r->pin.channels, r->pin.rate_hz,
                          4 * r->pin.period_frames);
        r->in[i].params.period_frames = r->pin.period_frames;
        r->dev->in[i] = &r->in[i];
    }
    r->dev->n_in = (uint8_t)n_in;
    if (r->dev->max_out) {
        audio_buffer_init(&r->out, &r->ta.a, 20, r->pout.fmt, r->pout.channels,
                          r->pout.rate_hz, 4 * r->pout.period_frames);
        r->dev->out[0] = &r->out;
        r->dev->n_out = 1;
    }
    ret = comp_set_params(r->dev, n_in ? &r->pin : NULL,
                          r->dev->max_out ? &r->pout : NULL);
    if (ret)
        return ret;
    return comp_trigger(r->dev, COMP_TRIGGER_START);
}

static inline void rig_free(struct rig *r)
{
    comp_free(r->dev);
    for (unsigned int i = 0; i < r->n_in; i++)
        audio_buffer_free(&r->in[i]);
    if (r->out.data)
        audio_buffer_free(&r->out);
    r->n_in = 0;
    r->out.data = NULL;
}

#endif
