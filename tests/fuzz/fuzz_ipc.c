/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the firmware's audio IPC command dispatch
 * (firmware/audio/ipc, aud_ipc_handle) built for the host on the fake
 * platform of fuzz_ipc_drive.c.  The input is a sequence of records:
 *
 *   op < 0xe0:  a framed command: id 0x100 + op % 16 (every command and
 *               some unknown ids), u16 payload length (mod 1009), the
 *               payload; header size = 16 + length rounded up to words,
 *               doorbell = id
 *   0xe0..0xef: one job of every pipeline (pipeline_copy with the fake
 *               DMA)
 *   op >= 0xf0: a raw message: u16 length, the bytes as they are
 *               (header included, any size field), u32 doorbell
 *
 * Every reply's framing is checked (fw_send); at the end every live
 * pipeline is stopped and freed and nothing may be left: no allocation,
 * DMA channel or pipeline slot (fw_teardown). */
#include <stdint.h>
#include <string.h>

#include "fuzz_util.h"
#include "fuzz_ipc_drive.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t msg[AUD_IPC_MSG_MAX + 64];
    static uint32_t seq;
    fz_in in = { data, size };
    fw_reset();
    for (unsigned k = 0; k < 512 && in.n; k++) {
        uint8_t op = fz_u8(&in);
        if (op >= 0xe0 && op < 0xf0) {
            fw_run_jobs();
            continue;
        }
        uint32_t len, doorbell;
        memset(msg, 0, sizeof msg);
        if (op < 0xe0) {
            uint32_t id = 0x100u + op % 16u;
            len = fz_u16(&in) % (AUD_IPC_MSG_MAX - 16 + 1);
            if (len > in.n)
                len = (uint32_t)in.n;
            memcpy(msg + 16, in.p, len);
            in.p += len;
            in.n -= len;
            uint32_t hdr[4] = { 16 + (len + 3) / 4 * 4, id, ++seq, 0 };
            memcpy(msg, hdr, sizeof hdr);
            len = hdr[0];
            doorbell = id;
        } else {
            len = fz_u16(&in) % (sizeof msg + 1);
            if (len > in.n)
                len = (uint32_t)in.n;
            memcpy(msg, in.p, len);
            in.p += len;
            in.n -= len;
            doorbell = fz_u32(&in);
        }
        fw_send(msg, len, doorbell);
    }
    fw_teardown();
    return 0;
}
