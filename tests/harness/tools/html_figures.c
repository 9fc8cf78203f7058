/* SPDX-License-Identifier: BSD-3-Clause */
/* html_figures REPORT.json HTML_DIR: the figures of `dspsim test --html`
 * against those of its --json report (docs/harness.md "HTML report").
 *
 * For every case of the JSON report: its row in HTML_DIR/index.html
 * (<tr class="case" data-path=PATH>) and its page (the row's data-page)
 * must show every check of the JSON -- the same subject, check, value,
 * bounds (data-min/data-max present exactly when the JSON has min/max)
 * and verdict -- and nothing more, and the run's figures (index: MCPS,
 * worst load, misses, xruns, host time; page: also cycles, CPU clock,
 * audio seconds, IPC errors).  A value is equal when the number the HTML
 * carries (data-value) reads as the very double the JSON holds, and the
 * cell's text is that data-value.  The index's rows must come failures
 * first (failed, error, skipped, passed).  Read with libxml2's HTML
 * parser and jansson.  Prints each mismatch and "N cases, M figures
 * compared"; exit 0 all equal, 1 a mismatch, 2 a file unreadable. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

static unsigned bad, compared;

static void mismatch(const char *where, const char *fmt, const char *a,
                     const char *b)
{
    printf("MISMATCH %s: ", where);
    printf(fmt, a, b);
    printf("\n");
    bad++;
}

static char *attr(xmlNode *n, const char *name)
{
    return (char *)xmlGetProp(n, (const xmlChar *)name);
}

static bool has_class(xmlNode *n, const char *cls)
{
    char *c = attr(n, "class");
    bool yes = false;
    if (c) {
        size_t l = strlen(cls);
        for (char *p = c; (p = strstr(p, cls)); p++)
            if ((p == c || p[-1] == ' ') && (!p[l] || p[l] == ' '))
                yes = true;
    }
    xmlFree(c);
    return yes;
}

/* every element named `tag` with class `cls` under n, in document order */
static void collect(xmlNode *n, const char *tag, const char *cls,
                    xmlNode ***out, size_t *cnt)
{
    for (; n; n = n->next) {
        if (n->type == XML_ELEMENT_NODE &&
            !strcmp((const char *)n->name, tag) &&
            (!cls || has_class(n, cls))) {
            *out = realloc(*out, (*cnt + 1) * sizeof **out);
            (*out)[(*cnt)++] = n;
        }
        collect(n->children, tag, cls, out, cnt);
    }
}

/* the element with data-field=field under n (NULL: none) */
static xmlNode *field(xmlNode *n, const char *name)
{
    for (; n; n = n->next) {
        if (n->type == XML_ELEMENT_NODE) {
            char *f = attr(n, "data-field");
            bool yes = f && !strcmp(f, name);
            xmlFree(f);
            if (yes)
                return n;
            xmlNode *c = field(n->children, name);
            if (c)
                return c;
        }
    }
    return NULL;
}

static double jnum(const json_t *v)
{
    return json_is_integer(v) ? (double)json_integer_value(v)
                              : json_real_value(v);
}

/* data-value of n (and its text, when text) against the JSON number */
static void same_number(const char *where, xmlNode *n, const char *name,
                        const json_t *want, bool text)
{
    if (!want) {
        mismatch(where, "%s%s: not in the JSON report", name, "");
        return;
    }
    if (!n) {
        mismatch(where, "%s%s: missing in the HTML", name, "");
        return;
    }
    char *v = attr(n, "data-value");
    char w[64];
    snprintf(w, sizeof w, "%.17g", jnum(want));
    compared++;
    if (!v || strtod(v, NULL) != jnum(want))
        mismatch(where, "HTML %s, JSON %s", v ? v : "(none)", w);
    if (v && text) {
        xmlChar *t = xmlNodeGetContent(n);
        if (!t || strcmp((const char *)t, v))
            mismatch(where, "cell text '%s', data-value '%s'",
                     t ? (const char *)t : "", v);
        xmlFree(t);
    }
    xmlFree(v);
}

static bool same_attr(xmlNode *n, const char *name, const char *want)
{
    char *v = attr(n, name);
    bool yes = v && !strcmp(v, want);
    xmlFree(v);
    return yes;
}

/* the checks of the JSON case against the elements (tag.cls) under n */
static void checks(const char *where, xmlNode *n, const char *tag,
                   const char *cls, const json_t *jc)
{
    xmlNode **els = NULL;
    size_t cnt = 0;
    collect(n, tag, cls, &els, &cnt);
    char w[600];
    if (cnt != json_array_size(jc)) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", cnt);
        snprintf(b, sizeof b, "%zu", json_array_size(jc));
        mismatch(where, "%s checks in the HTML, %s in the JSON", a, b);
    }
    for (size_t i = 0; i < json_array_size(jc); i++) {
        const json_t *c = json_array_get(jc, i);
        const char *subj = json_string_value(json_object_get(c, "subject"));
        const char *chk = json_string_value(json_object_get(c, "check"));
        snprintf(w, sizeof w, "%s: %s %s", where, subj, chk);
        xmlNode *e = NULL;
        for (size_t k = 0; k < cnt && !e; k++)
            if (same_attr(els[k], "data-subject", subj) &&
                same_attr(els[k], "data-check", chk))
                e = els[k];
        if (!e) {
            mismatch(w, "%s%s: missing in the HTML", "", "");
            continue;
        }
        same_number(w, e, "value", json_object_get(c, "value"), false);
        static const char *const bounds[2][2] = { { "min", "data-min" },
                                                  { "max", "data-max" } };
        for (int b = 0; b < 2; b++) {
            const json_t *jb = json_object_get(c, bounds[b][0]);
            char *hb = attr(e, bounds[b][1]);
            compared++;
            if (!jb != !hb)
                mismatch(w, "%s: %s in only one of them", bounds[b][0],
                         jb ? "in the JSON" : "in the HTML");
            else if (jb && strtod(hb, NULL) != jnum(jb))
                mismatch(w, "%s differs: HTML %s", bounds[b][0], hb);
            xmlFree(hb);
        }
        bool passed = json_is_true(json_object_get(c, "passed"));
        compared++;
        if (!same_attr(e, "data-passed", passed ? "true" : "false"))
            mismatch(w, "verdict differs (JSON %s%s)",
                     passed ? "passed" : "failed", "");
    }
    free(els);
}

static int rank(const char *s)
{
    static const char *const order[] = { "failed", "error", "skipped",
                                         "passed" };
    for (int i = 0; i < 4; i++)
        if (s && !strcmp(s, order[i]))
            return i;
    return 4;
}

static htmlDocPtr parse(const char *path)
{
    return htmlReadFile(path, "utf-8",
                        HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
                            HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: html_figures REPORT.json HTML_DIR\n");
        return 2;
    }
    json_error_t je;
    json_t *root = json_load_file(argv[1], 0, &je);
    char path[4096];
    snprintf(path, sizeof path, "%s/index.html", argv[2]);
    htmlDocPtr index = parse(path);
    if (!root || !index) {
        fprintf(stderr, "html_figures: cannot read %s\n",
                root ? path : argv[1]);
        return 2;
    }
    xmlNode **rows = NULL;
    size_t nrows = 0;
    collect(xmlDocGetRootElement(index), "tr", "case", &rows, &nrows);
    const json_t *cases = json_object_get(root, "cases");
    if (nrows != json_array_size(cases)) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", nrows);
        snprintf(b, sizeof b, "%zu", json_array_size(cases));
        mismatch("index.html", "%s case rows, %s cases in the JSON", a, b);
    }
    int last = -1;
    for (size_t k = 0; k < nrows; k++) {
        char *st = attr(rows[k], "data-status");
        int r = rank(st);
        if (r < last)
            mismatch("index.html", "row order: a '%s' row after a %s one",
                     st ? st : "?", "less failed");
        last = r;
        xmlFree(st);
    }
    static const char *const index_fields[] = { "mcps", "worst_load_pct",
                                                "deadline_misses", "xruns" };
    static const char *const page_fields[] = {
        "cycles",         "cpu_hz",          "audio_seconds", "mcps",
        "worst_load_pct", "deadline_misses", "xruns",         "ipc_errors"
    };
    for (size_t i = 0; i < json_array_size(cases); i++) {
        const json_t *c = json_array_get(cases, i);
        const char *p = json_string_value(json_object_get(c, "path"));
        const json_t *run = json_object_get(c, "run");
        char w[4200];
        xmlNode *row = NULL;
        for (size_t k = 0; k < nrows && !row; k++)
            if (same_attr(rows[k], "data-path", p))
                row = rows[k];
        snprintf(w, sizeof w, "index.html %s", p);
        if (!row) {
            mismatch(w, "%s%s: no row", "", "");
            continue;
        }
        if (!same_attr(row, "data-status",
                       json_string_value(json_object_get(c, "status"))))
            mismatch(w, "status differs from the JSON's '%s'%s",
                     json_string_value(json_object_get(c, "status")), "");
        checks(w, row->children, "span", "chk", json_object_get(c, "checks"));
        same_number(w, field(row->children, "seconds"), "seconds",
                    json_object_get(c, "seconds"), true);
        for (size_t f = 0; run && f < 4; f++)
            same_number(w, field(row->children, index_fields[f]),
                        index_fields[f], json_object_get(run, index_fields[f]),
                        true);
        /* the case's page */
        char *page = attr(row, "data-page");
        snprintf(path, sizeof path, "%s/%s", argv[2], page ? page : "");
        xmlFree(page);
        htmlDocPtr doc = parse(path);
        snprintf(w, sizeof w, "%s (%s)", path, p);
        if (!doc) {
            mismatch(w, "%s%s: cannot read the page", "", "");
            continue;
        }
        xmlNode *top = xmlDocGetRootElement(doc);
        checks(w, top, "tr", "check", json_object_get(c, "checks"));
        same_number(w, field(top, "seconds"), "seconds",
                    json_object_get(c, "seconds"), true);
        for (size_t f = 0; run && f < 8; f++)
            same_number(w, field(top, page_fields[f]), page_fields[f],
                        json_object_get(run, page_fields[f]), true);
        xmlFreeDoc(doc);
    }
    printf("%zu cases, %u figures compared, %u mismatches\n",
           json_array_size(cases), compared, bad);
    free(rows);
    xmlFreeDoc(index);
    json_decref(root);
    return bad ? 1 : 0;
}
