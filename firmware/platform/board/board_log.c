/* SPDX-License-Identifier: BSD-3-Clause */
/* Trace log ring in the mailbox trace region (abi/ipc_proto.h: struct
 * ipc_trace_ring, then IPC_TRACE_CAPACITY entries). The firmware is the
 * only writer; the host reads it at any time it has stopped the
 * simulation (or after a panic). Entry n goes to slot n % capacity and
 * write_index becomes n + 1 after the entry is complete. */
#include <stdint.h>
#include "board_internal.h"
#include "board_mmio.h"
#include "fw/arch.h"
#include "fw_board.h"

#define RING_HDR                                                               \
    ((volatile struct ipc_trace_ring *)(uintptr_t)(BOARD_MBOX_BASE +           \
                                                   IPC_MBOX_TRACE_OFF))
#define RING_ENT                                                               \
    ((volatile struct ipc_trace_entry                                          \
          *)(uintptr_t)(BOARD_MBOX_BASE + IPC_MBOX_TRACE_OFF +                 \
                        sizeof(struct ipc_trace_ring)))

_Static_assert(sizeof(struct ipc_trace_ring) +
                       IPC_TRACE_CAPACITY * sizeof(struct ipc_trace_entry) <=
                   IPC_MBOX_TRACE_SIZE,
               "trace ring fits its region");

/* Kept in DRAM too: reading the mailbox costs wait states. */
static uint32_t next_index;
static uint32_t slot;
static uint32_t threshold = IPC_LOG_DEBUG;

void fw_board_log_init(void)
{
    volatile struct ipc_trace_ring *h = RING_HDR;

    next_index = 0;
    slot = 0;
    h->magic = 0;
    h->version = IPC_TRACE_VERSION;
    h->entry_size = sizeof(struct ipc_trace_entry);
    h->capacity = IPC_TRACE_CAPACITY;
    h->write_index = 0;
    h->level = threshold;
    h->reserved[0] = 0;
    h->reserved[1] = 0;
    h->magic = IPC_TRACE_MAGIC;
}

void fw_board_log_set_level(uint32_t level)
{
    threshold = level;
    RING_HDR->level = level;
}

void fw_board_log(uint32_t level, uint32_t id, uint32_t arg0, uint32_t arg1)
{
    uint32_t key;
    volatile struct ipc_trace_entry *e;

    if (level > threshold)
        return;
    key = fw_board_lock();
    e = &RING_ENT[slot];
    e->cycle = arch_cycles();
    /* id and level share a word: one store */
    *(volatile uint32_t *)((volatile uint8_t *)e + 4) = (id & 0xFFFFu) |
                                                        ((level & 0xFFu) << 16);
    e->arg[0] = arg0;
    e->arg[1] = arg1;
    if (++slot == IPC_TRACE_CAPACITY)
        slot = 0;
    RING_HDR->write_index = ++next_index;
    fw_board_unlock(key);
}
