/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The platform hooks of the firmware's audio IPC layer (struct
 * aud_ipc_platform, firmware/audio/ipc/aud_ipc.h) faked over host memory
 * (library audio_ipc_host): the one fake platform of the IPC unit test
 * (tests/firmware/audio/test_aud_ipc.c) and the IPC fuzzers (tests/fuzz).
 *
 * Everything the fakes see and do is in host_ipc, which a test reads and
 * steers.  A breach of the platform contract by the firmware (a task slot
 * out of range, a period of 0, a DMA channel released twice or used after
 * release, a transfer of more than 1 MiB, an allocation of more than 8 MiB
 * or with an alignment not a power of two, a notification whose size is
 * not a multiple of 4 within [8, AUD_IPC_MSG_MAX], a stream slot out of
 * range) aborts the process: a fuzzer reports it as a crash, a test fails.
 */
#ifndef FW_HOST_IPC_PLATFORM_H
#define FW_HOST_IPC_PLATFORM_H

#include <stdint.h>

#include "aud_ipc.h"

#define HOST_IPC_DMA_CHANNELS    4  /* channels 0..3, for host and DAI alike */
#define HOST_IPC_DAI_PORTS       4  /* SSP ports 0..3 */
#define HOST_IPC_MAX_NOTES       64 /* notifications kept (16 words each) */
#define HOST_IPC_CLOCK_HZ        160000000u
#define HOST_IPC_CYCLES_PER_READ 100u

struct host_ipc_task {
    int set, running;
    uint32_t period, deadline; /* cycles, as the firmware asked */
    uint32_t releases;         /* reported by task_stats; a test sets it */
};

struct host_ipc_dma {
    int used, started;
    uint32_t type, dir, port, channel; /* IPC_AUD_COMP_*, IPC_AUD_DIR_* */
    uint32_t host_addr, host_bytes;    /* from dma_host_buffer */
    uint32_t moved;                    /* bytes transferred */
    int starve; /* set: the next transfer moves 0 bytes (an underrun) */
};

struct host_ipc_state {
    long allocs_live;   /* blocks allocated and not freed */
    long alloc_fail_at; /* fail the n-th allocation (0-based); < 0 never */
    long alloc_count;   /* allocations asked for (failed ones included) */
    uint32_t clock_now; /* the cycle counter: + 100 per read */
    struct host_ipc_task tasks[IPC_AUD_MAX_PIPES];
    /* playback host sources deliver byte i of the stream as
	 * (uint8_t)(moved * pattern_step + i), moved counted at the
	 * transfer's start; capture sinks have their data read */
    uint32_t pattern_step;
    struct host_ipc_dma dmas[HOST_IPC_DMA_CHANNELS];
    int record_notes; /* keep notifications (else accept and forget) */
    int d2h_busy;     /* set: every notification is dropped */
    uint32_t notes[HOST_IPC_MAX_NOTES][16];
    int n_notes;
    uint32_t n_dropped; /* notifications refused (busy or notes full) */
    struct ipc_aud_stream_slot streams[IPC_AUD_MAX_STREAMS];
};

extern struct host_ipc_state host_ipc;
extern const struct aud_ipc_platform host_ipc_platform;

/* Clears host_ipc but the cycle counter, which keeps running (no
 * allocation failure, pattern_step 1, notes kept) and calls
 * aud_ipc_init(&host_ipc_platform).  The allocator's count of live blocks
 * is cleared too: free what the last run left first. */
void host_ipc_reset(void);

#endif
