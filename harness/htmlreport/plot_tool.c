/* SPDX-License-Identifier: BSD-3-Clause */
/* gnuplot as the HTML report's plotting tool (plot_tool.h). */
#define _GNU_SOURCE
#include "plot_tool.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct dsh_plot_batch {
    char dir[PATH_MAX]; /* "" when it could not be made */
    char **scripts;
    char **svgs;
    size_t n, cap;
};

dsh_plot_batch *dsh_plot_batch_new(const char *tmp_parent)
{
    dsh_plot_batch *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    snprintf(b->dir, sizeof b->dir, "%s/.dspsim-plots-XXXXXX", tmp_parent);
    if (!mkdtemp(b->dir))
        b->dir[0] = '\0';
    return b;
}

int dsh_plot_batch_add(dsh_plot_batch *b, const char *script)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 16;
        char **s = realloc(b->scripts, cap * sizeof *s);
        if (!s)
            return -1;
        b->scripts = s;
        char **v = realloc(b->svgs, cap * sizeof *v);
        if (!v)
            return -1;
        b->svgs = v;
        b->cap = cap;
    }
    char *copy = strdup(script);
    if (!copy)
        return -1;
    b->scripts[b->n] = copy;
    b->svgs[b->n] = NULL;
    return (int)b->n++;
}

const char *dsh_plot_quote(const char *s, char *out, size_t n)
{
    size_t k = 0;
    if (n < 3) {
        if (n)
            out[0] = '\0';
        return out;
    }
    out[k++] = '"';
    for (const char *p = s; *p && k + 4 < n; p++) {
        if (*p == '"' || *p == '\\') {
            out[k++] = '\\';
            out[k++] = *p;
        } else if (*p == '\n') {
            out[k++] = '\\';
            out[k++] = 'n';
        } else if ((unsigned char)*p >= 0x20) {
            out[k++] = *p;
        }
    }
    out[k++] = '"';
    out[k] = '\0';
    return out;
}

/* The program to run: $DSPSIM_GNUPLOT or "gnuplot"; NULL for "none". */
static const char *program(void)
{
    const char *p = getenv("DSPSIM_GNUPLOT");
    if (!p || !*p)
        return "gnuplot";
    return strcmp(p, "none") ? p : NULL;
}

/* prog runnable (a path, or found in PATH) */
static bool runnable(const char *prog)
{
    if (strchr(prog, '/'))
        return access(prog, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    char buf[PATH_MAX];
    for (const char *p = path;;) {
        const char *e = strchr(p, ':');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)len, len ? p : ".", prog);
        if (access(buf, X_OK) == 0)
            return true;
        if (!e)
            return false;
        p = e + 1;
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 65536 + 1 > cap) {
            cap = cap ? 2 * cap : 131072;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, 65536, f);
        n += got;
        if (got < 65536)
            break;
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* The length of an empty group "<g ...>\n</g>\n" at p (gnuplot's SVG
 * terminal opens and closes one for every change of line style, most
 * with nothing drawn in them: a sixth of a plot's bytes), 0 when p is
 * not one. */
static size_t empty_group(const char *p)
{
    if (strncmp(p, "<g ", 3))
        return 0;
    const char *e = strchr(p, '>');
    if (!e || e[-1] == '/' || strncmp(e, ">\n</g>\n", 7))
        return 0;
    return (size_t)(e - p) + 7;
}

/* Where the name after a reference ends at q (an '=' or '(' of the
 * svg from start on): after "id='" / "id=\"", "href='#" / "href=\"#"
 * or "url(#" (what is prefixed); NULL when q is none of them. */
static const char *ref_end(const char *start, const char *q)
{
    size_t before = (size_t)(q - start);
    if (*q == '(')
        return before >= 3 && !strncmp(q - 3, "url", 3) && q[1] == '#' ? q + 2
                                                                       : NULL;
    if (q[1] != '\'' && q[1] != '"')
        return NULL;
    if (before >= 2 && !strncmp(q - 2, "id", 2) &&
        (before == 2 || !isalnum((unsigned char)q[-3])))
        return q + 2;
    if (before >= 4 && !strncmp(q - 4, "href", 4) && q[2] == '#')
        return q + 3;
    return NULL;
}

/* svg from its <svg element on, with id='X' -> id='pI-X' and the
 * references (href='#X', url(#X)) to match, and the empty groups left
 * out; in one pass over the '<', '=' and '(' of the text. */
static char *prefixed(const char *svg, int i)
{
    const char *start = strstr(svg, "<svg");
    if (!start)
        return NULL;
    char pre[16];
    int pl = snprintf(pre, sizeof pre, "p%d-", i);
    char *out = NULL;
    size_t outlen = 0;
    FILE *o = open_memstream(&out, &outlen);
    if (!o)
        return NULL;
    const char *p = start, *copied = start, *e;
    size_t m;
    while ((p = strpbrk(p, "<=("))) {
        if (*p == '<' && (m = empty_group(p))) {
            fwrite(copied, 1, (size_t)(p - copied), o);
            p += m;
            copied = p;
        } else if (*p != '<' && (e = ref_end(start, p))) {
            fwrite(copied, 1, (size_t)(e - copied), o);
            fwrite(pre, 1, (size_t)pl, o);
            p = copied = e;
        } else {
            p++;
        }
    }
    fputs(copied, o);
    if (fclose(o)) {
        free(out);
        return NULL;
    }
    return out;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Starts prog on script, its stderr to errf; the pid, -1 when it could
 * not start. */
static pid_t start_child(const char *prog, const char *script, const char *errf)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        int out = open("/dev/null", O_WRONLY);
        int err = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in >= 0)
            dup2(in, 0);
        if (out >= 0)
            dup2(out, 1);
        if (err >= 0)
            dup2(err, 2);
        execlp(prog, prog, script, (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* Waits for the n children (pid -1: not started; status -1), each
 * killed after the timeout (status -2); st[i]: exit status. */
static void wait_children(const pid_t *pid, int *st, size_t n)
{
    double end = now_s() + DSH_PLOT_TIMEOUT_S;
    size_t left = 0;
    for (size_t i = 0; i < n; i++) {
        st[i] = -1;
        left += pid[i] > 0;
    }
    bool *done = calloc(n ? n : 1, sizeof *done);
    while (left) {
        for (size_t i = 0; i < n; i++) {
            int ws;
            if (pid[i] <= 0 || (done && done[i]))
                continue;
            pid_t w = waitpid(pid[i], &ws, WNOHANG);
            bool late = w == 0 && now_s() > end;
            if (late) {
                kill(pid[i], SIGKILL);
                while (waitpid(pid[i], &ws, 0) < 0 && errno == EINTR)
                    ;
                st[i] = -2;
            } else if (w == pid[i]) {
                st[i] = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
            } else if (!(w < 0 && errno != EINTR)) {
                continue;
            }
            if (done)
                done[i] = true;
            else /* out of memory: one at a time, blocking */
                while (waitpid(pid[i], &ws, 0) < 0 && errno == EINTR)
                    ;
            left--;
        }
        struct timespec ts = { 0, 2000000 }; /* 2 ms */
        if (left)
            nanosleep(&ts, NULL);
    }
    free(done);
}

bool dsh_plot_batch_run(dsh_plot_batch *b, char *why, size_t whysz)
{
    const char *prog = program();
    why[0] = '\0';
    if (!b->n)
        return true;
    if (!prog) {
        snprintf(why, whysz, "plots not drawn: DSPSIM_GNUPLOT=none");
        return false;
    }
    if (!runnable(prog)) {
        snprintf(why, whysz,
                 "plots not drawn: %s not found (install gnuplot-nox)", prog);
        return false;
    }
    if (!b->dir[0]) {
        snprintf(why, whysz, "plots not drawn: no temporary directory");
        return false;
    }
    /* the plots in up to DSH_PLOT_JOBS scripts (online CPUs, at least 8
     * plots each), one gnuplot for each, at once */
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    size_t jobs = cpus > 0 ? (size_t)cpus : 1;
    if (jobs > DSH_PLOT_JOBS)
        jobs = DSH_PLOT_JOBS;
    if (jobs > (b->n + 7) / 8)
        jobs = (b->n + 7) / 8;
    pid_t pid[DSH_PLOT_JOBS];
    int stv[DSH_PLOT_JOBS];
    char script[PATH_MAX + 16], errf[PATH_MAX + 16], out[PATH_MAX + 32];
    bool ok = true;
    for (size_t j = 0; j < jobs; j++) {
        pid[j] = -1;
        snprintf(script, sizeof script, "%s/plots%zu.gp", b->dir, j);
        snprintf(errf, sizeof errf, "%s/gnuplot%zu.err", b->dir, j);
        FILE *f = ok ? fopen(script, "w") : NULL;
        if (!f) {
            if (ok)
                snprintf(why, whysz, "plots not drawn: %s: %s", script,
                         strerror(errno));
            ok = false;
            continue;
        }
        fputs("set encoding utf8\n"
              "set terminal svg size 760,300 dynamic font 'sans,10' "
              "background '#ffffff'\n",
              f);
        for (size_t i = j; i < b->n; i += jobs) {
            char q[PATH_MAX + 64];
            snprintf(out, sizeof out, "%s/p%zu.svg", b->dir, i);
            fprintf(f, "reset\nset output %s\n%s\nunset output\n",
                    dsh_plot_quote(out, q, sizeof q), b->scripts[i]);
        }
        if (fclose(f))
            ok = false;
        else
            pid[j] = start_child(prog, script, errf);
    }
    wait_children(pid, stv, jobs);
    if (!ok) {
        if (!why[0])
            snprintf(why, whysz, "plots not drawn: cannot write a script");
        return false;
    }
    int st = 0;
    for (size_t j = 0; j < jobs; j++)
        if (stv[j] != 0 && st == 0) {
            st = stv[j];
            snprintf(errf, sizeof errf, "%s/gnuplot%zu.err", b->dir, j);
        }
    size_t drawn = 0;
    for (size_t i = 0; i < b->n; i++) {
        size_t len;
        snprintf(out, sizeof out, "%s/p%zu.svg", b->dir, i);
        char *svg = slurp(out, &len);
        /* a plot cut short by a failure has no closing tag */
        if (svg && strstr(svg, "</svg>"))
            b->svgs[i] = prefixed(svg, (int)i);
        free(svg);
        drawn += b->svgs[i] != NULL;
    }
    if (st == 0 && drawn == b->n)
        return true;
    size_t len = 0;
    char *err = st ? slurp(errf, &len) : NULL;
    char *line = err;
    while (line && (*line == '\n' || *line == ' '))
        line++;
    if (line)
        line[strcspn(line, "\n")] = '\0';
    if (st == -2)
        snprintf(why, whysz, "plots: %s killed after %d s", prog,
                 DSH_PLOT_TIMEOUT_S);
    else if (st == 127 && !drawn)
        snprintf(why, whysz, "plots not drawn: %s could not be run", prog);
    else
        snprintf(why, whysz,
                 "plots: %s failed (status %d; %zu of %zu drawn)%s%s", prog, st,
                 drawn, b->n, line && *line ? ": " : "", line ? line : "");
    free(err);
    return false;
}

const char *dsh_plot_batch_svg(dsh_plot_batch *b, int i)
{
    return i >= 0 && (size_t)i < b->n ? b->svgs[i] : NULL;
}

void dsh_plot_batch_free(dsh_plot_batch *b)
{
    if (!b)
        return;
    if (b->dir[0]) {
        DIR *d = opendir(b->dir);
        struct dirent *e;
        char p[PATH_MAX + 260];
        while (d && (e = readdir(d)))
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
                snprintf(p, sizeof p, "%s/%s", b->dir, e->d_name);
                unlink(p);
            }
        if (d)
            closedir(d);
        rmdir(b->dir);
    }
    for (size_t i = 0; i < b->n; i++) {
        free(b->scripts[i]);
        free(b->svgs[i]);
    }
    free(b->scripts);
    free(b->svgs);
    free(b);
}
