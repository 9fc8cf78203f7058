/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON report of a `dspsim test` run (report.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

const char *dsh_res_status_name(dsh_res_status s)
{
    switch (s) {
    case DSH_RES_PASS: return "passed";
    case DSH_RES_FAIL: return "failed";
    case DSH_RES_SKIP: return "skipped";
    case DSH_RES_ERROR: return "error";
    }
    return "?";
}

void dsh_report_count(dsh_report *r)
{
    memset(r->count, 0, sizeof r->count);
    for (size_t i = 0; i < r->n; i++)
        r->count[r->entries[i].result->status]++;
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

bool dsh_report_write_json(const char *path, const dsh_report *r, char *err,
                           size_t errsz)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errsz, "%s: cannot create: %s", path, strerror(errno));
        return false;
    }
    fprintf(f, "{\n  \"tool\": \"dspsim test\",\n  \"version\": 1,\n");
    fprintf(f, "  \"shard\": {\"index\": %u, \"count\": %u},\n",
            r->shard_index, r->shard_count);
    fprintf(f, "  \"summary\": {\"total\": %zu, \"passed\": %zu, "
            "\"failed\": %zu, \"errors\": %zu, \"skipped\": %zu, "
            "\"seconds\": %.3f},\n", r->n, r->count[DSH_RES_PASS],
            r->count[DSH_RES_FAIL], r->count[DSH_RES_ERROR],
            r->count[DSH_RES_SKIP], r->seconds);
    fprintf(f, "  \"cases\": [");
    for (size_t i = 0; i < r->n; i++) {
        const dsh_report_entry *e = &r->entries[i];
        fprintf(f, "%s\n    {\"path\": ", i ? "," : "");
        json_string(f, e->path);
        fprintf(f, ", \"name\": ");
        json_string(f, e->name);
        fprintf(f, ", \"status\": \"%s\", \"message\": ",
                dsh_res_status_name(e->result->status));
        json_string(f, e->result->message);
        fprintf(f, ", \"seconds\": %.3f}", e->result->seconds);
    }
    fprintf(f, "%s]\n}\n", r->n ? "\n  " : "");
    if (ferror(f) | fclose(f)) {
        snprintf(err, errsz, "%s: write error", path);
        return false;
    }
    return true;
}
