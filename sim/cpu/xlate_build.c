/* The translator's build step: generated C is compiled by the host
 * compiler into a shared object, cached by a hash of the C text.
 *
 * A job writes its C file into the cache directory and, unless
 * '<hash>.so' is already there, runs the compiler on a worker thread (or
 * in the foreground when asked) into a temporary name that is renamed
 * into place when the compiler succeeds, so concurrent runs never see a
 * half-written object.  The simulation goes on interpreting meanwhile. */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xlate.h"

extern char **environ;

static uint64_t fnv1a(const char *p, size_t n, uint64_t h)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (uint8_t)p[i];
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

void xlate_cache_dir(char *out, size_t n, const char *opt)
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

static void compile(xl_job *job)
{
    char tmp_so[600];
    static unsigned seq;
    snprintf(tmp_so, sizeof tmp_so, "%s.%d.%u.tmp", job->so_path,
             (int)getpid(), __atomic_fetch_add(&seq, 1, __ATOMIC_RELAXED));
    char opt[8];
    snprintf(opt, sizeof opt, "-O%u", job->opt_level);
    char *argv[] = {
        (char *)job->cc, opt, "-fPIC", "-shared", "-w",
        "-fno-strict-aliasing", "-fwrapv", "-o", tmp_so, job->c_path, NULL,
    };
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    /* DSPSIM_XLATE_DEBUG=1 keeps the C file and the compiler's messages */
    const char *dbg = getenv("DSPSIM_XLATE_DEBUG");
    int debug = dbg && *dbg == '1';
    if (!debug)
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int ok = 0;
    if (posix_spawnp(&pid, job->cc, &fa, NULL, argv, environ) == 0) {
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        ok = WIFEXITED(st) && WEXITSTATUS(st) == 0 &&
             rename(tmp_so, job->so_path) == 0;
    }
    posix_spawn_file_actions_destroy(&fa);
    if (!ok)
        unlink(tmp_so);
    if (!debug)
        unlink(job->c_path);
    job->ok = ok;
    __atomic_store_n(&job->done, 1, __ATOMIC_RELEASE);
}

static void *worker(void *arg)
{
    compile(arg);
    return NULL;
}

int xlate_build_start(xl_job *job, const char *cache_dir, const char *text,
                      size_t len, int sync)
{
    uint64_t h = fnv1a(text, len, 0xcbf29ce484222325ull);
    h = fnv1a(job->cc, strlen(job->cc), h);
    h = fnv1a((const char *)&job->opt_level, sizeof job->opt_level, h);
    if (mkdirs(cache_dir))
        return -1;
    snprintf(job->so_path, sizeof job->so_path, "%s/%016llx.so", cache_dir,
             (unsigned long long)h);
    if (access(job->so_path, R_OK) == 0) {
        job->cached = 1;
        job->ok = 1;
        job->done = 1;
        return 0;
    }
    static unsigned seq;
    snprintf(job->c_path, sizeof job->c_path, "%s/%016llx.%d.%u.c", cache_dir,
             (unsigned long long)h, (int)getpid(), seq++);
    FILE *f = fopen(job->c_path, "w");
    if (!f)
        return -1;
    int bad = fwrite(text, 1, len, f) != len;
    bad |= fclose(f) != 0;
    if (bad) {
        unlink(job->c_path);
        return -1;
    }
    if (sync) {
        compile(job);
        return 0;
    }
    if (pthread_create(&job->thread, NULL, worker, job) != 0) {
        compile(job);
        return 0;
    }
    job->has_thread = 1;
    return 0;
}

void xlate_build_join(xl_job *job)
{
    if (job->has_thread) {
        pthread_join(job->thread, NULL);
        job->has_thread = 0;
    }
}
