/* SPDX-License-Identifier: BSD-3-Clause */
/* sine_lag IN.wav OUT.wav FREQ: how many OUT samples OUT's tone of FREQ Hz
 * lags IN's (least-squares phase of the first channel of each, the
 * first and last 20 % of each file left out), printed as "lag %.3f"; exit
 * 0 if |lag| <= 1 sample, 1 if not, 2 on bad arguments.  Used by
 * play_src.sh: a sine in and out of `dspsim play --pipeline src` line up
 * within one sample (issue 12). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "audio/wav_io.h"

/* phase (rad) of sin(2 pi f t + phase) fitted to channel 0 of a */
static double phase_of(const dsh_audio *a, double f, double *amp)
{
    uint64_t k0 = a->frames / 5, k1 = a->frames - a->frames / 5;
    double sc = 0, ss = 0, w = 2 * M_PI * f / a->rate;
    for (uint64_t k = k0; k < k1; k++) {
        double x = a->samples[k * a->channels] / 2147483648.0;
        sc += x * cos(w * (double)k);
        ss += x * sin(w * (double)k);
    }
    *amp = 2 * hypot(sc, ss) / (double)(k1 - k0);
    return atan2(sc, ss);
}

int main(int argc, char **argv)
{
    dsh_audio in, out;
    char err[512];
    double f, ai, ao;
    if (argc != 4 || (f = atof(argv[3])) <= 0) {
        fprintf(stderr, "usage: sine_lag IN.wav OUT.wav FREQ\n");
        return 2;
    }
    if (!dsh_audio_read(argv[1], &in, err, sizeof err)) {
        fprintf(stderr, "sine_lag: %s\n", err);
        return 2;
    }
    if (!dsh_audio_read(argv[2], &out, err, sizeof err)) {
        fprintf(stderr, "sine_lag: %s\n", err);
        dsh_audio_free(&in);
        return 2;
    }
    double d = phase_of(&in, f, &ai) - phase_of(&out, f, &ao);
    while (d > M_PI)
        d -= 2 * M_PI;
    while (d < -M_PI)
        d += 2 * M_PI;
    double lag = d / (2 * M_PI * f) * out.rate;
    printf("lag %.3f samples (amplitude in %.4f, out %.4f)\n", lag, ai, ao);
    dsh_audio_free(&in);
    dsh_audio_free(&out);
    if (ao < 0.5 * ai)
        return 1;
    return fabs(lag) <= 1.0 ? 0 : 1;
}
