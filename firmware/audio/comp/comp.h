/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Component model: a component type is a `struct comp_driver` (name, flags
 * and a `struct comp_ops` table, designated initialisers); an instance is a
 * `struct comp_dev` connected to input and output audio buffers.  The DSP
 * is done by the kernels in dsp/; the component files are glue: they read
 * Q1.31 blocks from their input buffers, call the kernel and write the
 * result to their output buffers.
 *
 * Life cycle (driven by the pipeline, or directly by tests):
 *   comp_new(type, id, config, bytes)   create from a type-specific config
 *                                       (see comp_<type>.h; size checked)
 *   [pipeline connects buffers]
 *   comp_set_params(in, out)            stream params of the input (NULL
 *                                       for sources) and output (NULL for
 *                                       sinks) buffers; validated; allocates
 *                                       period-sized state
 *   comp_trigger(START/STOP/PAUSE/RELEASE/RESET)
 *   comp_copy()                         process one period
 *   comp_set_control()/get_control()    any time after comp_new
 *   comp_free()
 *
 * Frames per copy: min(period_frames, avail of every input, free of every
 * output) for same-rate components; SRC consumes and produces what its
 * kernel can.  Processing is in Q1.31 with the buffer doing the format
 * conversion, so only the converter component may change formats.
 *
 * Every failure returns a negative AUD_E_* code (buffer/audio_err.h) and
 * leaves the component unchanged and usable.
 */
#ifndef AUDIO_COMP_H
#define AUDIO_COMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buffer/audio_buffer.h"
#include "comp/cycle_stats.h"

#define COMP_MAX_INPUTS   4 /* = MIX_MAX_INPUTS */
#define COMP_MAX_OUTPUTS  1
#define AUDIO_RATE_MIN_HZ 8000u
#define AUDIO_RATE_MAX_HZ 192000u

enum comp_type {
    COMP_TYPE_HOST = 0, /* host endpoint (host memory <-> pipeline) */
    COMP_TYPE_DAI = 1,  /* DAI endpoint (pipeline <-> SSP port) */
    COMP_TYPE_VOLUME = 2,
    COMP_TYPE_MIXER = 3,
    COMP_TYPE_EQ_IIR = 4,
    COMP_TYPE_EQ_FIR = 5,
    COMP_TYPE_SRC = 6,
    COMP_TYPE_TONE = 7,
    COMP_TYPE_CONVERT = 8, /* pass-through / format conversion */
    COMP_TYPE_COUNT
};

enum audio_dir {
    AUDIO_DIR_PLAYBACK = 0, /* host -> DAI */
    AUDIO_DIR_CAPTURE = 1,  /* DAI -> host */
};

enum comp_trigger_cmd {
    COMP_TRIGGER_START = 0,
    COMP_TRIGGER_STOP = 1,
    COMP_TRIGGER_PAUSE = 2,
    COMP_TRIGGER_RELEASE = 3,
    COMP_TRIGGER_RESET = 4, /* clear history (filter/ramp state) */
};

/* Control ids (set_control/get_control); data layouts in comp_<type>.h. */
enum comp_ctl {
    COMP_CTL_VOLUME_GAIN = 1,    /* int32_t[channels] dB Q8.8 */
    COMP_CTL_VOLUME_MUTE = 2,    /* uint32_t 0/1 */
    COMP_CTL_VOLUME_RAMP_MS = 3, /* uint32_t ms */
    COMP_CTL_TONE_FREQ = 4,      /* uint32_t Hz Q16.16 */
    COMP_CTL_TONE_AMPL = 5,      /* int32_t Q1.31 */
    COMP_CTL_BLOB = 6,           /* coefficient blob (eq_iir, eq_fir) */
    COMP_CTL_POSITION = 7,       /* get: uint32_t bytes moved (endpoints) */
    COMP_CTL_MIXER_GAIN = 8,     /* int32_t[inputs] dB Q8.8 */
};

/* Notifications from components (endpoints) to the pipeline's owner. */
enum audio_event {
    AUD_EV_POSITION = 0, /* value: bytes moved since start */
    AUD_EV_UNDERRUN = 1, /* value: frames missing */
    AUD_EV_OVERRUN = 2,  /* value: frames that did not fit */
};
typedef void (*audio_notify_fn)(void *ctx, enum audio_event ev,
                                uint32_t comp_id, uint32_t value);

/* Component state (comp_trigger enforces the transitions):
 *   INIT --set_params--> READY --START--> ACTIVE <--PAUSE/RELEASE--> PAUSED
 *   ACTIVE/PAUSED --STOP--> READY;  RESET in INIT/READY (stays).
 * set_params in INIT/READY; copy in ACTIVE. Else AUD_E_STATE. */
enum comp_state {
    COMP_STATE_INIT = 0,
    COMP_STATE_READY = 1,
    COMP_STATE_ACTIVE = 2,
    COMP_STATE_PAUSED = 3,
};

#define COMP_F_ENDPOINT 1u /* host/DAI: moves data to/from outside */

struct comp_dev;

struct comp_ops {
    /* Build dev->priv from the config; set the port counts. */
    int (*create)(struct comp_dev *dev, const void *config, size_t bytes);
    void (*free)(struct comp_dev *dev);
    /* in/out already checked generically (format, channels 1..8, rate,
	 * period); the type checks what it can do. */
    int (*set_params)(struct comp_dev *dev,
                      const struct audio_stream_params *in,
                      const struct audio_stream_params *out);
    int (*trigger)(struct comp_dev *dev, enum comp_trigger_cmd cmd);
    /* One period; AUD_E_UNDERRUN/OVERRUN from endpoints = xrun. */
    int (*copy)(struct comp_dev *dev);
    int (*set_control)(struct comp_dev *dev, enum comp_ctl ctl,
                       const void *data, size_t bytes);
    /* *bytes: room on entry, bytes written on return. */
    int (*get_control)(struct comp_dev *dev, enum comp_ctl ctl, void *data,
                       size_t *bytes);
};

struct comp_driver {
    enum comp_type type;
    const char *name;
    uint32_t flags; /* COMP_F_* */
    struct comp_ops ops;
};

struct comp_dev {
    uint32_t id;
    const struct comp_driver *drv;
    const struct audio_alloc *alloc;
    void *priv;
    /* ports: required range (set by create) and the connected buffers */
    uint8_t min_in, max_in, min_out, max_out;
    uint8_t n_in, n_out;
    struct audio_buffer *in[COMP_MAX_INPUTS];
    struct audio_buffer *out[COMP_MAX_OUTPUTS];
    /* endpoints: which pipeline direction they belong to */
    enum audio_dir dir;
    enum comp_state state;
    /* set by comp_set_params */
    struct audio_stream_params in_params, out_params;
    int32_t *scratch; /* Q1.31 work area, scratch_words words */
    size_t scratch_words;
    /* events and accounting */
    audio_notify_fn notify;
    void *notify_ctx;
    struct audio_cycle_stats cycles;
};

/* The driver of a type (registry, comp_registry.c), NULL if unknown. */
const struct comp_driver *comp_driver_get(enum comp_type type);

/* AUD_E_INVAL, AUD_E_TYPE, AUD_E_NOMEM, or the type's create error
 * (AUD_E_CONFIG, AUD_E_BLOB, AUD_E_RANGE ...). */
int comp_new(const struct audio_alloc *a, enum comp_type type, uint32_t id,
             const void *config, size_t bytes, struct comp_dev **out);
void comp_free(struct comp_dev *dev);

/* Generic checks (AUD_E_INVAL for in/out presence not matching the
 * ports, AUD_E_FORMAT, AUD_E_CHANNELS, AUD_E_RATE, AUD_E_PERIOD;
 * AUD_E_MISMATCH if connected inputs differ), then the type's. */
int comp_set_params(struct comp_dev *dev, const struct audio_stream_params *in,
                    const struct audio_stream_params *out);
int comp_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd);
int comp_copy(struct comp_dev *dev);
int comp_set_control(struct comp_dev *dev, enum comp_ctl ctl, const void *data,
                     size_t bytes);
int comp_get_control(struct comp_dev *dev, enum comp_ctl ctl, void *data,
                     size_t *bytes);

/* Helpers for the component files. */
/* (Re)allocate dev->scratch to `words` int32_t; AUD_E_NOMEM keeps the old. */
int comp_scratch_alloc(struct comp_dev *dev, size_t words);
/* get_control of a coefficient blob: ctl must be COMP_CTL_BLOB and *bytes
 * at least blob_bytes; copies the blob and sets *bytes to its size. */
int comp_blob_get(enum comp_ctl ctl, const void *blob, size_t blob_bytes,
                  void *data, size_t *bytes);
/* min(limit, avail of each input, free of each output). */
uint32_t comp_frames_avail(const struct comp_dev *dev, uint32_t limit);
static inline void comp_notify(struct comp_dev *dev, enum audio_event ev,
                               uint32_t value)
{
    if (dev->notify)
        dev->notify(dev->notify_ctx, ev, dev->id, value);
}

#endif /* AUDIO_COMP_H */
