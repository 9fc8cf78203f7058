/* SPDX-License-Identifier: BSD-3-Clause */
/* The optimising back end (tier 2): each unit is compiled by the host
 * compiler into a shared object of its own in the translation cache,
 * named by the unit's key.
 *
 * A job's missing units are written as C files and handed to one shell
 * in a process group of its own, which compiles them one after the
 * other, each into a temporary name renamed into place when the compiler
 * succeeds, so that no run ever loads a half-written object.  The
 * simulation goes on meanwhile and polls the shell.  The shell belongs
 * to the engine that started it: cancelling the job (the CPU closes
 * before it is done) kills the whole group at once and reaps it, keeps
 * the objects already renamed into place and removes every other file
 * of the job, so that nothing the command started outlives it. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xlate_backend.h"
#include "xlate_cache.h"
#include "xlate_gen_hash.h"

extern char **environ;

/* Compiles quadruples (C file, temporary object, object, claim file)
 * given as arguments after the compiler, its -O option, the debug flag,
 * the cache's build lock and whether to take it. */
static char build_script[] =
    "cc=$1; opt=$2; dbg=$3; lock=$4; mode=$5; TMPDIR=$6; export TMPDIR;"
    " shift 6\n"
    /* the engine's thread ended without cancelling (the command was
     * killed): the whole group goes, the compiler with it, and the files
     * of the units not built yet with them */
    "trap 'trap \"\" TERM INT HUP; kill -TERM 0; wait;"
    " while [ $# -ge 4 ]; do rm -f \"$1\" \"$2\" \"$4\"; shift 4; done;"
    " rm -rf \"$TMPDIR\"; exit 1' TERM INT HUP\n"
    /* one background compiler at a time per cache: parallel test runs must
     * not all compile at once on a small machine (a foreground build waits
     * for nobody) */
    "if [ \"$mode\" != none ] && command -v flock >/dev/null 2>&1 &&"
    " exec 9>>\"$lock\"; then flock 9 & wait $!; fi\n"
    /* -fno-tree-pta: GCC's points-to analysis took a third of a group's
     * compile (11 pages, one function: 280 s -> 173 s) and changed none
     * of its code; units of one page compile as fast either way */
    "while [ $# -ge 4 ]; do\n"
    "  if [ \"$dbg\" = 1 ]; then\n"
    "    \"$cc\" \"$opt\" -fno-tree-pta -fPIC -shared -w -fno-strict-aliasing -fwrapv"
    " -o \"$2\" \"$1\" & wait $! && mv -f \"$2\" \"$3\"\n"
    "  else\n"
    "    \"$cc\" \"$opt\" -fno-tree-pta -fPIC -shared -w -fno-strict-aliasing -fwrapv"
    " -o \"$2\" \"$1\" 2>/dev/null & wait $! && mv -f \"$2\" \"$3\"; rm -f \"$1\"\n"
    "  fi\n"
    "  rm -f \"$2\" \"$4\"; shift 4\n"
    "done\n";

/* argv: sh -c SCRIPT sh CC OPT DBG LOCK MODE TMP, then the quadruples */
#define ARGV_UNITS 10

typedef struct gcc_run {
    pid_t pid; /* the shell, the leader of its process group */
    int debug; /* the job's */
    unsigned n;
    char (*files)[4][600]; /* C file, temporary, object, claim */
    /* the compiler's TMPDIR, the job's own: a compiler killed by a
     * cancel leaves its intermediate files (ccXXXX.s, .o, .res) there,
     * not in the user's TMPDIR, and the directory goes with the job */
    char tmp[600];
    uint64_t next_poll_ns; /* host time before which a poll does not look */
} gcc_run;

/* How often a poll looks at the shell: a compile takes seconds, and
 * each look is a system call (one every few microseconds of a play's
 * time otherwise: 2 % of it, measured) */
#define POLL_EVERY_NS 2000000u

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t gcc_seed(const char *prelude, size_t plen, const char *cc,
                         unsigned opt_level)
{
    uint64_t h = xlate_cache_hash(XLATE_GEN_HASH, strlen(XLATE_GEN_HASH),
                                  0xcbf29ce484222325ull);
    h = xlate_cache_hash(prelude, plen, h);
    h = xlate_cache_hash(cc, strlen(cc), h);
    return xlate_cache_hash(&opt_level, sizeof opt_level, h);
}

static int gcc_available(const char *cc)
{
    return cc && *cc;
}

/* The job's temporary directory and what the compiler left in it (it
 * holds plain files only: the compiler driver's intermediates). */
static void drop_tmp(gcc_run *r)
{
    if (!r->tmp[0])
        return;
    DIR *d = opendir(r->tmp);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            unlinkat(dirfd(d), e->d_name, 0);
        }
        closedir(d);
    }
    rmdir(r->tmp);
    r->tmp[0] = 0;
}

static void drop_files(gcc_run *r)
{
    for (unsigned i = 0; i < r->n; i++) {
        if (!r->debug) /* the C files are kept for a look */
            unlink(r->files[i][0]);
        unlink(r->files[i][1]);
        unlink(r->files[i][3]);
    }
    drop_tmp(r);
}

static void finish(xl_job *job, gcc_run *r)
{
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        if (!u->cached && u->text && !u->busy)
            u->built = xlate_cache_has(u->so_path);
    }
    free(r->files);
    free(r);
    job->priv = NULL;
}

static int gcc_done(xl_job *job, int wait)
{
    gcc_run *r = job->priv;
    if (!r)
        return 1;
    if (r->pid) {
        int st;
        pid_t w;
        struct rusage ru;
        if (!wait) {
            uint64_t now = mono_ns();
            if (now < r->next_poll_ns)
                return 0;
            r->next_poll_ns = now + POLL_EVERY_NS;
        }
        do
            w = wait4(r->pid, &st, wait ? 0 : WNOHANG, &ru);
        while (w < 0 && errno == EINTR);
        if (w == 0)
            return 0;
        if (w == r->pid) /* the shell's and its compilers' CPU time */
            job->ns += ((uint64_t)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) *
                           1000000000u +
                       ((uint64_t)ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) *
                           1000u;
    }
    /* exited (or never started): what it built is in the cache */
    drop_files(r); /* what the shell left: a failed compile's */
    finish(job, r);
    return 1;
}

static void gcc_cancel(xl_job *job)
{
    gcc_run *r = job->priv;
    if (!r)
        return;
    if (r->pid) {
        kill(-r->pid, SIGKILL); /* the shell and the compiler it runs */
        /* the shell, then the compiler's processes (cc, cc1, as, ld,
         * flock), which became this process's children when the shell
         * died (a subreaper: gcc_start): none is left when this returns,
         * not even as a zombie waiting for an init that may not reap */
        int st;
        for (;;) {
            pid_t w = waitpid(-r->pid, &st, 0);
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0)
                break;
        }
        r->pid = 0;
    }
    drop_files(r);
    finish(job, r);
}

static int gcc_start(xl_job *job, const char *cache_dir, const char *prelude,
                     size_t plen)
{
    static unsigned seq;
    static int subreaper;
    if (xlate_cache_mkdirs(cache_dir))
        return -1;
    if (!subreaper) /* the compiler's processes come back to be reaped */
        subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 1 : -1;
    char opt[8];
    snprintf(opt, sizeof opt, "-O%u", job->opt_level);
    char **argv = calloc(ARGV_UNITS + 1 + 4 * (size_t)job->nunits,
                         sizeof *argv);
    gcc_run *r = calloc(1, sizeof *r);
    if (r)
        r->files = calloc(job->nunits ? job->nunits : 1, sizeof *r->files);
    char build_lock[600];
    snprintf(build_lock, sizeof build_lock, "%s/.build.lock", cache_dir);
    if (!argv || !r || !r->files) {
        free(argv);
        if (r)
            free(r->files);
        free(r);
        return -1;
    }
    r->debug = job->debug;
    unsigned k = 0;
    char sh[] = "sh", dash_c[] = "-c", one[] = "1", zero[] = "0";
    char none[] = "none", wait_[] = "wait";
    char cc[600];
    snprintf(cc, sizeof cc, "%s", job->cc);
    argv[k++] = sh;
    argv[k++] = dash_c;
    argv[k++] = build_script;
    argv[k++] = sh;
    argv[k++] = cc;
    argv[k++] = opt;
    argv[k++] = job->debug ? one : zero;
    argv[k++] = build_lock;
    argv[k++] = job->sync ? none : wait_;
    unsigned tseq = __atomic_fetch_add(&seq, 1, __ATOMIC_RELAXED);
    snprintf(r->tmp, sizeof r->tmp, "%s/tmp.%d.%u", cache_dir, (int)getpid(),
             tseq);
    argv[k++] = r->tmp;
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        if (u->cached || !u->text)
            continue;
        char(*f)[600] = r->files[r->n];
        snprintf(f[3], sizeof f[3], "%s.lock", u->so_path);
        if (!xlate_cache_claim(f[3], -1)) {
            u->busy = 1; /* another run builds it: try again later */
            continue;
        }
        unsigned n = __atomic_fetch_add(&seq, 1, __ATOMIC_RELAXED);
        snprintf(f[0], sizeof f[0], "%s/%016llx.%d.%u.c", cache_dir,
                 (unsigned long long)u->key, (int)getpid(), n);
        snprintf(f[1], sizeof f[1], "%s.%d.%u.tmp", u->so_path, (int)getpid(),
                 n);
        snprintf(f[2], sizeof f[2], "%s", u->so_path);
        if (xlate_cache_write(f[0], prelude, plen, u->text, u->len)) {
            unlink(f[3]);
            continue;
        }
        for (int j = 0; j < 4; j++)
            argv[k++] = f[j];
        r->n++;
    }
    argv[k] = NULL;
    int rc = 0;
    job->priv = r;
    if (r->n && mkdir(r->tmp, 0700) != 0) {
        r->tmp[0] = 0; /* not made: nothing of ours to remove */
        rc = -1;
        gcc_done(job, 1); /* the claims and C files go */
    } else if (r->n) {
        pid_t parent = getpid();
        int background = !job->sync, quiet = !job->debug;
        /* vfork, not fork: the child borrows this process's memory until
         * its execve (this thread waits meanwhile) instead of copying its
         * page tables, which made every page the simulation then wrote
         * fault once (copy on write: about 10 % of a 10 s volume play's
         * CPU time on an empty cache); the child only makes system calls
         * on what is already here before it runs the shell */
        pid_t pid = vfork();
        if (pid == 0) {
            /* the shell: a process group of its own, so that cancelling
             * kills the compiler with it; told (SIGTERM, which its trap
             * turns into killing its group) when this thread ends without
             * cancelling, as when the command is killed; and none of our
             * files (a pipe kept open would make a reader wait for it) */
            setpgid(0, 0);
            prctl(PR_SET_PDEATHSIG, SIGTERM);
            if (getppid() != parent)
                _exit(1);
            /* the simulation comes first: a background build runs at the
             * lowest priority (its compilers inherit it); a foreground
             * build (DSPSIM_XLATE_SYNC) is what the simulation waits for,
             * so it keeps the simulation's */
            if (background)
                setpriority(PRIO_PROCESS, 0, 19);
            int nul = open("/dev/null", O_RDWR);
            if (nul >= 0) {
                dup2(nul, 0);
                dup2(nul, 1);
                if (quiet)
                    dup2(nul, 2);
            }
            closefrom(3);
            execve("/bin/sh", argv, environ);
            _exit(127);
        }
        if (pid > 0) {
            setpgid(pid, pid); /* both sides: no race with a cancel */
            r->pid = pid;
            for (unsigned i = 0; i < r->n; i++)
                xlate_cache_sign(r->files[i][3], pid);
            if (job->sync)
                gcc_done(job, 1);
        } else {
            rc = -1;
            gcc_done(job, 1);
        }
    }
    free(argv);
    return rc;
}

const xl_backend xlate_be_gcc = {
    .name = "gcc",
    .available = gcc_available,
    .seed = gcc_seed,
    .start = gcc_start,
    .done = gcc_done,
    .cancel = gcc_cancel,
    .load = xlate_cache_so_load,
    .sym = xlate_cache_so_sym,
    .unload = xlate_cache_so_unload,
};
