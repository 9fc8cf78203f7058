/* SPDX-License-Identifier: BSD-3-Clause */
/* The snapshot file: header (magic, format version, build id, firmware and
 * case hashes, cycle, body length and checksum) and body, written through
 * a temporary file renamed over the target, read back with every check a
 * clear message (docs/snapshot-format.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dspsim/snapshot.h"
#include "snapshot_build_id.h"

#define MAGIC        "DSPSNAP\0"
#define BUILD_ID_LEN 16u
#define HEADER_LEN   (8u + 4u + BUILD_ID_LEN + 6u * 8u)

const char *ds_snap_build_id(void)
{
    return DS_SNAP_BUILD_ID;
}

static void le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t rd64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

bool ds_snap_file_write(const char *path, const ds_snap_ident *id,
                        const void *body, size_t len, char *err, size_t errsz)
{
    static unsigned seq;
    uint8_t h[HEADER_LEN];
    memcpy(h, MAGIC, 8);
    for (int i = 0; i < 4; i++)
        h[8 + i] = (uint8_t)(DS_SNAP_FORMAT_VERSION >> (8 * i));
    memcpy(h + 12, ds_snap_build_id(), BUILD_ID_LEN);
    uint8_t *q = h + 12 + BUILD_ID_LEN;
    le64(q, id->firmware_hash);
    le64(q + 8, id->case_hash);
    le64(q + 16, id->cycle);
    le64(q + 24, len);
    le64(q + 32, ds_snap_hash(DS_SNAP_HASH_INIT, body, len));
    le64(q + 40, 0); /* reserved */

    char tmp[4200];
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path + 1) : 0;
    snprintf(tmp, sizeof tmp, "%.*s.%s.tmp-%ld-%u", dirlen, path,
             slash ? slash + 1 : path, (long)getpid(), seq++);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(err, errsz, "snapshot '%s': cannot create '%s': %s", path, tmp,
                 strerror(errno));
        return false;
    }
    bool ok = fwrite(h, 1, sizeof h, f) == sizeof h &&
              (!len || fwrite(body, 1, len, f) == len);
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errsz, "snapshot '%s': write failed: %s", path,
                 strerror(errno));
        unlink(tmp);
        return false;
    }
    return true;
}

bool ds_snap_file_read(const char *path, const ds_snap_ident *expect,
                       ds_snap_ident *got, uint8_t **body, size_t *len,
                       char *err, size_t errsz)
{
    *body = NULL;
    *len = 0;
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errsz, "snapshot '%s': %s", path,
                 stat(path, &st) != 0 ? strerror(errno) : "not a regular file");
        return false;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsz, "snapshot '%s': %s", path, strerror(errno));
        return false;
    }
    uint8_t h[HEADER_LEN];
    size_t n = fread(h, 1, sizeof h, f);
    if (n < 12 || memcmp(h, MAGIC, 8) != 0) {
        fclose(f);
        snprintf(err, errsz,
                 "snapshot '%s': not a dspsim snapshot (no "
                 "DSPSNAP magic)",
                 path);
        return false;
    }
    uint32_t ver = (uint32_t)h[8] | (uint32_t)h[9] << 8 |
                   (uint32_t)h[10] << 16 | (uint32_t)h[11] << 24;
    if (ver != DS_SNAP_FORMAT_VERSION) {
        fclose(f);
        snprintf(err, errsz,
                 "snapshot '%s': format version %" PRIu32
                 "; this dspsim reads version %u only",
                 path, ver, DS_SNAP_FORMAT_VERSION);
        return false;
    }
    if (n < sizeof h) {
        fclose(f);
        snprintf(err, errsz,
                 "snapshot '%s': truncated header (%zu of %u "
                 "bytes)",
                 path, n, HEADER_LEN);
        return false;
    }
    if (memcmp(h + 12, ds_snap_build_id(), BUILD_ID_LEN) != 0) {
        fclose(f);
        snprintf(err, errsz,
                 "snapshot '%s': made by another build of "
                 "dspsim (build %.16s; this one is %s): a snapshot is "
                 "restored by the build that made it",
                 path, (const char *)h + 12, ds_snap_build_id());
        return false;
    }
    const uint8_t *q = h + 12 + BUILD_ID_LEN;
    got->firmware_hash = rd64(q);
    got->case_hash = rd64(q + 8);
    got->cycle = rd64(q + 16);
    uint64_t blen = rd64(q + 24), bsum = rd64(q + 32);
    if (blen > (uint64_t)st.st_size || blen > SIZE_MAX ||
        (uint64_t)st.st_size - sizeof h != blen) {
        fclose(f);
        snprintf(err, errsz,
                 "snapshot '%s': truncated or padded: the "
                 "header promises %" PRIu64 " bytes of state, the file "
                 "holds %lld",
                 path, blen, (long long)st.st_size - (long long)sizeof h);
        return false;
    }
    uint8_t *b = malloc(blen ? (size_t)blen : 1);
    if (!b || fread(b, 1, (size_t)blen, f) != blen) {
        fclose(f);
        free(b);
        snprintf(err, errsz, "snapshot '%s': %s", path,
                 b ? "read error" : "out of memory");
        return false;
    }
    fclose(f);
    if (ds_snap_hash(DS_SNAP_HASH_INIT, b, (size_t)blen) != bsum) {
        free(b);
        snprintf(err, errsz,
                 "snapshot '%s': corrupt (the checksum of its "
                 "state does not match)",
                 path);
        return false;
    }
    if (expect->firmware_hash && got->firmware_hash != expect->firmware_hash) {
        free(b);
        snprintf(err, errsz,
                 "snapshot '%s': made with another firmware "
                 "image (hash %016" PRIx64 ", this one %016" PRIx64 ")",
                 path, got->firmware_hash, expect->firmware_hash);
        return false;
    }
    if (expect->case_hash && got->case_hash != expect->case_hash) {
        free(b);
        ds_snap_case_mismatch(path, got->case_hash, expect->case_hash, err,
                              errsz);
        return false;
    }
    *body = b;
    *len = (size_t)blen;
    return true;
}

void ds_snap_case_mismatch(const char *path, uint64_t got, uint64_t want,
                           char *err, size_t errsz)
{
    snprintf(err, errsz,
             "snapshot '%s': made for another case (its case, "
             "board or input files differ: hash %016" PRIx64
             ", this run %016" PRIx64 ")",
             path, got, want);
}
