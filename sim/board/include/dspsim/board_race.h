/* SPDX-License-Identifier: BSD-3-Clause */
/* Races between the cores of a board (docs/board.md, "Races").
 *
 * Once enabled, every load and store a core makes to the shared memories
 * (IRAM, DRAM, the mailbox) is checked against what the other cores did
 * to the same bytes: two accesses by two cores, at least one a store, of
 * which neither happens before the other, are a race.  "Happens before"
 * is the order the board sees through its synchronisations, kept as one
 * vector clock per core: a core starting another; a doorbell ring and
 * its target reading the message (IN_MSG, IN_FROM, IN_DATA, or STATUS
 * while IN); an acknowledgement and its sender reading it (REPLY, or
 * STATUS while DONE); a semaphore released and then taken.  Program order
 * within a core and these edges are all it knows: memory shared with no
 * synchronisation through the inter-core device (a flag polled in
 * memory) is reported, however the quantum happens to order it.  DMA
 * transfers and the host's mailbox writes are not checked: the bytes
 * they write forget the cores' earlier accesses.
 *
 * Each race is kept once per pair of instructions (and kinds): the first
 * time it happened, with both accesses' core, PC and board cycle, and how
 * many times it happened again.  Cost: the memory hooks send every load
 * and store of every core through the engines' slow path, and the shadow
 * memory holds 88 bytes per byte touched.  The run's cycles and bytes are
 * the same with and without it.
 */
#ifndef DSPSIM_BOARD_RACE_H
#define DSPSIM_BOARD_RACE_H

#include <stdbool.h>
#include <stdint.h>

#include "dspsim/board.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_race_access {
    unsigned core;
    uint32_t pc;
    uint64_t cycle; /* board cycle (ds_board_core_cycles) */
    bool write;
} ds_race_access;

typedef struct ds_race {
    uint32_t addr;         /* the first byte both accessed */
    unsigned size;         /* bytes from addr the second access touched */
    ds_race_access first;  /* the earlier access */
    ds_race_access second; /* the access that found the race */
    uint64_t count;        /* times the same pair of instructions raced */
} ds_race;

#define DS_BOARD_MAX_RACES 256 /* distinct races kept; more are counted */

/* Start checking (from the current state: what happened before is not
 * known).  DS_ERR_ARG on a board of one core or inside a run,
 * DS_ERR_NOMEM, DS_ERR_CPU when a core's engine refuses the hooks.
 * ds_board_reset forgets the accesses and the races found. */
ds_status ds_board_race_enable(ds_board *b);
bool ds_board_race_enabled(const ds_board *b);
/* Distinct races found, the i-th of them (in the order found), and races
 * not kept (beyond DS_BOARD_MAX_RACES). */
unsigned ds_board_race_count(const ds_board *b);
const ds_race *ds_board_race_get(const ds_board *b, unsigned i);
uint64_t ds_board_race_dropped(const ds_board *b);
/* One race as a line of text (no newline): "race on ADDR (SYMBOL, N
 * bytes): core C write at pc PC (SYMBOL), cycle T, and ..., not ordered
 * by a synchronisation[ (K times)]"; elf (may be NULL) names the
 * addresses. */
struct xt_elf;
void ds_race_describe(const ds_race *x, const struct xt_elf *elf, char *line,
                      size_t n);

#ifdef __cplusplus
}
#endif
#endif
