/* SPDX-License-Identifier: BSD-3-Clause */
/* Direct back-end units shared between processes forked from one parent
 * (xlate_share.c; xt_xlate_share_begin in dspsim/xtcpu.h): the cases of
 * `dspsim test -j N` emit each unit of the firmware once per suite and
 * run the same code bytes from one memory file. */
#ifndef DSPSIM_XLATE_SHARE_H
#define DSPSIM_XLATE_SHARE_H

#include <stddef.h>
#include <stdint.h>

/* A unit found in the shared region: its code (executable), heads and
 * cover (XT_PAGE_SIZE / 8 bytes), all read-only and valid as long as the
 * process lives. */
typedef struct xl_shared_unit {
    void *code; /* executable, never written through */
    const uint16_t *heads;
    unsigned nheads;
    const uint8_t *cover;
} xl_shared_unit;

enum {
    XL_SHARE_NONE = 0, /* no region, or the unit cannot be shared: emit
                          it privately, publish nothing */
    XL_SHARE_HIT,      /* found: *out filled */
    XL_SHARE_CLAIMED,  /* this process emits it: xlate_share_publish or
                          xlate_share_abandon with *claim, once */
};

/* Look unit `key` up.  When another process is emitting it, waits for it
 * (boundedly: a producer that died or takes over a second is given
 * up: NONE). */
int xlate_share_get(uint64_t key, xl_shared_unit *out, unsigned *claim);
/* The claimed unit's code, heads and cover copied into the region; its
 * code's executable address, or NULL when the region is full (the claim
 * is then abandoned). */
void *xlate_share_publish(unsigned claim, const void *code, size_t len,
                          const uint16_t *heads, unsigned nheads,
                          const uint8_t *cover);
/* The claimed unit will not be published (its emission failed). */
void xlate_share_abandon(unsigned claim);

#endif
