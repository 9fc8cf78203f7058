/* SPDX-License-Identifier: BSD-3-Clause */
/* wav_thdn FILE.wav FREQ: THD+N of channel 0 of FILE.wav by the harness's
 * own metric (dsh_thdn: Kaiser-windowed DFT, the tone notched out,
 * 20 Hz .. 20 kHz), the first and last 10 % left out; prints
 * "thdn %.1f"; exit 0, or 2 on bad arguments or an unreadable file.
 * Used by play_src_hq.sh. */
#include <stdio.h>
#include <stdlib.h>

#include "audio/metrics.h"
#include "audio/wav_io.h"

int main(int argc, char **argv)
{
    dsh_audio a;
    dsh_thdn_opts o;
    dsh_thdn_result r;
    char err[512];
    double f;
    if (argc != 3 || (f = atof(argv[2])) <= 0) {
        fprintf(stderr, "usage: wav_thdn FILE.wav FREQ\n");
        return 2;
    }
    if (!dsh_audio_read(argv[1], &a, err, sizeof err)) {
        fprintf(stderr, "wav_thdn: %s\n", err);
        return 2;
    }
    uint64_t k0 = a.frames / 10, n = a.frames - 2 * k0;
    double *x = malloc((size_t)n * sizeof *x);
    if (!x || n < 1024) {
        fprintf(stderr, "wav_thdn: %s: too short\n", argv[1]);
        free(x);
        dsh_audio_free(&a);
        return 2;
    }
    for (uint64_t k = 0; k < n; k++)
        x[k] = a.samples[(k0 + k) * a.channels] / 2147483648.0;
    dsh_thdn_opts_default(&o);
    o.freq_hz = f;
    bool ok = dsh_thdn(x, (size_t)n, a.rate, &o, &r, err, sizeof err);
    if (ok)
        printf("thdn %.1f\n", r.thdn_db);
    else
        fprintf(stderr, "wav_thdn: %s\n", err);
    free(x);
    dsh_audio_free(&a);
    return ok ? 0 : 2;
}
