/* SPDX-License-Identifier: BSD-3-Clause */
/* The quick back end (tier 1): libtcc inside the process.  A job's units
 * are compiled one after the other on a thread of the engine's own, each
 * into a shared object in the translation cache (a temporary name, then
 * renamed into place), in milliseconds a unit: a page is translated a
 * few milliseconds after it turned hot, and every later run, or every
 * other case of a test suite, loads the object.  libtcc keeps global
 * state, so one compile runs at a time in the process (a lock).
 * Cancelling lets the unit being compiled finish (milliseconds) and
 * drops the rest; nothing of the job runs after it returns. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xlate_backend.h"
#include "xlate_cache.h"
#include "xlate_gen_hash.h"

#ifdef DSPSIM_HAVE_TCC
#include <libtcc.h>

typedef struct quick_run {
    pthread_t th;
    int done;   /* set by the thread as it ends (atomic) */
    int cancel; /* asks it to stop after the current unit (atomic) */
    xl_job *job;
    char *prelude;
    size_t plen;
    unsigned n;
    unsigned *todo;     /* indexes of the units it builds */
    char (*locks)[600]; /* their claims */
    char (*tmp)[600];   /* their temporary objects */
} quick_run;

static pthread_mutex_t tcc_global = PTHREAD_MUTEX_INITIALIZER;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void on_error(void *user, const char *msg)
{
    if (*(const int *)user)
        fprintf(stderr, "xlate: tcc: %s\n", msg);
}

/* One unit's object into tmp: 0, or -1 (why on stderr with debug). */
static int compile_one(const char *src, const char *tmp, int *debug)
{
    pthread_mutex_lock(&tcc_global);
    TCCState *s = tcc_new();
    int rc = -1;
    if (s) {
        tcc_set_error_func(s, debug, on_error);
        /* no headers, no C library: the prelude declares what it uses */
        tcc_set_options(s, "-nostdlib -nostdinc -w");
        if (tcc_set_output_type(s, TCC_OUTPUT_DLL) == 0 &&
            tcc_compile_string(s, src) == 0 && tcc_output_file(s, tmp) == 0)
            rc = 0;
        tcc_delete(s);
    }
    pthread_mutex_unlock(&tcc_global);
    return rc;
}

static void *worker(void *arg)
{
    quick_run *r = arg;
    xl_job *job = r->job;
    uint64_t t0 = now_ns();
    char *src = NULL;
    size_t cap = 0;
    for (unsigned i = 0; i < r->n; i++) {
        xl_unit_src *u = &job->units[r->todo[i]];
        if (!__atomic_load_n(&r->cancel, __ATOMIC_ACQUIRE)) {
            size_t need = r->plen + u->len + 1;
            if (need > cap) {
                char *p = realloc(src, need);
                if (p) {
                    src = p;
                    cap = need;
                }
            }
            if (src && need <= cap) {
                memcpy(src, r->prelude, r->plen);
                memcpy(src + r->plen, u->text, u->len);
                src[need - 1] = '\0';
                if (compile_one(src, r->tmp[i], &job->debug) == 0 &&
                    rename(r->tmp[i], u->so_path) == 0)
                    u->built = 1;
            }
        }
        unlink(r->tmp[i]);
        unlink(r->locks[i]);
    }
    free(src);
    job->ns += now_ns() - t0;
    __atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

static void run_free(xl_job *job, quick_run *r)
{
    free(r->prelude);
    free(r->todo);
    free(r->locks);
    free(r->tmp);
    free(r);
    job->priv = NULL;
}

static int tcc_done(xl_job *job, int wait)
{
    quick_run *r = job->priv;
    if (!r)
        return 1;
    if (!wait && !__atomic_load_n(&r->done, __ATOMIC_ACQUIRE))
        return 0;
    pthread_join(r->th, NULL);
    run_free(job, r);
    return 1;
}

static void tcc_cancel(xl_job *job)
{
    quick_run *r = job->priv;
    if (!r)
        return;
    __atomic_store_n(&r->cancel, 1, __ATOMIC_RELEASE);
    tcc_done(job, 1);
}

static int tcc_start(xl_job *job, const char *cache_dir, const char *prelude,
                     size_t plen)
{
    static unsigned seq;
    if (xlate_cache_mkdirs(cache_dir))
        return -1;
    quick_run *r = calloc(1, sizeof *r);
    unsigned cap = job->nunits ? job->nunits : 1;
    if (r) {
        r->todo = calloc(cap, sizeof *r->todo);
        r->locks = calloc(cap, sizeof *r->locks);
        r->tmp = calloc(cap, sizeof *r->tmp);
        r->prelude = malloc(plen + 1);
    }
    if (!r || !r->todo || !r->locks || !r->tmp || !r->prelude) {
        if (r)
            run_free(job, r);
        return -1;
    }
    memcpy(r->prelude, prelude, plen);
    r->plen = plen;
    r->job = job;
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        if (u->cached || !u->text)
            continue;
        snprintf(r->locks[r->n], sizeof r->locks[0], "%s.lock", u->so_path);
        if (!xlate_cache_claim(r->locks[r->n], 0)) {
            u->busy = 1; /* another run builds it: try again later */
            continue;
        }
        unsigned n = __atomic_fetch_add(&seq, 1, __ATOMIC_RELAXED);
        snprintf(r->tmp[r->n], sizeof r->tmp[0], "%s.%d.%u.tmp", u->so_path,
                 (int)getpid(), n);
        r->todo[r->n++] = i;
    }
    job->priv = r;
    if (!r->n) {
        run_free(job, r);
        return 0;
    }
    if (job->sync) {
        worker(r);
        run_free(job, r);
        return 0;
    }
    if (pthread_create(&r->th, NULL, worker, r)) {
        for (unsigned i = 0; i < r->n; i++)
            unlink(r->locks[i]);
        run_free(job, r);
        return -1;
    }
    return 0;
}

static uint64_t tcc_seed(const char *prelude, size_t plen, const char *cc,
                         unsigned opt_level)
{
    (void)cc;
    (void)opt_level;
    static const char id[] = "libtcc 0.9.27 -nostdlib -nostdinc";
    uint64_t h = xlate_cache_hash(XLATE_GEN_HASH, strlen(XLATE_GEN_HASH),
                                  0xcbf29ce484222325ull);
    h = xlate_cache_hash(prelude, plen, h);
    return xlate_cache_hash(id, sizeof id, h);
}

static int tcc_available(const char *cc)
{
    (void)cc;
    return 1;
}

const xl_backend xlate_be_tcc = {
    .name = "tcc",
    .available = tcc_available,
    .seed = tcc_seed,
    .start = tcc_start,
    .done = tcc_done,
    .cancel = tcc_cancel,
    .load = xlate_cache_so_load,
    .sym = xlate_cache_so_sym,
    .unload = xlate_cache_so_unload,
};
#endif
