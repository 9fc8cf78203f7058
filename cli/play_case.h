/* SPDX-License-Identifier: BSD-3-Clause */
/* The case `dspsim play` runs (docs/cli.md), as harness YAML text built
 * from checked parts: paths double-quoted with every '"', '\\' and
 * control byte escaped, --set values only plain numbers or words (lists
 * for eq_fir taps) checked by play_set_split, one key a line.  Each line
 * remembers which argument it came from, so the case parser's
 * diagnostics are told back in the user's terms (play_case_diag). */
#ifndef DSPSIM_CLI_PLAY_CASE_H
#define DSPSIM_CLI_PLAY_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "audio/wav_io.h"
#include "case/case_diag.h"

#define PLAY_MAX_SETS  16
#define PLAY_MAX_LINES 96
#define PLAY_MAX_CHAIN 4 /* components in a --pipeline chain */

typedef enum {
    PLAY_FROM_NONE,
    PLAY_FROM_IN,
    PLAY_FROM_OUT,
    PLAY_FROM_SET,
    PLAY_FROM_PERIOD,
    PLAY_FROM_CPU
} play_from;

typedef struct play_set {
    const char *arg;   /* as typed: KEY=VALUE */
    char key[32];      /* without the COMPONENT. qualifier */
    const char *value; /* after the '=' */
    unsigned comp;     /* index in the chain it applies to */
    char dec[24];      /* a 0x value in decimal (value points
                                   here then) */
} play_set;

typedef struct play_spec {
    const char *pipe; /* --pipeline as typed (messages) */
    /* the chain: volume, eq_iir, eq_fir, src, mixer (mixer first only),
     * each at most once */
    char chain[PLAY_MAX_CHAIN][16];
    unsigned n_chain;
    const char *in[2]; /* as typed */
    unsigned n_in;
    const dsh_audio_info *info[2];
    const char *out;      /* as typed (messages) */
    const char *out_name; /* file name in the outputs directory */
    play_set sets[PLAY_MAX_SETS];
    unsigned n_sets;
    unsigned period_us;
    unsigned out_rate; /* src: out_rate, else the input's */
    unsigned cpu_mhz;  /* core clock; 0 = the board's default */
    /* --cores N (issue 32): the board's cores (0 or 1 = one); a
     * component's --set NAME.core=K places it on core K: the chain is
     * cut into pipelines where the core changes, linked across cores */
    unsigned cores;
} play_spec;

typedef struct play_text {
    char *text; /* malloc'd, NUL-terminated */
    size_t len, cap;
    unsigned lines; /* lines written */
    struct {
        play_from from;
        unsigned index;
    } line[PLAY_MAX_LINES + 1];
} play_text;

/* Splits --pipeline NAME[,NAME...] into s->chain (s->pipe = arg).
 * false with "dspsim play: ..." on stderr: an unknown name, a name twice,
 * mixer not first, more than PLAY_MAX_CHAIN. */
bool play_chain_parse(const char *arg, play_spec *s);
/* Whether the chain holds component type `type`. */
bool play_chain_has(const play_spec *s, const char *type);

/* Splits and checks one --set argument against the chain of s:
 * [COMPONENT.]KEY=VALUE, KEY of [a-z0-9_], COMPONENT one of the chain's
 * (needed only when more than one of its components takes KEY), VALUE a
 * plain number or word ([A-Za-z0-9.+_-]), or for eq_fir's taps a
 * comma-separated list of numbers.  false with "dspsim play: ..." on
 * stderr. */
bool play_set_split(const play_spec *s, const char *arg, play_set *out);

/* Builds the case; false only when out of memory.  saved: the case
 * --save-case writes: input paths absolute (in[i] already resolved by the
 * caller), a comment naming the command, `align_outputs: true` unless
 * raw. */
bool play_case_build(const play_spec *s, play_text *t);
bool play_case_build_saved(const play_spec *s, const char *const abs_in[2],
                           bool raw, play_text *t);
void play_case_free(play_text *t);

/* Prints the parser's diagnostics d about the case (parsed as case_path)
 * as "dspsim play: ..." lines naming the argument each came from. */
void play_case_diag(const play_spec *s, const play_text *t, const dsh_diag *d,
                    const char *case_path, FILE *f);

#endif
