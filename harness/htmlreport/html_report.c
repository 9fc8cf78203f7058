/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report: each case's plot data read, the specifications of its
 * plots made and its page written (the data in it, for the browser to
 * draw with dygraphs) as it finishes, in the runner's thread; the index
 * at the end (htmlreport.h). */
#include "htmlreport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_plots.h"
#include "html_case.h"
#include "html_index.h"
#include "html_text.h"
#include "plot_lib.h"
#include "plotdata/audio_curves.h"
#include "plotdata/plot_index.h"
#include "textout/file_read.h"
#include "textout/out_file.h"

typedef struct page {
    json_t *data; /* the plot data's index (plotdata/plot_index.h) */
    char *raw;    /* the plot data as read: the page holds it */
    size_t raw_len;
    dsh_case_plots plots;
} page;

/* The case's plot data (version 1), none when there is none: the text
 * its worker sent (copied), else its file read whole (kept for the page,
 * which holds it as it is), its index parsed alone (the browser reads
 * the rest) */
static void load_data(page *pg, const dsh_report_entry *e)
{
    char *const *sent = e->plot_text;
    if (sent && *sent && e->result && e->result->plot_len) {
        size_t n = e->result->plot_len;
        if ((pg->raw = malloc(n + 1))) {
            memcpy(pg->raw, *sent, n);
            pg->raw[n] = '\0';
            pg->raw_len = n;
            pg->data = dsh_plot_index_read(pg->raw, pg->raw_len);
        }
    } else if (e->out_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", e->out_dir, DSH_PLOTDATA_FILE);
        size_t cap = 0;
        if (dsh_file_read_into(path, &pg->raw, &cap, &pg->raw_len))
            pg->data = dsh_plot_index_read(pg->raw, pg->raw_len);
    }
    if (pg->data &&
        json_integer_value(json_object_get(pg->data, "version")) != 1) {
        json_decref(pg->data);
        pg->data = NULL;
    }
    if (!pg->data) {
        free(pg->raw);
        pg->raw = NULL;
        pg->raw_len = 0;
    }
}

/* a case's plot data and the specifications of its plots (none without
 * the library: nothing would draw them) */
static bool prepare(page *pg, const dsh_report_entry *e, bool plots)
{
    load_data(pg, e);
    return dsh_case_plots_make(plots ? pg->data : NULL, e->result, &pg->plots);
}

static void release(page *pg)
{
    json_decref(pg->data);
    free(pg->raw);
    dsh_case_plots_free(&pg->plots);
}

static bool write_case(const char *file, const dsh_html_case *c, char *err,
                       size_t errsz)
{
    char dir[4096];
    dsh_dirname(file, dir, sizeof dir);
    dsh_out_file o;
    if (!dsh_out_open(&o, file, err, errsz))
        return false;
    dsh_html_case_page(o.f, dir, c);
    return dsh_out_close(&o, true, err, errsz);
}

/* NAME.html from the classname, unique among the first i */
static void page_name(const dsh_report_entry *e, char **names, size_t i,
                      char *out, size_t n)
{
    char cls[1024];
    dsh_report_classname(e->root, e->path, cls, sizeof cls);
    for (char *p = cls; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' || *p == '-'))
            *p = '_';
    if (!cls[0])
        snprintf(cls, sizeof cls, "case");
    for (unsigned k = 1;; k++) {
        if (k == 1)
            snprintf(out, n, "cases/%s.html", cls);
        else
            snprintf(out, n, "cases/%s-%u.html", cls, k);
        size_t j = 0;
        while (j < i && strcmp(names[j], out))
            j++;
        if (j == i)
            return;
    }
}

struct dsh_html_suite {
    char dir[4096];
    const dsh_report_entry *entries;
    size_t n;
    char **names;     /* each case's page, "cases/NAME.html" */
    bool *done;       /* the pages made */
    dsh_plot_lib lib; /* dygraphs; none: lib.js NULL */
    /* the first problems */
    char notice[512];
    char err[1024];
};

/* case i's page: its plot data read, its plots specified, the page
 * written */
static void make_page(dsh_html_suite *s, size_t i)
{
    const dsh_report_entry *e = &s->entries[i];
    char path[8192];
    page pg = { 0 };
    bool plots = s->lib.js != NULL;
    if (!prepare(&pg, e, plots)) {
        if (!s->err[0])
            snprintf(s->err, sizeof s->err,
                     "%s: out of memory writing the HTML report", s->dir);
    } else {
        char src[64];
        snprintf(src, sizeof src, "../%s", DSH_PLOT_LIB_FILE);
        dsh_html_case c = { .e = e,
                            .data = pg.data,
                            .raw = pg.raw,
                            .raw_len = pg.raw_len,
                            .plots = &pg.plots,
                            .lib = plots ? &s->lib : NULL,
                            .lib_src = src,
                            .index_href = "../index.html",
                            .notice = s->notice };
        snprintf(path, sizeof path, "%s/%s", s->dir, s->names[i]);
        char err[1024];
        if (!write_case(path, &c, err, sizeof err) && !s->err[0])
            snprintf(s->err, sizeof s->err, "%s", err);
    }
    release(&pg);
}

static void suite_free(dsh_html_suite *s)
{
    for (size_t i = 0; s->names && i < s->n; i++)
        free(s->names[i]);
    free(s->names);
    free(s->done);
    dsh_plot_lib_free(&s->lib);
    free(s);
}

dsh_html_suite *dsh_html_suite_begin(const char *dir,
                                     const dsh_report_entry *entries, size_t n,
                                     char *err, size_t errsz)
{
    char path[4096 + 8];
    snprintf(path, sizeof path, "%s/cases", dir);
    if (strlen(dir) >= 4096) {
        snprintf(err, errsz, "%s: path too long", dir);
        return NULL;
    }
    if (!dsh_out_mkdirs(path, err, errsz))
        return NULL;
    dsh_html_suite *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsz, "%s: out of memory writing the HTML report", dir);
        return NULL;
    }
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    s->entries = entries;
    s->n = n;
    s->names = calloc(n ? n : 1, sizeof *s->names);
    s->done = calloc(n ? n : 1, sizeof *s->done);
    bool ok = s->names && s->done;
    for (size_t i = 0; ok && i < n; i++) {
        char name[2048];
        page_name(&entries[i], s->names, i, name, sizeof name);
        ok = (s->names[i] = strdup(name)) != NULL;
    }
    if (!ok) {
        suite_free(s);
        snprintf(err, errsz, "%s: out of memory writing the HTML report", dir);
        return NULL;
    }
    /* the library, once in DIR for every page; without it the notice */
    if (dsh_plot_lib_load(&s->lib, s->notice, sizeof s->notice) &&
        !dsh_plot_lib_write(&s->lib, dir, err, errsz)) {
        suite_free(s);
        return NULL;
    }
    /* the cases' spectra's plans: made ahead by `dspsim test`'s set-up
     * (cli/cmd_test.c, on the thread that makes FFTW's plans) and
     * inherited by every case forked after, else at their first use */
    return s;
}

void dsh_html_suite_case(dsh_html_suite *s, size_t i)
{
    /* made here, in the runner's thread, while the other cases run in
     * their processes: no thread of the report's, since the runner forks
     * (a worker replaced) while the report works, and a child of a
     * threaded process can inherit a lock another thread held (malloc's
     * under the sanitizers: workers hung in harness.html_report) */
    if (!s || i >= s->n || s->done[i])
        return;
    s->done[i] = true;
    make_page(s, i);
}

bool dsh_html_suite_end(dsh_html_suite *s, const dsh_report *r, char *notice,
                        size_t noticesz, char *err, size_t errsz)
{
    notice[0] = '\0';
    if (!s) {
        snprintf(err, errsz, "no HTML report");
        return false;
    }
    for (size_t i = 0; i < s->n; i++)
        dsh_html_suite_case(s, i);
    snprintf(notice, noticesz, "%s", s->notice);
    bool ok = !s->err[0] && r;
    if (!ok)
        snprintf(err, errsz, "%s", r ? s->err : "no index page");
    if (ok) {
        char path[4096 + 16];
        snprintf(path, sizeof path, "%s/index.html", s->dir);
        dsh_out_file o;
        ok = dsh_out_open(&o, path, err, errsz);
        if (ok) {
            dsh_html_index_page(o.f, r, (const char *const *)s->names, notice);
            ok = dsh_out_close(&o, true, err, errsz);
        }
    }
    suite_free(s);
    return ok;
}

bool dsh_html_write_suite(const char *dir, const dsh_report *r, char *notice,
                          size_t noticesz, char *err, size_t errsz)
{
    notice[0] = '\0';
    dsh_html_suite *s = dsh_html_suite_begin(dir, r->entries, r->n, err, errsz);
    if (!s)
        return false;
    for (size_t i = 0; i < r->n; i++)
        dsh_html_suite_case(s, i);
    return dsh_html_suite_end(s, r, notice, noticesz, err, errsz);
}

bool dsh_html_write_case_file(const char *file, const dsh_report_entry *e,
                              char *notice, size_t noticesz, char *err,
                              size_t errsz)
{
    dsh_plot_lib lib;
    bool plots = dsh_plot_lib_load(&lib, notice, noticesz);
    page pg = { 0 };
    bool ok = prepare(&pg, e, plots);
    if (!ok)
        snprintf(err, errsz, "%s: out of memory writing the HTML report", file);
    if (ok) {
        /* a single file: the library inline */
        dsh_html_case c = { .e = e,
                            .data = pg.data,
                            .raw = pg.raw,
                            .raw_len = pg.raw_len,
                            .plots = &pg.plots,
                            .lib = plots ? &lib : NULL,
                            .notice = notice };
        ok = write_case(file, &c, err, errsz);
    }
    release(&pg);
    dsh_plot_lib_free(&lib);
    return ok;
}
