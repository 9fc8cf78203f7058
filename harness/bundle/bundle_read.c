/* SPDX-License-Identifier: BSD-3-Clause */
/* Opening a failure bundle: every check, then the extraction into a
 * private directory (bundle.h, docs/bundle-format.md). */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bundle/bundle.h"
#include "dspsim/snapshot.h"

static bool refuse(char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool refuse(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
    return false;
}

static const char *type_name(char t)
{
    switch (t) {
    case '1':
        return "a hard link";
    case '2':
        return "a symbolic link";
    case '3':
        return "a character device";
    case '4':
        return "a block device";
    case '5':
        return "a directory";
    case '6':
        return "a FIFO";
    case 'x':
    case 'g':
        return "a pax extended header";
    case 'L':
    case 'K':
        return "a GNU long-name header";
    default:
        return NULL;
    }
}

static bool note_made(dsh_bundle *b, const char *name, bool dir)
{
    if (b->nmade == sizeof b->made / sizeof b->made[0])
        return false;
    snprintf(b->made[b->nmade], sizeof b->made[0], "%s", name);
    b->made_dir[b->nmade++] = dir;
    return true;
}

/* The parent directories of member name, under b->dirfd. */
static bool make_parents(dsh_bundle *b, const char *name, char *err,
                         size_t errsz)
{
    char p[DSH_TAR_NAME_MAX];
    snprintf(p, sizeof p, "%s", name);
    for (char *s = strchr(p, '/'); s; s = strchr(s + 1, '/')) {
        *s = '\0';
        struct stat st;
        if (!mkdirat(b->dirfd, p, 0700)) {
            if (!note_made(b, p, true))
                return refuse(err, errsz, "too many directories");
        } else if (errno != EEXIST ||
                   fstatat(b->dirfd, p, &st, AT_SYMLINK_NOFOLLOW) ||
                   !S_ISDIR(st.st_mode)) {
            return refuse(err, errsz,
                          "member '%s': cannot create directory '%s' in the "
                          "extraction directory: %s",
                          name, p,
                          errno == EEXIST ? "a file has its name"
                                          : strerror(errno));
        }
        *s = '/';
    }
    return true;
}

/* The data of the current member into its file, hashed on the way. */
static bool extract(dsh_bundle *b, dsh_tar_r *r, const dsh_tar_member *mem,
                    const dsh_bundle_file *listed, char *err, size_t errsz)
{
    if (!make_parents(b, mem->name, err, errsz))
        return false;
    int fd = openat(b->dirfd, mem->name,
                    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return refuse(err, errsz, "member '%s': cannot create: %s", mem->name,
                      strerror(errno));
    if (!note_made(b, mem->name, false)) {
        close(fd);
        unlinkat(b->dirfd, mem->name, 0);
        return refuse(err, errsz, "too many members");
    }
    dsh_sha256 h;
    dsh_sha256_init(&h);
    uint8_t buf[65536];
    for (uint64_t left = mem->size; left;) {
        size_t n = left < sizeof buf ? (size_t)left : sizeof buf;
        if (!dsh_tar_read(r, buf, n)) {
            close(fd);
            return refuse(err, errsz, "%s (member '%s', %" PRIu64 " bytes)",
                          r->err, mem->name, mem->size);
        }
        dsh_sha256_update(&h, buf, n);
        for (size_t off = 0; off < n;) {
            ssize_t w = write(fd, buf + off, n - off);
            if (w < 0) {
                int e = errno;
                close(fd);
                return refuse(err, errsz, "member '%s': write error: %s",
                              mem->name, strerror(e));
            }
            off += (size_t)w;
        }
        left -= n;
    }
    if (close(fd))
        return refuse(err, errsz, "member '%s': write error: %s", mem->name,
                      strerror(errno));
    char hex[DSH_SHA256_HEX];
    dsh_sha256_hex(&h, hex);
    if (strcmp(hex, listed->sha256))
        return refuse(err, errsz,
                      "member '%s' is damaged: its SHA-256 is %s, bundle.json "
                      "lists %s",
                      mem->name, hex, listed->sha256);
    return true;
}

/* A directory member: allowed when it is the parent of a listed one
 * (`tar` of a directory writes them); nothing is done with it. */
static bool directory_ok(const dsh_bundle *b, const dsh_tar_member *mem,
                         char *err, size_t errsz)
{
    char why[128];
    if (!dsh_tar_name_safe(mem->name, true, why, sizeof why))
        return refuse(err, errsz, "member '%s' (a directory): its name has %s",
                      mem->name, why);
    size_t n = strlen(mem->name);
    if (mem->name[n - 1] == '/')
        n--;
    for (unsigned i = 0; i < b->m.nmembers; i++)
        if (!strncmp(b->m.members[i].name, mem->name, n) &&
            b->m.members[i].name[n] == '/')
            return true;
    return refuse(err, errsz,
                  "unexpected member '%s' (a directory no listed member is "
                  "in)",
                  mem->name);
}

/* One member after bundle.json: every check, then its extraction. */
static bool member(dsh_bundle *b, dsh_tar_r *r, const dsh_tar_member *mem,
                   bool *got, char *err, size_t errsz)
{
    char why[128];
    const char *tn = type_name(mem->type);
    if (mem->type == '5')
        return directory_ok(b, mem, err, errsz);
    if (tn)
        return refuse(err, errsz,
                      "member '%s' is %s (a bundle holds regular files only)",
                      mem->name, tn);
    if (mem->type != '0' && mem->type != '7')
        return refuse(err, errsz,
                      "member '%s' has type '%c', not a regular file (a "
                      "bundle holds regular files only)",
                      mem->name, mem->type);
    if (!dsh_tar_name_safe(mem->name, false, why, sizeof why))
        return refuse(err, errsz,
                      "member '%s': its name has %s (it would not stay in "
                      "the extraction directory)",
                      mem->name, why);
    if (!strcmp(mem->name, DSH_BUNDLE_MANIFEST))
        return refuse(err, errsz, "member '%s' twice", mem->name);
    if (mem->size > DSH_BUNDLE_MEMBER_MAX)
        return refuse(err, errsz,
                      "member '%s' is %" PRIu64 " bytes, over the limit of "
                      "%llu bytes a member",
                      mem->name, mem->size,
                      (unsigned long long)DSH_BUNDLE_MEMBER_MAX);
    const dsh_bundle_file *listed = dsh_manifest_member(&b->m, mem->name);
    if (!listed)
        return refuse(err, errsz,
                      "unexpected member '%s' (bundle.json does not list it)",
                      mem->name);
    unsigned i = (unsigned)(listed - b->m.members);
    if (got[i])
        return refuse(err, errsz, "member '%s' twice", mem->name);
    got[i] = true;
    if (mem->size != listed->bytes)
        return refuse(err, errsz,
                      "member '%s' is %" PRIu64
                      " bytes; bundle.json says %" PRIu64,
                      mem->name, mem->size, listed->bytes);
    return extract(b, r, mem, listed, err, errsz);
}

/* bundle.json, the first member. */
static bool manifest(dsh_bundle *b, dsh_tar_r *r, const char *version,
                     const char *build_id, char *err, size_t errsz)
{
    dsh_tar_member mem;
    dsh_tar_next_rc rc = dsh_tar_next(r, &mem);
    if (rc != DSH_TAR_MEMBER)
        return refuse(err, errsz, "%s",
                      rc == DSH_TAR_BAD ? r->err : "an empty archive");
    const char *tn = type_name(mem.type);
    if (strcmp(mem.name, DSH_BUNDLE_MANIFEST) ||
        (mem.type != '0' && mem.type != '7'))
        return refuse(err, errsz,
                      "not a dspsim bundle: its first member is %s%s'%s', "
                      "not the file %s",
                      tn ? tn : "", tn ? " " : "", mem.name,
                      DSH_BUNDLE_MANIFEST);
    if (mem.size > DSH_BUNDLE_MANIFEST_MAX)
        return refuse(err, errsz,
                      "%s is %" PRIu64 " bytes, over its limit of %u",
                      DSH_BUNDLE_MANIFEST, mem.size, DSH_BUNDLE_MANIFEST_MAX);
    char *text = malloc((size_t)mem.size + 1);
    if (!text)
        return refuse(err, errsz, "out of memory");
    if (!dsh_tar_read(r, text, (size_t)mem.size)) {
        free(text);
        return refuse(err, errsz, "%s (%s)", r->err, DSH_BUNDLE_MANIFEST);
    }
    text[mem.size] = '\0';
    bool ok = dsh_manifest_parse(text, (size_t)mem.size, version,
                                 build_id ? build_id : ds_snap_build_id(),
                                 &b->m, err, errsz);
    free(text);
    return ok;
}

static bool make_dir(dsh_bundle *b, const char *tmpdir, char *err, size_t errsz)
{
    if (!tmpdir || !*tmpdir)
        tmpdir = getenv("TMPDIR");
    if (!tmpdir || !*tmpdir)
        tmpdir = "/tmp";
    int n = snprintf(b->dir, sizeof b->dir, "%s/dspsim-bundle-XXXXXX", tmpdir);
    if (n < 0 || (size_t)n >= sizeof b->dir)
        return refuse(err, errsz, "temporary directory name too long");
    if (!mkdtemp(b->dir)) {
        int e = errno;
        b->dir[0] = '\0';
        return refuse(err, errsz,
                      "cannot create a temporary directory in %s: %s", tmpdir,
                      strerror(e));
    }
    b->dirfd = open(b->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (b->dirfd < 0) {
        int e = errno;
        rmdir(b->dir);
        b->dir[0] = '\0';
        return refuse(err, errsz, "%s: %s", b->dir, strerror(e));
    }
    return true;
}

dsh_bundle *dsh_bundle_open(const char *path, const char *version,
                            const char *build_id, const char *tmpdir, char *err,
                            size_t errsz)
{
    dsh_bundle *b = calloc(1, sizeof *b);
    if (!b) {
        refuse(err, errsz, "out of memory");
        return NULL;
    }
    b->dirfd = -1;
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f) {
        refuse(err, errsz, "cannot read: %s", strerror(errno));
        free(b);
        return NULL;
    }
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        refuse(err, errsz, "not a regular file");
        goto fail;
    }
    dsh_tar_r r;
    dsh_tar_r_init(&r, f);
    if (!manifest(b, &r, version, build_id, err, errsz) ||
        !make_dir(b, tmpdir, err, errsz))
        goto fail;
    bool got[DSH_BUNDLE_MAX_MEMBERS] = { false };
    for (;;) {
        dsh_tar_member mem;
        dsh_tar_next_rc rc = dsh_tar_next(&r, &mem);
        if (rc == DSH_TAR_END)
            break;
        if (rc == DSH_TAR_BAD) {
            refuse(err, errsz, "%s", r.err);
            goto fail;
        }
        if (!member(b, &r, &mem, got, err, errsz))
            goto fail;
    }
    for (unsigned i = 0; i < b->m.nmembers; i++)
        if (!got[i]) {
            refuse(err, errsz, "member '%s' is missing (bundle.json lists it)",
                   b->m.members[i].name);
            goto fail;
        }
    fclose(f);
    snprintf(b->case_file, sizeof b->case_file, "%s/%s", b->dir,
             b->m.case_member);
    snprintf(b->firmware, sizeof b->firmware, "%s/%s", b->dir,
             b->m.firmware_member);
    return b;
fail:
    fclose(f);
    dsh_bundle_close(b);
    return NULL;
}

void dsh_bundle_cleanup(dsh_bundle *b)
{
    if (!b || b->dirfd < 0)
        return;
    for (unsigned i = b->nmade; i-- > 0;)
        unlinkat(b->dirfd, b->made[i], b->made_dir[i] ? AT_REMOVEDIR : 0);
    b->nmade = 0;
    close(b->dirfd);
    b->dirfd = -1;
    rmdir(b->dir);
}

static int remove_one(const char *p, const struct stat *st, int flag,
                      struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP)
        rmdir(p);
    else
        unlink(p);
    return 0;
}

void dsh_bundle_close(dsh_bundle *b)
{
    if (!b)
        return;
    dsh_bundle_cleanup(b);
    struct stat st;
    /* anything else a run left there (nothing should): the whole tree,
     * links not followed */
    if (b->dir[0] && !lstat(b->dir, &st) && S_ISDIR(st.st_mode))
        nftw(b->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
    free(b);
}
