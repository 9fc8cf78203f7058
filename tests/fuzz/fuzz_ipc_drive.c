/* SPDX-License-Identifier: BSD-3-Clause */
/* Commands to the firmware's audio IPC layer over the host platform
 * (fuzz_ipc_drive.h). */
#include "fuzz_ipc_drive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_ipc_platform.h"
#include "ipc_internal.h"

static uint32_t reply[AUD_IPC_MSG_MAX / 4];
static uint32_t seq;
static int trace = -1; /* FW_TRACE set: every command and its status */

void fw_reset(void)
{
    host_ipc_reset();
    host_ipc.pattern_step = 7; /* the fuzzers' stream pattern */
    host_ipc.record_notes = 0; /* every notification accepted */
}

const uint32_t *fw_reply(void)
{
    return reply;
}

int32_t fw_send(const void *msg, uint32_t n, uint32_t doorbell)
{
    static uint32_t cmd[AUD_IPC_MSG_MAX / 4];
    if (n > sizeof cmd)
        n = sizeof cmd;
    memset(cmd, 0, sizeof cmd);
    memcpy(cmd, msg, n);
    memset(reply, 0xa5, sizeof reply);
    uint32_t got = aud_ipc_handle(cmd, sizeof cmd, doorbell, reply);
    if (got < sizeof(struct ipc_reply) || got > AUD_IPC_MSG_MAX || (got & 3) ||
        got != reply[0] || reply[1] != (doorbell & AUD_IPC_DOORBELL_MASK))
        abort();
    if ((int32_t)reply[3] != 0 && got != sizeof(struct ipc_reply))
        abort(); /* an error reply carries no payload */
    if (trace < 0)
        trace = getenv("FW_TRACE") != NULL;
    if (trace)
        fprintf(stderr, "cmd 0x%03x (%u bytes): status %d\n", (unsigned)cmd[1],
                (unsigned)n, (int)(int32_t)reply[3]);
    return (int32_t)reply[3];
}

int32_t fw_cmd(uint32_t id, const uint32_t *words, unsigned nw)
{
    uint32_t m[AUD_IPC_MSG_MAX / 4] = { 0 };
    if (nw > AUD_IPC_MSG_MAX / 4 - 4)
        nw = AUD_IPC_MSG_MAX / 4 - 4;
    m[0] = 16 + 4 * nw;
    m[1] = id;
    m[2] = ++seq;
    memcpy(&m[4], words, 4 * nw);
    return fw_send(m, m[0], id);
}

void fw_run_jobs(void)
{
    for (unsigned s = 0; s < IPC_AUD_MAX_PIPES; s++)
        aud_ipc_pipe_job(s);
}

void fw_teardown(void)
{
    for (unsigned s = 0; s < IPC_AUD_MAX_PIPES; s++) {
        if (!aud_slots[s].used)
            continue;
        uint32_t id = aud_slots[s].id;
        uint32_t stop[2] = { id, IPC_AUD_TRIGGER_STOP };
        fw_cmd(IPC_CMD_AUD_TRIGGER, stop, 2);
        if (fw_cmd(IPC_CMD_AUD_PIPE_FREE, &id, 1) != 0)
            abort(); /* PIPE_FREE of a live pipeline must work */
    }
    for (unsigned s = 0; s < IPC_AUD_MAX_PIPES; s++)
        if (aud_slots[s].used || aud_ipc_pipeline(s))
            abort();
    for (unsigned c = 0; c < HOST_IPC_DMA_CHANNELS; c++)
        if (host_ipc.dmas[c].used)
            abort(); /* a DMA channel not given back */
    if (host_ipc.allocs_live != 0)
        abort(); /* firmware allocator leak */
}
