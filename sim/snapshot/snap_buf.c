/* SPDX-License-Identifier: BSD-3-Clause */
/* The snapshot byte encoding: a growing little-endian writer, a bounded
 * reader, tagged length-prefixed sections, FNV-1a hashes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/snapshot.h"

void ds_snap_w_init(ds_snap_w *w)
{
    memset(w, 0, sizeof *w);
}

void ds_snap_w_free(ds_snap_w *w)
{
    free(w->p);
    memset(w, 0, sizeof *w);
}

static bool room(ds_snap_w *w, size_t n)
{
    if (w->oom)
        return false;
    if (w->cap - w->len >= n)
        return true;
    size_t cap = w->cap ? w->cap : 4096;
    while (cap - w->len < n) {
        if (cap > SIZE_MAX / 2) {
            w->oom = true;
            return false;
        }
        cap *= 2;
    }
    uint8_t *p = realloc(w->p, cap);
    if (!p) {
        w->oom = true;
        return false;
    }
    w->p = p;
    w->cap = cap;
    return true;
}

void ds_snap_put_bytes(ds_snap_w *w, const void *src, size_t n)
{
    if (n && room(w, n)) {
        memcpy(w->p + w->len, src, n);
        w->len += n;
    }
}

void ds_snap_put_u8(ds_snap_w *w, uint8_t v)
{
    ds_snap_put_bytes(w, &v, 1);
}

void ds_snap_put_u32(ds_snap_w *w, uint32_t v)
{
    uint8_t b[4];
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    ds_snap_put_bytes(w, b, 4);
}

void ds_snap_put_u64(ds_snap_w *w, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    ds_snap_put_bytes(w, b, 8);
}

size_t ds_snap_begin(ds_snap_w *w, uint32_t tag)
{
    ds_snap_put_u32(w, tag);
    size_t mark = w->len;
    ds_snap_put_u64(w, 0);
    return mark;
}

void ds_snap_end(ds_snap_w *w, size_t mark)
{
    if (w->oom || mark + 8 > w->len)
        return;
    uint64_t n = w->len - mark - 8;
    for (int i = 0; i < 8; i++)
        w->p[mark + i] = (uint8_t)(n >> (8 * i));
}

void ds_snap_r_init(ds_snap_r *r, const void *p, size_t len, char *err,
                    size_t errsz)
{
    memset(r, 0, sizeof *r);
    r->p = p;
    r->len = len;
    r->err = err;
    r->errsz = err ? errsz : 0;
    if (r->errsz)
        err[0] = '\0';
}

bool ds_snap_fail(ds_snap_r *r, const char *fmt, ...)
{
    if (!r->bad && r->errsz) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err, r->errsz, fmt, ap);
        va_end(ap);
    }
    r->bad = true;
    return false;
}

const void *ds_snap_get_ptr(ds_snap_r *r, size_t n)
{
    if (r->bad)
        return NULL;
    if (r->len - r->pos < n) {
        ds_snap_fail(r, "truncated: %zu bytes needed at offset %zu, %zu left",
                     n, r->pos, r->len - r->pos);
        return NULL;
    }
    const void *p = r->p + r->pos;
    r->pos += n;
    return p;
}

bool ds_snap_get_bytes(ds_snap_r *r, void *dst, size_t n)
{
    const void *p = ds_snap_get_ptr(r, n);
    if (!p) {
        memset(dst, 0, n);
        return false;
    }
    memcpy(dst, p, n);
    return true;
}

uint8_t ds_snap_get_u8(ds_snap_r *r)
{
    const uint8_t *p = ds_snap_get_ptr(r, 1);
    return p ? p[0] : 0;
}

uint32_t ds_snap_get_u32(ds_snap_r *r)
{
    const uint8_t *p = ds_snap_get_ptr(r, 4);
    uint32_t v = 0;
    for (int i = 0; p && i < 4; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

uint64_t ds_snap_get_u64(ds_snap_r *r)
{
    const uint8_t *p = ds_snap_get_ptr(r, 8);
    uint64_t v = 0;
    for (int i = 0; p && i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

const char *ds_snap_tag_name(uint32_t tag, char buf[5])
{
    for (int i = 0; i < 4; i++) {
        char c = (char)(tag >> (8 * i));
        buf[i] = c >= 0x20 && c < 0x7f ? c : '?';
    }
    buf[4] = '\0';
    return buf;
}

bool ds_snap_open(ds_snap_r *r, uint32_t tag, ds_snap_r *sub)
{
    char want[5], got[5];
    memset(sub, 0, sizeof *sub);
    sub->bad = true;
    if (r->bad)
        return false;
    if (r->len - r->pos < 12)
        return ds_snap_fail(r, "truncated: section '%s' missing",
                            ds_snap_tag_name(tag, want));
    size_t at = r->pos;
    uint32_t t = ds_snap_get_u32(r);
    uint64_t n = ds_snap_get_u64(r);
    if (t != tag)
        return ds_snap_fail(r,
                            "section '%s' expected at offset %zu, found "
                            "'%s'",
                            ds_snap_tag_name(tag, want), at,
                            ds_snap_tag_name(t, got));
    if (n > r->len - r->pos)
        return ds_snap_fail(r,
                            "truncated: section '%s' says %llu bytes, "
                            "%zu left",
                            ds_snap_tag_name(tag, want), (unsigned long long)n,
                            r->len - r->pos);
    sub->p = r->p + r->pos;
    sub->len = (size_t)n;
    sub->pos = 0;
    sub->bad = false;
    sub->err = r->err;
    sub->errsz = r->errsz;
    r->pos += (size_t)n;
    return true;
}

bool ds_snap_done(ds_snap_r *r, const char *what)
{
    if (r->bad)
        return false;
    if (r->pos != r->len)
        return ds_snap_fail(r,
                            "section %s: %zu bytes left over (another "
                            "layout?)",
                            what, r->len - r->pos);
    return true;
}

uint64_t ds_snap_hash(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

bool ds_snap_hash_file(const char *path, uint64_t *out, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsz, "%s: cannot be read", path);
        return false;
    }
    uint8_t buf[65536];
    uint64_t h = DS_SNAP_HASH_INIT;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        h = ds_snap_hash(h, buf, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok)
        snprintf(err, errsz, "%s: read error", path);
    *out = h;
    return ok;
}
