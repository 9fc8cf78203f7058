/* SPDX-License-Identifier: BSD-3-Clause */
/* board: section of a case and the audio clock a case without one gets
 * (docs/harness.md, "Top-level keys"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/board_config.h"

#include "case_internal.h"
#include "case_paths.h"

/* The board description file (already resolved) is read as the run will
 * read it, so a bad file is a validation error at the case's `board`
 * value naming the file's own line and column, not an error at run
 * time. */
static bool board_file_ok(yctx *y, const yaml_node_t *n, const char *what,
                          const char *path, dsh_board_spec *b)
{
    ds_board_config cfg;
    char err[DSH_DIAG_MSG - 64];
    ds_board_config_default(&cfg);
    if (ds_board_config_load(&cfg, path, err, sizeof err)) {
        if (!b->has_cores)
            b->cores = cfg.cores;
        return true;
    }
    y_error(y, n, "%s: invalid board description: %s", what, err);
    return false;
}

/* An integer override `key` in lo..hi, if present: *out, *has. */
static bool board_int(yctx *y, const yaml_node_t *n, const char *key,
                      int64_t lo, int64_t hi, bool *has, uint32_t *out)
{
    yaml_node_t *v = y_get(y, n, key, NULL);
    char w[64];
    int64_t i;
    if (!v)
        return true;
    snprintf(w, sizeof w, "board.%s", key);
    if (!y_int(y, v, w, lo, hi, &i))
        return false;
    *has = true;
    *out = (uint32_t)i;
    return true;
}

bool dsh_parse_board(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    static const char *const keys[] = { "file",           "cpu_hz",
                                        "audio_clock_hz", "drift_ppm",
                                        "ssp_ports",      "ssp_fifo_frames",
                                        "cores",          NULL };
    dsh_board_spec *b = &c->board;
    char rel[DSH_PATH_MAX];
    if (y_is_scalar(n)) {
        return y_string(y, n, "board", rel, sizeof rel) &&
               dsh_resolve_input(y, n, "board", c->dir, rel, b->file,
                                 sizeof b->file) &&
               board_file_ok(y, n, "board", b->file, b);
    }
    if (!y_check_map(y, n, "board", keys))
        return false;
    bool ok = true;
    yaml_node_t *v;
    if ((v = y_get(y, n, "file", NULL)) &&
        !(y_string(y, v, "board.file", rel, sizeof rel) &&
          dsh_resolve_input(y, v, "board.file", c->dir, rel, b->file,
                            sizeof b->file) &&
          board_file_ok(y, v, "board.file", b->file, b)))
        ok = false;
    ok = board_int(y, n, "cpu_hz", 1000000, 2000000000, &b->has_cpu_hz,
                   &b->cpu_hz) &&
         ok;
    ok = board_int(y, n, "audio_clock_hz", 1000000, 100000000,
                   &b->has_audio_clock_hz, &b->audio_clock_hz) &&
         ok;
    ok = board_int(y, n, "ssp_ports", 0, DSH_SSP_MAX_PORTS, &b->has_ssp_ports,
                   &b->ssp_ports) &&
         ok;
    ok = board_int(y, n, "ssp_fifo_frames", 1, 255, &b->has_ssp_fifo_frames,
                   &b->ssp_fifo_frames) &&
         ok;
    ok = board_int(y, n, "cores", 1, 4, &b->has_cores, &b->cores) && ok;
    if ((v = y_get(y, n, "drift_ppm", NULL))) {
        if (y_number(y, v, "board.drift_ppm", -1000, 1000, &b->drift_ppm))
            b->has_drift_ppm = true;
        else
            ok = false;
    }
    return ok;
}

/* Does the board description at path set audio.clock_hz?  A file that
 * cannot be read or parsed sets nothing here (the run reports it). */
static bool board_file_sets_clock(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    yaml_parser_t parser;
    yaml_document_t doc;
    bool found = false;
    if (!yaml_parser_initialize(&parser)) {
        fclose(f);
        return false;
    }
    yaml_parser_set_input_file(&parser, f);
    if (yaml_parser_load(&parser, &doc)) {
        yctx y = { &doc, path, NULL };
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        yaml_node_t *audio = root ? y_get(&y, root, "audio", NULL) : NULL;
        found = audio && y_get(&y, audio, "clock_hz", NULL);
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    fclose(f);
    return found;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

bool dsh_check_audio_clock(yctx *y, dsh_case *c)
{
    dsh_board_spec *b = &c->board;
    if (b->has_audio_clock_hz || (b->file[0] && board_file_sets_clock(b->file)))
        return true;
    const dsh_endpoint *first48 = NULL, *first44 = NULL, *conflict = NULL;
    uint64_t lcm = 1;
    for (unsigned i = 0; i < c->n_endpoints; i++) {
        const dsh_endpoint *e = &c->endpoints[i];
        if (e->kind != DSH_EP_PORT || !e->rate)
            continue;
        lcm = lcm / gcd(lcm, e->rate) * e->rate;
        if (DSH_AUDIO_CLOCK_48K % e->rate == 0) {
            if (!first48)
                first48 = e;
            if (first44 && !conflict)
                conflict = e;
        } else if (DSH_AUDIO_CLOCK_44K1 % e->rate == 0) {
            if (!first44)
                first44 = e;
            if (first48 && !conflict)
                conflict = e;
        }
    }
    if (conflict) {
        const dsh_endpoint *a = conflict == first44 ? first48 : first44;
        const dsh_endpoint *e48 = a == first48 ? a : conflict;
        const dsh_endpoint *e44 = a == first48 ? conflict : a;
        char hint[96] = "";
        uint64_t clk = lcm;
        while (clk < 1000000)
            clk *= 2;
        if (clk <= 100000000)
            snprintf(hint, sizeof hint, " (e.g. %llu)",
                     (unsigned long long)clk);
        dsh_diag_add(y->diag, y->file, conflict->mark,
                     "ports.%s: %s at %u "
                     "Hz needs a 48 kHz-family audio clock (%u Hz) but %s at "
                     "%u Hz a 44.1 kHz-family one (%u Hz); with no "
                     "board.audio_clock_hz one default cannot serve both: "
                     "set board: {audio_clock_hz: N}, N a multiple of every "
                     "port rate%s",
                     conflict->name, e48->name, e48->rate, DSH_AUDIO_CLOCK_48K,
                     e44->name, e44->rate, DSH_AUDIO_CLOCK_44K1, hint);
        return false;
    }
    if (first44) {
        b->has_audio_clock_hz = true;
        b->audio_clock_hz = DSH_AUDIO_CLOCK_44K1;
        b->audio_clock_auto = true;
    }
    return true;
}
