/* SPDX-License-Identifier: BSD-3-Clause */
/* SHA-256 (FIPS 180-4): the digests of a failure bundle's members
 * (docs/bundle-format.md).  Incremental: init, update any number of
 * times with any lengths, final.  No allocation, no I/O. */
#ifndef DSH_SHA256_H
#define DSH_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define DSH_SHA256_BYTES 32
#define DSH_SHA256_HEX   65 /* 64 lowercase hex digits and the NUL */

typedef struct dsh_sha256 {
    uint32_t h[8];
    uint64_t bytes;    /* message length so far */
    uint8_t block[64]; /* the partial block */
    size_t used;       /* bytes in block */
} dsh_sha256;

void dsh_sha256_init(dsh_sha256 *s);
void dsh_sha256_update(dsh_sha256 *s, const void *data, size_t n);
/* The digest; s must be initialised again before it is used again. */
void dsh_sha256_final(dsh_sha256 *s, uint8_t out[DSH_SHA256_BYTES]);
/* The digest as lowercase hex (final included). */
void dsh_sha256_hex(dsh_sha256 *s, char out[DSH_SHA256_HEX]);

#endif
