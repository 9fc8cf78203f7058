/* SPDX-License-Identifier: BSD-3-Clause */
/* Running cases in long-lived worker processes, or a child process per
 * case (run_pool.h). */
#define _GNU_SOURCE
#include "run_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* One worker process: the parent writes job indices (uint32_t) to `cmd`,
 * the worker answers each with the job's dsh_case_result on `res`. */
typedef struct worker {
    pid_t pid; /* 0: no process */
    int cmd;   /* write end, parent -> worker (-1 once closed) */
    int res;   /* read end, worker -> parent */
    bool busy; /* running `job` */
    size_t job;
    unsigned jobs_left; /* jobs it may still be given (0: no limit) */
    size_t got;         /* bytes of the result received */
    dsh_case_result buf;
    char *plot; /* then its plot data's text (buf.plot_len) */
    size_t plot_got;
    double start;
    int timed_out;
} worker;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A job index to a worker: false when the worker is gone (its end of
 * file then reports it).  SIGPIPE is held off meanwhile: a worker that
 * died must not end the parent. */
static bool send_job(int fd, uint32_t i)
{
    sigset_t pipe_set, old;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    sigset_t pending;
    bool was_pending = !sigpending(&pending) && sigismember(&pending, SIGPIPE);
    ssize_t w;
    do
        w = write(fd, &i, sizeof i);
    while (w < 0 && errno == EINTR);
    if (w < 0 && errno == EPIPE && !was_pending) {
        struct timespec zero = { 0, 0 };
        while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR)
            ;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return w == (ssize_t)sizeof i; /* 4 bytes to a pipe: all or nothing */
}

static bool write_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        len -= (size_t)w;
    }
    return true;
}

/* 1 read all, 0 end of file before anything, -1 error or a partial read */
static int read_all(int fd, void *buf, size_t len)
{
    char *p = buf;
    size_t got = 0;
    while (got < len) {
        ssize_t r = read(fd, p + got, len - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            return got ? -1 : 0;
        got += (size_t)r;
    }
    return 1;
}

#define WORKER_MMAP_AT (4 << 20)
/* the most plot data a worker sends (a 10-minute soak's is a few MB) */
#define PLOT_MAX       (256u << 20)
#define WORKER_TRIM_AT (256 << 20)

/* The worker process: job after job until the parent closes `cmd`. */
static void worker_main(dsh_job *jobs, size_t n, int cmd, int res,
                        dsh_case_exec_fn exec, const void *user)
{
    /* A crash must end this process and be seen by the parent, whatever
     * handlers the parent installed. */
    static const int crash_signals[] = { SIGSEGV, SIGBUS,  SIGFPE, SIGILL,
                                         SIGABRT, SIGTERM, SIGINT };
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
        signal(crash_signals[i], SIG_DFL);
    /* A worker's large blocks stay in its heap for the next case: each
     * case allocates and frees the same large arrays (audio, spectra,
     * the board's tables), which as mappings of their own were faulted
     * in page by page and unmapped again in every case. */
    mallopt(M_MMAP_THRESHOLD, WORKER_MMAP_AT);
    mallopt(M_TRIM_THRESHOLD, WORKER_TRIM_AT);
    for (;;) {
        uint32_t i;
        int got = read_all(cmd, &i, sizeof i);
        if (got == 0)
            _exit(0);
        if (got < 0 || i >= n)
            _exit(3);
        dsh_job *job = &jobs[i];
        /* every case starts from the same state: the result zeroed, the
         * C library's errno clear (the simulation keeps no state of its
         * own between boards: each case builds and frees its board).
         * One result buffer for every case (the jobs' own, inherited
         * from the parent, would be copied page by page on write). */
        static dsh_case_result result;
        dsh_case_result *r = &result;
        memset(r, 0, sizeof *r);
        r->status = DSH_RES_ERROR;
        errno = 0;
        char *plot = NULL;
        size_t plot_len = 0;
        dsh_exec_env env = { job->out_dir, job->plot_data, &plot, &plot_len };
        double t0 = now();
        exec(job->c, &env, r, user);
        r->seconds = now() - t0;
        r->message[sizeof r->message - 1] = 0;
        r->log[sizeof r->log - 1] = 0;
        if (plot && plot_len > PLOT_MAX)
            fprintf(stderr,
                    "dspsim test: %s: its plot data (%zu MiB) is over the "
                    "report's limit of %u MiB: its page shows no plots\n",
                    job->c->name, plot_len >> 20, PLOT_MAX >> 20);
        if (!plot || plot_len > PLOT_MAX)
            plot_len = 0;
        r->plot_len = (uint32_t)plot_len;
        fflush(NULL);
        /* the result, then its plot data's text */
        if (!write_all(res, r, sizeof *r) ||
            (plot_len && !write_all(res, plot, plot_len)))
            _exit(3);
        free(plot);
    }
}

/* The parent's end of every live worker but `self` closed in a new
 * worker (else a worker would hold another's command pipe open and
 * never see its end). */
static void close_others(worker *w, unsigned nw, const worker *self)
{
    for (unsigned k = 0; k < nw; k++) {
        if (&w[k] == self || !w[k].pid)
            continue;
        if (w[k].cmd >= 0)
            close(w[k].cmd);
        close(w[k].res);
    }
}

/* Starts worker `s` (one of nw).  False (errno set, `what` the call that
 * failed) when it could not. */
static bool spawn(worker *w, unsigned nw, worker *s, unsigned jobs_each,
                  dsh_job *jobs, size_t n, dsh_case_exec_fn exec,
                  const void *user, const char **what)
{
    int c[2], r[2];
    if (pipe2(c, O_CLOEXEC)) {
        *what = "pipe";
        return false;
    }
    if (pipe2(r, O_CLOEXEC)) {
        int e = errno;
        close(c[0]);
        close(c[1]);
        errno = e;
        *what = "pipe";
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close_others(w, nw, s);
        close(c[1]);
        close(r[0]);
        worker_main(jobs, n, c[0], r[1], exec, user);
    }
    int e = errno;
    close(c[0]);
    close(r[1]);
    if (pid < 0) {
        close(c[1]);
        close(r[0]);
        errno = e;
        *what = "fork";
        return false;
    }
    *s = (worker){
        .pid = pid, .cmd = c[1], .res = r[0], .jobs_left = jobs_each
    };
    return true;
}

/* Ends worker `s`: its command pipe closed (a worker between jobs exits),
 * the process reaped; returns its wait status. */
static int reap(worker *s)
{
    int status = 0;
    if (s->cmd >= 0)
        close(s->cmd);
    while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
        ;
    close(s->res);
    s->pid = 0;
    s->cmd = -1;
    s->busy = false;
    return status;
}

static void done(dsh_job *jobs, size_t i, const dsh_pool_hooks *hooks)
{
    jobs[i].done = 1;
    if (hooks && hooks->done)
        hooks->done(hooks->user, jobs, i);
}

/* Job i could not start (`what` failed, errno says why): an ERROR result,
 * reported done. */
static void not_started(dsh_job *jobs, size_t i, const char *what,
                        const dsh_pool_hooks *hooks)
{
    jobs[i].result.status = DSH_RES_ERROR;
    snprintf(jobs[i].result.message, sizeof jobs[i].result.message, "%s: %s",
             what, strerror(errno));
    done(jobs, i, hooks);
}

/* Worker `s` ended (end of file) without its job's whole result: the job
 * is an ERROR naming the timeout, signal or exit status, as a child per
 * case reported it. */
static void lost(worker *s, dsh_job *jobs, const dsh_pool_hooks *hooks)
{
    int status = reap(s);
    free(s->plot); /* what came of its plot data */
    s->plot = NULL;
    dsh_job *job = &jobs[s->job];
    double elapsed = now() - s->start;
    job->result.status = DSH_RES_ERROR;
    job->result.seconds = elapsed;
    if (s->timed_out)
        snprintf(job->result.message, sizeof job->result.message,
                 "timed out after %.1f s (killed)", elapsed);
    else if (WIFSIGNALED(status))
        snprintf(job->result.message, sizeof job->result.message,
                 "case process crashed: signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(job->result.message, sizeof job->result.message,
                 "case process exited with status %d without a result",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    done(jobs, s->job, hooks);
}

/* DSPSIM_TEST_WORKERS=0: a process per case (1 job a worker), else
 * workers that run any number (0) */
static unsigned jobs_per_worker(void)
{
    const char *v = getenv("DSPSIM_TEST_WORKERS");
    return v && !strcmp(v, "0") ? 1 : 0;
}

/* what dsh_run_pool works with */
typedef struct pool {
    worker *w;
    unsigned parallel, jobs_each;
    dsh_job *jobs;
    size_t n;
    dsh_case_exec_fn exec;
    const void *exec_user;
    const dsh_pool_hooks *hooks;
} pool_ctx;

/* Gives every idle worker (started when missing) the next job; a job
 * that cannot start is done (an ERROR). */
static void feed(const pool_ctx *p, size_t *next, size_t *running,
                 size_t *finished)
{
    for (unsigned k = 0; k < p->parallel && *next < p->n; k++) {
        worker *s = &p->w[k];
        if (s->busy)
            continue;
        const char *what = NULL;
        bool sent = false;
        /* a worker that died between jobs (killed from outside) is
         * reaped and replaced once: the job has not started */
        for (int tries = 0; tries < 2 && !sent; tries++) {
            if (!s->pid && !spawn(p->w, p->parallel, s, p->jobs_each, p->jobs,
                                  p->n, p->exec, p->exec_user, &what))
                break;
            sent = send_job(s->cmd, (uint32_t)*next);
            if (!sent) {
                reap(s);
                what = "worker";
                errno = EPIPE;
            }
        }
        if (!sent) {
            not_started(p->jobs, (*next)++, what, p->hooks);
            (*finished)++;
            continue;
        }
        s->job = (*next)++;
        s->busy = true;
        s->got = 0;
        s->plot_got = 0;
        s->timed_out = 0;
        s->start = now();
        (*running)++;
        if (s->jobs_left && !--s->jobs_left) {
            close(s->cmd); /* its last job: it exits after it */
            s->cmd = -1;
        }
    }
}

void dsh_run_pool(dsh_job *jobs, size_t n, unsigned parallel, double timeout_s,
                  dsh_case_exec_fn exec, const void *exec_user,
                  const dsh_pool_hooks *hooks)
{
    if (parallel < 1)
        parallel = 1;
    if (parallel > n)
        parallel = n ? (unsigned)n : 1;
    unsigned jobs_each = jobs_per_worker();
    worker *w = calloc(parallel, sizeof *w);
    struct pollfd *pfd = calloc(parallel, sizeof *pfd);
    size_t *ready = calloc(parallel, sizeof *ready);
    if (!w || !pfd || !ready || n > UINT32_MAX) {
        for (size_t i = 0; i < n; i++) {
            jobs[i].result.status = DSH_RES_ERROR;
            snprintf(jobs[i].result.message, sizeof jobs[i].result.message,
                     "out of memory");
            jobs[i].done = 1;
        }
        free(w);
        free(pfd);
        free(ready);
        return;
    }
    pool_ctx ctx = { w, parallel, jobs_each, jobs, n, exec, exec_user, hooks };
    for (unsigned k = 0; k < parallel; k++)
        w[k].cmd = w[k].res = -1;
    size_t next = 0, running = 0, finished = 0;
    double last_progress = 0;
    while (finished < n) {
        feed(&ctx, &next, &running, &finished);
        if (!running)
            continue;
        for (unsigned k = 0; k < parallel; k++) {
            pfd[k].fd = w[k].busy ? w[k].res : -1;
            pfd[k].events = POLLIN;
            pfd[k].revents = 0;
        }
        int rc = poll(pfd, parallel, 100);
        if (rc < 0 && errno != EINTR)
            break;
        double t = now();
        size_t nready = 0;
        for (unsigned k = 0; k < parallel; k++) {
            worker *s = &w[k];
            if (!s->busy)
                continue;
            bool eof = false;
            if (pfd[k].revents) {
                /* the result, then the plot data's text it announces */
                bool text = s->got == sizeof s->buf;
                ssize_t r = text ? read(s->res, s->plot + s->plot_got,
                                        s->buf.plot_len - s->plot_got)
                                 : read(s->res, (char *)&s->buf + s->got,
                                        sizeof s->buf - s->got);
                if (r > 0)
                    *(text ? &s->plot_got : &s->got) += (size_t)r;
                else if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN))
                    eof = true;
                if (!text && s->got == sizeof s->buf && s->buf.plot_len &&
                    !(s->plot = malloc(s->buf.plot_len))) {
                    kill(s->pid, SIGKILL); /* out of memory: the job lost */
                    eof = true;
                }
            }
            if (s->got == sizeof s->buf && s->plot_got == s->buf.plot_len) {
                /* a whole result: the job is done, the worker free for
                 * the next (or, after its last job, reaped); reported
                 * below, once the free workers have their next jobs */
                jobs[s->job].result = s->buf;
                jobs[s->job].plot_text = s->plot;
                s->plot = NULL;
                s->busy = false;
                running--;
                finished++;
                if (s->cmd < 0)
                    reap(s);
                ready[nready++] = s->job;
                continue;
            }
            if (!eof && timeout_s > 0 && t - s->start > timeout_s &&
                !s->timed_out) {
                kill(s->pid, SIGKILL);
                s->timed_out = 1;
            }
            if (eof) {
                running--;
                finished++;
                lost(s, jobs, hooks); /* a new worker takes the next job */
            }
        }
        /* the workers that finished start their next job before the
         * results are reported: a hook's work (the HTML report makes the
         * case's page) does not keep them idle */
        if (nready) {
            feed(&ctx, &next, &running, &finished);
            for (size_t i = 0; i < nready; i++)
                done(jobs, ready[i], hooks);
        }
        if (hooks && hooks->progress && t - last_progress >= 0.1) {
            const dsh_job *example = NULL;
            for (unsigned k = 0; k < parallel && !example; k++)
                if (w[k].busy)
                    example = &jobs[w[k].job];
            hooks->progress(hooks->user, finished, running, example);
            last_progress = t;
        }
    }
    for (unsigned k = 0; k < parallel; k++)
        if (w[k].pid) {
            if (w[k].busy) /* only after poll failed */
                kill(w[k].pid, SIGKILL);
            reap(&w[k]);
        }
    free(w);
    free(pfd);
    free(ready);
}
