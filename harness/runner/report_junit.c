/* SPDX-License-Identifier: BSD-3-Clause */
/* JUnit XML report of a `dspsim test` run (report.h).  A handful of
 * elements and attributes, written here with XML 1.0's escapes: the
 * values pass through text_utf8.h first (any bytes to XML characters),
 * so what is written is well-formed whatever a case's name or log holds
 * (tests/harness checks it with xmllint).  (It was libxml2's
 * xmlTextWriter: linking libxml2, and through it ICU and libstdc++, cost
 * every dspsim command about 4 ms of start-up, 40 % of it.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "textout/markup_esc.h"
#include "textout/out_file.h"

/* s escaped (markup_esc.h): in an attribute value (attr) the quote and
 * the white space a parser would normalise as character references, in
 * text only what markup needs (and CR, which a parser turns into LF).
 * false: out of memory. */
static bool put_text(FILE *f, const char *s, bool attr)
{
    return dsh_markup_esc_n(f, s, s ? strlen(s) : 0,
                            DSH_ESC_CR |
                                (attr ? DSH_ESC_QUOT | DSH_ESC_ATTR_WS : 0u));
}

/*  name="value" */
static bool attr(FILE *f, const char *name, const char *value)
{
    fprintf(f, " %s=\"", name);
    bool ok = put_text(f, value, true);
    fputc('"', f);
    return ok;
}

static bool attrf(FILE *f, const char *name, const char *fmt, double v)
{
    char b[64];
    snprintf(b, sizeof b, fmt, v);
    return attr(f, name, b);
}

static bool counts(FILE *f, const dsh_report *r)
{
    static const struct {
        const char *name;
        int st;
    } k[] = {
        { "failures", DSH_RES_FAIL },
        { "errors", DSH_RES_ERROR },
        { "skipped", DSH_RES_SKIP },
    };
    fprintf(f, " tests=\"%zu\"", r->n);
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
        fprintf(f, " %s=\"%zu\"", k[i].name, r->count[k[i].st]);
    return attrf(f, "time", "%.3f", r->seconds);
}

static bool testcase(FILE *f, const dsh_report_entry *e)
{
    const dsh_case_result *res = e->result;
    char cls[1024];
    dsh_report_classname(e->root, e->path, cls, sizeof cls);
    fputs("    <testcase", f);
    if (!attr(f, "classname", cls) || !attr(f, "name", e->name) ||
        !attr(f, "file", e->path) || !attrf(f, "time", "%.3f", res->seconds))
        return false;
    const char *tag = res->status == DSH_RES_FAIL    ? "failure"
                      : res->status == DSH_RES_ERROR ? "error"
                      : res->status == DSH_RES_SKIP  ? "skipped"
                                                     : NULL;
    bool log = (res->status == DSH_RES_FAIL || res->status == DSH_RES_ERROR) &&
               res->log[0];
    if (!tag) {
        fputs("/>\n", f);
        return true;
    }
    fprintf(f, ">\n      <%s", tag);
    if (!attr(f, "message", res->message))
        return false;
    fputs("/>\n", f);
    if (log) {
        fputs("      <system-out>", f);
        if (!put_text(f, res->log, false))
            return false;
        fputs("</system-out>\n", f);
    }
    fputs("    </testcase>\n", f);
    return true;
}

static bool document(FILE *f, const dsh_report *r)
{
    char ts[32], host[256];
    dsh_report_timestamp(r->started, false, ts, sizeof ts);
    const char *h = dsh_report_hostname(r, host, sizeof host);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", f);
    if (!attr(f, "name", "dspsim test") || !counts(f, r) ||
        !attr(f, "timestamp", ts))
        return false;
    fputs(">\n  <testsuite", f);
    if (!attr(f, "name", "dspsim") || !counts(f, r) ||
        !attr(f, "timestamp", ts) || !attr(f, "hostname", h))
        return false;
    fputs(">\n", f);
    for (size_t i = 0; i < r->n; i++)
        if (!testcase(f, &r->entries[i]))
            return false;
    fputs("  </testsuite>\n</testsuites>\n", f);
    return true;
}

bool dsh_report_write_junit(const char *path, const dsh_report *r, char *err,
                            size_t errsz)
{
    dsh_out_file o;
    if (!dsh_out_open(&o, path, err, errsz))
        return false;
    if (!document(o.f, r)) {
        dsh_out_close(&o, false, err, errsz);
        snprintf(err, errsz, "%s: cannot build the JUnit XML (out of memory)",
                 path);
        return false;
    }
    return dsh_out_close(&o, true, err, errsz);
}
