/* SPDX-License-Identifier: BSD-3-Clause */
/* The progress line of long runs (progress.h). */
#define _GNU_SOURCE /* fopencookie */
#include "progress.h"

#include <stdlib.h>
#include <unistd.h>

#include "options.h"

static double start_delay(void)
{
    const char *s = getenv("DSPSIM_PROGRESS_DELAY");
    if (!s || !*s)
        return 1.0;
    char *end;
    double d = strtod(s, &end);
    return *end == '\0' && d >= 0 && d < 1e6 ? d : 1.0;
}

void cli_progress_init(cli_progress *p, const char *cmd, bool quiet,
                       uint64_t insns0)
{
    p->cmd = cmd;
    p->on = !quiet && isatty(STDERR_FILENO);
    p->shown = false;
    p->t0 = cli_now_seconds();
    p->next = p->t0 + start_delay();
    p->insns0 = insns0;
}

/* The time to draw, or 0 when not yet (or off). */
static double due(cli_progress *p)
{
    if (!p->on)
        return 0;
    double now = cli_now_seconds();
    if (now < p->next)
        return 0;
    p->next = now + 1.0 / PROGRESS_HZ;
    return now - p->t0 > 0 ? now - p->t0 : 1e-9;
}

static void draw(cli_progress *p, const char *text)
{
    /* '\r', the text, and ESC [ K: erase the rest of an older, longer
     * line */
    fprintf(stderr, "\rdspsim %s: %s\033[K", p->cmd, text);
    fflush(stderr);
    p->shown = true;
}

void cli_progress_audio(cli_progress *p, double audio_seconds)
{
    double host = due(p);
    if (host <= 0)
        return;
    char text[96];
    snprintf(text, sizeof text, "%.3f s of audio, %.2fx real time",
             audio_seconds, audio_seconds / host);
    draw(p, text);
}

void cli_progress_cycles(cli_progress *p, uint64_t cycles, uint64_t insns)
{
    double host = due(p);
    if (host <= 0)
        return;
    char text[96];
    snprintf(text, sizeof text, "%llu cycles, %.3f MIPS",
             (unsigned long long)cycles,
             (double)(insns - p->insns0) / host / 1e6);
    draw(p, text);
}

void cli_progress_clear(cli_progress *p)
{
    if (!p->shown)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = false;
}

static ssize_t clearing_write(void *cookie, const char *buf, size_t n)
{
    cli_progress_clear(cookie);
    size_t done = fwrite(buf, 1, n, stderr);
    fflush(stderr);
    return done == n ? (ssize_t)n : -1;
}

FILE *cli_progress_stderr(cli_progress *p)
{
    if (!p->on)
        return stderr;
    cookie_io_functions_t io = { .write = clearing_write };
    FILE *f = fopencookie(p, "w", io);
    if (!f)
        return stderr;
    setvbuf(f, NULL, _IOLBF, 0);
    return f;
}

void cli_progress_close(FILE *f)
{
    if (f && f != stderr)
        fclose(f);
}

void cli_progress_exec_cb(void *user, uint64_t cycles, double audio_seconds)
{
    (void)cycles;
    if (audio_seconds < 0)
        cli_progress_clear(user);
    else
        cli_progress_audio(user, audio_seconds);
}
