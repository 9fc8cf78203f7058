/* SPDX-License-Identifier: BSD-3-Clause */
/* `dspsim test`: options, discovery, validation, selection, console
 * output and reports around the run pool (runner.h, docs/harness.md). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "discover.h"
#include "htmlreport/htmlreport.h"
#include "report.h"
#include "run_pool.h"
#include "runner.h"
#include "textout/out_file.h"

typedef struct options {
    const char **paths;
    size_t npaths;
    unsigned jobs;
    const char *filter;
    unsigned shard_index, shard_count;
    const char *junit, *json, *html;
    const char *out_dir;
    double timeout_s;
    bool list, fail_on_skip, progress, quiet;
} options;

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: dspsim test [PATHS...] [options]\n"
        "Run the harness test cases (*.yaml, *.yml) found under PATHS\n"
        "(default: the current directory); docs/harness.md.\n\n"
        "  -j, --jobs N         run N cases at once [number of CPUs]\n"
        "  --filter PATTERN     only cases whose name or path contains\n"
        "                       PATTERN (or matches it, if it holds * ? [)\n"
        "  --shard I/N          only the I-th of N shards (1 <= I <= N)\n"
        "  --junit FILE         write a JUnit XML report\n"
        "  --json FILE          write a JSON report\n"
        "  --html DIR           write an HTML report with plots: DIR/index.html\n"
        "                       and a page per case (docs/harness.md)\n"
        "  --out-dir DIR        case outputs go to DIR/<case path> "
        "[dspsim-test-out]\n"
        "  --timeout SECONDS    kill a case running longer (error) [none]\n"
        "  --list               list the selected cases, run nothing\n"
        "  --fail-on-skip       a skipped case makes the run fail\n"
        "  --no-progress        no progress line, even on a terminal\n"
        "  -q, --quiet          nothing on stdout or stderr but errors: no\n"
        "                       progress line, no PASS or SKIP line, no\n"
        "                       totals; a case that fails or errors is one\n"
        "                       line on stderr (\"dspsim test: FAIL ...\");\n"
        "                       the exit status the same\n"
        "  --firmware ELF       audio firmware image [the tree's]; missing\n"
        "                       or not loadable: exit 2, nothing run\n"
        "  --bundle-failures DIR  a failure bundle of each case that fails\n"
        "                       or errors: DIR/<case path>.tar, replayed\n"
        "                       anywhere with `dspsim run FILE.tar`\n"
        "  -h, --help           this help\n\n"
        "Exit status: 0 all selected cases passed (or were skipped), 1 a "
        "case\nfailed or errored, 2 usage error, invalid case file or bad "
        "firmware\n(nothing run).\n");
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "dspsim test: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see dspsim test --help)\n");
    return DSH_TEST_EXIT_USAGE;
}

enum { /* getopt_long codes of the long-only options */
       OPT_FILTER = 256,
       OPT_SHARD,
       OPT_JUNIT,
       OPT_JSON,
       OPT_HTML,
       OPT_OUT_DIR,
       OPT_TIMEOUT,
       OPT_LIST,
       OPT_FAIL_ON_SKIP,
       OPT_NO_PROGRESS,
};

static const struct option test_options[] = {
    { "help", no_argument, NULL, 'h' },
    { "jobs", required_argument, NULL, 'j' },
    { "filter", required_argument, NULL, OPT_FILTER },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "junit", required_argument, NULL, OPT_JUNIT },
    { "json", required_argument, NULL, OPT_JSON },
    { "html", required_argument, NULL, OPT_HTML },
    { "out-dir", required_argument, NULL, OPT_OUT_DIR },
    { "timeout", required_argument, NULL, OPT_TIMEOUT },
    { "list", no_argument, NULL, OPT_LIST },
    { "fail-on-skip", no_argument, NULL, OPT_FAIL_ON_SKIP },
    { "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
    { "quiet", no_argument, NULL, 'q' },
    { NULL, 0, NULL, 0 },
};

/* One option (v: its value, NULL when missing).  0 taken, -1 after
 * --help, else an exit status. */
static int take_option(int c, const char *v, options *o)
{
    char *end;
    switch (c) {
    case 'h':
        usage(stdout);
        return -1;
    case OPT_LIST:
        o->list = true;
        return 0;
    case OPT_FAIL_ON_SKIP:
        o->fail_on_skip = true;
        return 0;
    case OPT_NO_PROGRESS:
        o->progress = false;
        return 0;
    case 'q':
        o->quiet = true;
        o->progress = false;
        return 0;
    case 'j': {
        long n = v ? strtol(v, &end, 10) : 0;
        if (!v || !*v || *end || n < 1 || n > 1024)
            return usage_error("-j needs a number of jobs 1..1024, got "
                               "'%s'",
                               v ? v : "");
        o->jobs = (unsigned)n;
        return 0;
    }
    case OPT_FILTER:
        if (!v || !*v)
            return usage_error("%s needs a pattern", "--filter");
        o->filter = v;
        return 0;
    case OPT_SHARD:
        if (!v || !dsh_shard_parse(v, &o->shard_index, &o->shard_count))
            return usage_error("--shard needs I/N with 1 <= I <= N, "
                               "got '%s'",
                               v ? v : "");
        return 0;
    case OPT_JUNIT:
    case OPT_JSON:
        if (!v || !*v)
            return usage_error("%s needs a file name",
                               c == OPT_JUNIT ? "--junit" : "--json");
        *(c == OPT_JUNIT ? &o->junit : &o->json) = v;
        return 0;
    case OPT_HTML:
        if (!v || !*v)
            return usage_error("%s needs a directory", "--html");
        o->html = v;
        return 0;
    case OPT_OUT_DIR:
        if (!v || !*v)
            return usage_error("%s needs a directory", "--out-dir");
        o->out_dir = v;
        return 0;
    case OPT_TIMEOUT: {
        double t = v ? strtod(v, &end) : 0;
        if (!v || !*v || *end || !(t > 0) || t > 86400)
            return usage_error("--timeout needs seconds (0 < s <= "
                               "86400), got '%s'",
                               v ? v : "");
        o->timeout_s = t;
        return 0;
    }
    }
    return DSH_TEST_EXIT_USAGE;
}

/* getopt_long (options anywhere among the PATHS; "--" ends them). */
static int parse_options(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = ncpu > 0 ? (unsigned)ncpu : 1;
    o->shard_index = o->shard_count = 1;
    o->out_dir = "dspsim-test-out";
    o->progress = true;
    o->paths = calloc((size_t)argc + 1, sizeof *o->paths);
    if (!o->paths)
        return usage_error("%s", "out of memory");
    int c;
    optind = 0; /* a fresh scan (glibc) */
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":hqj:", test_options, NULL)) != -1) {
        int rc;
        if (c == '?') {
            const char *a = argv[optind - 1];
            if (optopt && optopt < 256 && strncmp(a, "--", 2)) {
                char s[3] = { '-', (char)optopt, 0 };
                return usage_error("unknown option '%s'", s);
            }
            if (optopt && strchr(a, '='))
                return usage_error("option '%s' takes no value", a);
            return usage_error("unknown option '%s'", a);
        }
        rc = c == ':' ? take_option(optopt, NULL, o)
                      : take_option(c, optarg, o);
        if (rc)
            return rc;
    }
    for (int i = optind; i < argc; i++)
        o->paths[o->npaths++] = argv[i];
    if (!o->npaths)
        o->paths[o->npaths++] = ".";
    return 0;
}

/* out_dir/<case path without extension, leading ./ ../ and / removed> */
static void case_out_dir(const char *root, const char *path, char *out,
                         size_t outsz)
{
    const char *p = path;
    for (;;) {
        if (!strncmp(p, "./", 2))
            p += 2;
        else if (!strncmp(p, "../", 3))
            p += 3;
        else if (*p == '/')
            p++;
        else
            break;
    }
    const char *dot = strrchr(p, '.');
    size_t len = dot && !strchr(dot, '/') ? (size_t)(dot - p) : strlen(p);
    snprintf(out, outsz, "%s/%.*s", root, (int)len, p);
}

typedef struct console {
    dsh_job *jobs;
    size_t n, next_print;
    bool tty;
    bool progress_shown;
    bool quiet;           /* -q: FAIL and ERROR lines only, on stderr */
    dsh_html_suite *html; /* --html: each case's page made as it finishes */
} console;

static const char *tag(dsh_res_status s)
{
    switch (s) {
    case DSH_RES_PASS:
        return "PASS ";
    case DSH_RES_FAIL:
        return "FAIL ";
    case DSH_RES_SKIP:
        return "SKIP ";
    case DSH_RES_ERROR:
        return "ERROR";
    }
    return "?";
}

static void clear_progress(console *c)
{
    if (c->progress_shown) {
        fputs("\r\033[K", stdout);
        c->progress_shown = false;
    }
}

/* Results are printed in sorted case order as soon as all earlier ones
 * are known, so the console output does not depend on -j. */
static void on_done(void *user, dsh_job *jobs, size_t i)
{
    console *c = user;
    dsh_html_suite_case(c->html, i);
    free(jobs[i].plot_text); /* in the page now */
    jobs[i].plot_text = NULL;
    while (c->next_print < c->n && jobs[c->next_print].done) {
        const dsh_job *j = &jobs[c->next_print++];
        if (c->quiet) {
            if (j->result.status == DSH_RES_FAIL ||
                j->result.status == DSH_RES_ERROR)
                fprintf(stderr, "dspsim test: %s %s (%s)%s%s\n",
                        tag(j->result.status), j->c->path, j->c->name,
                        j->result.message[0] ? ": " : "", j->result.message);
            continue;
        }
        clear_progress(c);
        printf("%s %s (%s)%s%s\n", tag(j->result.status), j->c->path,
               j->c->name, j->result.message[0] ? ": " : "", j->result.message);
    }
    fflush(stdout);
}

static void on_progress(void *user, size_t finished, size_t running,
                        const dsh_job *example)
{
    console *c = user;
    if (!c->tty)
        return;
    printf("\r\033[K[%zu/%zu] %zu running%s%s", finished, c->n, running,
           example ? ": " : "", example ? example->c->name : "");
    c->progress_shown = true;
    fflush(stdout);
}

/* A report file (--json/--junit), checked before any case runs: not an
 * existing non-regular file, not one of the n case files (same inode,
 * through symlinks too), in an existing writable directory.  Prints
 * "dspsim test: OPT 'FILE': ..." and returns false on a problem. */
/* A report file (--json/--junit), checked before any case runs: not an
 * existing non-regular file, not one of the n case files (same inode,
 * through symlinks too), in an existing writable directory.  Prints
 * "dspsim test: FILE: cannot create: ... (OPT)" and returns false on a
 * problem.  A directory still missing that the --out-dir `made` will
 * create (it or one of its parents) passes; called again once it is. */
static bool report_path_ok(const char *opt, const char *path,
                           dsh_case *const *cases, size_t n, const char *made)
{
    struct stat st, cs;
    if (!stat(path, &st)) {
        if (!S_ISREG(st.st_mode)) {
            fprintf(stderr,
                    "dspsim test: %s: cannot create: it exists and "
                    "is not a regular file (%s)\n",
                    path, opt);
            return false;
        }
        for (size_t i = 0; i < n; i++)
            if (!stat(cases[i]->path, &cs) && cs.st_dev == st.st_dev &&
                cs.st_ino == st.st_ino) {
                fprintf(stderr,
                        "dspsim test: %s: refused: it is the case "
                        "file '%s' (%s)\n",
                        path, cases[i]->path, opt);
                return false;
            }
    } else if (errno != ENOENT) {
        fprintf(stderr, "dspsim test: %s: cannot create: %s (%s)\n", path,
                strerror(errno), opt);
        return false;
    }
    char dir[4096];
    if (strlen(path) >= sizeof dir) {
        fprintf(stderr, "dspsim test: %s: path too long\n", opt);
        return false;
    }
    dsh_dirname(path, dir, sizeof dir);
    size_t dn = strlen(dir);
    if (made && stat(dir, &st) && errno == ENOENT && !strncmp(made, dir, dn) &&
        (made[dn] == '/' || !made[dn]))
        return true;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        fprintf(stderr,
                "dspsim test: %s: cannot create: directory '%s' "
                "does not exist (%s)\n",
                path, dir, opt);
        return false;
    }
    if (access(dir, W_OK | X_OK)) {
        fprintf(stderr,
                "dspsim test: %s: cannot create: directory '%s' is "
                "not writable (%s)\n",
                path, dir, opt);
        return false;
    }
    return true;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --html DIR, checked before any case runs: made when missing, a
 * writable directory */
static bool html_dir_ok(const char *dir)
{
    struct stat st;
    char err[1024];
    if (!stat(dir, &st) && !S_ISDIR(st.st_mode)) {
        fprintf(stderr,
                "dspsim test: %s: cannot create: it exists and is not a "
                "directory (--html)\n",
                dir);
        return false;
    }
    if (!dsh_out_mkdirs(dir, err, sizeof err)) {
        fprintf(stderr, "dspsim test: %s (--html)\n", err);
        return false;
    }
    if (access(dir, W_OK | X_OK)) {
        fprintf(stderr,
                "dspsim test: %s: cannot create: the directory is not "
                "writable (--html)\n",
                dir);
        return false;
    }
    return true;
}

/* --html DIR: the report's index once every page is made, and its
 * notice when plots are missing (a line on stderr unless -q; never a
 * failed run) */
static bool html_report(const options *o, dsh_html_suite *html,
                        const dsh_report *rep, char *err, size_t errsz)
{
    char notice[512];
    if (!dsh_html_suite_end(html, rep, notice, sizeof notice, err, errsz))
        return false;
    if (notice[0] && !o->quiet)
        fprintf(stderr, "dspsim test: %s: %s\n", o->html, notice);
    return true;
}

int dsh_test_main(int argc, char **argv, dsh_case_exec_fn exec,
                  const void *user)
{
    return dsh_test_main_hooks(argc, argv, exec, user, NULL);
}

int dsh_test_main_hooks(int argc, char **argv, dsh_case_exec_fn exec,
                        const void *user, const dsh_test_hooks *th)
{
    options o;
    int rc = parse_options(argc, argv, &o);
    if (rc) {
        free(o.paths);
        return rc < 0 ? DSH_TEST_EXIT_PASS : rc;
    }
    char err[1024];
    dsh_path_list files;
    if (!dsh_discover(o.paths, o.npaths, &files, err, sizeof err)) {
        fprintf(stderr, "dspsim test: %s\n", err);
        free(o.paths);
        return DSH_TEST_EXIT_USAGE;
    }
    if (!files.n) {
        fprintf(stderr, "dspsim test: no case files (*.yaml, *.yml) under");
        for (size_t i = 0; i < o.npaths; i++)
            fprintf(stderr, " %s", o.paths[i]);
        fprintf(stderr, "\n");
        free(o.paths);
        return DSH_TEST_EXIT_USAGE;
    }
    /* o.paths is kept until the reports: each case's search root names
     * its classname (report.h) */

    /* Validate everything before running anything. */
    dsh_case **cases = calloc(files.n, sizeof *cases);
    size_t invalid = 0;
    for (size_t i = 0; cases && i < files.n; i++) {
        dsh_diag d;
        dsh_diag_init(&d);
        cases[i] = dsh_case_load(files.paths[i], &d);
        if (!cases[i]) {
            /* "dspsim test: FILE:LINE:COL: message" */
            unsigned kept = d.count < DSH_DIAG_MAX ? d.count : DSH_DIAG_MAX;
            for (unsigned k = 0; k < kept; k++)
                fprintf(stderr, "dspsim test: %s\n", d.msg[k]);
            if (d.count > kept)
                fprintf(stderr, "dspsim test: ... %u more errors\n",
                        d.count - kept);
            invalid++;
        }
    }
    int status = DSH_TEST_EXIT_PASS;
    dsh_html_suite *html = NULL; /* --html, from before the cases run */
    dsh_job *jobs = NULL;
    dsh_report_entry *entries = NULL;
    if (!cases) {
        fprintf(stderr, "dspsim test: out of memory\n");
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    if (invalid) {
        fprintf(stderr,
                "dspsim test: %zu invalid case file%s; nothing was "
                "run\n",
                invalid, invalid == 1 ? "" : "s");
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }

    /* Select: filter, then shard over the sorted survivors. */
    jobs = calloc(files.n, sizeof *jobs);
    entries = calloc(files.n, sizeof *entries);
    if (!jobs || !entries) {
        fprintf(stderr, "dspsim test: out of memory\n");
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    size_t matched = 0, n = 0;
    for (size_t i = 0; i < files.n; i++) {
        if (o.filter &&
            !dsh_filter_match(o.filter, cases[i]->name, cases[i]->path))
            continue;
        if (dsh_shard_has(o.shard_index, o.shard_count, matched++)) {
            jobs[n].plot_data = o.html != NULL;
            jobs[n++].c = cases[i];
        }
    }
    if (o.filter && !matched) {
        fprintf(stderr,
                "dspsim test: no case matches --filter '%s' (%zu "
                "cases found)\n",
                o.filter, files.n);
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    if (o.list) {
        for (size_t i = 0; i < n; i++)
            printf("%s (%s)\n", jobs[i].c->path, jobs[i].c->name);
        goto out;
    }
    /* every output checked before anything runs */
    struct stat ost;
    if (!stat(o.out_dir, &ost) && !S_ISDIR(ost.st_mode)) {
        fprintf(stderr,
                "dspsim test: --out-dir '%s' exists and is not a "
                "directory\n",
                o.out_dir);
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    if (o.html && !html_dir_ok(o.html)) {
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0 before --out-dir is made, pass 1 after */
        const char *made = pass ? NULL : o.out_dir;
        if ((o.json &&
             !report_path_ok("--json", o.json, cases, files.n, made)) ||
            (o.junit &&
             !report_path_ok("--junit", o.junit, cases, files.n, made))) {
            status = DSH_TEST_EXIT_USAGE;
            goto out;
        }
        for (size_t i = 0; pass == 0 && i < n; i++) {
            case_out_dir(o.out_dir, jobs[i].c->path, jobs[i].out_dir,
                         sizeof jobs[i].out_dir);
            if (!dsh_out_mkdirs(jobs[i].out_dir, err, sizeof err)) {
                fprintf(stderr, "dspsim test: %s\n", err);
                status = DSH_TEST_EXIT_USAGE;
                goto out;
            }
        }
    }

    if (th && th->before_run)
        th->before_run(th->user);
    for (size_t i = 0; i < n; i++)
        entries[i] = (dsh_report_entry){
            jobs[i].c->path,
            jobs[i].c->name,
            &jobs[i].result,
            dsh_report_root_of(jobs[i].c->path, o.paths, o.npaths),
            jobs[i].out_dir,
            &jobs[i].plot_text
        };
    if (o.html &&
        !(html = dsh_html_suite_begin(o.html, entries, n, err, sizeof err))) {
        fprintf(stderr, "dspsim test: %s (--html)\n", err);
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    console con = { jobs,  n,       0,   o.progress && isatty(STDOUT_FILENO),
                    false, o.quiet, html };
    dsh_pool_hooks hooks = { on_done, on_progress, &con };
    time_t started = time(NULL);
    double t0 = now();
    dsh_run_pool(jobs, n, o.jobs, o.timeout_s, exec, user, &hooks);
    clear_progress(&con);

    dsh_report rep = { entries,    n,     o.shard_index, o.shard_count,
                       now() - t0, { 0 }, started,       NULL };
    dsh_report_count(&rep);
    if (o.quiet)
        goto reports;
    printf("\n%zu case%s: %zu passed, %zu failed, %zu errors, %zu skipped "
           "(%.2f s)",
           n, n == 1 ? "" : "s", rep.count[DSH_RES_PASS],
           rep.count[DSH_RES_FAIL], rep.count[DSH_RES_ERROR],
           rep.count[DSH_RES_SKIP], rep.seconds);
    if (o.shard_count > 1)
        printf(", shard %u/%u", o.shard_index, o.shard_count);
    printf("\n");
    fflush(stdout);
reports:
    for (size_t i = 0; th && th->failed && i < n; i++)
        if ((jobs[i].result.status == DSH_RES_FAIL ||
             jobs[i].result.status == DSH_RES_ERROR) &&
            !th->failed(th->user, jobs[i].c, jobs[i].out_dir,
                        jobs[i].out_dir + strlen(o.out_dir) + 1,
                        &jobs[i].result, o.quiet))
            status = DSH_TEST_EXIT_USAGE;
    if ((o.json && !dsh_report_write_json(o.json, &rep, err, sizeof err)) ||
        (o.junit && !dsh_report_write_junit(o.junit, &rep, err, sizeof err))) {
        fprintf(stderr, "dspsim test: %s\n", err);
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    dsh_html_suite *h = html;
    html = NULL; /* ended by html_report */
    if (h && !html_report(&o, h, &rep, err, sizeof err)) {
        fprintf(stderr, "dspsim test: %s (--html)\n", err);
        status = DSH_TEST_EXIT_USAGE;
        goto out;
    }
    if (status == DSH_TEST_EXIT_PASS &&
        (rep.count[DSH_RES_FAIL] || rep.count[DSH_RES_ERROR] ||
         (o.fail_on_skip && rep.count[DSH_RES_SKIP])))
        status = DSH_TEST_EXIT_FAIL;
out:
    if (html) { /* the report abandoned, no index */
        char notice[512];
        dsh_html_suite_end(html, NULL, notice, sizeof notice, err, sizeof err);
    }
    free(o.paths);
    for (size_t i = 0; cases && i < files.n; i++)
        dsh_case_free(cases[i]);
    free(cases);
    for (size_t i = 0; jobs && i < files.n; i++) /* (calloc'ed) */
        free(jobs[i].plot_text);
    free(jobs);
    free(entries);
    dsh_path_list_free(&files);
    return status;
}
