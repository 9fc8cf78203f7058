/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IPC transport of the audio firmware on the board (board_audio_ipc.c,
 * docs/ipc.md "Transport and sequencing") and the platform's counters.
 *
 * Units: counts.
 */
#ifndef BOARD_AUDIO_IPC_H
#define BOARD_AUDIO_IPC_H

#include <stdint.h>

#include "abi/ipc_proto.h"

struct fw_workq;
/* Doorbell interrupts on; commands run on the worker queue q. */
void board_audio_ipc_init(struct fw_workq *q);
/* The aud_ipc_platform notify, dropped and stream_slot hooks. */
int board_audio_notify(void *ctx, struct ipc_hdr *msg);
uint32_t board_audio_dropped(void *ctx);
void board_audio_stream_slot(void *ctx, unsigned n,
                             const struct ipc_aud_stream_slot *s);

/* Counters of the board platform (defined in board_audio_ipc.c). */
struct board_audio_counters {
    uint32_t commands;       /* commands answered */
    uint32_t replies_waited; /* replies that found D2H busy */
    uint32_t dropped;        /* notifications dropped: reply pending */
    uint32_t dma_errors;     /* DMA error interrupts */
    uint32_t ssp_xruns;      /* SSP underrun/overrun interrupts */
    uint32_t ssp_spurious;   /* SSP interrupts with no xrun flagged */
    uint32_t duplicates;     /* commands rung twice: acknowledged only */
    uint32_t xruns_deferred; /* XRUNs sent once D2H was free again */
};
extern struct board_audio_counters board_audio_counters;

#endif /* BOARD_AUDIO_IPC_H */
