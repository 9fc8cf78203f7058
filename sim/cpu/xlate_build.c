/* SPDX-License-Identifier: BSD-3-Clause */
/* The translator's build step: each generated unit is compiled by the host
 * compiler into a shared object of its own, named by the unit's key
 * (xlate_gen_unit_key: the generator's inputs, the generator's own hash, the
 * prelude, the compiler and its -O level).
 *
 * A job looks every unit up in the cache; the missing ones are written as
 * C files and handed to one shell process that compiles them one after the
 * other, each into a temporary name renamed into place when the compiler
 * succeeds, so concurrent runs never load a half-written object.  The
 * simulation goes on interpreting meanwhile and polls the shell; a CPU
 * closed before the shell is done leaves it running, so the objects still
 * reach the cache for the next run (the shell is reaped later). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xlate_build.h"
#include "xlate_gen_hash.h"

extern char **environ;

/* Compiles quadruples (C file, temporary object, object, lock file) given
 * as arguments after the compiler, its -O option, the debug flag, the
 * cache's build lock and how to take it (ARGV_UNITS below). */
static char build_script[] =
    "cc=$1; opt=$2; dbg=$3; lock=$4; mode=$5; owner=$6; shift 6\n"
    "drop() { while [ $# -ge 4 ]; do rm -f \"$1\" \"$4\"; shift 4; done; exit 0; }\n"
    /* the simulation comes first; a foreground build (mode none) is what
     * the simulation waits for, so it keeps the simulation's priority */
    "[ \"$mode\" = none ] || renice -n 19 -p $$ >/dev/null 2>&1\n"
    /* one background compiler at a time per cache: parallel test runs must
     * not all compile at once on a small machine.  A build for a later run
     * (mode try) is dropped if one is already going, so that such builds
     * never pile up; a foreground build (mode none) waits for nobody. */
    "if [ \"$mode\" != none ] && command -v flock >/dev/null 2>&1 &&"
    " exec 9>>\"$lock\"; then\n"
    "  if [ \"$mode\" = try ]; then\n"
    "    flock -n 9 || drop \"$@\"\n"
    /* a build that has not started a minute after the run that asked for
     * it ended is dropped too: short runs (a test suite on an empty
     * cache) must not leave a queue of builders behind them, but a run
     * that ended while another build went on still gets its units */
    "  else\n"
    "    wait=60\n"
    "    while ! flock -n 9; do\n"
    "      if ! kill -0 \"$owner\" 2>/dev/null; then\n"
    "        wait=$((wait - 1)); [ \"$wait\" -gt 0 ] || drop \"$@\"\n"
    "      fi\n"
    "      sleep 1\n"
    "    done\n"
    "  fi\n"
    "fi\n"
    /* -fno-tree-pta: GCC's points-to analysis took a third of a group's
     * compile (11 pages, one function: 280 s -> 173 s) and changed none
     * of its code; units of one page compile as fast either way */
    "while [ $# -ge 4 ]; do\n"
    "  if [ \"$dbg\" = 1 ]; then\n"
    "    \"$cc\" \"$opt\" -fno-tree-pta -fPIC -shared -w -fno-strict-aliasing -fwrapv"
    " -o \"$2\" \"$1\" && mv -f \"$2\" \"$3\"\n"
    "  else\n"
    "    \"$cc\" \"$opt\" -fno-tree-pta -fPIC -shared -w -fno-strict-aliasing -fwrapv"
    " -o \"$2\" \"$1\" 2>/dev/null && mv -f \"$2\" \"$3\"; rm -f \"$1\"\n"
    "  fi\n"
    "  rm -f \"$2\" \"$4\"; shift 4\n"
    "done\n";

/* argv: sh -c SCRIPT sh CC OPT DBG LOCK MODE OWNER, then the quadruples */
#define ARGV_UNITS 10

/* A claim without a builder's PID yet is fresh for this long. */
#define LOCK_NEW_SECONDS 30

/* Claims the right to build an object: 1 if this process builds it, 0 if
 * a live builder holds the claim (its PID is in the lock file; a claim
 * whose builder died is taken over). */
static int claim(const char *lock)
{
    for (int tries = 0; tries < 2; tries++) {
        int fd = open(lock, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0) {
            close(fd);
            return 1;
        }
        if (errno != EEXIST)
            return 1; /* no locking possible here: build anyway */
        char buf[32] = "";
        fd = open(lock, O_RDONLY);
        if (fd >= 0) {
            ssize_t n = read(fd, buf, sizeof buf - 1);
            buf[n > 0 ? n : 0] = '\0';
            close(fd);
        }
        long pid = strtol(buf, NULL, 10);
        struct stat st;
        if (pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM))
            return 0;
        if (pid <= 0 && stat(lock, &st) == 0 &&
            time(NULL) - st.st_mtime < LOCK_NEW_SECONDS)
            return 0;
        unlink(lock); /* left by a builder that died */
    }
    return 0;
}

static void sign_claims(char **argv, unsigned k, pid_t pid)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%ld\n", (long)pid);
    for (unsigned i = ARGV_UNITS; i + 3 < k; i += 4) {
        int fd = open(argv[i + 3], O_WRONLY | O_TRUNC);
        if (fd >= 0) {
            if (write(fd, buf, (size_t)n) < 0)
                (void)0; /* an unsigned claim only ages out */
            close(fd);
        }
    }
}

static uint64_t fnv1a(const void *p, size_t n, uint64_t h)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static int mkdirs(const char *path)
{
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *s = tmp + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(tmp, 0755) && errno != EEXIST)
            return -1;
        *s = '/';
    }
    if (mkdir(tmp, 0755) && errno != EEXIST)
        return -1;
    return 0;
}

void xlate_build_cache_dir(char *out, size_t n, const char *opt)
{
    const char *e;
    if (opt && *opt)
        snprintf(out, n, "%s", opt);
    else if ((e = getenv("DSPSIM_CACHE_DIR")) && *e)
        snprintf(out, n, "%s/xlate", e);
    else if ((e = getenv("XDG_CACHE_HOME")) && *e)
        snprintf(out, n, "%s/dspsim/xlate", e);
    else if ((e = getenv("HOME")) && *e)
        snprintf(out, n, "%s/.cache/dspsim/xlate", e);
    else
        snprintf(out, n, "/tmp/dspsim-xlate-%u", (unsigned)getuid());
}

/* Builder shells of closed CPUs, reaped whenever a job is polled. */
static pthread_mutex_t orphan_lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t orphans[64];
static unsigned norphans;

static void reap_orphans(void)
{
    pthread_mutex_lock(&orphan_lock);
    for (unsigned i = 0; i < norphans;) {
        pid_t r = waitpid(orphans[i], NULL, WNOHANG);
        if (r == orphans[i] || (r < 0 && errno == ECHILD))
            orphans[i] = orphans[--norphans];
        else
            i++;
    }
    pthread_mutex_unlock(&orphan_lock);
}

static int write_file(const char *path, const char *a, size_t alen,
                      const char *b, size_t blen)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int bad = fwrite(a, 1, alen, f) != alen;
    bad |= fwrite(b, 1, blen, f) != blen;
    bad |= fclose(f) != 0;
    if (bad)
        unlink(path);
    return bad ? -1 : 0;
}

uint64_t xlate_build_seed(const char *prelude, size_t plen, const char *cc,
                          unsigned opt_level)
{
    uint64_t h = fnv1a(XLATE_GEN_HASH, strlen(XLATE_GEN_HASH),
                       0xcbf29ce484222325ull);
    h = fnv1a(prelude, plen, h);
    h = fnv1a(cc, strlen(cc), h);
    return fnv1a(&opt_level, sizeof opt_level, h);
}

int xlate_build_start(xl_job *job, const char *cache_dir, const char *prelude,
                      size_t plen, int sync)
{
    static unsigned seq;
    reap_orphans();
    if (mkdirs(cache_dir))
        return -1;
    const char *dbg = getenv("DSPSIM_XLATE_DEBUG");
    char opt[8];
    snprintf(opt, sizeof opt, "-O%u", job->opt_level);
    /* argv: sh -c SCRIPT sh CC OPT DBG LOCK MODE OWNER {c tmp so lock}...
     * NULL */
    char **argv = calloc(ARGV_UNITS + 1 + 4 * (size_t)job->nunits,
                         sizeof *argv);
    char build_lock[600];
    snprintf(build_lock, sizeof build_lock, "%s/.build.lock", cache_dir);
    char(*paths)[3][600] = calloc(job->nunits ? job->nunits : 1, sizeof *paths);
    if (!argv || !paths) {
        free(argv);
        free(paths);
        return -1;
    }
    unsigned k = 0, missing = 0;
    char sh[] = "sh", dash_c[] = "-c", one[] = "1", zero[] = "0";
    char none[] = "none", try_[] = "try", wait_[] = "wait";
    char cc[600];
    snprintf(cc, sizeof cc, "%s", job->cc);
    argv[k++] = sh;
    argv[k++] = dash_c;
    argv[k++] = build_script;
    argv[k++] = sh;
    argv[k++] = cc;
    argv[k++] = opt;
    argv[k++] = dbg && *dbg == '1' ? one : zero;
    argv[k++] = build_lock;
    argv[k++] = sync ? none : job->for_later ? try_ : wait_;
    char owner[24];
    snprintf(owner, sizeof owner, "%ld", (long)getpid());
    argv[k++] = owner;
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        if (u->cached || !u->text)
            continue;
        uint64_t h = u->key;
        snprintf(paths[i][2], sizeof paths[i][2], "%s.lock", u->so_path);
        if (!claim(paths[i][2])) {
            u->busy = 1; /* another run builds it: try again later */
            continue;
        }
        unsigned n = __atomic_fetch_add(&seq, 1, __ATOMIC_RELAXED);
        snprintf(paths[i][0], sizeof paths[i][0], "%s/%016llx.%d.%u.c",
                 cache_dir, (unsigned long long)h, (int)getpid(), n);
        snprintf(paths[i][1], sizeof paths[i][1], "%s.%d.%u.tmp", u->so_path,
                 (int)getpid(), n);
        if (write_file(paths[i][0], prelude, plen, u->text, u->len)) {
            unlink(paths[i][2]);
            continue;
        }
        argv[k++] = paths[i][0];
        argv[k++] = paths[i][1];
        argv[k++] = u->so_path;
        argv[k++] = paths[i][2];
        missing++;
    }
    argv[k] = NULL;
    int rc = 0;
    job->pid = 0;
    if (missing) {
        /* the shell may outlive us: it must hold none of our files (a
         * pipe kept open would make a reader wait for the compiler) */
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        if (!(dbg && *dbg == '1'))
            posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addclosefrom_np(&fa, 3);
        pid_t pid;
        int spawned = posix_spawn(&pid, "/bin/sh", &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        if (spawned == 0) {
            sign_claims(argv, k, pid);
            job->pid = pid;
            if (sync)
                xlate_build_done(job, 1);
        } else {
            for (unsigned i = ARGV_UNITS; i + 3 < k; i += 4) {
                unlink(argv[i]);
                unlink(argv[i + 3]);
            }
            rc = -1;
        }
    }
    free(argv);
    free(paths);
    return rc;
}

int xlate_build_done(xl_job *job, int wait)
{
    if (!job->pid)
        return 1;
    int st;
    pid_t r;
    do
        r = waitpid(job->pid, &st, wait ? 0 : WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == 0)
        return 0;
    job->pid = 0; /* exited, or reaped by someone else: look at the files */
    return 1;
}

void xlate_build_abandon(xl_job *job)
{
    if (!job->pid)
        return;
    pthread_mutex_lock(&orphan_lock);
    if (norphans < sizeof orphans / sizeof orphans[0])
        orphans[norphans++] = job->pid;
    pthread_mutex_unlock(&orphan_lock);
    job->pid = 0;
}
