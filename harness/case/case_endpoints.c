/* SPDX-License-Identifier: BSD-3-Clause */
/* streams: and ports: sections of a case (docs/harness.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audio/wav_io.h"
#include "case_internal.h"
#include "case_paths.h"
#include "component_types.h"

static const char *const endpoint_keys[] = { "input",    "output", "rate",
                                             "channels", "format", NULL };

static bool parse_format(yctx *y, const yaml_node_t *v, const char *what,
                         dsh_pcm_format *out)
{
    char s[32];
    if (!y_string(y, v, what, s, sizeof s))
        return false;
    if (!dsh_pcm_format_parse(s, out)) {
        y_error(y, v, "%s: unknown format '%s' (expected s16, s24 or s32)",
                what, s);
        return false;
    }
    return true;
}

static bool output_path_ok(yctx *y, const yaml_node_t *v, const char *what,
                           const char *p)
{
    if (p[0] == '/' || !strcmp(p, "..") || !strncmp(p, "../", 3) ||
        strstr(p, "/../") ||
        (strlen(p) >= 3 && !strcmp(p + strlen(p) - 3, "/.."))) {
        y_error(y, v,
                "%s: '%s' must be a relative path inside the output "
                "directory",
                what, p);
        return false;
    }
    return true;
}

static bool parse_one(yctx *y, dsh_case *c, yaml_node_t *key, yaml_node_t *val,
                      dsh_ep_kind kind, const char *section)
{
    char what[160];
    dsh_endpoint *e = &c->endpoints[c->n_endpoints];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->component = -1;
    e->mark = y_mark(key);
    snprintf(what, sizeof what, "%s", section);
    if (!y_ident(y, key, what, e->name, sizeof e->name))
        return false;
    snprintf(what, sizeof what, "%s.%s", section, e->name);
    if (kind == DSH_EP_PORT) {
        char *end;
        unsigned long idx = strtoul(e->name + 3, &end, 10);
        if (strncmp(e->name, "ssp", 3) || strlen(e->name) != 4 || *end ||
            idx >= DSH_SSP_MAX_PORTS) {
            y_error(y, key, "%s: '%s' is not an SSP port (ssp0 .. ssp%d)",
                    section, e->name, DSH_SSP_MAX_PORTS - 1);
            return false;
        }
        e->port_index = (unsigned)idx;
    }
    if (dsh_case_find_endpoint(c, e->name) >= 0) {
        y_error(y, key, "%s: '%s' is already defined as a %s", section, e->name,
                c->endpoints[dsh_case_find_endpoint(c, e->name)].kind ==
                        DSH_EP_STREAM
                    ? "stream"
                    : "port");
        return false;
    }
    if (!y_check_map(y, val, what, endpoint_keys))
        return false;

    bool ok = true;
    yaml_node_t *in = y_get(y, val, "input", NULL);
    yaml_node_t *out = y_get(y, val, "output", NULL);
    if (in && out) {
        y_error(y, out, "%s: give either input or output, not both", what);
        return false;
    }
    if (!in && !out) {
        y_error(y, val, "%s: missing required key 'input' or 'output'", what);
        return false;
    }
    char w[200];
    e->dir = in ? DSH_EP_INPUT : DSH_EP_OUTPUT;
    e->format = kind == DSH_EP_STREAM ? DSH_PCM_S16 : DSH_PCM_S32;

    int64_t v;
    yaml_node_t *rn = y_get(y, val, "rate", NULL);
    yaml_node_t *cn = y_get(y, val, "channels", NULL);
    yaml_node_t *fn = y_get(y, val, "format", NULL);
    snprintf(w, sizeof w, "%s.rate", what);
    if (rn) {
        if (!y_int(y, rn, w, 1, 1000000, &v))
            ok = false;
        else if (!dsh_rate_valid((unsigned)v)) {
            y_error(y, rn, "%s: %lld Hz is not a supported sample rate", w,
                    (long long)v);
            ok = false;
        } else
            e->rate = (unsigned)v;
    }
    snprintf(w, sizeof w, "%s.channels", what);
    if (cn) {
        if (y_int(y, cn, w, 1, 8, &v))
            e->channels = (unsigned)v;
        else
            ok = false;
    }
    snprintf(w, sizeof w, "%s.format", what);
    if (fn && !parse_format(y, fn, w, &e->format))
        ok = false;

    if (out) {
        snprintf(w, sizeof w, "%s.output", what);
        if (!y_string(y, out, w, e->file, sizeof e->file) ||
            !output_path_ok(y, out, w, e->file))
            return false;
        memcpy(e->resolved, e->file, sizeof e->resolved);
        for (unsigned i = 0; i < c->n_endpoints; i++)
            if (c->endpoints[i].dir == DSH_EP_OUTPUT &&
                !strcmp(c->endpoints[i].file, e->file)) {
                y_error(y, out, "%s: '%s' is also the output of '%s'", w,
                        e->file, c->endpoints[i].name);
                return false;
            }
        if (!rn && ok) {
            y_error(y, val, "%s: missing required key 'rate'", what);
            ok = false;
        }
        if (!cn && ok) {
            y_error(y, val, "%s: missing required key 'channels'", what);
            ok = false;
        }
        return ok;
    }

    snprintf(w, sizeof w, "%s.input", what);
    if (!y_string(y, in, w, e->file, sizeof e->file) ||
        !dsh_resolve_input(y, in, w, c->dir, e->file, e->resolved,
                           sizeof e->resolved))
        return false;
    dsh_audio_info info;
    char err[DSH_DIAG_MSG];
    if (!dsh_audio_probe(e->resolved, &info, err, sizeof err)) {
        y_error(y, in, "%s: %s", w, err);
        return false;
    }
    if (!ok)
        return false;
    if (!info.frames) {
        y_error(y, in, "%s: '%s' holds no audio frames", w, e->file);
        return false;
    }
    if (!rn) {
        if (!dsh_rate_valid(info.rate)) {
            y_error(y, in, "%s: '%s' is %u Hz, not a supported sample rate", w,
                    e->file, info.rate);
            return false;
        }
        e->rate = info.rate;
    }
    if (!cn) {
        if (info.channels > 8) {
            y_error(y, in, "%s: '%s' has %u channels (at most 8)", w, e->file,
                    info.channels);
            return false;
        }
        e->channels = info.channels;
    }
    char whom[80];
    snprintf(whom, sizeof whom, "%s '%s'",
             kind == DSH_EP_STREAM ? "stream" : "port", e->name);
    if (!dsh_audio_check_params(&info, e->file, e->rate, e->channels, whom, err,
                                sizeof err)) {
        y_error(y, in, "%s: %s", w, err);
        return false;
    }
    e->input_frames = info.frames;
    return true;
}

bool dsh_parse_endpoints(yctx *y, dsh_case *c, const yaml_node_t *n,
                         dsh_ep_kind kind)
{
    const char *section = kind == DSH_EP_STREAM ? "streams" : "ports";
    if (!y_check_map(y, n, section, NULL))
        return false;
    bool ok = true;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         p < n->data.mapping.pairs.top; p++) {
        if (c->n_endpoints >= DSH_MAX_ENDPOINTS) {
            y_error(y, y_node(y, p->key),
                    "%s: too many streams and ports "
                    "(at most %d)",
                    section, DSH_MAX_ENDPOINTS);
            return false;
        }
        if (parse_one(y, c, y_node(y, p->key), y_node(y, p->value), kind,
                      section))
            c->n_endpoints++;
        else
            ok = false;
    }
    return ok;
}
