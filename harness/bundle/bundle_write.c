/* SPDX-License-Identifier: BSD-3-Clause */
/* Making a failure bundle (bundle.h, docs/bundle-format.md). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bundle/bundle.h"
#include "dspsim/snapshot.h"
#include "textout/out_file.h"

/* A file going into the bundle and its member. */
typedef struct src {
    char path[PATH_MAX]; /* as found */
    char real[PATH_MAX]; /* realpath: the same file named twice is one */
    dsh_bundle_file f;   /* member name, size, digest */
} src;

typedef struct collect {
    dsh_bundle_manifest *m;
    src *srcs;
    unsigned nsrcs, ninputs_dir;
    char err[1024];
} collect;

static bool fail(char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
    return false;
}

void dsh_bundle_member_name(const char *dir, unsigned k, const char *path,
                            char *out, size_t outsz)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char name[65];
    size_t n = 0;
    for (; base[n] && n < sizeof name - 1; n++) {
        char c = base[n];
        bool okc = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                   (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' ||
                   c == '+';
        name[n] = okc && !(n == 0 && c == '.') ? c : '_';
    }
    name[n] = '\0';
    if (!n)
        snprintf(name, sizeof name, "file");
    if (k)
        snprintf(out, outsz, "%s/%u/%s", dir, k, name);
    else
        snprintf(out, outsz, "%s/%s", dir, name);
}

/* The file at path as member `dir[/k]/NAME`, or the member that already
 * holds the same file; NULL when full or the file cannot be found. */
static src *add_src(collect *c, const char *path, const char *dir,
                    bool numbered)
{
    char real[PATH_MAX];
    if (!realpath(path, real)) {
        snprintf(c->err, sizeof c->err, "%s: %s", path, strerror(errno));
        return NULL;
    }
    for (unsigned i = 0; i < c->nsrcs; i++)
        if (!strcmp(c->srcs[i].real, real))
            return &c->srcs[i];
    if (c->nsrcs == DSH_BUNDLE_MAX_MEMBERS) {
        snprintf(c->err, sizeof c->err, "more than %u files",
                 DSH_BUNDLE_MAX_MEMBERS);
        return NULL;
    }
    src *s = &c->srcs[c->nsrcs++];
    snprintf(s->path, sizeof s->path, "%s", path);
    snprintf(s->real, sizeof s->real, "%s", real);
    dsh_bundle_member_name(dir, numbered ? ++c->ninputs_dir : 0, path,
                           s->f.name, sizeof s->f.name);
    return s;
}

/* dsh_input_hook.seen: every input of the case, once per path as written */
static void seen(void *user, const char *what, const char *rel,
                 const char *path)
{
    collect *c = user;
    dsh_bundle_manifest *m = c->m;
    if (c->err[0])
        return;
    for (unsigned i = 0; i < m->ninputs; i++)
        if (!strcmp(m->inputs[i].ref, rel))
            return;
    if (m->ninputs == DSH_BUNDLE_MAX_INPUTS) {
        snprintf(c->err, sizeof c->err, "more than %u input files",
                 DSH_BUNDLE_MAX_INPUTS);
        return;
    }
    src *s = add_src(c, path, "inputs", true);
    if (!s)
        return;
    dsh_bundle_input *in = &m->inputs[m->ninputs++];
    snprintf(in->what, sizeof in->what, "%s", what);
    snprintf(in->ref, sizeof in->ref, "%s", rel);
    snprintf(in->member, sizeof in->member, "%s", s->f.name);
}

/* Size and SHA-256 of a regular file (at most DSH_BUNDLE_MEMBER_MAX). */
static bool hash_file(const char *path, dsh_bundle_file *f, char *err,
                      size_t errsz)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return fail(err, errsz, "%s: %s", path, strerror(errno));
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return fail(err, errsz, "%s: not a regular file", path);
    }
    if ((uint64_t)st.st_size > DSH_BUNDLE_MEMBER_MAX) {
        close(fd);
        return fail(err, errsz,
                    "%s: %" PRIu64 " bytes, over the %llu bytes a bundle "
                    "member may have",
                    path, (uint64_t)st.st_size,
                    (unsigned long long)DSH_BUNDLE_MEMBER_MAX);
    }
    dsh_sha256 h;
    dsh_sha256_init(&h);
    uint8_t buf[65536];
    uint64_t total = 0;
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        dsh_sha256_update(&h, buf, (size_t)n);
        total += (uint64_t)n;
    }
    int e = errno;
    close(fd);
    if (n < 0)
        return fail(err, errsz, "%s: read error: %s", path, strerror(e));
    f->bytes = total;
    dsh_sha256_hex(&h, f->sha256);
    return true;
}

/* The case loaded again with the input hook: its inputs into c, its
 * name and outputs into the manifest. */
static bool learn_case(collect *c, const dsh_bundle_spec *spec, char *err,
                       size_t errsz)
{
    dsh_input_hook hook = { seen, NULL, c };
    dsh_diag d;
    dsh_diag_init(&d);
    dsh_case_set_input_hook(&hook);
    dsh_case *cs = dsh_case_load(spec->case_path, &d);
    dsh_case_set_input_hook(NULL);
    if (!cs)
        return fail(err, errsz, "the case does not load: %s",
                    d.count ? d.msg[0] : "(no diagnosis)");
    if (c->err[0]) {
        dsh_case_free(cs);
        return fail(err, errsz, "%s", c->err);
    }
    dsh_bundle_manifest *m = c->m;
    snprintf(m->case_name, sizeof m->case_name, "%s", cs->name);
    for (unsigned i = 0; spec->outputs_dir && i < cs->n_endpoints; i++) {
        const dsh_endpoint *e = &cs->endpoints[i];
        char p[PATH_MAX + DSH_PATH_MAX];
        struct stat st;
        if (e->dir != DSH_EP_OUTPUT)
            continue;
        snprintf(p, sizeof p, "%s/%s", spec->outputs_dir, e->file);
        if (stat(p, &st) || !S_ISREG(st.st_mode))
            continue; /* not written (an error before the outputs) */
        dsh_bundle_file *f = &m->outputs[m->noutputs];
        snprintf(f->name, sizeof f->name, "%s", e->file);
        if (strlen(e->file) >= sizeof f->name || !hash_file(p, f, err, errsz)) {
            dsh_case_free(cs);
            return err[0]
                       ? false
                       : fail(err, errsz, "output name too long: %s", e->file);
        }
        m->noutputs++;
    }
    dsh_case_free(cs);
    return true;
}

static bool put(FILE *f, const void *p, size_t n)
{
    return fwrite(p, 1, n, f) == n;
}

static bool put_header(FILE *f, const char *name, uint64_t size)
{
    uint8_t b[DSH_TAR_BLOCK];
    time_t now = time(NULL);
    return dsh_tar_header(b, name, size, now > 0 ? (uint64_t)now : 0) &&
           put(f, b, sizeof b);
}

static bool put_padding(FILE *f, uint64_t size)
{
    static const uint8_t zeros[DSH_TAR_BLOCK];
    return put(f, zeros, dsh_tar_padding(size));
}

/* The member: header, the file's bytes (hashed again: the file must not
 * have changed since it was listed), padding. */
static bool put_member(FILE *out, const src *s, char *err, size_t errsz)
{
    int fd = open(s->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(err, errsz, "%s: %s", s->path, strerror(errno));
    if (!put_header(out, s->f.name, s->f.bytes)) {
        close(fd);
        return fail(err, errsz, "write error");
    }
    dsh_sha256 h;
    dsh_sha256_init(&h);
    uint8_t buf[65536];
    uint64_t total = 0;
    ssize_t n;
    bool ok = true;
    while (ok && (n = read(fd, buf, sizeof buf)) > 0) {
        total += (uint64_t)n;
        if (total > s->f.bytes)
            break;
        dsh_sha256_update(&h, buf, (size_t)n);
        ok = put(out, buf, (size_t)n);
    }
    close(fd);
    if (!ok)
        return fail(err, errsz, "write error");
    char hex[DSH_SHA256_HEX];
    dsh_sha256_hex(&h, hex);
    if (total != s->f.bytes || strcmp(hex, s->f.sha256))
        return fail(err, errsz, "%s changed while it was being bundled",
                    s->path);
    return put_padding(out, s->f.bytes) || fail(err, errsz, "write error");
}

bool dsh_bundle_write(const char *path, const dsh_bundle_spec *spec, char *err,
                      size_t errsz)
{
    dsh_bundle_manifest *m = calloc(1, sizeof *m);
    src *srcs = calloc(DSH_BUNDLE_MAX_MEMBERS, sizeof *srcs);
    collect c = { m, srcs, 0, 0, "" };
    bool ok = false;
    char *text = NULL;
    size_t len = 0;
    if (!m || !srcs) {
        fail(err, errsz, "out of memory");
        goto out;
    }
    snprintf(m->dspsim_version, sizeof m->dspsim_version, "%s", spec->version);
    snprintf(m->build_id, sizeof m->build_id, "%s", ds_snap_build_id());
    snprintf(m->command, sizeof m->command, "%s", spec->command);
    snprintf(m->engine, sizeof m->engine, "%s", spec->engine);
    snprintf(m->case_path, sizeof m->case_path, "%s", spec->case_path);
    snprintf(m->status, sizeof m->status, "%s", spec->status);
    snprintf(m->message, sizeof m->message, "%s",
             spec->message ? spec->message : "");
    /* the run's own output directory means nothing where it is replayed */
    char *art = strstr(m->message, " [artifacts: ");
    if (art && art[strlen(art) - 1] == ']')
        *art = '\0';
    m->has_cycles = spec->has_cycles;
    m->cycles = spec->cycles;
    const src *cs = add_src(&c, spec->case_path, "case", false);
    const src *fw = cs ? add_src(&c, spec->firmware, "firmware", false) : NULL;
    if (!fw) {
        fail(err, errsz, "%s", c.err);
        goto out;
    }
    snprintf(m->case_member, sizeof m->case_member, "%s", cs->f.name);
    snprintf(m->firmware_member, sizeof m->firmware_member, "%s", fw->f.name);
    if (!learn_case(&c, spec, err, errsz))
        goto out;
    for (unsigned i = 0; i < c.nsrcs; i++) {
        if (!hash_file(srcs[i].path, &srcs[i].f, err, errsz))
            goto out;
        m->members[m->nmembers++] = srcs[i].f;
    }
    text = dsh_manifest_to_json(m, &len);
    if (!text) {
        fail(err, errsz, "out of memory");
        goto out;
    }
    dsh_out_file of;
    if (!dsh_out_open(&of, path, err, errsz))
        goto out;
    static const uint8_t end[2 * DSH_TAR_BLOCK];
    ok = put_header(of.f, DSH_BUNDLE_MANIFEST, len) && put(of.f, text, len) &&
         put_padding(of.f, len);
    if (!ok)
        fail(err, errsz, "write error");
    for (unsigned i = 0; ok && i < c.nsrcs; i++)
        ok = put_member(of.f, &srcs[i], err, errsz);
    ok = ok && (put(of.f, end, sizeof end) || fail(err, errsz, "write error"));
    char cerr[1024];
    if (!dsh_out_close(&of, ok, cerr, sizeof cerr) && ok) {
        snprintf(err, errsz, "%s", cerr);
        ok = false;
    }
out:
    free(text);
    free(srcs);
    free(m);
    return ok;
}
