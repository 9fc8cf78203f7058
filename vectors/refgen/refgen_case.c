/* SPDX-License-Identifier: BSD-3-Clause */
/* dsh-refgen: loading the case without its expectations, control timing
 * (refgen_case.h). */
#define _POSIX_C_SOURCE 200809L
#include "refgen_case.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A top-level key starts a line with a letter, '_' or a quote. */
static int top_level_key(const char *line)
{
    char ch = line[0];
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' ||
           ch == '"' || ch == '\'';
}

/* Blanks the block of the top-level key `expect:` (up to the next
 * top-level key), keeping newlines. */
static void blank_expect(char *text)
{
    bool in = false;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (top_level_key(line))
            in = !strncmp(line, "expect:", 7);
        if (in)
            memset(line, ' ', n);
        line += n + (end != NULL);
    }
}

dsh_case *rg_case_load(const char *path, dsh_diag *diag)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        dsh_diag_add(diag, path, (dsh_mark){ 0, 0 }, "%s", strerror(errno));
        return NULL;
    }
    /* the whole file (a case holds no NUL) */
    char *text = NULL;
    size_t cap = 0;
    ssize_t n = getdelim(&text, &cap, '\0', f);
    fclose(f);
    if (n < 0) {
        dsh_diag_add(diag, path, (dsh_mark){ 0, 0 }, "read error");
        free(text);
        return NULL;
    }
    blank_expect(text);
    dsh_case *c = dsh_case_parse(path, text, (size_t)n, diag);
    free(text);
    return c;
}

uint64_t rg_control_period(double at_ms, uint32_t step_us, uint32_t period_us,
                           uint32_t first_us)
{
    /* the boundary (us after START) at which the harness sends it */
    uint64_t at_us = (uint64_t)(at_ms * 1000.0 + 0.5);
    uint64_t sent = (at_us + step_us - 1) / step_us * step_us;
    /* jobs released at first_us + k * period_us <= sent have run */
    if (sent < first_us)
        return 0;
    return (sent - first_us) / period_us + 1;
}
