/* SPDX-License-Identifier: BSD-3-Clause */
/* The POSIX ustar archive layout (IEEE Std 1003.1, "pax", ustar
 * Interchange Format) that a failure bundle is stored in
 * (docs/bundle-format.md): a writer of regular-file members and a strict
 * reader that says precisely what is wrong with a damaged archive.
 *
 * An archive is a sequence of 512-byte blocks: per member a header block
 * (name, mode, size in octal, checksum, type, magic "ustar") and its data
 * padded with zeros to a whole block; then two zero blocks.  The reader
 * also takes the GNU tar variant of the magic ("ustar  "), so an archive
 * written by `tar --format=gnu` with short names reads; it decodes any
 * member type (the caller decides which it accepts) but no extension
 * (pax 'x'/'g', GNU 'L'/'K' long names are left to the caller as types).
 * Numbers are octal only (no base-256 sizes): members up to 8 GiB - 1.
 * Offsets and sizes are bytes. */
#ifndef DSH_USTAR_H
#define DSH_USTAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DSH_TAR_BLOCK    512u
#define DSH_TAR_NAME_MAX 257 /* prefix "/" name and the NUL */
#define DSH_TAR_ERR      512

/* ---- writing ---------------------------------------------------------- */
/* The header of a regular file `name` (at most 100 bytes, the name field
 * alone) of `size` bytes, mode 0644, owner 0, modified at mtime (seconds
 * since 1970).  false when the name or the size does not fit. */
bool dsh_tar_header(uint8_t block[DSH_TAR_BLOCK], const char *name,
                    uint64_t size, uint64_t mtime);
/* Zeros that pad `size` bytes of data to a whole block. */
size_t dsh_tar_padding(uint64_t size);

/* ---- reading ---------------------------------------------------------- */
typedef struct dsh_tar_member {
    char name[DSH_TAR_NAME_MAX]; /* prefix "/" name as stored */
    char type;       /* typeflag: '0' regular ('\0' read as '0'), '1' hard
                        link, '2' symlink, '3' char, '4' block device,
                        '5' directory, '6' FIFO, others as found */
    uint64_t size;   /* data bytes that follow the header */
    uint64_t offset; /* of the header in the archive */
    unsigned index;  /* 0 for the first member */
} dsh_tar_member;

typedef struct dsh_tar_r {
    FILE *f;
    uint64_t offset; /* of the next byte read */
    uint64_t left;   /* data bytes of the current member not read yet */
    uint64_t pad;    /* the zeros after them */
    unsigned index;  /* members read */
    char err[DSH_TAR_ERR];
} dsh_tar_r;

typedef enum dsh_tar_next_rc {
    DSH_TAR_MEMBER, /* *m is the next member; read its data */
    DSH_TAR_END,    /* the end-of-archive marker, then nothing but zeros */
    DSH_TAR_BAD,    /* r->err says what and where */
} dsh_tar_next_rc;

void dsh_tar_r_init(dsh_tar_r *r, FILE *f);
/* The next header (the current member's data left unread is skipped).
 * DSH_TAR_BAD for: a file that is no tar archive (its first block has no
 * ustar magic), a header whose checksum is wrong, a number field that is
 * not octal, an end of file inside a header, inside a member's data or
 * before the end-of-archive marker, an empty archive, and anything but
 * zeros after the marker. */
dsh_tar_next_rc dsh_tar_next(dsh_tar_r *r, dsh_tar_member *m);
/* n bytes of the current member's data (n <= what is left of it); false
 * (r->err) at an end of file or a read error. */
bool dsh_tar_read(dsh_tar_r *r, void *buf, size_t n);

/* A member name that extracts inside the directory it is extracted in:
 * relative, components separated by single '/', none empty, "." or "..",
 * each of letters, digits, '.', '_', '-', '+' only, not starting with
 * '.'  (a trailing '/' is allowed for a directory when dir).  false with
 * the reason in why ("an absolute path", "a '..' component", ...). */
bool dsh_tar_name_safe(const char *name, bool dir, char *why, size_t whysz);

#endif
