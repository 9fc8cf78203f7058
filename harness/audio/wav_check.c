/* SPDX-License-Identifier: BSD-3-Clause */
/* Truncated RIFF WAV files (wav_check.h): libsndfile quietly reads what a
 * cut file holds, so the data chunk's promised size is checked here. */
#include "wav_check.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

bool dsh_wav_check_complete(const char *path, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return true; /* the reader reports it */
    struct stat st;
    unsigned char h[12];
    bool ok = true;
    if (fstat(fileno(f), &st) != 0 || fread(h, 1, 12, f) != 12 ||
        memcmp(h, "RIFF", 4) || memcmp(h + 8, "WAVE", 4)) {
        fclose(f);
        return true; /* not a plain RIFF WAV: nothing to check */
    }
    uint64_t pos = 12, size = (uint64_t)st.st_size;
    uint32_t block_align = 0;
    for (;;) {
        unsigned char c[8];
        if (fseek(f, (long)pos, SEEK_SET) != 0 || fread(c, 1, 8, f) != 8)
            break;
        uint32_t n = le32(c + 4);
        if (!memcmp(c, "fmt ", 4) && n >= 14) {
            unsigned char fmt[14];
            if (fread(fmt, 1, 14, f) == 14)
                block_align = (uint32_t)fmt[12] | (uint32_t)fmt[13] << 8;
        } else if (!memcmp(c, "data", 4)) {
            uint64_t have = size - (pos + 8);
            /* 0 and 0xffffffff: sizes of a stream written without
             * seeking back (unknown) */
            if (n != 0 && n != 0xffffffffu && n > have) {
                uint64_t promised = block_align ? n / block_align : n;
                uint64_t held = block_align ? have / block_align : have;
                snprintf(err, errsz,
                         "%s: truncated file: its header "
                         "promises %llu %s, the file holds %llu",
                         path, (unsigned long long)promised,
                         block_align ? "frames" : "bytes",
                         (unsigned long long)held);
                ok = false;
            }
            break;
        }
        pos += 8 + (uint64_t)n + (n & 1u);
        if (pos >= size)
            break;
    }
    fclose(f);
    return ok;
}
