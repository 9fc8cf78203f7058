/* SPDX-License-Identifier: BSD-3-Clause */
/* gnuplot as the HTML report's plotting tool (plot_tool.h). */
#define _GNU_SOURCE
#include "plot_tool.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct dsh_plot_batch {
    char **scripts;
    char **svgs;
    size_t n, cap;
};

dsh_plot_batch *dsh_plot_batch_new(void)
{
    return calloc(1, sizeof(dsh_plot_batch));
}

int dsh_plot_batch_add(dsh_plot_batch *b, const char *script)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 8;
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

const char *dsh_plot_batch_svg(dsh_plot_batch *b, int i)
{
    return i >= 0 && (size_t)i < b->n ? b->svgs[i] : NULL;
}

void dsh_plot_batch_free(dsh_plot_batch *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++) {
        free(b->scripts[i]);
        free(b->svgs[i]);
    }
    free(b->scripts);
    free(b->svgs);
    free(b);
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
    size_t pl = (size_t)snprintf(pre, sizeof pre, "p%d-", i);
    /* two passes, counting then copying: the result in one block of its
     * size (a stream's growing buffer would be mapped afresh, and
     * faulted in, for every large plot) */
    char *out = NULL, *w = NULL;
    for (int pass = 0; pass < 2; pass++) {
        size_t len = 0;
        const char *p = start, *copied = start, *e;
        size_t m;
        while ((p = strpbrk(p, "<=("))) {
            if (*p == '<' && (m = empty_group(p))) {
                if (w)
                    w = mempcpy(w, copied, (size_t)(p - copied));
                len += (size_t)(p - copied);
                p += m;
                copied = p;
            } else if (*p != '<' && (e = ref_end(start, p))) {
                if (w) {
                    w = mempcpy(w, copied, (size_t)(e - copied));
                    w = mempcpy(w, pre, pl);
                }
                len += (size_t)(e - copied) + pl;
                p = copied = e;
            } else {
                p++;
            }
        }
        size_t rest = strlen(copied);
        if (w) {
            memcpy(w, copied, rest + 1);
        } else if (!(out = w = malloc(len + rest + 1))) {
            return NULL;
        }
    }
    return out;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}


/* ---- the session ---- */

struct dsh_plot_tool {
    const char *prog;
    char dir[PATH_MAX]; /* its working directory: scripts and plots */
    pid_t pid;          /* 0 once reaped */
    int in, out;        /* its stdin and stdout (ours: non-blocking) */
    FILE *err;          /* its stderr (an unlinked temporary file) */
    long err_seen;      /* bytes of err already looked at */
    double timeout_s;   /* without an answer */
    unsigned long seq;  /* batches sent */
    bool answered;      /* any batch answered */
    bool dead;
    char why[512]; /* why it died */
    char buf[256]; /* its answer line so far */
    size_t len;
    char *fbuf; /* a plot's SVG file as read */
    size_t fcap;
};

static double timeout_s(void)
{
    const char *v = getenv("DSPSIM_GNUPLOT_TIMEOUT");
    char *end;
    double s = v && *v ? strtod(v, &end) : 0;
    return v && *v && !*end && s > 0 ? s : DSH_PLOT_TIMEOUT_S;
}

/* Writes all of text to fd (non-blocking) by the deadline; false when
 * it cannot (EPIPE: the reader is gone). */
static bool send_all(int fd, const char *text, double deadline)
{
    size_t len = strlen(text), sent = 0;
    while (sent < len) {
        ssize_t w = write(fd, text + sent, len - sent);
        if (w > 0) {
            sent += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EINTR)
            return false;
        struct pollfd pfd = { fd, POLLOUT, 0 };
        double left = deadline - now_s();
        if (left <= 0 || poll(&pfd, 1, (int)(left * 1000) + 1) < 0)
            return false;
    }
    return true;
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[PATH_MAX + 260];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

dsh_plot_tool *dsh_plot_tool_open(const char *tmp_parent, char *why,
                                  size_t whysz)
{
    const char *prog = program();
    why[0] = '\0';
    if (!prog) {
        snprintf(why, whysz, "plots not drawn: DSPSIM_GNUPLOT=none");
        return NULL;
    }
    if (!runnable(prog)) {
        snprintf(why, whysz,
                 "plots not drawn: %s not found (install gnuplot-nox)", prog);
        return NULL;
    }
    dsh_plot_tool *t = calloc(1, sizeof *t);
    int in[2] = { -1, -1 }, out[2] = { -1, -1 };
    if (t)
        snprintf(t->dir, sizeof t->dir, "%s/.dspsim-plots-XXXXXX", tmp_parent);
    if (!t || !mkdtemp(t->dir)) {
        snprintf(why, whysz,
                 "plots not drawn: no temporary directory in %s: %s",
                 tmp_parent, strerror(errno));
        free(t);
        return NULL;
    }
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) ||
        !(t->err = tmpfile())) {
        snprintf(why, whysz, "plots not drawn: cannot start %s: %s", prog,
                 strerror(errno));
        goto fail;
    }
    pid_t parent = getpid();
    t->pid = fork();
    if (t->pid < 0) {
        snprintf(why, whysz, "plots not drawn: cannot start %s: %s", prog,
                 strerror(errno));
        goto fail;
    }
    if (t->pid == 0) {
        /* killed with the thread that started it (the report's) */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(127);
        signal(SIGPIPE, SIG_DFL);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 ||
            dup2(fileno(t->err), 2) < 0 || chdir(t->dir))
            _exit(127);
        execlp(prog, prog, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    t->prog = prog;
    t->in = in[1];
    t->out = out[0];
    fcntl(t->in, F_SETFL, fcntl(t->in, F_GETFL) | O_NONBLOCK);
    fcntl(t->out, F_SETFL, fcntl(t->out, F_GETFL) | O_NONBLOCK);
    t->timeout_s = timeout_s();
    return t;
fail:
    for (int i = 0; i < 2; i++) {
        if (in[i] >= 0)
            close(in[i]);
        if (out[i] >= 0)
            close(out[i]);
    }
    if (t->err)
        fclose(t->err);
    remove_dir(t->dir);
    free(t);
    return NULL;
}

/* The last non-blank line gnuplot wrote to its stderr since the last
 * look (its error, after the command it quotes), into line. */
static void last_err_line(dsh_plot_tool *t, char *line, size_t n)
{
    char buf[4096];
    line[0] = '\0';
    fflush(t->err);
    if (fseek(t->err, t->err_seen, SEEK_SET))
        return;
    size_t got;
    while ((got = fread(buf, 1, sizeof buf - 1, t->err)) > 0) {
        buf[got] = '\0';
        t->err_seen += (long)got;
        for (char *p = strtok(buf, "\n"); p; p = strtok(NULL, "\n")) {
            while (*p == ' ' || *p == '\t')
                p++;
            if (*p)
                snprintf(line, n, "%s", p);
        }
    }
}

/* Reaps (killing it first when `what` says why) and notes why it died. */
static void died(dsh_plot_tool *t, const char *what)
{
    int ws = 0;
    if (t->pid > 0) {
        if (what)
            kill(t->pid, SIGKILL);
        while (waitpid(t->pid, &ws, 0) < 0 && errno == EINTR)
            ;
        t->pid = 0;
    }
    char line[300];
    last_err_line(t, line, sizeof line);
    int st = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    if (what)
        snprintf(t->why, sizeof t->why, "plots: %s killed: %s", t->prog, what);
    else if (st == 127 && !t->answered)
        snprintf(t->why, sizeof t->why, "plots not drawn: %s could not be run",
                 t->prog);
    else
        snprintf(t->why, sizeof t->why, "plots: %s ended (status %d)%s%s",
                 t->prog, st, line[0] ? ": " : "", line);
    t->dead = true;
}

/* Waits for the answer line `want` ("E<seq>"): true when it came; else
 * the session is dead (why in t->why). */
static bool await(dsh_plot_tool *t, const char *want)
{
    double deadline = now_s() + t->timeout_s;
    for (;;) {
        char *nl;
        while ((nl = memchr(t->buf, '\n', t->len))) {
            *nl = '\0';
            bool hit = !strcmp(t->buf, want);
            size_t rest = t->len - (size_t)(nl + 1 - t->buf);
            memmove(t->buf, nl + 1, rest);
            t->len = rest;
            if (hit)
                return t->answered = true;
        }
        if (t->len == sizeof t->buf) /* not ours: a line too long */
            t->len = 0;
        double left = deadline - now_s();
        if (left <= 0) {
            char what[64];
            snprintf(what, sizeof what, "no answer in %g s", t->timeout_s);
            died(t, what);
            return false;
        }
        struct pollfd pfd = { t->out, POLLIN, 0 };
        int rc = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (rc < 0 && errno != EINTR) {
            died(t, strerror(errno));
            return false;
        }
        if (rc <= 0)
            continue;
        ssize_t r = read(t->out, t->buf + t->len, sizeof t->buf - t->len);
        if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN)) {
            died(t, NULL);
            return false;
        }
        if (r > 0)
            t->len += (size_t)r;
    }
}

char *dsh_file_read_into(const char *path, char **buf, size_t *cap, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    size_t n = 0;
    bool ok = !fstat(fd, &st);
    size_t need = ok ? (size_t)st.st_size + 1 : 0;
    if (ok && need > *cap) {
        char *nb = realloc(*buf, need);
        ok = nb != NULL;
        if (ok) {
            *buf = nb;
            *cap = need;
        }
    }
    while (ok && n + 1 < *cap) {
        ssize_t r = read(fd, *buf + n, *cap - 1 - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (!ok)
        return NULL;
    (*buf)[n] = '\0';
    if (len)
        *len = n;
    return *buf;
}

/* The file at path into the session's buffer (kept from plot to plot:
 * no allocation, no new page to fault in, once it is large enough). */
static char *slurp(dsh_plot_tool *t, const char *path)
{
    return dsh_file_read_into(path, &t->fbuf, &t->fcap, NULL);
}

bool dsh_plot_tool_draw(dsh_plot_tool *t, dsh_plot_batch *b, char *why,
                        size_t whysz)
{
    why[0] = '\0';
    if (!b->n)
        return true;
    if (t->dead) {
        snprintf(why, whysz, "%s", t->why);
        return false;
    }
    /* the batch's commands in a script it loads (gnuplot reads a pipe a
     * byte at a time, a file through its buffer), each plot after a
     * reset (which keeps the terminal and `set print`) to a file of its
     * own: an error ends the script, the plots after it not drawn */
    char path[PATH_MAX + 32], cmd[512], want[32];
    snprintf(path, sizeof path, "%s/s.gp", t->dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(why, whysz, "plots not drawn: %s: %s", path, strerror(errno));
        return false;
    }
    for (size_t i = 0; i < b->n; i++)
        fprintf(f, "reset\nset output 'p%zu.svg'\n%s\nunset output\n", i,
                b->scripts[i]);
    if (fclose(f)) {
        snprintf(why, whysz, "plots not drawn: %s: %s", path, strerror(errno));
        return false;
    }
    snprintf(want, sizeof want, "E%lu", t->seq++);
    snprintf(cmd, sizeof cmd, "%sload 's.gp'\nprint '%s'\n",
             t->seq == 1 ? "set encoding utf8\nset print '-'\nset terminal "
                           "svg size 760,300 dynamic font 'sans,10' "
                           "background '#ffffff'\n"
                         : "",
             want);
    /* SIGPIPE held off this thread: a dead gnuplot is EPIPE */
    sigset_t pipe_set, old;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    bool sent = send_all(t->in, cmd, now_s() + t->timeout_s);
    if (!sent) {
        struct timespec zero = { 0, 0 };
        sigtimedwait(&pipe_set, NULL, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (sent)
        await(t, want);
    else if (errno == EPIPE)
        died(t, NULL);
    else
        died(t, "its input is full");
    size_t drawn = 0;
    for (size_t i = 0; i < b->n; i++) {
        snprintf(path, sizeof path, "%s/p%zu.svg", t->dir, i);
        char *svg = t->dead ? NULL : slurp(t, path);
        /* a plot cut short by a failure has no closing tag */
        if (svg && strstr(svg, "</svg>"))
            b->svgs[i] = prefixed(svg, (int)i);
        unlink(path);
        drawn += b->svgs[i] != NULL;
    }
    if (drawn == b->n)
        return true;
    if (t->dead) {
        snprintf(why, whysz, "%s", t->why);
    } else {
        char line[300];
        last_err_line(t, line, sizeof line);
        snprintf(why, whysz,
                 "plots: %s failed on a plot (%zu of %zu drawn)%s%s", t->prog,
                 drawn, b->n, line[0] ? ": " : "", line);
    }
    return false;
}

void dsh_plot_tool_close(dsh_plot_tool *t)
{
    if (!t)
        return;
    close(t->in);
    close(t->out);
    if (t->pid > 0) {
        /* at the end of its input it ends: give it a second */
        double end = now_s() + 1.0;
        int ws;
        pid_t w;
        while ((w = waitpid(t->pid, &ws, WNOHANG)) == 0 && now_s() < end) {
            struct timespec ts = { 0, 1000000 };
            nanosleep(&ts, NULL);
        }
        if (w == 0) {
            kill(t->pid, SIGKILL);
            while (waitpid(t->pid, &ws, 0) < 0 && errno == EINTR)
                ;
        }
    }
    fclose(t->err);
    remove_dir(t->dir);
    free(t->fbuf);
    free(t);
}

bool dsh_plot_batch_run(dsh_plot_batch *b, const char *tmp_parent, char *why,
                        size_t whysz)
{
    why[0] = '\0';
    if (!b->n)
        return true;
    dsh_plot_tool *t = dsh_plot_tool_open(tmp_parent, why, whysz);
    if (!t)
        return false;
    bool ok = dsh_plot_tool_draw(t, b, why, whysz);
    dsh_plot_tool_close(t);
    return ok;
}
