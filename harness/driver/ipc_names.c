/* SPDX-License-Identifier: BSD-3-Clause */
/* Names of IPC message ids and reply status codes (ipc_names.h). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "driver/ipc_names.h"
#include "abi/ipc_proto.h"

const char *dsh_ipc_id_name(uint32_t id)
{
    switch (id) {
    case IPC_NOTIFY_FW_READY:
        return "FW_READY";
    case IPC_NOTIFY_PANIC:
        return "PANIC";
    case IPC_NOTIFY_DEADLINE_MISS:
        return "DEADLINE_MISS";
    case IPC_CMD_AUD_PING:
        return "AUD_PING";
    case IPC_CMD_AUD_PIPE_NEW:
        return "AUD_PIPE_NEW";
    case IPC_CMD_AUD_PIPE_FREE:
        return "AUD_PIPE_FREE";
    case IPC_CMD_AUD_COMP_NEW:
        return "AUD_COMP_NEW";
    case IPC_CMD_AUD_COMP_FREE:
        return "AUD_COMP_FREE";
    case IPC_CMD_AUD_BUF_NEW:
        return "AUD_BUF_NEW";
    case IPC_CMD_AUD_BUF_FREE:
        return "AUD_BUF_FREE";
    case IPC_CMD_AUD_CONNECT:
        return "AUD_CONNECT";
    case IPC_CMD_AUD_PIPE_COMPLETE:
        return "AUD_PIPE_COMPLETE";
    case IPC_CMD_AUD_STREAM_PARAMS:
        return "AUD_STREAM_PARAMS";
    case IPC_CMD_AUD_TRIGGER:
        return "AUD_TRIGGER";
    case IPC_CMD_AUD_SET_CONTROL:
        return "AUD_SET_CONTROL";
    case IPC_CMD_AUD_GET_CONTROL:
        return "AUD_GET_CONTROL";
    case IPC_CMD_AUD_GET_STATS:
        return "AUD_GET_STATS";
    case IPC_CMD_AUD_PIPE_CONNECT:
        return "AUD_PIPE_CONNECT";
    case IPC_CMD_AUD_CORE_STATS:
        return "AUD_CORE_STATS";
    case IPC_NOTIFY_AUD_POSITION:
        return "AUD_POSITION";
    case IPC_NOTIFY_AUD_XRUN:
        return "AUD_XRUN";
    default:
        return NULL;
    }
}

const char *dsh_drv_status_name(int32_t status)
{
    static _Thread_local char buf[32];
    static const char *const aud[] = {
        NULL,           "AUD_INVAL",    "AUD_NOMEM",     "AUD_FORMAT",
        "AUD_CHANNELS", "AUD_RATE",     "AUD_RANGE",     "AUD_CONFIG",
        "AUD_BLOB",     "AUD_TYPE",     "AUD_CONTROL",   "AUD_STATE",
        "AUD_EXISTS",   "AUD_NOENT",    "AUD_PORT_FULL", "AUD_UNCONNECTED",
        "AUD_CYCLE",    "AUD_ENDPOINT", "AUD_MISMATCH",  "AUD_BUF_SIZE",
        "AUD_PERIOD",   "AUD_FULL",     "AUD_UNDERRUN",  "AUD_OVERRUN",
        "AUD_DMA",
    };
    static const char *const proto[] = {
        "E_UNKNOWN", "E_SIZE", "E_HDR", "E_PIPE", "E_RESERVED", "E_NOT_HOST",
    };
    if (status == IPC_STATUS_OK)
        return "OK";
    if (status < 0 && -status < (int32_t)(sizeof aud / sizeof aud[0]))
        return aud[-status];
    if (status <= IPC_STATUS_E_UNKNOWN &&
        IPC_STATUS_E_UNKNOWN - status <
            (int32_t)(sizeof proto / sizeof proto[0]))
        return proto[IPC_STATUS_E_UNKNOWN - status];
    snprintf(buf, sizeof buf, "status %" PRId32, status);
    return buf;
}

bool dsh_ipc_command_from_name(const char *name, uint32_t *id)
{
    for (uint32_t i = IPC_CMD_FIRST; i <= IPC_CMD_LAST; i++) {
        const char *n = dsh_ipc_id_name(i);
        if (n && !strcmp(n, name)) {
            *id = i;
            return true;
        }
    }
    return false;
}

bool dsh_ipc_status_from_name(const char *name, int32_t *status)
{
    /* the audio codes are -1..-63, the protocol codes -100 and below */
    for (int32_t s = -1; s >= IPC_STATUS_E_UNKNOWN - 63; s--) {
        const char *n = dsh_drv_status_name(s);
        if (strncmp(n, "status ", 7) && !strcmp(n, name)) {
            *status = s;
            return true;
        }
    }
    return false;
}
