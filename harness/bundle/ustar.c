/* SPDX-License-Identifier: BSD-3-Clause */
/* The ustar layout of the failure bundles (ustar.h). */
#include "ustar.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

/* Offsets and widths of the header fields (POSIX ustar). */
enum {
    F_NAME = 0,
    W_NAME = 100,
    F_MODE = 100,
    W_MODE = 8,
    F_UID = 108,
    F_GID = 116,
    W_ID = 8,
    F_SIZE = 124,
    W_SIZE = 12,
    F_MTIME = 136,
    W_MTIME = 12,
    F_CHKSUM = 148,
    W_CHKSUM = 8,
    F_TYPE = 156,
    F_MAGIC = 257, /* "ustar\0" then version "00" at 263 */
    F_PREFIX = 345,
    W_PREFIX = 155,
};

static unsigned checksum(const uint8_t b[DSH_TAR_BLOCK])
{
    unsigned sum = 0;
    for (unsigned i = 0; i < DSH_TAR_BLOCK; i++)
        sum += i >= F_CHKSUM && i < F_CHKSUM + W_CHKSUM ? ' ' : b[i];
    return sum;
}

/* value as width-1 octal digits and a NUL; false if it does not fit */
static bool put_octal(uint8_t *field, unsigned width, uint64_t value)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%0*" PRIo64, (int)width - 1, value);
    if (n < 0 || (unsigned)n != width - 1)
        return false;
    memcpy(field, buf, width); /* the digits and the NUL */
    return true;
}

bool dsh_tar_header(uint8_t b[DSH_TAR_BLOCK], const char *name, uint64_t size,
                    uint64_t mtime)
{
    size_t n = strlen(name);
    memset(b, 0, DSH_TAR_BLOCK);
    if (!n || n > W_NAME)
        return false;
    memcpy(b + F_NAME, name, n);
    if (!put_octal(b + F_MODE, W_MODE, 0644) ||
        !put_octal(b + F_UID, W_ID, 0) || !put_octal(b + F_GID, W_ID, 0) ||
        !put_octal(b + F_SIZE, W_SIZE, size) ||
        !put_octal(b + F_MTIME, W_MTIME, mtime))
        return false;
    b[F_TYPE] = '0';
    memcpy(b + F_MAGIC,
           "ustar\0"
           "00",
           8);
    /* six octal digits, a NUL and a space */
    snprintf((char *)b + F_CHKSUM, W_CHKSUM, "%06o", checksum(b));
    b[F_CHKSUM + 7] = ' ';
    return true;
}

size_t dsh_tar_padding(uint64_t size)
{
    return (size_t)((DSH_TAR_BLOCK - size % DSH_TAR_BLOCK) % DSH_TAR_BLOCK);
}

void dsh_tar_r_init(dsh_tar_r *r, FILE *f)
{
    memset(r, 0, sizeof *r);
    r->f = f;
}

/* Reads n bytes; the count actually read (short at the end of file). */
static size_t get(dsh_tar_r *r, void *buf, size_t n)
{
    size_t k = fread(buf, 1, n, r->f);
    r->offset += k;
    return k;
}

/* An octal number field: optional leading spaces, octal digits, then
 * NULs or spaces to the end of the field. */
static bool get_octal(const uint8_t *field, unsigned width, uint64_t *out)
{
    unsigned i = 0;
    uint64_t v = 0;
    while (i < width && field[i] == ' ')
        i++;
    unsigned start = i;
    for (; i < width && field[i] >= '0' && field[i] <= '7'; i++) {
        if (v >> 61)
            return false;
        v = v * 8 + (uint64_t)(field[i] - '0');
    }
    if (i == start)
        return false;
    for (; i < width; i++)
        if (field[i] != '\0' && field[i] != ' ')
            return false;
    *out = v;
    return true;
}

static bool all_zero(const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return false;
    return true;
}

/* What follows the first zero block: a second one, then zeros only. */
static dsh_tar_next_rc end_of_archive(dsh_tar_r *r, uint64_t at)
{
    uint8_t b[DSH_TAR_BLOCK];
    size_t k = get(r, b, sizeof b);
    if (k < sizeof b) {
        if (ferror(r->f))
            goto read_error;
        snprintf(r->err, sizeof r->err,
                 "truncated: the end-of-archive marker at byte %" PRIu64
                 " is cut short (the file ends at byte %" PRIu64 ")",
                 at, r->offset);
        return DSH_TAR_BAD;
    }
    if (!all_zero(b, sizeof b)) {
        snprintf(r->err, sizeof r->err,
                 "damaged: a zero block at byte %" PRIu64
                 " is followed by data, not the second block of the "
                 "end-of-archive marker",
                 at);
        return DSH_TAR_BAD;
    }
    while ((k = get(r, b, sizeof b)) > 0)
        if (!all_zero(b, k)) {
            snprintf(r->err, sizeof r->err,
                     "damaged: data after the end of the archive (near byte "
                     "%" PRIu64 ")",
                     r->offset - k);
            return DSH_TAR_BAD;
        }
    if (ferror(r->f))
        goto read_error;
    return DSH_TAR_END;
read_error:
    snprintf(r->err, sizeof r->err, "read error at byte %" PRIu64 ": %s",
             r->offset, strerror(errno));
    return DSH_TAR_BAD;
}

dsh_tar_next_rc dsh_tar_next(dsh_tar_r *r, dsh_tar_member *m)
{
    uint8_t b[DSH_TAR_BLOCK];
    /* the rest of the current member and its padding */
    uint64_t skip = r->left + r->pad;
    while (skip) {
        size_t n = skip < sizeof b ? (size_t)skip : sizeof b;
        if (get(r, b, n) != n) {
            snprintf(r->err, sizeof r->err,
                     "truncated: the file ends at byte %" PRIu64
                     " inside the data of member %u",
                     r->offset, r->index);
            return DSH_TAR_BAD;
        }
        skip -= n;
    }
    r->left = r->pad = 0;
    uint64_t at = r->offset;
    size_t k = get(r, b, sizeof b);
    if (k < sizeof b) {
        if (ferror(r->f))
            snprintf(r->err, sizeof r->err,
                     "read error at byte %" PRIu64 ": %s", r->offset,
                     strerror(errno));
        else if (!r->index && !k)
            snprintf(r->err, sizeof r->err,
                     "not a tar archive: the file is empty");
        else if (!r->index)
            snprintf(r->err, sizeof r->err,
                     "not a tar archive: %zu bytes, less than one "
                     "512-byte header",
                     k);
        else if (!k)
            snprintf(r->err, sizeof r->err,
                     "truncated: the file ends at byte %" PRIu64
                     " without the end-of-archive marker",
                     at);
        else
            snprintf(r->err, sizeof r->err,
                     "truncated: the file ends at byte %" PRIu64
                     " inside the header of member %u (at byte %" PRIu64 ")",
                     r->offset, r->index + 1, at);
        return DSH_TAR_BAD;
    }
    bool magic = !memcmp(b + F_MAGIC,
                         "ustar\0"
                         "00",
                         8) ||
                 !memcmp(b + F_MAGIC, "ustar  \0", 8);
    if (all_zero(b, sizeof b)) {
        if (!r->index) {
            snprintf(r->err, sizeof r->err,
                     "not a tar archive: it starts with a zero block "
                     "(an empty archive)");
            return DSH_TAR_BAD;
        }
        return end_of_archive(r, at);
    }
    if (!magic) {
        if (!r->index)
            snprintf(r->err, sizeof r->err,
                     "not a tar archive (no ustar header at byte 0)");
        else
            snprintf(r->err, sizeof r->err,
                     "damaged: no ustar header at byte %" PRIu64
                     " where member %u should start",
                     at, r->index + 1);
        return DSH_TAR_BAD;
    }
    uint64_t sum;
    if (!get_octal(b + F_CHKSUM, W_CHKSUM, &sum) || sum != checksum(b)) {
        snprintf(r->err, sizeof r->err,
                 "damaged: the header of member %u (at byte %" PRIu64
                 ") has a bad checksum",
                 r->index + 1, at);
        return DSH_TAR_BAD;
    }
    if (!get_octal(b + F_SIZE, W_SIZE, &m->size)) {
        snprintf(r->err, sizeof r->err,
                 "damaged: the header of member %u (at byte %" PRIu64
                 ") has a size that is not an octal number",
                 r->index + 1, at);
        return DSH_TAR_BAD;
    }
    char name[W_NAME + 1], prefix[W_PREFIX + 1];
    memcpy(name, b + F_NAME, W_NAME);
    name[W_NAME] = '\0';
    memcpy(prefix, b + F_PREFIX, W_PREFIX);
    prefix[W_PREFIX] = '\0';
    /* the GNU variant has no prefix field there (it holds times) */
    if (b[F_MAGIC + 5] == ' ')
        prefix[0] = '\0';
    if (prefix[0])
        snprintf(m->name, sizeof m->name, "%s/%s", prefix, name);
    else
        snprintf(m->name, sizeof m->name, "%s", name);
    m->type = b[F_TYPE] ? (char)b[F_TYPE] : '0';
    m->offset = at;
    m->index = r->index++;
    /* links, devices, directories and FIFOs carry no data (a size there
     * is ignored by tar, and skipped here the same way) */
    r->left = m->type == '1' || m->type == '2' || m->type == '3' ||
                      m->type == '4' || m->type == '5' || m->type == '6'
                  ? 0
                  : m->size;
    r->pad = dsh_tar_padding(r->left);
    return DSH_TAR_MEMBER;
}

bool dsh_tar_read(dsh_tar_r *r, void *buf, size_t n)
{
    if (n > r->left) {
        snprintf(r->err, sizeof r->err, "read past the end of member %u",
                 r->index);
        return false;
    }
    size_t k = get(r, buf, n);
    r->left -= k;
    if (k == n)
        return true;
    if (ferror(r->f))
        snprintf(r->err, sizeof r->err, "read error at byte %" PRIu64 ": %s",
                 r->offset, strerror(errno));
    else
        snprintf(r->err, sizeof r->err,
                 "truncated: the file ends at byte %" PRIu64
                 " inside the data of member %u",
                 r->offset, r->index);
    return false;
}

bool dsh_tar_name_safe(const char *name, bool dir, char *why, size_t whysz)
{
    size_t n = strlen(name);
    if (dir && n > 1 && name[n - 1] == '/')
        n--;
    if (!n) {
        snprintf(why, whysz, "an empty name");
        return false;
    }
    if (name[0] == '/') {
        snprintf(why, whysz, "an absolute path");
        return false;
    }
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && name[e] != '/')
            e++;
        if (e == i) {
            snprintf(why, whysz, "an empty path component ('//')");
            return false;
        }
        if ((e - i == 2 && name[i] == '.' && name[i + 1] == '.')) {
            snprintf(why, whysz, "a '..' component (escapes the directory)");
            return false;
        }
        if (name[i] == '.') {
            snprintf(why, whysz, "a component starting with '.'");
            return false;
        }
        for (size_t j = i; j < e; j++) {
            char c = name[j];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' ||
                  c == '+')) {
                snprintf(why, whysz,
                         "a character other than letters, digits and . _ - + "
                         "(byte 0x%02x)",
                         (unsigned char)c);
                return false;
            }
        }
        i = e + (e < n);
        if (e < n && e + 1 == n) {
            snprintf(why, whysz, "a trailing '/'");
            return false;
        }
    }
    return true;
}
