/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the firmware's topology builder (firmware/audio/ipc and
 * pipeline/) on random but well-formed command sequences: every command
 * is a correctly framed message whose fields come from small sets of
 * plausible values (pipeline ids 1..4, object ids 1..12 shared by
 * components and buffers, the nine component types with valid configs,
 * formats, rates, channel counts, capacities, periods), so the sequence,
 * not the framing, is what varies: create, connect, complete, stream
 * parameters, start, stop, pause, drain, reset, controls, statistics,
 * cross-pipeline connections and frees, in any order, with pipeline jobs
 * in between.  Checked: reply framing, no crash or sanitizer report, and
 * after freeing every pipeline nothing left allocated (fw_teardown). */
#include <stdint.h>
#include <string.h>

#include "fuzz_util.h"
#include "fuzz_ipc_drive.h"

static uint32_t pipe_id(fz_in *in)
{
    return 1 + fz_pick(in, 4);
}

static uint32_t obj_id(fz_in *in)
{
    uint8_t v = fz_u8(in);
    return v == 0xff ? IPC_AUD_ID_NONE : 1u + v % 12u;
}

static const uint32_t rates[] = { 48000, 16000, 44100, 8000, 96000 };
static const uint32_t periods[] = { 1000, 2000, 500, 100, 10000, 20000 };

static unsigned comp_config(fz_in *in, uint32_t type, uint32_t *w)
{
    switch (type) {
    case IPC_AUD_COMP_HOST:
        w[0] = fz_pick(in, 9); /* stream slot (8 = bad) */
        w[1] = fz_pick(in, 5); /* DMA channel (4 = bad) */
        return 2;
    case IPC_AUD_COMP_DAI:
        w[0] = fz_pick(in, 5); /* SSP port */
        w[1] = fz_pick(in, 5);
        return 2;
    case IPC_AUD_COMP_VOLUME: {
        static const int32_t g[] = { 0, -6 * 256, 18 * 256, -120 * 256,
                                     19 * 256 };
        for (unsigned i = 0; i < 8; i++)
            w[i] = (uint32_t)g[fz_pick(in, 5)];
        w[8] = fz_pick(in, 3) * 50; /* ramp ms */
        w[9] = fz_pick(in, 2);      /* mute */
        return 10;
    }
    case IPC_AUD_COMP_MIXER:
        w[0] = 2 + fz_pick(in, 4); /* 2..5 inputs (5 = bad) */
        if (fz_pick(in, 2)) {
            for (unsigned i = 1; i < 5; i++)
                w[i] = i <= w[0] ? (uint32_t)(-6 * 256) : 0;
            return 5;
        }
        return 1;
    case IPC_AUD_COMP_EQ_IIR: {
        unsigned n = 1 + fz_pick(in, 2);
        memcpy(w, "EQIR", 4);
        w[1] = 1u | n << 16; /* version 1, n stages */
        for (unsigned s = 0; s < n; s++) {
            uint32_t *st = &w[2 + 6 * s];
            st[0] = 1u << 30; /* b0 = 1.0 Q2.30 */
            st[1] = fz_pick(in, 2) ? 1u << 29 : 0;
            st[2] = st[3] = st[4] = 0;
            st[5] = fz_pick(in, 2); /* shift */
        }
        return 2 + 6 * n;
    }
    case IPC_AUD_COMP_EQ_FIR: {
        unsigned taps = 1 + fz_pick(in, 4), sets = 1 + fz_pick(in, 2);
        uint8_t *b = (uint8_t *)w;
        memcpy(b, "EQFR", 4);
        b[4] = 1, b[5] = 0; /* version */
        b[6] = (uint8_t)sets, b[7] = 0;
        b[8] = (uint8_t)taps, b[9] = 0;
        b[10] = 0, b[11] = 0; /* shift */
        unsigned bytes = 12 + 2 * taps * sets;
        for (unsigned i = 12; i < bytes; i += 2)
            b[i] = 0, b[i + 1] = 0x20; /* 0.25 */
        /* an odd number of coefficients leaves 2 bytes of padding, which
         * the firmware must reject (the blob size is exact) */
        return (bytes + 3) / 4;
    }
    case IPC_AUD_COMP_SRC:
        w[0] = rates[fz_pick(in, 5)];
        w[1] = rates[fz_pick(in, 5)];
        return 2;
    case IPC_AUD_COMP_TONE:
        w[0] = (fz_pick(in, 2) ? 997u : 30000u) << 16;
        w[1] = fz_pick(in, 2) ? 0x10000000u : 0x80000000u;
        return 2;
    default: /* CONVERT: no config */
        return 0;
    }
}

static unsigned frame_bytes(uint32_t fmt, uint32_t ch)
{
    return (fmt == IPC_AUD_FMT_S16_LE ? 2 : 4) * ch;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    uint32_t w[256];
    fw_reset();
    for (unsigned k = 0; k < 256 && in.n; k++) {
        memset(w, 0, sizeof w);
        switch (fz_pick(&in, 16)) {
        case 0:
            w[0] = pipe_id(&in);
            w[1] = fz_pick(&in, 2);
            w[2] = periods[fz_pick(&in, 6)];
            w[3] = fz_pick(&in, 2);
            w[4] = 0;
            w[5] = fz_pick(&in, 3);
            fw_cmd(IPC_CMD_AUD_PIPE_NEW, w, 7);
            break;
        case 1: {
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            w[2] = fz_pick(&in, 9);
            unsigned n = comp_config(&in, w[2], &w[4]);
            w[3] = 4 * n;
            fw_cmd(IPC_CMD_AUD_COMP_NEW, w, 4 + n);
            break;
        }
        case 2: {
            static const uint32_t caps[] = { 48, 96, 144, 480, 16, 32 };
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            w[2] = fz_pick(&in, 3);
            w[3] = (uint32_t[]){ 2, 1, 8 }[fz_pick(&in, 3)];
            w[4] = rates[fz_pick(&in, 5)];
            w[5] = caps[fz_pick(&in, 6)];
            fw_cmd(IPC_CMD_AUD_BUF_NEW, w, 6);
            break;
        }
        case 3:
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            w[2] = obj_id(&in);
            w[3] = obj_id(&in);
            fw_cmd(IPC_CMD_AUD_CONNECT, w, 4);
            break;
        case 4:
            w[0] = pipe_id(&in);
            fw_cmd(IPC_CMD_AUD_PIPE_COMPLETE, w, 1);
            break;
        case 5: {
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            w[2] = rates[fz_pick(&in, 5)];
            w[3] = (uint32_t[]){ 2, 1, 8 }[fz_pick(&in, 3)];
            w[4] = fz_pick(&in, 3);
            w[5] = 0x1000;
            uint32_t frames = w[2] / 1000 * periods[fz_pick(&in, 3)] / 1000;
            w[7] = frames * frame_bytes(w[4], w[3]);
            w[6] = w[7] * (2 + fz_pick(&in, 3));
            fw_cmd(IPC_CMD_AUD_STREAM_PARAMS, w, 8);
            break;
        }
        case 6:
            w[0] = pipe_id(&in);
            w[1] = (uint32_t[]){ 0, 1, 2, 3, 4, 6, 0, 1 }[fz_pick(&in, 8)];
            fw_cmd(IPC_CMD_AUD_TRIGGER, w, 2);
            break;
        case 7:
        case 8:
            for (unsigned n = 1 + fz_pick(&in, 8); n; n--)
                fw_run_jobs();
            break;
        case 9: {
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            w[2] = 1 + fz_pick(&in, 8);
            unsigned n = 1;
            switch (w[2]) {
            case IPC_AUD_CTL_VOLUME_GAIN:
            case IPC_AUD_CTL_MIXER_GAIN:
                n = 1 + fz_pick(&in, 4);
                for (unsigned i = 0; i < n; i++)
                    w[4 + i] = (uint32_t)(fz_pick(&in, 2) ? -6 * 256
                                                          : 19 * 256);
                break;
            case IPC_AUD_CTL_BLOB:
                n = comp_config(&in,
                                fz_pick(&in, 2) ? IPC_AUD_COMP_EQ_IIR
                                                : IPC_AUD_COMP_EQ_FIR,
                                &w[4]);
                break;
            case IPC_AUD_CTL_TONE_FREQ:
                w[4] = (fz_pick(&in, 2) ? 440u : 40000u) << 16;
                break;
            default:
                w[4] = fz_pick(&in, 3) * 1000;
                break;
            }
            w[3] = 4 * n;
            fw_cmd(IPC_CMD_AUD_SET_CONTROL, w, 4 + n);
            break;
        }
        case 10:
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            w[2] = 1 + fz_pick(&in, 8);
            w[3] = 4 * (1 + fz_pick(&in, 16));
            fw_cmd(IPC_CMD_AUD_GET_CONTROL, w, 4);
            break;
        case 11:
            w[0] = pipe_id(&in);
            fw_cmd(IPC_CMD_AUD_GET_STATS, w, 1);
            break;
        case 12:
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            fw_cmd(fz_pick(&in, 2) ? IPC_CMD_AUD_COMP_FREE
                                   : IPC_CMD_AUD_BUF_FREE,
                   w, 2);
            break;
        case 13:
            w[0] = pipe_id(&in);
            fw_cmd(IPC_CMD_AUD_PIPE_FREE, w, 1);
            break;
        case 14:
            w[0] = pipe_id(&in);
            w[1] = obj_id(&in);
            w[2] = pipe_id(&in);
            w[3] = obj_id(&in);
            fw_cmd(IPC_CMD_AUD_PIPE_CONNECT, w, 4);
            break;
        default:
            w[0] = 0x1234;
            fw_cmd(IPC_CMD_AUD_PING, w, 1);
            break;
        }
    }
    fw_teardown();
    return 0;
}
