/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the fuzz harnesses (tests/fuzz). */
#ifndef DSPSIM_FUZZ_UTIL_H
#define DSPSIM_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* The libFuzzer entry points each harness defines (Initialize where it
 * needs one-time set-up). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A fresh directory /tmp/dspsim-fuzz-TAG-XXXXXX, removed at exit; aborts
 * on failure. */
const char *fz_tmpdir(const char *tag);
/* dir + "/" + name in a static ring of buffers (valid for a few calls). */
const char *fz_path(const char *dir, const char *name);
/* Writes n bytes to path (created or truncated); aborts on failure. */
void fz_write(const char *path, const void *data, size_t n);

/* A byte reader over the fuzz input: reads past the end give zeros. */
typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;
uint8_t fz_u8(fz_in *in);
uint16_t fz_u16(fz_in *in);
uint32_t fz_u32(fz_in *in);
/* One of n choices (n >= 1). */
unsigned fz_pick(fz_in *in, unsigned n);

#endif
