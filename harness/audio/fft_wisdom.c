/* SPDX-License-Identifier: BSD-3-Clause */
/* FFTW's wisdom in the user's cache (fft_wisdom.h). */
#include "fft_wisdom.h"

#include <fftw3.h>
#include <stdlib.h>
#include <string.h>

#include "textout/cache_file.h"

#define WISDOM_FILE "fftw-wisdom"

/* the wisdom as read (NULL: none), to write only what is new */
static char *loaded;

bool dsh_fft_wisdom_load(void)
{
    char path[4096];
    if (!dsh_cache_path(WISDOM_FILE, path, sizeof path) ||
        !fftw_import_wisdom_from_filename(path))
        return false;
    free(loaded);
    loaded = fftw_export_wisdom_to_string();
    return true;
}

bool dsh_fft_wisdom_save(void)
{
    char *now = fftw_export_wisdom_to_string();
    if (!now)
        return false;
    if (loaded && !strcmp(now, loaded)) {
        free(now);
        return true;
    }
    bool ok = dsh_cache_write(WISDOM_FILE, now, strlen(now));
    if (ok) {
        free(loaded);
        loaded = now;
    } else {
        free(now);
    }
    return ok;
}
