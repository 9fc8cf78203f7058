/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Allocator interface of the audio layers.  The firmware passes one backed
 * by its DMA zone (fw_alloc(FW_ZONE_DMA, ...)) for buffer memory and by the
 * runtime zone for component state; host tests pass malloc-based ones
 * (and failing ones to test out-of-memory).  Sizes in bytes; align is a
 * power of two or 0 (the allocator's default).
 */
#ifndef AUDIO_ALLOC_H
#define AUDIO_ALLOC_H

#include <stddef.h>

struct audio_alloc {
    void *(*alloc)(void *ctx, size_t bytes, size_t align); /* NULL = none */
    void (*free)(void *ctx, void *p);                      /* p != NULL */
    void *ctx;
};

static inline void *audio_alloc(const struct audio_alloc *a, size_t bytes,
                                size_t align)
{
    return bytes ? a->alloc(a->ctx, bytes, align) : NULL;
}

static inline void audio_free(const struct audio_alloc *a, void *p)
{
    if (p)
        a->free(a->ctx, p);
}

#endif /* AUDIO_ALLOC_H */
