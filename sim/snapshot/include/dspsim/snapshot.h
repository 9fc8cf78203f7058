/* SPDX-License-Identifier: BSD-3-Clause */
/* Machine snapshots (docs/snapshot-format.md): the byte encoding every
 * layer uses for its part, and the file around the parts.
 *
 * A snapshot is a header followed by sections.  A section is a tag of
 * four ASCII characters (stored as a little-endian uint32), the length of
 * its body in bytes (uint64) and the body.  Each layer writes and reads
 * its own sections (the CPU its registers and memories, every device its
 * registers and pending events, the harness its position in the streams),
 * so a reader sees who owns which bytes.  Every integer is little-endian;
 * sizes are bytes, times CPU cycles.
 *
 * The writer grows a buffer in memory; the reader never reads past the
 * bytes it was given: a short or inconsistent body makes it "bad" with a
 * message naming the section, never a crash.
 */
#ifndef DSPSIM_SNAPSHOT_H
#define DSPSIM_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A section tag from four characters: DS_SNAP_TAG('C','P','U',' '). */
#define DS_SNAP_TAG(a, b, c, d)                                                \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 |                \
     (uint32_t)(d) << 24)

/* ---- writing --------------------------------------------------------- */
typedef struct ds_snap_w {
    uint8_t *p;
    size_t len, cap;
    bool oom; /* an allocation failed: the bytes are lost */
} ds_snap_w;

void ds_snap_w_init(ds_snap_w *w);
void ds_snap_w_free(ds_snap_w *w);
void ds_snap_put_u8(ds_snap_w *w, uint8_t v);
void ds_snap_put_u32(ds_snap_w *w, uint32_t v);
void ds_snap_put_u64(ds_snap_w *w, uint64_t v);
void ds_snap_put_bytes(ds_snap_w *w, const void *src, size_t n);
/* Opens a section (tag, then a length patched by ds_snap_end); returns
 * the mark to give ds_snap_end.  Sections may nest. */
size_t ds_snap_begin(ds_snap_w *w, uint32_t tag);
void ds_snap_end(ds_snap_w *w, size_t mark);

/* ---- reading --------------------------------------------------------- */
typedef struct ds_snap_r {
    const uint8_t *p;
    size_t len, pos;
    bool bad;  /* short, or a value out of range */
    char *err; /* the first problem (shared by sub-readers) */
    size_t errsz;
} ds_snap_r;

/* err (errsz bytes) receives the first problem; may be NULL. */
void ds_snap_r_init(ds_snap_r *r, const void *p, size_t len, char *err,
                    size_t errsz);
uint8_t ds_snap_get_u8(ds_snap_r *r);
uint32_t ds_snap_get_u32(ds_snap_r *r);
uint64_t ds_snap_get_u64(ds_snap_r *r);
bool ds_snap_get_bytes(ds_snap_r *r, void *dst, size_t n);
/* A pointer to the next n bytes (consumed), or NULL (bad). */
const void *ds_snap_get_ptr(ds_snap_r *r, size_t n);
/* Reads the next section, which must carry tag; sub covers its body.
 * false (r bad, message naming what) otherwise. */
bool ds_snap_open(ds_snap_r *r, uint32_t tag, ds_snap_r *sub);
/* Marks r bad with a message (the first one is kept); returns false. */
bool ds_snap_fail(ds_snap_r *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The section was read to its end: false (bad) if bytes are left over. */
bool ds_snap_done(ds_snap_r *r, const char *what);
/* "CPU " for messages. */
const char *ds_snap_tag_name(uint32_t tag, char buf[5]);

/* ---- identities ------------------------------------------------------ */
/* 64-bit FNV-1a of n bytes, continuing from h (start: DS_SNAP_HASH_INIT). */
#define DS_SNAP_HASH_INIT 0xcbf29ce484222325ull
uint64_t ds_snap_hash(uint64_t h, const void *p, size_t n);
/* Hash of a whole file; false (message in err) if it cannot be read. */
bool ds_snap_hash_file(const char *path, uint64_t *out, char *err,
                       size_t errsz);
/* The simulator build: a hash of the sources of the simulator, the
 * harness and the command-line tool, fixed when they are compiled. */
const char *ds_snap_build_id(void);

/* ---- the file -------------------------------------------------------- */
/* Format version of the file (the header and the meaning of the section
 * tags); bumped by any incompatible change. */
#define DS_SNAP_FORMAT_VERSION 1u

typedef struct ds_snap_ident {
    uint64_t firmware_hash; /* of the firmware ELF file */
    uint64_t case_hash;     /* of the case, board and inputs */
    uint64_t cycle;         /* the cycle the snapshot was taken at */
} ds_snap_ident;

/* Writes header + body to path through a temporary file renamed over it
 * (no partial file on failure).  false with a message in err. */
bool ds_snap_file_write(const char *path, const ds_snap_ident *id,
                        const void *body, size_t len, char *err, size_t errsz);
/* Reads path, checks magic, version, build id, the body's checksum and
 * that firmware and case match `expect` (its cycle is ignored; a zero
 * hash is not checked: the caller checks it with ds_snap_case_mismatch's
 * message once it knows it); on
 * success *body (malloc'ed, free it) and *len hold the sections and
 * got->cycle the snapshot's cycle.  false with a message in err that says
 * what does not match. */
bool ds_snap_file_read(const char *path, const ds_snap_ident *expect,
                       ds_snap_ident *got, uint8_t **body, size_t *len,
                       char *err, size_t errsz);

/* The message of a case mismatch, as ds_snap_file_read gives it. */
void ds_snap_case_mismatch(const char *path, uint64_t got, uint64_t want,
                           char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
