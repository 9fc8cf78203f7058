/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the YAML case reader and validator (harness/case):
 * dsh_case_parse on the input as the text of
 * TMP/vectors/cases/case.yaml.  Next to it are the files a case may
 * name, so validation goes past the file checks: every signal of
 * vectors/signals.manifest (10 ms long, same name, rate, channels and
 * bits) in ../signals/ and ../../signals/, a valid board file board.yaml,
 * an invalid one bad_board.yaml, and taps.txt.
 *
 * Checked: no crash, leak or sanitizer report; a rejected case has at
 * least one message and every kept message starts with the file name; an
 * accepted case has at least one pipeline and component. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audio/wav_io.h"
#include "case/case.h"
#include "fuzz_util.h"

static char case_path[1024];

static void make_signals(const char *sigdir)
{
    char manifest[1024];
    snprintf(manifest, sizeof manifest, "%s/vectors/signals.manifest",
             DSPSIM_SOURCE_DIR);
    FILE *f = fopen(manifest, "r");
    if (!f) {
        perror(manifest);
        abort();
    }
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char name[256], kind[32];
        unsigned rate, ch, bits;
        if (line[0] == '#' || sscanf(line, "%255s %31s %u %u %u", name, kind,
                                     &rate, &ch, &bits) != 5)
            continue;
        uint64_t frames = rate / 100;
        int32_t *s = calloc(frames * ch, sizeof *s);
        for (uint64_t i = 0; s && i < frames * ch; i++)
            s[i] = (int32_t)((i * 2654435761u) & 0x0fffffff);
        char err[512];
        if (!s ||
            !dsh_audio_write_wav(fz_path(sigdir, name), s, frames, ch, rate,
                                 bits == 16   ? DSH_PCM_S16
                                 : bits == 24 ? DSH_PCM_S24
                                              : DSH_PCM_S32,
                                 err, sizeof err)) {
            fprintf(stderr, "fuzz_case: %s\n", err);
            abort();
        }
        free(s);
    }
    fclose(f);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *t = fz_tmpdir("case");
    char vec[256], cases[512], sig[512];
    snprintf(vec, sizeof vec, "%s/vectors", t);
    snprintf(cases, sizeof cases, "%s/cases", vec);
    snprintf(sig, sizeof sig, "%s/signals", vec);
    if (mkdir(vec, 0777) || mkdir(cases, 0777) || mkdir(sig, 0777) ||
        mkdir(fz_path(vec, "refs"), 0777) ||
        symlink(sig, fz_path(t, "signals"))) {
        perror("fuzz_case: fixture");
        abort();
    }
    make_signals(sig);
    static const char board[] = "name: fuzz\ncpu_hz: 100000000\n"
                                "audio: {clock_hz: 11289600}\n"
                                "ssp: {ports: 4, fifo_frames: 8}\n";
    static const char bad_board[] = "dma:\n  chanels: 2\n";
    static const char taps[] = "# taps\n0.25, 0.5\n0.25\n";
    fz_write(fz_path(cases, "board.yaml"), board, sizeof board - 1);
    fz_write(fz_path(cases, "bad_board.yaml"), bad_board, sizeof bad_board - 1);
    fz_write(fz_path(cases, "taps.txt"), taps, sizeof taps - 1);
    snprintf(case_path, sizeof case_path, "%s/case.yaml", cases);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (4u << 20)) /* dsh_case_load's limit */
        return 0;
    if (!case_path[0])
        LLVMFuzzerInitialize(NULL, NULL);
    dsh_diag d;
    dsh_diag_init(&d);
    dsh_case *c = dsh_case_parse(case_path, (const char *)data, size, &d);
    if (c) {
        if (d.count || !c->n_pipelines || !c->n_comps)
            abort();
        dsh_case_free(c);
    } else {
        if (!d.count)
            abort();
        unsigned kept = d.count < DSH_DIAG_MAX ? d.count : DSH_DIAG_MAX;
        for (unsigned i = 0; i < kept; i++)
            if (strncmp(d.msg[i], case_path, strlen(case_path)))
                abort();
    }
    return 0;
}
