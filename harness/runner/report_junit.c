/* SPDX-License-Identifier: BSD-3-Clause */
/* JUnit XML report of a `dspsim test` run, written with libxml2's
 * xmlTextWriter (report.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "report.h"
#include "textout/out_file.h"
#include "textout/text_utf8.h"

typedef xmlTextWriterPtr W;

/* An attribute whose value may be any bytes (text_utf8.h: lossy, XML
 * characters only).  0 or -1. */
static int attr(W w, const char *name, const char *value)
{
    char *v = dsh_utf8_lossy(value ? value : "", true);
    int rc = v ? xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST v) : -1;
    free(v);
    return rc < 0 ? -1 : 0;
}

static int attrf(W w, const char *name, const char *fmt, double v)
{
    char b[64];
    snprintf(b, sizeof b, fmt, v);
    return attr(w, name, b);
}

static int counts(W w, const dsh_report *r)
{
    char b[32];
    static const struct {
        const char *name;
        int st;
    } k[] = {
        { "failures", DSH_RES_FAIL },
        { "errors", DSH_RES_ERROR },
        { "skipped", DSH_RES_SKIP },
    };
    snprintf(b, sizeof b, "%zu", r->n);
    if (attr(w, "tests", b))
        return -1;
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        snprintf(b, sizeof b, "%zu", r->count[k[i].st]);
        if (attr(w, k[i].name, b))
            return -1;
    }
    return attrf(w, "time", "%.3f", r->seconds);
}

static int testcase(W w, const dsh_report_entry *e)
{
    const dsh_case_result *res = e->result;
    char cls[1024];
    dsh_report_classname(e->root, e->path, cls, sizeof cls);
    if (xmlTextWriterStartElement(w, BAD_CAST "testcase") < 0 ||
        attr(w, "classname", cls) || attr(w, "name", e->name) ||
        attr(w, "file", e->path) || attrf(w, "time", "%.3f", res->seconds))
        return -1;
    const char *tag = res->status == DSH_RES_FAIL    ? "failure"
                      : res->status == DSH_RES_ERROR ? "error"
                      : res->status == DSH_RES_SKIP  ? "skipped"
                                                     : NULL;
    if (tag &&
        (xmlTextWriterStartElement(w, BAD_CAST tag) < 0 ||
         attr(w, "message", res->message) || xmlTextWriterEndElement(w) < 0))
        return -1;
    if ((res->status == DSH_RES_FAIL || res->status == DSH_RES_ERROR) &&
        res->log[0]) {
        char *t = dsh_utf8_lossy(res->log, true);
        int rc = t ? xmlTextWriterWriteElement(w, BAD_CAST "system-out",
                                               BAD_CAST t)
                   : -1;
        free(t);
        if (rc < 0)
            return -1;
    }
    return xmlTextWriterEndElement(w) < 0 ? -1 : 0;
}

static int document(W w, const dsh_report *r)
{
    char ts[32], host[256];
    dsh_report_timestamp(r->started, false, ts, sizeof ts);
    const char *h = dsh_report_hostname(r, host, sizeof host);
    if (xmlTextWriterSetIndent(w, 1) < 0 ||
        xmlTextWriterSetIndentString(w, BAD_CAST "  ") < 0 ||
        xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) < 0 ||
        xmlTextWriterStartElement(w, BAD_CAST "testsuites") < 0 ||
        attr(w, "name", "dspsim test") || counts(w, r) ||
        attr(w, "timestamp", ts) ||
        xmlTextWriterStartElement(w, BAD_CAST "testsuite") < 0 ||
        attr(w, "name", "dspsim") || counts(w, r) || attr(w, "timestamp", ts) ||
        attr(w, "hostname", h))
        return -1;
    for (size_t i = 0; i < r->n; i++)
        if (testcase(w, &r->entries[i]))
            return -1;
    return xmlTextWriterEndDocument(w) < 0 ? -1 : 0;
}

bool dsh_report_write_junit(const char *path, const dsh_report *r, char *err,
                            size_t errsz)
{
    xmlBufferPtr buf = xmlBufferCreate();
    W w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
    bool ok = w && document(w, r) == 0;
    if (w)
        xmlFreeTextWriter(w); /* flushes into buf */
    if (!ok) {
        if (buf)
            xmlBufferFree(buf);
        snprintf(err, errsz, "%s: cannot build the JUnit XML", path);
        return false;
    }
    dsh_out_file o;
    if (!dsh_out_open(&o, path, err, errsz)) {
        xmlBufferFree(buf);
        return false;
    }
    size_t len = (size_t)xmlBufferLength(buf);
    ok = fwrite(xmlBufferContent(buf), 1, len, o.f) == len;
    xmlBufferFree(buf);
    return dsh_out_close(&o, ok, err, errsz);
}
