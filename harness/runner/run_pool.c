/* SPDX-License-Identifier: BSD-3-Clause */
/* Running cases in forked child processes (run_pool.h). */
#define _GNU_SOURCE
#include "run_pool.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct slot {
    pid_t pid;
    int fd;
    size_t job;
    size_t got; /* bytes of the result received */
    dsh_case_result buf;
    double start;
    int timed_out;
} slot;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void child(dsh_job *job, int fd, dsh_case_exec_fn exec, const void *user)
{
    /* A crash must end this process and be seen by the parent, whatever
     * handlers the parent installed. */
    static const int crash_signals[] = { SIGSEGV, SIGBUS,  SIGFPE, SIGILL,
                                         SIGABRT, SIGTERM, SIGINT };
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
        signal(crash_signals[i], SIG_DFL);
    dsh_case_result r;
    memset(&r, 0, sizeof r);
    r.status = DSH_RES_ERROR;
    dsh_exec_env env = { job->out_dir, job->plot_data };
    double t0 = now();
    exec(job->c, &env, &r, user);
    r.seconds = now() - t0;
    r.message[sizeof r.message - 1] = 0;
    r.log[sizeof r.log - 1] = 0;
    fflush(NULL);
    const char *p = (const char *)&r;
    size_t left = sizeof r;
    while (left) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            _exit(3);
        p += w;
        left -= (size_t)w;
    }
    _exit(0);
}

/* Job i could not start (`what` failed, errno says why): an ERROR result,
 * reported done. */
static void not_started(dsh_job *jobs, size_t i, const char *what,
                        const dsh_pool_hooks *hooks)
{
    jobs[i].result.status = DSH_RES_ERROR;
    snprintf(jobs[i].result.message, sizeof jobs[i].result.message, "%s: %s",
             what, strerror(errno));
    jobs[i].done = 1;
    if (hooks && hooks->done)
        hooks->done(hooks->user, jobs, i);
}

static void finish(slot *s, dsh_job *jobs, const dsh_pool_hooks *hooks)
{
    int status = 0;
    while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
        ;
    close(s->fd);
    dsh_job *job = &jobs[s->job];
    double elapsed = now() - s->start;
    if (s->timed_out) {
        job->result.status = DSH_RES_ERROR;
        snprintf(job->result.message, sizeof job->result.message,
                 "timed out after %.1f s (killed)", elapsed);
        job->result.seconds = elapsed;
    } else if (s->got == sizeof s->buf && WIFEXITED(status) &&
               WEXITSTATUS(status) == 0) {
        job->result = s->buf;
    } else {
        job->result.status = DSH_RES_ERROR;
        job->result.seconds = elapsed;
        if (WIFSIGNALED(status))
            snprintf(job->result.message, sizeof job->result.message,
                     "case process crashed: signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
        else
            snprintf(job->result.message, sizeof job->result.message,
                     "case process exited with status %d without a result",
                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    job->done = 1;
    s->pid = 0;
    if (hooks && hooks->done)
        hooks->done(hooks->user, jobs, s->job);
}

void dsh_run_pool(dsh_job *jobs, size_t n, unsigned parallel, double timeout_s,
                  dsh_case_exec_fn exec, const void *exec_user,
                  const dsh_pool_hooks *hooks)
{
    if (parallel < 1)
        parallel = 1;
    slot *slots = calloc(parallel, sizeof *slots);
    struct pollfd *pfd = calloc(parallel, sizeof *pfd);
    if (!slots || !pfd) {
        for (size_t i = 0; i < n; i++) {
            jobs[i].result.status = DSH_RES_ERROR;
            snprintf(jobs[i].result.message, sizeof jobs[i].result.message,
                     "out of memory");
            jobs[i].done = 1;
        }
        free(slots);
        free(pfd);
        return;
    }
    size_t next = 0, running = 0, finished = 0;
    double last_progress = 0;
    while (finished < n) {
        while (next < n && running < parallel) {
            unsigned k = 0;
            while (slots[k].pid)
                k++;
            int p[2];
            if (pipe2(p, O_CLOEXEC)) {
                not_started(jobs, next++, "pipe", hooks);
                finished++;
                continue;
            }
            fflush(NULL);
            pid_t pid = fork();
            if (pid == 0) {
                close(p[0]);
                child(&jobs[next], p[1], exec, exec_user);
            }
            close(p[1]);
            if (pid < 0) {
                close(p[0]);
                not_started(jobs, next++, "fork", hooks);
                finished++;
                continue;
            }
            slots[k] = (slot){
                .pid = pid, .fd = p[0], .job = next, .start = now()
            };
            next++;
            running++;
        }
        if (!running)
            continue;
        for (unsigned k = 0; k < parallel; k++) {
            pfd[k].fd = slots[k].pid ? slots[k].fd : -1;
            pfd[k].events = POLLIN;
            pfd[k].revents = 0;
        }
        int rc = poll(pfd, parallel, 100);
        if (rc < 0 && errno != EINTR)
            break;
        double t = now();
        for (unsigned k = 0; k < parallel; k++) {
            slot *s = &slots[k];
            if (!s->pid)
                continue;
            bool eof = false;
            if (pfd[k].revents) {
                char *dst = (char *)&s->buf + s->got;
                size_t room = sizeof s->buf - s->got;
                char sink[256];
                ssize_t r = room ? read(s->fd, dst, room)
                                 : read(s->fd, sink, sizeof sink);
                if (r > 0 && room)
                    s->got += (size_t)r;
                else if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN))
                    eof = true;
            }
            if (!eof && timeout_s > 0 && t - s->start > timeout_s &&
                !s->timed_out) {
                kill(s->pid, SIGKILL);
                s->timed_out = 1;
            }
            if (eof) {
                finish(s, jobs, hooks);
                running--;
                finished++;
            }
        }
        if (hooks && hooks->progress && t - last_progress >= 0.1) {
            const dsh_job *example = NULL;
            for (unsigned k = 0; k < parallel && !example; k++)
                if (slots[k].pid)
                    example = &jobs[slots[k].job];
            hooks->progress(hooks->user, finished, running, example);
            last_progress = t;
        }
    }
    free(slots);
    free(pfd);
}
