/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Audio IPC command layer (docs/ipc.md): turns host commands (the
 * IPC_CMD_AUD_* messages of abi/ipc_proto.h) into pipeline / component /
 * buffer calls and builds the replies; forwards pipeline events as
 * POSITION / XRUN notifications.
 *
 * Platform independent: everything board-specific (DMA channels, tasks,
 * the D2H doorbell, the stream region) comes through `struct
 * aud_ipc_platform`, so the same sources run on the board
 * (firmware/audio/platform/) and in host unit tests (fakes).
 *
 * Not re-entrant: aud_ipc_handle() runs in one context (the IPC worker);
 * the notification callbacks may run in the pipeline tasks.
 */
#ifndef AUD_IPC_H
#define AUD_IPC_H

#include <stdint.h>

#include "buffer/audio_alloc.h"
#include "comp/comp_endpoint.h"
#include "comp/cycle_stats.h"
#include "abi/ipc_proto.h"
#include "pipeline/pipeline.h"

/* Largest message in either direction, bytes. */
#define AUD_IPC_MSG_MAX       IPC_MBOX_H2D_SIZE
/* Message bits of a doorbell value (bit 31 is BUSY). */
#define AUD_IPC_DOORBELL_MASK 0x7FFFFFFFu

struct aud_ipc_platform {
    void *ctx;
    const struct audio_alloc *alloc; /* pipelines, components, buffers */
    uint32_t clock_hz;               /* CPU clock, multiple of 1000 */
    audio_cycle_fn cycles;           /* CCOUNT reader (NULL: no stats) */
    void *cycles_ctx;

    /* Pipeline task of slot (0..IPC_AUD_MAX_PIPES-1): set it up for
	 * pipeline p (period and relative deadline in cycles), return its
	 * kernel task id.  0 or AUD_E_*. */
    int (*task_setup)(void *ctx, unsigned slot, struct pipeline *p,
                      uint32_t period_cycles, uint32_t deadline_cycles,
                      uint32_t *task_id);
    /* Start periodic releases (first one half a period from now) /
	 * stop them (a running job finishes). */
    void (*task_start)(void *ctx, unsigned slot);
    void (*task_stop)(void *ctx, unsigned slot);
    /* Task counters for GET_STATS. */
    void (*task_stats)(void *ctx, unsigned slot, uint32_t *releases,
                       uint32_t *misses);

    /* Endpoint DMA.  type IPC_AUD_COMP_HOST (index = dma channel, port =
	 * stream slot) or IPC_AUD_COMP_DAI (port = SSP port): claim the DMA
	 * channel and return the ops/ctx for comp_endpoint_config.
	 * AUD_E_RANGE (no such channel/port), AUD_E_EXISTS (in use). */
    int (*dma_get)(void *ctx, uint32_t type, uint32_t dir, uint32_t port,
                   uint32_t channel, const struct audio_dma_ops **ops,
                   void **dma_ctx);
    void (*dma_put)(void *ctx, void *dma_ctx);
    /* Host endpoint: host buffer geometry (STREAM_PARAMS, validated). */
    void (*dma_host_buffer)(void *ctx, void *dma_ctx, uint32_t host_addr,
                            uint32_t host_bytes);

    /* START: the stream an endpoint will carry (its buffer's params,
	 * period_frames set); 0 or AUD_E_RATE / AUD_E_FORMAT / AUD_E_DMA if
	 * the hardware cannot do it.  May be NULL. */
    int (*dma_stream)(void *ctx, void *dma_ctx,
                      const struct audio_stream_params *sp);
    /* Notification (hdr.size and id set): 0 sent, -1 dropped.  Fills
	 * seq/status. */
    int (*notify)(void *ctx, struct ipc_hdr *msg);
    /* Notifications dropped so far (reported in messages). */
    uint32_t (*dropped)(void *ctx);
    /* Write stream slot n (0..IPC_AUD_MAX_STREAMS-1) of the stream
	 * region. */
    void (*stream_slot)(void *ctx, unsigned n,
                        const struct ipc_aud_stream_slot *s);
    /* Mask the pipeline tasks (interrupts) around graph/control updates
	 * the tasks may see; may be NULL (single context, tests). */
    uint32_t (*lock)(void *ctx);
    void (*unlock)(void *ctx, uint32_t key);
    /* Free bytes of the run-time and DMA heaps, reported in the PING
	 * reply (ipc_aud_ping_reply, issue 14); may be NULL (40-byte
	 * reply). */
    void (*mem_free)(void *ctx, uint32_t *runtime_free, uint32_t *dma_free);
    /* TEST STACK_OVERFLOW (ipc_test.c): the most stack bytes the command
	 * may burn (0 = the command is refused with AUD_RANGE). */
    uint32_t test_stack_max;
    /* Trace log (may be NULL): level IPC_LOG_*, id, args. */
    void (*log)(void *ctx, uint32_t level, uint32_t id, uint32_t a0,
                uint32_t a1);
#ifdef FW_SMP
    /* Several cores (protocol 1.7): cores of the board; the core whose
	 * scheduler runs slot's task, named before task_setup. */
    uint32_t cores;
    void (*task_core)(void *ctx, unsigned slot, uint32_t core);
    /* CORE_STATS: core's figures (asked on that core) */
    void (*core_stats)(void *ctx, unsigned core, struct ipc_aud_core_stat *out);
#endif
};

/* Trace ids logged by this layer (docs/ipc.md "Trace"). */
#define AUD_IPC_TRACE_CMD  0x1010u /* args: command id, status */
#define AUD_IPC_TRACE_XRUN 0x1011u /* args: pipe id, code */
#define AUD_IPC_TRACE_DMA  0x1012u /* board: DMA error; channel, status */
#define AUD_IPC_TRACE_SSP  0x1013u /* board: SSP xrun irq; port, status */
#define AUD_IPC_TRACE_DUP                                                      \
    0x1014u /* board: command rung twice (ignored);
					command id, seq */

/* Reset the layer (no pipelines), stream slots marked unused. */
void aud_ipc_init(const struct aud_ipc_platform *plat);

/* Handle one command.  cmd: the message copied out of the H2D region
 * (cmd_bytes = bytes available there, at most AUD_IPC_MSG_MAX, 4-byte
 * aligned buffer); doorbell: the H2D doorbell value.  Writes the reply
 * (struct ipc_reply first; seq left 0 for the transport) into `reply`
 * (AUD_IPC_MSG_MAX bytes, aligned) and returns its size in bytes.
 * Never fails: every error becomes an error reply. */
uint32_t aud_ipc_handle(const void *cmd, uint32_t cmd_bytes, uint32_t doorbell,
                        void *reply);

/* The pipeline of slot n, NULL if the slot is free (for the task job). */
struct pipeline *aud_ipc_pipeline(unsigned slot);

/* Pipeline task job (fw_task job signature; arg = slot as uintptr_t):
 * one pipeline_copy if the slot's pipeline is RUNNING. */
void aud_ipc_pipe_job(unsigned slot);

#endif /* AUD_IPC_H */
