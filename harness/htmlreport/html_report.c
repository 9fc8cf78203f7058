/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report: plot data read, every plot of the report drawn by one
 * gnuplot, the pages written (htmlreport.h). */
#include "htmlreport.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "case_plots.h"
#include "html_case.h"
#include "html_index.h"
#include "html_text.h"
#include "plot_tool.h"
#include "textout/out_file.h"

typedef struct page {
    json_t *data;
    dsh_case_plots plots;
} page;

static json_t *load_data(const char *out_dir)
{
    if (!out_dir)
        return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", out_dir, DSH_PLOTDATA_FILE);
    json_t *d = json_load_file(path, 0, NULL);
    if (d && json_integer_value(json_object_get(d, "version")) != 1) {
        json_decref(d);
        d = NULL;
    }
    return d;
}

/* every case's plots into one batch */
static bool prepare(page *pg, const dsh_report_entry *e, dsh_plot_batch *b)
{
    pg->data = load_data(e->out_dir);
    if (!dsh_case_plots_make(pg->data, e->result, &pg->plots))
        return false;
    for (size_t k = 0; k < pg->plots.n; k++)
        pg->plots.p[k].batch = b ? dsh_plot_batch_add(b, pg->plots.p[k].script)
                                 : -1;
    return true;
}

static void release(page *pg)
{
    json_decref(pg->data);
    dsh_case_plots_free(&pg->plots);
}

static bool write_case(const char *file, const dsh_html_case *c, char *err,
                       size_t errsz)
{
    char dir[4096];
    dsh_html_dirname(file, dir, sizeof dir);
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

bool dsh_html_write_suite(const char *dir, const dsh_report *r, char *notice,
                          size_t noticesz, char *err, size_t errsz)
{
    char path[4096];
    notice[0] = '\0';
    snprintf(path, sizeof path, "%s/cases", dir);
    if (!dsh_out_mkdirs(path, err, errsz))
        return false;
    page *pg = calloc(r->n ? r->n : 1, sizeof *pg);
    char **names = calloc(r->n ? r->n : 1, sizeof *names);
    dsh_plot_batch *b = dsh_plot_batch_new(dir);
    bool ok = pg && names && b;
    for (size_t i = 0; ok && i < r->n; i++) {
        char name[2048];
        page_name(&r->entries[i], names, i, name, sizeof name);
        ok = (names[i] = strdup(name)) && prepare(&pg[i], &r->entries[i], b);
    }
    if (!ok)
        snprintf(err, errsz, "%s: out of memory writing the HTML report", dir);
    if (ok && !dsh_plot_batch_run(b, notice, noticesz) && !notice[0])
        snprintf(notice, noticesz, "plots not drawn");
    for (size_t i = 0; ok && i < r->n; i++) {
        dsh_html_case c = { &r->entries[i],  pg[i].data, &pg[i].plots, b,
                            "../index.html", notice };
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        ok = write_case(path, &c, err, errsz);
    }
    if (ok) {
        snprintf(path, sizeof path, "%s/index.html", dir);
        dsh_out_file o;
        ok = dsh_out_open(&o, path, err, errsz);
        if (ok) {
            dsh_html_index_page(o.f, r, (const char *const *)names, notice);
            ok = dsh_out_close(&o, true, err, errsz);
        }
    }
    for (size_t i = 0; pg && names && i < r->n; i++) {
        release(&pg[i]);
        free(names[i]);
    }
    free(pg);
    free(names);
    dsh_plot_batch_free(b);
    return ok;
}

bool dsh_html_write_case_file(const char *file, const dsh_report_entry *e,
                              char *notice, size_t noticesz, char *err,
                              size_t errsz)
{
    char dir[4096];
    notice[0] = '\0';
    dsh_html_dirname(file, dir, sizeof dir);
    page pg = { 0 };
    dsh_plot_batch *b = dsh_plot_batch_new(dir);
    bool ok = b && prepare(&pg, e, b);
    if (!ok)
        snprintf(err, errsz, "%s: out of memory writing the HTML report", file);
    if (ok && !dsh_plot_batch_run(b, notice, noticesz) && !notice[0])
        snprintf(notice, noticesz, "plots not drawn");
    if (ok) {
        dsh_html_case c = { e, pg.data, &pg.plots, b, NULL, notice };
        ok = write_case(file, &c, err, errsz);
    }
    release(&pg);
    dsh_plot_batch_free(b);
    return ok;
}
