/* SPDX-License-Identifier: BSD-3-Clause */
/* wav_diff A.wav B.wav [SKIP]: the largest difference between two sound
 * files of the same rate and channels, in LSB of A's integer width (16,
 * 24 or 32 bits), over the frames both have after the first SKIP frames;
 * prints "max N lsb, M samples differ, F frames compared (first at frame
 * K channel C)".  Exit 0 when compared, 2 on bad arguments or files.
 * Used by the sox comparisons of play_eq.sh (issue 12: FIR taps within 1
 * LSB of `sox fir`, a boosting eq_iir clipping like a reference that
 * clips once at the output). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "audio/wav_io.h"

int main(int argc, char **argv)
{
    dsh_audio a, b;
    char err[512];
    char *end = NULL;
    unsigned long skip = 0;
    if (argc < 3 || argc > 4 ||
        (argc == 4 && ((skip = strtoul(argv[3], &end, 10)), *end))) {
        fprintf(stderr, "usage: wav_diff A.wav B.wav [SKIP]\n");
        return 2;
    }
    if (!dsh_audio_read(argv[1], &a, err, sizeof err)) {
        fprintf(stderr, "wav_diff: %s\n", err);
        return 2;
    }
    if (!dsh_audio_read(argv[2], &b, err, sizeof err)) {
        fprintf(stderr, "wav_diff: %s\n", err);
        dsh_audio_free(&a);
        return 2;
    }
    if (a.rate != b.rate || a.channels != b.channels || !a.info.bits) {
        fprintf(stderr,
                "wav_diff: %s and %s differ in rate or channels, or "
                "the first is not integer PCM\n",
                argv[1], argv[2]);
        dsh_audio_free(&a);
        dsh_audio_free(&b);
        return 2;
    }
    unsigned sh = 32 - a.info.bits;
    uint64_t n = a.frames < b.frames ? a.frames : b.frames, differ = 0;
    uint64_t first = 0, firstc = 0, max = 0;
    for (uint64_t f = skip; f < n; f++)
        for (unsigned c = 0; c < a.channels; c++) {
            int64_t d = ((int64_t)a.samples[f * a.channels + c] -
                         b.samples[f * a.channels + c]) >>
                        sh;
            uint64_t m = (uint64_t)(d < 0 ? -d : d);
            if (m && !differ++) {
                first = f;
                firstc = c;
            }
            if (m > max)
                max = m;
        }
    printf("max %llu lsb, %llu samples differ, %llu frames compared",
           (unsigned long long)max, (unsigned long long)differ,
           (unsigned long long)(n > skip ? n - skip : 0));
    if (differ)
        printf(" (first at frame %llu channel %llu)", (unsigned long long)first,
               (unsigned long long)firstc);
    printf("\n");
    dsh_audio_free(&a);
    dsh_audio_free(&b);
    return 0;
}
