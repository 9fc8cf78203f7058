/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report's plotting library, dygraphs (plot_lib.h). */
#include "plot_lib.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "textout/file_read.h"
#include "textout/out_file.h"

bool dsh_plot_lib_load(dsh_plot_lib *lib, char *why, size_t whysz)
{
    memset(lib, 0, sizeof *lib);
    why[0] = '\0';
    const char *path = getenv("DSPSIM_DYGRAPHS");
    if (path && !strcmp(path, "none")) {
        snprintf(why, whysz, "plots not drawn: DSPSIM_DYGRAPHS=none");
        return false;
    }
    if (!path || !*path)
        path = DSH_PLOT_LIB_JS;
    size_t cap = 0;
    if (!dsh_file_read_into(path, &lib->js, &cap, &lib->js_len) ||
        !lib->js_len) {
        free(lib->js);
        memset(lib, 0, sizeof *lib);
        snprintf(why, whysz,
                 "plots not drawn: dygraphs not found (install "
                 "libjs-dygraphs)%s%s",
                 strcmp(path, DSH_PLOT_LIB_JS) ? ": " : "",
                 strcmp(path, DSH_PLOT_LIB_JS) ? path : "");
        return false;
    }
    /* the style sheet beside it: dygraph.min.js -> dygraph.min.css */
    char css[4096];
    size_t n = strlen(path);
    if (n > 3 && !strcmp(path + n - 3, ".js") && n + 2 < sizeof css) {
        snprintf(css, sizeof css, "%.*s.css", (int)(n - 3), path);
        cap = 0;
        if (!dsh_file_read_into(css, &lib->css, &cap, &lib->css_len)) {
            free(lib->css);
            lib->css = NULL;
            lib->css_len = 0;
        }
    }
    return true;
}

void dsh_plot_lib_free(dsh_plot_lib *lib)
{
    free(lib->js);
    free(lib->css);
    memset(lib, 0, sizeof *lib);
}

bool dsh_plot_lib_write(const dsh_plot_lib *lib, const char *dir, char *err,
                        size_t errsz)
{
    char path[4096 + 32];
    snprintf(path, sizeof path, "%s/%s", dir, DSH_PLOT_LIB_FILE);
    dsh_out_file o;
    if (!dsh_out_open(&o, path, err, errsz))
        return false;
    bool ok = fwrite(lib->js, 1, lib->js_len, o.f) == lib->js_len;
    return dsh_out_close(&o, ok, err, errsz);
}

/* s (n bytes) to f, each '<' as esc says (from the '<' on, left bytes) */
static void each_lt(FILE *f, const char *s, size_t n,
                    const char *(*esc)(const char *lt, size_t left))
{
    const char *end = s + n, *p = s;
    while (p < end) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (!lt) {
            fwrite(p, 1, (size_t)(end - p), f);
            return;
        }
        fwrite(p, 1, (size_t)(lt - p), f);
        fputs(esc(lt, (size_t)(end - lt)), f);
        p = lt + 1;
    }
}

static const char *text_lt(const char *lt, size_t left)
{
    if (left > 1 && lt[1] == '/')
        return "<\\";
    if (left >= 4 && !memcmp(lt, "<!--", 4))
        return "\\u003c";
    return "<";
}

static const char *code_lt(const char *lt, size_t left)
{
    if ((left >= 8 && !strncasecmp(lt, "</script", 8)) ||
        (left >= 4 && !memcmp(lt, "<!--", 4)))
        return "<\\";
    return "<";
}

void dsh_script_text(FILE *f, const char *s, size_t n)
{
    each_lt(f, s, n, text_lt);
}

void dsh_script_code(FILE *f, const char *s, size_t n)
{
    each_lt(f, s, n, code_lt);
}

void dsh_plot_lib_head(FILE *f, const dsh_plot_lib *lib, const char *src)
{
    /* a style sheet with no '<' cannot end its element early */
    if (lib->css && !memchr(lib->css, '<', lib->css_len)) {
        fputs("<style>", f);
        fwrite(lib->css, 1, lib->css_len, f);
        fputs("</style>\n", f);
    }
    if (src) {
        fputs("<script src=\"", f);
        fputs(src, f);
        fputs("\"></script>\n", f);
        return;
    }
    fputs("<script>", f);
    dsh_script_code(f, lib->js, lib->js_len);
    fputs("</script>\n", f);
}
