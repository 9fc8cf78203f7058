/* SPDX-License-Identifier: BSD-3-Clause */
/* Commands to the firmware's audio IPC layer built for the host (library
 * audio_ipc) over the host platform's fake hooks (library audio_ipc_host,
 * firmware/platform/host/host_ipc_platform.h), shared by fuzz_ipc and
 * fuzz_topology: host sources deliver a pattern (step 7), notifications
 * are accepted and forgotten. */
#ifndef DSPSIM_FUZZ_IPC_DRIVE_H
#define DSPSIM_FUZZ_IPC_DRIVE_H

#include <stdint.h>

#include "aud_ipc.h"

/* host_ipc_reset (aud_ipc_init with the fakes, counters cleared). */
void fw_reset(void);
/* Send one command of n bytes (copied into an aligned, zero-filled
 * buffer of AUD_IPC_MSG_MAX bytes) with this doorbell; checks the reply's
 * framing (aborts on a bad one) and returns its status. */
int32_t fw_send(const void *msg, uint32_t n, uint32_t doorbell);
/* Same with header {size = 4 * nw, id, seq, 0} filled in. */
int32_t fw_cmd(uint32_t id, const uint32_t *words, unsigned nw);
/* One job of every pipeline slot (the pipeline tasks' work). */
void fw_run_jobs(void);
/* PIPE_FREE of every live pipeline (STOP first if it is running); then
 * nothing may be left: allocator, DMA channels, stream slots (aborts
 * otherwise). */
void fw_teardown(void);
/* The reply of the last command (AUD_IPC_MSG_MAX bytes). */
const uint32_t *fw_reply(void);

#endif
