/* SPDX-License-Identifier: BSD-3-Clause */
/* The progress line of long runs (docs/cli.md, "Progress line"): one line
 * on stderr, redrawn in place with '\r' at most PROGRESS_HZ times a
 * second once the run has taken a second of host time, only when stderr
 * is a terminal and the user did not ask for quiet (-q).  It only reads
 * the figures it is given; the run is the same with or without it. */
#ifndef DSPSIM_CLI_PROGRESS_H
#define DSPSIM_CLI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct cli_progress {
    const char *cmd; /* "play", "exec", ...: the line's prefix */
    bool on;         /* stderr is a terminal, not quiet */
    bool shown;      /* a line is on the screen now */
    double t0;       /* host seconds at the start (monotonic) */
    double next;     /* host seconds of the next redraw */
    uint64_t insns0; /* instructions at the start (exec, board) */
} cli_progress;

/* Redraws a second: at most this many. */
#define PROGRESS_HZ 4

/* Starts the clock.  on when stderr is a terminal and !quiet.  The first
 * line comes after 1 s of host time (DSPSIM_PROGRESS_DELAY=SECONDS, a
 * decimal number >= 0, changes that, for tests). */
void cli_progress_init(cli_progress *p, const char *cmd, bool quiet,
                       uint64_t insns0);
/* play, run: "dspsim CMD: A.AAA s of audio, F.FFx real time" with A the
 * audio seconds streamed (simulated), F = A / host seconds. */
void cli_progress_audio(cli_progress *p, double audio_seconds);
/* exec, board: "dspsim CMD: N cycles, M.MMM MIPS" with N the simulated
 * cycles and M the instructions since init per host second / 10^6. */
void cli_progress_cycles(cli_progress *p, uint64_t cycles, uint64_t insns);
/* Erases the line if one is shown (before the summary or a message). */
void cli_progress_clear(cli_progress *p);
/* A stream that erases the progress line before each write to stderr
 * (the run's log lines under `run`, `play -v`); stderr itself when p is
 * off or the stream cannot be made.  Close with cli_progress_close. */
FILE *cli_progress_stderr(cli_progress *p);
void cli_progress_close(FILE *f);
/* dsh_exec_opts.progress for run and play (user: the cli_progress):
 * cli_progress_audio, and a negative audio_seconds (the run is over)
 * clears the line. */
void cli_progress_exec_cb(void *user, uint64_t cycles, double audio_seconds);

#endif
