/* SPDX-License-Identifier: BSD-3-Clause */
/* JUnit XML report of a `dspsim test` run (report.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

static void xml_text(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\n': fputs("&#10;", f); break;
        case '\t': fputs("&#9;", f); break;
        default:
            if (*p >= 0x20)
                fputc(*p, f);   /* other controls are not valid XML 1.0 */
        }
    }
}

/* "dir/sub/case.yaml" -> "dir.sub.case" */
static void classname(FILE *f, const char *path)
{
    while (path[0] == '.' && path[1] == '/')
        path += 2;
    while (*path == '/')
        path++;
    const char *end = path + strlen(path);
    const char *dot = strrchr(path, '.');
    if (dot && dot > path && !strchr(dot, '/'))
        end = dot;
    char buf[1024];
    size_t n = 0;
    for (const char *p = path; p < end && n + 1 < sizeof buf; p++)
        buf[n++] = *p == '/' ? '.' : *p;
    buf[n] = 0;
    xml_text(f, buf);
}

bool dsh_report_write_junit(const char *path, const dsh_report *r,
                            char *err, size_t errsz)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errsz, "%s: cannot create: %s", path, strerror(errno));
        return false;
    }
    char counts[256];
    snprintf(counts, sizeof counts, "tests=\"%zu\" failures=\"%zu\" "
             "errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\"", r->n,
             r->count[DSH_RES_FAIL], r->count[DSH_RES_ERROR],
             r->count[DSH_RES_SKIP], r->seconds);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"dspsim test\" %s>\n", counts);
    fprintf(f, "  <testsuite name=\"dspsim\" %s>\n", counts);
    for (size_t i = 0; i < r->n; i++) {
        const dsh_report_entry *e = &r->entries[i];
        fprintf(f, "    <testcase classname=\"");
        classname(f, e->path);
        fprintf(f, "\" name=\"");
        xml_text(f, e->name);
        fprintf(f, "\" file=\"");
        xml_text(f, e->path);
        fprintf(f, "\" time=\"%.3f\"", e->result->seconds);
        const char *tag = e->result->status == DSH_RES_FAIL    ? "failure"
                          : e->result->status == DSH_RES_ERROR ? "error"
                          : e->result->status == DSH_RES_SKIP  ? "skipped"
                                                               : NULL;
        if (!tag) {
            fprintf(f, "/>\n");
            continue;
        }
        fprintf(f, ">\n      <%s message=\"", tag);
        xml_text(f, e->result->message);
        fprintf(f, "\"/>\n    </testcase>\n");
    }
    fprintf(f, "  </testsuite>\n</testsuites>\n");
    if (ferror(f) | fclose(f)) {
        snprintf(err, errsz, "%s: write error", path);
        return false;
    }
    return true;
}
