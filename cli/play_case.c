/* SPDX-License-Identifier: BSD-3-Clause */
/* The `dspsim play` case as YAML text from checked parts (play_case.h). */
#include "play_case.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

static bool word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '.' || c == '+' || c == '-' ||
           c == '_';
}

/* A plain YAML scalar that cannot be anything but one number or word. */
static bool plain_word(const char *s, size_t n)
{
    if (!n || (s[0] == '-' && n == 1))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!word_char(s[i]))
            return false;
    return true;
}

static bool taps_list(const char *v)
{
    const char *p = v;
    for (;;) {
        while (*p == ' ')
            p++;
        const char *b = p;
        while (word_char(*p))
            p++;
        if (!plain_word(b, (size_t)(p - b)))
            return false;
        while (*p == ' ')
            p++;
        if (!*p)
            return true;
        if (*p++ != ',')
            return false;
    }
}

static const char *const play_types[] = { "volume", "eq_iir", "eq_fir",
                                          "src",    "mixer",  NULL };

/* The --set keys each component type of a chain takes. */
static const char *const play_keys[][5] = {
    { "gain_db", "ramp_ms", "mute", NULL },
    { "type", "freq_hz", "q", "gain_db", NULL },
    { "taps", "taps_file", NULL },
    { "out_rate", "quality", NULL },
    { "gains_db", NULL },
};

static int type_index(const char *t)
{
    for (int i = 0; play_types[i]; i++)
        if (!strcmp(play_types[i], t))
            return i;
    return -1;
}

static bool takes(const char *type, const char *key)
{
    int t = type_index(type);
    for (unsigned i = 0; t >= 0 && play_keys[t][i]; i++)
        if (!strcmp(play_keys[t][i], key))
            return true;
    return false;
}

bool play_chain_parse(const char *arg, play_spec *s)
{
    const char *p = arg;
    s->pipe = arg;
    s->n_chain = 0;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)(n < 15 ? n : 15), p);
        if ((n >= sizeof s->chain[0] || type_index(name) < 0) &&
            !strchr(arg, ',')) {
            fprintf(stderr,
                    "dspsim play: unknown pipeline '%s' (volume, "
                    "eq_iir, eq_fir, src, mixer)\n",
                    arg);
            return false;
        }
        if (n >= sizeof s->chain[0] || type_index(name) < 0) {
            fprintf(stderr,
                    "dspsim play: --pipeline %s: unknown component "
                    "'%.*s' (volume, eq_iir, eq_fir, src, mixer)\n",
                    arg, (int)n, p);
            return false;
        }
        if (play_chain_has(s, name)) {
            fprintf(stderr,
                    "dspsim play: --pipeline %s: '%s' twice (each "
                    "component at most once)\n",
                    arg, name);
            return false;
        }
        if (!strcmp(name, "mixer") && s->n_chain) {
            fprintf(stderr,
                    "dspsim play: --pipeline %s: the mixer can only "
                    "come first (it takes IN.wav and IN2.wav)\n",
                    arg);
            return false;
        }
        if (s->n_chain == PLAY_MAX_CHAIN) {
            fprintf(stderr,
                    "dspsim play: --pipeline %s: at most %d "
                    "components\n",
                    arg, PLAY_MAX_CHAIN);
            return false;
        }
        snprintf(s->chain[s->n_chain++], sizeof s->chain[0], "%s", name);
        if (!e)
            return true;
        p = e + 1;
    }
}

bool play_chain_has(const play_spec *s, const char *type)
{
    for (unsigned i = 0; i < s->n_chain; i++)
        if (!strcmp(s->chain[i], type))
            return true;
    return false;
}

bool play_set_split(const play_spec *s, const char *arg, play_set *out)
{
    const char *eq = strchr(arg, '=');
    const char *k = arg, *dot = memchr(arg, '.', eq ? (size_t)(eq - arg) : 0);
    int comp = -1;
    if (dot) {
        for (unsigned i = 0; i < s->n_chain; i++)
            if ((size_t)(dot - arg) == strlen(s->chain[i]) &&
                !strncmp(arg, s->chain[i], (size_t)(dot - arg)))
                comp = (int)i;
        if (comp < 0) {
            fprintf(stderr,
                    "dspsim play: --set '%s': '%.*s' is not a "
                    "component of the pipeline (%s)\n",
                    arg, (int)(dot - arg), arg, s->pipe);
            return false;
        }
        k = dot + 1;
    }
    size_t kn = eq ? (size_t)(eq - k) : 0;
    if (!eq || !kn) {
        fprintf(stderr, "dspsim play: --set '%s': expected KEY=VALUE\n", arg);
        return false;
    }
    if (kn >= sizeof out->key) {
        fprintf(stderr, "dspsim play: --set '%s': key too long\n", arg);
        return false;
    }
    for (size_t i = 0; i < kn; i++) {
        char c = k[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
            fprintf(stderr,
                    "dspsim play: --set '%s': a key is lower-case "
                    "letters, digits and '_'\n",
                    arg);
            return false;
        }
    }
    memcpy(out->key, k, kn);
    out->key[kn] = '\0';
    out->arg = arg;
    out->value = eq + 1;
    if (comp < 0) {
        /* unqualified: the one component of the chain that takes KEY (or
         * the only component: the case parser names an unknown key) */
        unsigned n = 0;
        for (unsigned i = 0; i < s->n_chain; i++)
            if (takes(s->chain[i], out->key)) {
                comp = (int)i;
                n++;
            }
        if (n > 1) {
            fprintf(stderr,
                    "dspsim play: --set %s: more than one component "
                    "of the pipeline takes '%s': write",
                    arg, out->key);
            for (unsigned i = 0, j = 0; i < s->n_chain; i++)
                if (takes(s->chain[i], out->key))
                    fprintf(stderr, "%s %s.%s", j++ ? " or" : "", s->chain[i],
                            out->key);
            fprintf(stderr, "\n");
            return false;
        }
        if (!n && s->n_chain > 1) {
            fprintf(stderr,
                    "dspsim play: --set %s: no component of the "
                    "pipeline (%s) takes '%s'\n",
                    arg, s->pipe, out->key);
            return false;
        }
        if (comp < 0)
            comp = 0;
    }
    out->comp = (unsigned)comp;
    if (out->value[0] == '0' &&
        (out->value[1] == 'x' || out->value[1] == 'X')) {
        /* a number in hex like the board YAML: the case takes decimal */
        uint64_t v;
        if (cli_number(out->value, 0, INT64_MAX, &v) != CLI_NUM_OK) {
            fprintf(stderr,
                    "dspsim play: --set %s: value '%s' is not a "
                    "0x hex integer (at most 63 bits)\n",
                    out->key, out->value);
            return false;
        }
        snprintf(out->dec, sizeof out->dec, "%llu", (unsigned long long)v);
        out->value = out->dec;
    }
    bool taps = !strcmp(s->chain[comp], "eq_fir") && !strcmp(out->key, "taps");
    if (taps ? !taps_list(out->value)
             : !plain_word(out->value, strlen(out->value))) {
        fprintf(stderr, "dspsim play: --set %s: value '%s' is not %s\n",
                out->key, out->value,
                taps ? "a comma-separated list of "
                       "numbers"
                     : "a single number or word");
        return false;
    }
    return true;
}

/* ---- text ---------------------------------------------------------- */

static bool grow(play_text *t, size_t more)
{
    if (t->len + more + 1 <= t->cap)
        return true;
    size_t nc = (t->cap ? t->cap * 2 : 4096) + more;
    char *n = realloc(t->text, nc);
    if (!n)
        return false;
    t->text = n;
    t->cap = nc;
    return true;
}

static bool put(play_text *t, const char *s, size_t n)
{
    if (!grow(t, n))
        return false;
    memcpy(t->text + t->len, s, n);
    t->len += n;
    t->text[t->len] = '\0';
    return true;
}

/* One line (fmt without the newline), owned by (from, index). */
static bool line(play_text *t, play_from from, unsigned index, const char *fmt,
                 ...) __attribute__((format(printf, 4, 5)));
static bool line(play_text *t, play_from from, unsigned index, const char *fmt,
                 ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !grow(t, (size_t)n + 1))
        return false;
    va_start(ap, fmt);
    vsnprintf(t->text + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
    if (!put(t, "\n", 1))
        return false;
    if (++t->lines <= PLAY_MAX_LINES) {
        t->line[t->lines].from = from;
        t->line[t->lines].index = index;
    }
    return true;
}

/* s as a YAML double-quoted scalar (escapes '"', '\\', control bytes). */
static char *quoted(const char *s)
{
    size_t n = strlen(s);
    char *q = malloc(4 * n + 3), *p = q;
    if (!q)
        return NULL;
    *p++ = '"';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            *p++ = '\\';
            *p++ = (char)c;
        } else if (c < 0x20 || c == 0x7f) {
            p += sprintf(p, "\\x%02x", c);
        } else {
            *p++ = (char)c;
        }
    }
    *p++ = '"';
    *p = '\0';
    return q;
}

static const char *fmt_of(const dsh_audio_info *i)
{
    /* integer PCM keeps its width; float and others go to s32 */
    return i->bits == 16 ? "s16" : i->bits == 24 ? "s24" : "s32";
}

/* Component ci of the chain: its --set keys one a line. */
static bool component(const play_spec *s, play_text *t, unsigned ci,
                      const char *id)
{
    const char *type = s->chain[ci];
    bool ok = line(t, PLAY_FROM_NONE, 0, "      - id: %s", id) &&
              line(t, PLAY_FROM_NONE, 0, "        type: %s", type);
    bool iir = !strcmp(type, "eq_iir");
    unsigned n = 0;
    for (unsigned i = 0; i < s->n_sets; i++)
        n += s->sets[i].comp == ci && strcmp(s->sets[i].key, "core");
    if (iir && !n)
        return ok && line(t, PLAY_FROM_NONE, 0, "        biquads: [{}]");
    if (iir)
        ok = ok && line(t, PLAY_FROM_NONE, 0, "        biquads:");
    for (unsigned i = 0, j = 0; i < s->n_sets && ok; i++) {
        const play_set *k = &s->sets[i];
        if (k->comp != ci || !strcmp(k->key, "core"))
            continue;
        const char *ind = !iir  ? "        "
                          : j++ ? "            "
                                : "          - ";
        if (!strcmp(type, "eq_fir") && !strcmp(k->key, "taps"))
            ok = line(t, PLAY_FROM_SET, i, "%s%s: [%s]", ind, k->key, k->value);
        else
            ok = line(t, PLAY_FROM_SET, i, "%s%s: %s", ind, k->key, k->value);
    }
    return ok;
}

/* The id of component ci: proc1, proc2, ... (mix1 for a mixer). */
static void comp_id(const play_spec *s, unsigned ci, char *id, size_t n)
{
    if (!strcmp(s->chain[ci], "mixer"))
        snprintf(id, n, "mix1");
    else
        snprintf(id, n, "proc%u", ci + 1);
}

/* The core of component ci (its last --set NAME.core=K), 0 if none. */
static unsigned core_of(const play_spec *s, unsigned ci)
{
    unsigned core = 0;
    for (unsigned i = 0; i < s->n_sets; i++)
        if (s->sets[i].comp == ci && !strcmp(s->sets[i].key, "core"))
            core = (unsigned)strtoul(s->sets[i].value, NULL, 10);
    return core;
}

static int set_index(const play_spec *s, const char *key)
{
    for (unsigned i = s->n_sets; i-- > 0;)
        if (!strcmp(s->sets[i].key, key))
            return (int)i;
    return -1;
}

static bool build(const play_spec *s, const char *const in_path[2],
                  const char *header, bool align, play_text *t)
{
    memset(t, 0, sizeof *t);
    bool mixer = !strcmp(s->chain[0], "mixer");
    char *in[2] = { NULL, NULL }, *out = quoted(s->out_name);
    bool ok = out != NULL;
    for (unsigned i = 0; i < s->n_in; i++)
        ok = ok && (in[i] = quoted(in_path[i])) != NULL;
    if (header)
        ok = ok && line(t, PLAY_FROM_NONE, 0, "%s", header);
    ok = ok && line(t, PLAY_FROM_NONE, 0, "name: play %s", s->pipe);
    if (s->cpu_mhz && s->cores > 1)
        ok = ok &&
             line(t, PLAY_FROM_CPU, 0, "board: {cpu_hz: %u000000, cores: %u}",
                  s->cpu_mhz, s->cores);
    else if (s->cpu_mhz)
        ok = ok &&
             line(t, PLAY_FROM_CPU, 0, "board: {cpu_hz: %u000000}", s->cpu_mhz);
    else if (s->cores > 1)
        ok = ok && line(t, PLAY_FROM_NONE, 0, "board: {cores: %u}", s->cores);
    if (align)
        ok = ok && line(t, PLAY_FROM_NONE, 0, "align_outputs: true");
    char ids[PLAY_MAX_CHAIN][16];
    for (unsigned ci = 0; ci < s->n_chain; ci++)
        comp_id(s, ci, ids[ci], sizeof ids[ci]);
    ok = ok && line(t, PLAY_FROM_NONE, 0, "pipelines:");
    /* one pipeline per run of components on one core (one in all without
     * NAME.core): host1 [host2] -> the chain in order -> dai1, a link
     * (listed by the producer) where the core changes */
    for (unsigned first = 0, pipe = 1; first < s->n_chain && ok; pipe++) {
        unsigned core = core_of(s, first), last = first;
        while (last + 1 < s->n_chain && core_of(s, last + 1) == core)
            last++;
        bool tail = last + 1 == s->n_chain;
        ok = line(t, PLAY_FROM_NONE, 0, "  - id: %u", pipe) &&
             line(t, PLAY_FROM_PERIOD, 0, "    period_us: %u", s->period_us);
        if (core)
            ok = ok && line(t, PLAY_FROM_NONE, 0, "    core: %u", core);
        ok = ok && line(t, PLAY_FROM_NONE, 0, "    components:");
        for (unsigned i = 0; first == 0 && i < s->n_in && ok; i++)
            ok = line(t, PLAY_FROM_IN, i,
                      "      - {id: host%u, type: host, "
                      "stream: in%u}",
                      i + 1, i + 1);
        for (unsigned ci = first; ci <= last && ok; ci++)
            ok = component(s, t, ci, ids[ci]);
        if (tail)
            ok = ok && line(t, PLAY_FROM_NONE, 0,
                            "      - {id: dai1, type: dai, "
                            "port: ssp0}");
        char conn[512];
        int n = snprintf(conn, sizeof conn, "    connect: [");
        if (first == 0) {
            n += snprintf(conn + n, sizeof conn - (size_t)n, "[host1, %s], ",
                          ids[0]);
            if (mixer)
                n += snprintf(conn + n, sizeof conn - (size_t)n,
                              "[host2, %s], ", ids[0]);
        }
        for (unsigned ci = first + 1; ci <= last; ci++)
            n += snprintf(conn + n, sizeof conn - (size_t)n, "[%s, %s], ",
                          ids[ci - 1], ids[ci]);
        snprintf(conn + n, sizeof conn - (size_t)n, "[%s, %s]]", ids[last],
                 tail ? "dai1" : ids[last + 1]);
        ok = ok && line(t, PLAY_FROM_NONE, 0, "%s", conn);
        first = last + 1;
    }
    ok = ok && line(t, PLAY_FROM_NONE, 0, "streams:");
    for (unsigned i = 0; i < s->n_in && ok; i++)
        ok = line(t, PLAY_FROM_IN, i, "  in%u:", i + 1) &&
             line(t, PLAY_FROM_IN, i, "    input: %s", in[i]) &&
             line(t, PLAY_FROM_IN, i, "    format: %s", fmt_of(s->info[i]));
    int ri = set_index(s, "out_rate");
    ok = ok && line(t, PLAY_FROM_NONE, 0, "ports:") &&
         line(t, PLAY_FROM_NONE, 0, "  ssp0:") &&
         line(t, ri >= 0 ? PLAY_FROM_SET : PLAY_FROM_OUT,
              ri >= 0 ? (unsigned)ri : 0, "    rate: %u", s->out_rate) &&
         line(t, PLAY_FROM_OUT, 0, "    channels: %u", s->info[0]->channels) &&
         line(t, PLAY_FROM_OUT, 0, "    format: %s", fmt_of(s->info[0])) &&
         line(t, PLAY_FROM_OUT, 0, "    output: %s", out);
    free(in[0]);
    free(in[1]);
    free(out);
    if (!ok)
        play_case_free(t);
    return ok;
}

bool play_case_build(const play_spec *s, play_text *t)
{
    return build(s, s->in, NULL, false, t);
}

bool play_case_build_saved(const play_spec *s, const char *const abs_in[2],
                           bool raw, play_text *t)
{
    return build(s, abs_in,
                 "# Written by `dspsim play --save-case`: "
                 "`dspsim run` on this file\n# gives the output `dspsim "
                 "play` gave (docs/cli.md).",
                 !raw, t);
}

void play_case_free(play_text *t)
{
    free(t->text);
    memset(t, 0, sizeof *t);
}

/* ---- diagnostics --------------------------------------------------- */

/* The message without "FILE:L:C: " and a leading key path
 * ("pipelines[0].components[1].gain_db: "). */
static const char *text_of(const char *msg, const char *case_path)
{
    size_t n = strlen(case_path);
    if (!strncmp(msg, case_path, n) && msg[n] == ':') {
        msg += n + 1;
        while ((*msg >= '0' && *msg <= '9') || *msg == ':')
            msg++;
        while (*msg == ' ')
            msg++;
    }
    const char *colon = strstr(msg, ": ");
    if (colon && (!strncmp(msg, "pipelines[", 10) ||
                  !strncmp(msg, "streams.", 8) || !strncmp(msg, "ports.", 6)))
        msg = colon + 2;
    return msg;
}

void play_case_diag(const play_spec *s, const play_text *t, const dsh_diag *d,
                    const char *case_path, FILE *f)
{
    unsigned n = d->count < DSH_DIAG_MAX ? d->count : DSH_DIAG_MAX;
    bool said[PLAY_MAX_SETS + 5] = { false }, owned = false;
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < n; i++) {
            unsigned l = d->mark[i].line;
            play_from from = l && l <= t->lines && l <= PLAY_MAX_LINES
                                 ? t->line[l].from
                                 : PLAY_FROM_NONE;
            unsigned idx = from == PLAY_FROM_NONE ? 0 : t->line[l].index;
            const char *msg = text_of(d->msg[i], case_path);
            if (pass == 0 && from != PLAY_FROM_NONE) {
                /* the first problem of each argument (later ones follow
                 * from it) */
                unsigned slot = from == PLAY_FROM_SET   ? 5 + idx
                                : from == PLAY_FROM_IN  ? idx
                                : from == PLAY_FROM_OUT ? 2
                                : from == PLAY_FROM_CPU ? 4
                                                        : 3;
                if (said[slot])
                    continue;
                said[slot] = owned = true;
                if (from == PLAY_FROM_SET)
                    fprintf(f, "dspsim play: --set %s: %s\n", s->sets[idx].arg,
                            msg);
                else if (from == PLAY_FROM_IN)
                    fprintf(f, "dspsim play: input '%s': %s\n", s->in[idx],
                            msg);
                else if (from == PLAY_FROM_OUT)
                    fprintf(f, "dspsim play: output '%s': %s\n", s->out, msg);
                else if (from == PLAY_FROM_CPU)
                    fprintf(f, "dspsim play: --cpu-mhz %u: %s\n", s->cpu_mhz,
                            msg);
                else
                    fprintf(f, "dspsim play: --period-us %u: %s\n",
                            s->period_us, msg);
            } else if (pass == 1 && from == PLAY_FROM_NONE && !owned) {
                fprintf(f, "dspsim play: the %s pipeline: %s\n", s->pipe, msg);
            }
        }
    }
}
