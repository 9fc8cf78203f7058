/* SPDX-License-Identifier: BSD-3-Clause */
/* Names of IPC message ids and reply status codes (abi/ipc_proto.h), both
 * ways: for diagnoses and timelines, and for case files that name a
 * command and a status (expect.setup_error, docs/harness.md).  Library
 * dshipcnames: no board, no driver. */
#ifndef DSH_IPC_NAMES_H
#define DSH_IPC_NAMES_H

#include <stdbool.h>
#include <stdint.h>

/* "OK", "AUD_RANGE", "E_SIZE" ... or "status N" (per-thread buffer: use
 * at once). */
const char *dsh_drv_status_name(int32_t status);
/* "AUD_PIPE_NEW", "FW_READY", "AUD_POSITION" ...; NULL if unknown. */
const char *dsh_ipc_id_name(uint32_t id);

/* The command id (IPC_CMD_FIRST..IPC_CMD_LAST) named `name` as
 * dsh_ipc_id_name spells it; false if none. */
bool dsh_ipc_command_from_name(const char *name, uint32_t *id);
/* The error status (< 0) named `name` as dsh_drv_status_name spells it
 * ("AUD_RATE", "E_SIZE"); false if none. */
bool dsh_ipc_status_from_name(const char *name, int32_t *status);

#endif
