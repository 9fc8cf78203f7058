/* SPDX-License-Identifier: BSD-3-Clause */
/* Component types: ports, parameters and their parsing
 * (component_types.h; schema in docs/harness.md). */
#include "component_types.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_paths.h"

const char *const dsh_comp_type_names[] = { "host",  "dai",    "volume",
                                            "mixer", "eq_iir", "eq_fir",
                                            "src",   "tone",   NULL };

const unsigned dsh_valid_rates[] = { 8000,   11025,  16000, 22050, 24000,
                                     32000,  44100,  48000, 88200, 96000,
                                     176400, 192000, 0 };

bool dsh_rate_valid(unsigned hz)
{
    for (const unsigned *r = dsh_valid_rates; *r; r++)
        if (*r == hz)
            return true;
    return false;
}

static const dsh_comp_type_info infos[DSH_COMP_NTYPES] = {
    [DSH_COMP_HOST] = { "host", 0, 1, 0, 1, DSH_P_STREAM, DSH_P_STREAM, 0 },
    [DSH_COMP_DAI] = { "dai", 0, 1, 0, 1, DSH_P_PORT, DSH_P_PORT, 0 },
    [DSH_COMP_VOLUME] = { "volume", 1, 1, 1, 1,
                          DSH_P_GAIN_DB | DSH_P_RAMP_MS | DSH_P_MUTE, 0,
                          DSH_P_GAIN_DB | DSH_P_RAMP_MS | DSH_P_MUTE },
    [DSH_COMP_MIXER] = { "mixer", 2, DSH_MIXER_MAX_INPUTS, 1, 1, DSH_P_GAINS_DB,
                         0, DSH_P_GAINS_DB },
    [DSH_COMP_EQ_IIR] = { "eq_iir", 1, 1, 1, 1, DSH_P_BIQUADS, DSH_P_BIQUADS,
                          DSH_P_BIQUADS },
    [DSH_COMP_EQ_FIR] = { "eq_fir", 1, 1, 1, 1, DSH_P_TAPS, DSH_P_TAPS,
                          DSH_P_TAPS },
    [DSH_COMP_SRC] = { "src", 1, 1, 1, 1, DSH_P_OUT_RATE | DSH_P_QUALITY,
                       DSH_P_OUT_RATE, 0 },
    [DSH_COMP_TONE] = { "tone", 0, 0, 1, 1,
                        DSH_P_FREQ_HZ | DSH_P_LEVEL_DBFS | DSH_P_CHANNELS |
                            DSH_P_RATE,
                        0, DSH_P_FREQ_HZ | DSH_P_LEVEL_DBFS },
};

typedef struct param_name {
    const char *name;
    dsh_param_mask bit;
} param_name;

static const param_name param_names[] = {
    { "stream", DSH_P_STREAM },     { "port", DSH_P_PORT },
    { "gain_db", DSH_P_GAIN_DB },   { "ramp_ms", DSH_P_RAMP_MS },
    { "mute", DSH_P_MUTE },         { "gains_db", DSH_P_GAINS_DB },
    { "biquads", DSH_P_BIQUADS },   { "taps", DSH_P_TAPS },
    { "taps_file", DSH_P_TAPS },    { "out_rate", DSH_P_OUT_RATE },
    { "freq_hz", DSH_P_FREQ_HZ },   { "level_dbfs", DSH_P_LEVEL_DBFS },
    { "channels", DSH_P_CHANNELS }, { "rate", DSH_P_RATE },
    { "quality", DSH_P_QUALITY },
};
#define NPARAMS (sizeof param_names / sizeof param_names[0])

const char *dsh_comp_type_name(dsh_comp_type t)
{
    return (unsigned)t < DSH_COMP_NTYPES ? dsh_comp_type_names[t] : "?";
}

const dsh_comp_type_info *dsh_comp_info(dsh_comp_type t)
{
    return &infos[t];
}

const char *const *dsh_comp_definition_keys(dsh_comp_type t)
{
    static const char *keys[DSH_COMP_NTYPES][NPARAMS + 3];
    const char **k = keys[t];
    if (!k[0]) {
        unsigned n = 0;
        k[n++] = "id";
        k[n++] = "type";
        for (unsigned i = 0; i < NPARAMS; i++)
            if (infos[t].params & param_names[i].bit)
                k[n++] = param_names[i].name;
        k[n] = NULL;
    }
    return k;
}

void dsh_comp_params_default(dsh_comp_type t, dsh_comp_params *p)
{
    memset(p, 0, sizeof *p);
    (void)t;
    p->freq_hz = 997.0;
    p->level_dbfs = -20.0;
    p->channels = 2;
    p->rate = 48000;
}

static const char *const biquad_types[] = { "lowpass",   "highpass", "bandpass",
                                            "notch",     "peaking",  "lowshelf",
                                            "highshelf", NULL };

static bool parse_biquads(yctx *y, const yaml_node_t *n, const char *what,
                          dsh_comp_params *p)
{
    if (!y_expect_seq(y, n, what))
        return false;
    unsigned count = (unsigned)(n->data.sequence.items.top -
                                n->data.sequence.items.start);
    if (count < 1 || count > DSH_EQ_IIR_MAX_BIQUADS) {
        y_error(y, n, "%s: %u biquads; between 1 and %d are allowed", what,
                count, DSH_EQ_IIR_MAX_BIQUADS);
        return false;
    }
    static const char *const keys[] = { "type", "freq_hz", "q", "gain_db",
                                        NULL };
    bool ok = true;
    p->n_biquads = 0;
    for (unsigned i = 0; i < count; i++) {
        yaml_node_t *b = y_node(y, n->data.sequence.items.start[i]);
        char w[160];
        snprintf(w, sizeof w, "%s[%u]", what, i);
        if (!y_check_map(y, b, w, keys)) {
            ok = false;
            continue;
        }
        dsh_biquad *bq = &p->biquads[p->n_biquads++];
        bq->q = 0.7071;
        bq->gain_db = 0;
        char wk[200];
        yaml_node_t *v;
        int type = 0;
        snprintf(wk, sizeof wk, "%s.type", w);
        if ((v = y_require(y, b, "type", w)) &&
            y_enum(y, v, wk, biquad_types, &type))
            bq->type = (dsh_biquad_type)type;
        else
            ok = false;
        snprintf(wk, sizeof wk, "%s.freq_hz", w);
        if (!(v = y_require(y, b, "freq_hz", w)) ||
            !y_number(y, v, wk, 1, 96000, &bq->freq_hz))
            ok = false;
        snprintf(wk, sizeof wk, "%s.q", w);
        if ((v = y_get(y, b, "q", NULL)) &&
            !y_number(y, v, wk, 0.1, 100, &bq->q))
            ok = false;
        snprintf(wk, sizeof wk, "%s.gain_db", w);
        if ((v = y_get(y, b, "gain_db", NULL)) &&
            !y_number(y, v, wk, -40, 40, &bq->gain_db))
            ok = false;
    }
    return ok;
}

static bool parse_taps_seq(yctx *y, const yaml_node_t *n, const char *what,
                           dsh_comp_params *p)
{
    if (!y_expect_seq(y, n, what))
        return false;
    unsigned count = (unsigned)(n->data.sequence.items.top -
                                n->data.sequence.items.start);
    if (count < 1 || count > DSH_EQ_FIR_MAX_TAPS) {
        y_error(y, n, "%s: %u taps; between 1 and %d are allowed", what, count,
                DSH_EQ_FIR_MAX_TAPS);
        return false;
    }
    bool ok = true;
    for (unsigned i = 0; i < count; i++) {
        char w[160];
        snprintf(w, sizeof w, "%s[%u]", what, i);
        if (!y_number(y, y_node(y, n->data.sequence.items.start[i]), w, -8, 8,
                      &p->taps[i]))
            ok = false;
    }
    p->n_taps = count;
    return ok;
}

/* A text file of numbers separated by blanks, commas or newlines; '#'
 * starts a comment. */
static bool parse_taps_file(yctx *y, const yaml_node_t *n, const char *what,
                            const char *base_dir, dsh_comp_params *p)
{
    char rel[DSH_PATH_MAX], path[DSH_PATH_MAX];
    if (!y_string(y, n, what, rel, sizeof rel))
        return false;
    if (!dsh_resolve_input(y, n, what, base_dir, rel, path, sizeof path))
        return false;
    FILE *f = fopen(path, "r");
    if (!f) {
        y_error(y, n, "%s: cannot open '%s': %s", what, path, strerror(errno));
        return false;
    }
    char line[1024];
    unsigned lineno = 0;
    bool ok = true;
    p->n_taps = 0;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        for (char *tok = strtok(line, " \t\r\n,"); tok && ok;
             tok = strtok(NULL, " \t\r\n,")) {
            char *end;
            double v = strtod(tok, &end);
            if (*end || v < -8 || v > 8) {
                y_error(y, n,
                        "%s: %s line %u: '%s' is not a tap value in "
                        "[-8, 8]",
                        what, rel, lineno, tok);
                ok = false;
            } else if (p->n_taps >= DSH_EQ_FIR_MAX_TAPS) {
                y_error(y, n, "%s: %s has more than %d taps", what, rel,
                        DSH_EQ_FIR_MAX_TAPS);
                ok = false;
            } else {
                p->taps[p->n_taps++] = v;
            }
        }
    }
    fclose(f);
    if (ok && !p->n_taps) {
        y_error(y, n, "%s: %s holds no taps", what, rel);
        ok = false;
    }
    return ok;
}

static bool parse_one(yctx *y, const char *key, const yaml_node_t *v,
                      const char *w, const char *base_dir, dsh_comp_params *p)
{
    int64_t i;
    if (!strcmp(key, "stream"))
        return y_ident(y, v, w, p->stream, sizeof p->stream);
    if (!strcmp(key, "port")) {
        if (!y_string(y, v, w, p->port, sizeof p->port))
            return false;
        char *end;
        if (strncmp(p->port, "ssp", 3) || !p->port[3] ||
            strtoul(p->port + 3, &end, 10) >= DSH_SSP_MAX_PORTS || *end ||
            strlen(p->port) != 4) {
            y_error(y, v, "%s: '%s' is not an SSP port (ssp0 .. ssp%d)", w,
                    p->port, DSH_SSP_MAX_PORTS - 1);
            return false;
        }
        p->port_index = (unsigned)(p->port[3] - '0');
        return true;
    }
    if (!strcmp(key, "gain_db"))
        return y_number(y, v, w, -144, 40, &p->gain_db);
    if (!strcmp(key, "ramp_ms"))
        return y_number(y, v, w, 0, 10000, &p->ramp_ms);
    if (!strcmp(key, "mute"))
        return y_bool(y, v, w, &p->mute);
    if (!strcmp(key, "gains_db")) {
        if (!y_expect_seq(y, v, w))
            return false;
        unsigned count = (unsigned)(v->data.sequence.items.top -
                                    v->data.sequence.items.start);
        if (count < 1 || count > DSH_MIXER_MAX_INPUTS) {
            y_error(y, v, "%s: %u gains; between 1 and %d are allowed", w,
                    count, DSH_MIXER_MAX_INPUTS);
            return false;
        }
        bool ok = true;
        for (unsigned k = 0; k < count; k++) {
            char wk[160];
            snprintf(wk, sizeof wk, "%s[%u]", w, k);
            if (!y_number(y, y_node(y, v->data.sequence.items.start[k]), wk,
                          -144, 40, &p->gains_db[k]))
                ok = false;
        }
        p->n_gains = count;
        return ok;
    }
    if (!strcmp(key, "biquads"))
        return parse_biquads(y, v, w, p);
    if (!strcmp(key, "taps"))
        return parse_taps_seq(y, v, w, p);
    if (!strcmp(key, "taps_file"))
        return parse_taps_file(y, v, w, base_dir, p);
    if (!strcmp(key, "out_rate") || !strcmp(key, "rate")) {
        if (!y_int(y, v, w, 1, 1000000, &i))
            return false;
        if (!dsh_rate_valid((unsigned)i)) {
            y_error(y, v,
                    "%s: %lld Hz is not a supported sample rate "
                    "(8000, 11025, 16000, 22050, 24000, 32000, 44100, "
                    "48000, 88200, 96000, 176400, 192000)",
                    w, (long long)i);
            return false;
        }
        if (!strcmp(key, "rate"))
            p->rate = (unsigned)i;
        else
            p->out_rate = (unsigned)i;
        return true;
    }
    if (!strcmp(key, "quality")) {
        char q[64];
        if (!y_string(y, v, w, q, sizeof q))
            return false;
        if (!strcmp(q, "default") || !strcmp(q, "high")) {
            p->quality = strcmp(q, "high") ? DSH_QUALITY_DEFAULT
                                           : DSH_QUALITY_HIGH;
            return true;
        }
        y_error(y, v, "%s: '%s' is not a quality (default, high)", w, q);
        return false;
    }
    if (!strcmp(key, "freq_hz"))
        return y_number(y, v, w, 1, 96000, &p->freq_hz);
    if (!strcmp(key, "level_dbfs"))
        return y_number(y, v, w, -144, 0, &p->level_dbfs);
    if (!strcmp(key, "channels")) {
        if (!y_int(y, v, w, 1, 8, &i))
            return false;
        p->channels = (unsigned)i;
        return true;
    }
    return true;
}

bool dsh_comp_parse_params(yctx *y, dsh_comp_type t, const yaml_node_t *n,
                           const char *what, bool runtime, const char *base_dir,
                           dsh_comp_params *p, dsh_param_mask *set)
{
    const dsh_comp_type_info *info = &infos[t];
    dsh_param_mask allowed = runtime ? info->runtime : info->params;
    bool ok = true;
    if (runtime && !y_check_map(y, n, what, NULL))
        return false;
    for (yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        yaml_node_t *k = y_node(y, pr->key);
        const char *key = y_text(k);
        const param_name *pn = NULL;
        for (unsigned i = 0; i < NPARAMS; i++)
            if (!strcmp(param_names[i].name, key))
                pn = &param_names[i];
        if (!pn || !(allowed & pn->bit)) {
            if (runtime) {
                char list[200] = "";
                size_t used = 0;
                for (unsigned i = 0; i < NPARAMS; i++)
                    if (info->runtime & param_names[i].bit) {
                        int wr = snprintf(list + used, sizeof list - used,
                                          "%s%s", used ? ", " : "",
                                          param_names[i].name);
                        if (wr > 0 && (size_t)wr < sizeof list - used)
                            used += (size_t)wr;
                    }
                y_error(y, k,
                        "%s: %s has no parameter '%s' settable at run "
                        "time (settable: %s)",
                        what, info->name, key, used ? list : "none");
                ok = false;
            }
            continue; /* definition keys are checked by the caller */
        }
        if ((*set & pn->bit) && pn->bit == DSH_P_TAPS) {
            y_error(y, k, "%s: give either taps or taps_file, not both", what);
            ok = false;
            continue;
        }
        char w[200];
        snprintf(w, sizeof w, "%s.%s", what, key);
        if (parse_one(y, key, y_node(y, pr->value), w, base_dir, p))
            *set |= pn->bit;
        else
            ok = false;
    }
    return ok;
}
