/* SPDX-License-Identifier: BSD-3-Clause */
/* Machine-readable reports of a `dspsim test` run (docs/harness.md
 * "Reports").  Both are written whole or not at all (textout/out_file.h).
 *
 * JSON (--json FILE), UTF-8, written with jansson, keys in this order:
 *   { "tool": "dspsim test", "version": 2,
 *     "timestamp": "YYYY-MM-DDTHH:MM:SSZ" (run start), "hostname": "...",
 *     "shard": { "index": I, "count": N },
 *     "summary": { "total": T, "passed": P, "failed": F, "errors": E,
 *                  "skipped": S, "seconds": X },
 *     "cases": [ { "path": "...", "name": "...", "classname": "...",
 *                  "status": "passed" | "failed" | "error" | "skipped",
 *                  "message": "...", "seconds": X,
 *                  "checks": [ { "subject": "out", "check": "gain_db",
 *                                "value": V, "unit": "dB", "min": A,
 *                                "max": B, "passed": true }, ... ],
 *                  "run": { "cycles": C, "cpu_hz": H,
 *                           "audio_seconds": X, "mcps": M,
 *                           "worst_load_pct": L, "deadline_misses": D,
 *                           "xruns": X, "ipc_errors": I,
 *                           "pipelines": [ { "id", "periods",
 *                               "period_cycles", "avg_cycles",
 *                               "worst_cycles", "misses" } ],
 *                           "components": [ { "name", "mcps",
 *                                             "worst_pct" } ] },
 *                  "log": "..." }, ... ] }                (sorted by path)
 * "checks" holds one entry per figure an expectation measured (min / max
 * only where the expectation bounds that side); "run" is there when the
 * case ran on the board; "log" (the diagnosis, panic report and firmware
 * log tail) only for a failed or errored case.  Text that is not valid
 * UTF-8 (path, name, message, log) is written with each invalid byte as
 * U+FFFD, and KEY_hex beside it holds the exact bytes in hex
 * (textout/json_out.h).
 *
 * JUnit XML (--junit FILE), written with libxml2's xmlTextWriter: one
 * <testsuites> holding one <testsuite name="dspsim"> (both with tests,
 * failures, errors, skipped, time; the testsuite with timestamp and
 * hostname), a <testcase classname="DIR.DIR.FILE" name="CASE NAME"
 * file="PATH" time="S"> per case, where the classname is the case path
 * relative to the search root it was found under, without its extension,
 * '/' -> '.'.  A case holds <failure message=...>, <error message=...> or
 * <skipped message=...> as applicable, and a failed or errored case its
 * log in <system-out>.  Text that is not valid UTF-8, and characters
 * XML 1.0 cannot hold (C0 controls but tab, LF, CR), are written as
 * U+FFFD. */
#ifndef DSH_REPORT_H
#define DSH_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "runner.h"

typedef struct dsh_report_entry {
    const char *path;
    const char *name;
    const dsh_case_result *result;
    const char *root;    /* the search path the case was found under, for
                           its classname (NULL: the path's own dirs) */
    const char *out_dir; /* its output directory (the HTML report's plot
                            data); NULL = none */
    /* where its plot data's text is once it ran (a job's plot_text, the
     * length in result->plot_len), when a worker sent it instead of
     * writing the file; NULL: read from out_dir */
    char *const *plot_text;
} dsh_report_entry;

typedef struct dsh_report {
    const dsh_report_entry *entries;
    size_t n;
    unsigned shard_index, shard_count;
    double seconds;
    size_t count[4];      /* by dsh_res_status */
    time_t started;       /* wall-clock start of the run (UTC in files);
                               0: the time of writing */
    const char *hostname; /* NULL: gethostname() */
} dsh_report;

void dsh_report_count(dsh_report *r); /* fills count[] from entries */

/* The classname of a case: its path relative to root (when root is a
 * leading directory of it), without the extension, leading "./" and "/"
 * removed, '/' -> '.' ("vectors/cases/eq/a.yaml" under "vectors/cases"
 * -> "eq.a"; root == path: the file name alone).  Written to out (truncated to outsz). */
void dsh_report_classname(const char *root, const char *path, char *out,
                          size_t outsz);

/* The search root a case path was found under: the longest of paths[]
 * that is a leading directory of path, or path itself when it was named
 * as a file (its classname is then its file name).  NULL when none. */
const char *dsh_report_root_of(const char *path, const char *const *paths,
                               size_t npaths);

/* ISO 8601 UTC "YYYY-MM-DDTHH:MM:SS" of t (0: now) in buf (>= 21),
 * with a trailing 'Z' when zone (JUnit's schema takes none). */
void dsh_report_timestamp(time_t t, bool zone, char *buf, size_t bufsz);
/* r->hostname, or this machine's name ("localhost" if unknown). */
const char *dsh_report_hostname(const dsh_report *r, char *buf, size_t bufsz);

bool dsh_report_write_json(const char *path, const dsh_report *r, char *err,
                           size_t errsz);
bool dsh_report_write_junit(const char *path, const dsh_report *r, char *err,
                            size_t errsz);

#endif
