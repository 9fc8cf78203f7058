/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Error codes of the audio buffer, component and pipeline layers
 * (firmware/audio/{buffer,comp,pipeline}).  Every function of those layers
 * that can fail returns 0 or one of these negative codes; none of them
 * crashes or changes state on invalid input (the object is left as it was).
 * The IPC layer forwards the code unchanged in its error reply, so the
 * values are part of the host protocol: never renumber, only append.
 *
 * The enum lives with the buffer because the buffer is the lowest layer
 * that needs it.
 */
#ifndef AUDIO_ERR_H
#define AUDIO_ERR_H

enum aud_err {
    AUD_OK = 0,
    AUD_E_INVAL = -1,        /* NULL pointer or a generic bad argument */
    AUD_E_NOMEM = -2,        /* the allocator returned NULL */
    AUD_E_FORMAT = -3,       /* sample format unknown or not supported */
    AUD_E_CHANNELS = -4,     /* channel count outside 1..8 or not supported */
    AUD_E_RATE = -5,         /* sample rate not supported (or rate pair, SRC) */
    AUD_E_RANGE = -6,        /* a parameter/control value out of range */
    AUD_E_CONFIG = -7,       /* component config size or content invalid */
    AUD_E_BLOB = -8,         /* coefficient blob: size/magic/version/field */
    AUD_E_TYPE = -9,         /* unknown component type */
    AUD_E_CONTROL = -10,     /* unknown control id for this component */
    AUD_E_STATE = -11,       /* operation/trigger not allowed in this state */
    AUD_E_EXISTS = -12,      /* duplicate component or buffer id */
    AUD_E_NOENT = -13,       /* no component or buffer with that id */
    AUD_E_PORT_FULL = -14,   /* too many inputs/outputs for the component
				    type (e.g. a 5th mixer input) or a buffer
				    already has a source/sink */
    AUD_E_UNCONNECTED = -15, /* a component port or buffer end left open */
    AUD_E_CYCLE = -16,       /* the graph has a cycle */
    AUD_E_ENDPOINT = -17,    /* no source/more than one sink endpoint, or
				    an endpoint of the wrong direction */
    AUD_E_MISMATCH = -18,    /* formats/rates/channels differ across a
				    component that cannot convert them */
    AUD_E_BUF_SIZE = -19,    /* buffer capacity below what the pipeline
				    needs (period, prefill) */
    AUD_E_PERIOD = -20,      /* period outside range or not a whole
				    number of frames at some rate */
    AUD_E_FULL = -21,        /* fixed table full (components per pipeline) */
    AUD_E_UNDERRUN = -22,    /* data missing: buffer or far side ran dry */
    AUD_E_OVERRUN = -23,     /* no room: buffer or far side full */
    AUD_E_DMA = -24,         /* the platform DMA reported an error */
};

/* Short name of a code ("AUD_E_CYCLE"), "?" for an unknown one. */
const char *aud_err_name(int err);

#endif /* AUDIO_ERR_H */
