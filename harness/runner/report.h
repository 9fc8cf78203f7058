/* SPDX-License-Identifier: BSD-3-Clause */
/* Machine-readable reports of a `dspsim test` run.
 *
 * JSON (--json FILE), UTF-8, keys in this order:
 *   { "tool": "dspsim test", "version": 1,
 *     "shard": { "index": I, "count": N },
 *     "summary": { "total": T, "passed": P, "failed": F, "errors": E,
 *                  "skipped": S, "seconds": X.XXX },
 *     "cases": [ { "path": "...", "name": "...", "status": "passed" |
 *                  "failed" | "errors" | "skipped", "message": "...",
 *                  "seconds": X.XXX }, ... ] }      (sorted by path)
 *
 * JUnit XML (--junit FILE): one <testsuites>/<testsuite name="dspsim">
 * with a <testcase classname="DIR.DIR.FILE" name="CASE NAME" file="PATH"
 * time="S"> per case, holding <failure message=...>, <error message=...>
 * or <skipped message=...> as applicable. */
#ifndef DSH_REPORT_H
#define DSH_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "runner.h"

typedef struct dsh_report_entry {
    const char *path;
    const char *name;
    const dsh_case_result *result;
} dsh_report_entry;

typedef struct dsh_report {
    const dsh_report_entry *entries;
    size_t n;
    unsigned shard_index, shard_count;
    double seconds;
    size_t count[4];        /* by dsh_res_status */
} dsh_report;

void dsh_report_count(dsh_report *r);   /* fills count[] from entries */
bool dsh_report_write_json(const char *path, const dsh_report *r, char *err,
                           size_t errsz);
bool dsh_report_write_junit(const char *path, const dsh_report *r,
                            char *err, size_t errsz);

#endif
