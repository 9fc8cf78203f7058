/* SPDX-License-Identifier: BSD-3-Clause */
/* Host unit test of the audio IPC command layer (firmware/audio/ipc),
 * built from the firmware sources (library audio_ipc) over the host
 * platform's fake hooks (firmware/platform/host/host_ipc_platform.h:
 * allocator with failure injection, tasks, DMA, doorbell, stream region).
 *
 * Table-driven: every malformed command gets its specific status and
 * detail offset and leaves the firmware serving the next command with its
 * state unchanged; plus a build / start / run / stats / xrun / free flow
 * and out-of-memory at every allocation without leaks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "aud_ipc.h"
#include "buffer/audio_err.h"
#include "host_ipc_platform.h"

/* ---- message helpers -------------------------------------------------- */
static uint32_t reply[AUD_IPC_MSG_MAX / 4];
static uint32_t seq;

/* Send words (header included; size = 4 * n unless size_override). */
static int32_t sendv(uint32_t doorbell, uint32_t size_override,
                     const uint32_t *w, unsigned n)
{
    uint32_t cmd[AUD_IPC_MSG_MAX / 4] = { 0 };
    uint32_t got;

    memcpy(cmd, w, n * 4);
    cmd[0] = size_override ? size_override : n * 4;
    cmd[2] = ++seq;
    got = aud_ipc_handle(cmd, sizeof(cmd), doorbell, reply);
    assert_int_equal(got, reply[0]);
    assert_int_equal(reply[1], doorbell & 0x7FFFFFFFu);
    assert_int_equal(reply[4], seq);
    if ((int32_t)reply[3] != 0) {
        assert_int_equal(got, sizeof(struct ipc_reply));
    } else {
        assert_int_equal(reply[5], IPC_AUD_DETAIL_NONE);
    }
    return (int32_t)reply[3];
}

#define MSG(id, ...)                                                           \
    sendv(id, 0, (const uint32_t[]){ 0, id, 0, 0, __VA_ARGS__ },               \
          4 + sizeof((uint32_t[]){ __VA_ARGS__ }) / 4)

static const uint32_t V0[10] = { 0 }; /* volume config: 0 dB, no ramp */

static void ping_ok(void)
{
    assert_int_equal(MSG(IPC_CMD_AUD_PING, 0x1234), 0);
    assert_int_equal(reply[6], 0x1234);
    assert_int_equal(reply[8], IPC_PROTO_VERSION);
}

/* pipeline `id`: host 1 -> buf 10 -> volume 2 -> buf 11 -> dai 3;
 * 48 kHz stereo S16, 1 ms, buffers 2 and 3 periods. */
static void build(uint32_t id, uint32_t dir, uint32_t stream, uint32_t ch0,
                  int complete)
{
    uint32_t h = dir == IPC_AUD_DIR_PLAYBACK ? 1 : 3;
    uint32_t d = dir == IPC_AUD_DIR_PLAYBACK ? 3 : 1;

    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_NEW, id, dir, 1000, 0, 0, 1, 0), 0);
    assert_int_equal(
        MSG(IPC_CMD_AUD_COMP_NEW, id, h, IPC_AUD_COMP_HOST, 8, stream, ch0), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_COMP_NEW, id, 2, IPC_AUD_COMP_VOLUME, 40,
                         0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                     0);
    assert_int_equal(
        MSG(IPC_CMD_AUD_COMP_NEW, id, d, IPC_AUD_COMP_DAI, 8, ch0, ch0 + 1), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_BUF_NEW, id, 10, 0, 2, 48000, 96), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_BUF_NEW, id, 11, 0, 2, 48000, 144), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, id, 1, 10, 2), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, id, 2, 11, 3), 0);
    if (complete)
        assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, id), 0);
}

static int setup(void **state)
{
    (void)state;
    host_ipc_reset();
    for (unsigned i = 0; i < IPC_AUD_MAX_STREAMS; i++)
        assert_int_equal(host_ipc.streams[i].pipe_id, IPC_AUD_ID_NONE);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (uint32_t id = 0; id < 100; id++)
        MSG(IPC_CMD_AUD_PIPE_FREE, id);
    assert_int_equal(host_ipc.allocs_live, 0);
    return 0;
}

/* ---- malformed commands, table-driven --------------------------------- */
struct bad {
    const char *name;
    uint32_t doorbell; /* 0 = words[1] */
    uint32_t size;     /* 0 = 4 * n */
    unsigned n;
    uint32_t w[20];
    int32_t status;
    uint32_t detail;
};

#define P  IPC_CMD_AUD_PIPE_NEW
#define C  IPC_CMD_AUD_COMP_NEW
#define B  IPC_CMD_AUD_BUF_NEW
#define N  IPC_AUD_ID_NONE
#define DN IPC_AUD_DETAIL_NONE
static const struct bad bads[] = {
    { "unknown command",
      0,
      0,
      5,
      { 0, 0x0150, 0, 0, 7 },
      IPC_STATUS_E_UNKNOWN,
      4 },
    { "global-range command", 0, 0, 4, { 0, 0x0001 }, IPC_STATUS_E_UNKNOWN, 4 },
    { "id differs from doorbell",
      IPC_CMD_AUD_PING,
      0,
      5,
      { 0, IPC_CMD_AUD_GET_STATS, 0, 0, 7 },
      IPC_STATUS_E_HDR,
      4 },
    { "size too small for header",
      0,
      8,
      5,
      { 0, IPC_CMD_AUD_PING, 0, 0, 7 },
      IPC_STATUS_E_SIZE,
      0 },
    { "size above region",
      0,
      1028,
      5,
      { 0, IPC_CMD_AUD_PING, 0, 0, 7 },
      IPC_STATUS_E_SIZE,
      0 },
    { "size not multiple of 4",
      0,
      22,
      6,
      { 0, IPC_CMD_AUD_PING, 0, 0, 7 },
      IPC_STATUS_E_SIZE,
      0 },
    { "ping wrong size",
      0,
      0,
      6,
      { 0, IPC_CMD_AUD_PING, 0, 0, 7, 0 },
      IPC_STATUS_E_SIZE,
      0 },
    { "pipe_new short",
      0,
      0,
      10,
      { 0, P, 0, 0, 9, 0, 1000, 0, 0, 0 },
      IPC_STATUS_E_SIZE,
      0 },
    { "pipe_new duplicate",
      0,
      0,
      11,
      { 0, P, 0, 0, 7, 0, 1000, 0, 0, 0, 0 },
      AUD_E_EXISTS,
      16 },
    { "pipe_new id none",
      0,
      0,
      11,
      { 0, P, 0, 0, N, 0, 1000, 0, 0, 0, 0 },
      AUD_E_RANGE,
      16 },
    { "pipe_new dir",
      0,
      0,
      11,
      { 0, P, 0, 0, 9, 2, 1000, 0, 0, 0, 0 },
      AUD_E_INVAL,
      20 },
    { "pipe_new period low",
      0,
      0,
      11,
      { 0, P, 0, 0, 9, 0, 99, 0, 0, 0, 0 },
      AUD_E_PERIOD,
      24 },
    { "pipe_new period high",
      0,
      0,
      11,
      { 0, P, 0, 0, 9, 0, 20001, 0, 0, 0, 0 },
      AUD_E_PERIOD,
      24 },
    { "pipe_new priority",
      0,
      0,
      11,
      { 0, P, 0, 0, 9, 0, 1000, 32, 0, 0, 0 },
      AUD_E_RANGE,
      28 },
    { "pipe_new deadline",
      0,
      0,
      11,
      { 0, P, 0, 0, 9, 0, 1000, 0, 1001, 0, 0 },
      AUD_E_RANGE,
      32 },
    { "pipe_new prefill",
      0,
      0,
      11,
      { 0, P, 0, 0, 9, 0, 1000, 0, 0, 5, 0 },
      AUD_E_RANGE,
      36 },
    { "pipe_new reserved",
      0,
      0,
      11,
      { 0, P, 0, 0, 9, 0, 1000, 0, 0, 0, 1 },
      IPC_STATUS_E_RESERVED,
      40 },
    { "comp_new bad pipe",
      0,
      0,
      10,
      { 0, C, 0, 0, 99, 5, 8, 8, 0, 0 },
      IPC_STATUS_E_PIPE,
      16 },
    { "comp_new id none",
      0,
      0,
      8,
      { 0, C, 0, 0, 7, N, 8, 0 },
      AUD_E_RANGE,
      20 },
    { "comp_new bad type",
      0,
      0,
      8,
      { 0, C, 0, 0, 7, 5, 9, 0 },
      AUD_E_TYPE,
      24 },
    { "comp_new config_bytes vs size",
      0,
      0,
      9,
      { 0, C, 0, 0, 7, 5, 3, 8, 2 },
      IPC_STATUS_E_SIZE,
      28 },
    { "comp_new duplicate id",
      0,
      0,
      9,
      { 0, C, 0, 0, 7, 2, 3, 4, 2 },
      AUD_E_EXISTS,
      20 },
    { "comp_new id used by buffer",
      0,
      0,
      9,
      { 0, C, 0, 0, 7, 10, 3, 4, 2 },
      AUD_E_EXISTS,
      20 },
    { "mixer config size",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 3, 8, 2, 0 },
      AUD_E_CONFIG,
      32 },
    { "mixer 5 inputs",
      0,
      0,
      9,
      { 0, C, 0, 0, 7, 5, 3, 4, 5 },
      AUD_E_CONFIG,
      32 },
    { "mixer gain +19 dB",
      0,
      0,
      13,
      { 0, C, 0, 0, 7, 5, 3, 20, 2, 0, 19 * 256 },
      AUD_E_RANGE,
      32 },
    { "mixer gain of a 3rd input",
      0,
      0,
      13,
      { 0, C, 0, 0, 7, 5, 3, 20, 2, 0, 0, 256 },
      AUD_E_CONFIG,
      32 },
    { "volume +19 dB",
      0,
      0,
      18,
      { 0, C, 0, 0, 7, 5, 2, 40, 19 * 256 },
      AUD_E_RANGE,
      32 },
    { "src equal rates",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 6, 8, 44100, 44100 },
      AUD_E_RATE,
      32 },
    { "iir bad blob",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 4, 8, 0x58585858, 1 },
      AUD_E_BLOB,
      32 },
    { "host endpoint config size",
      0,
      0,
      9,
      { 0, C, 0, 0, 7, 5, 0, 4, 0 },
      AUD_E_CONFIG,
      28 },
    { "host stream out of range",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 0, 8, 8, 2 },
      AUD_E_RANGE,
      32 },
    { "host stream in use",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 0, 8, 0, 2 },
      AUD_E_EXISTS,
      32 },
    { "dma channel in use",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 0, 8, 1, 0 },
      AUD_E_EXISTS,
      36 },
    { "dma channel out of range",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 0, 8, 1, 9 },
      AUD_E_RANGE,
      36 },
    { "ssp port out of range",
      0,
      0,
      10,
      { 0, C, 0, 0, 7, 5, 1, 8, 4, 2 },
      AUD_E_RANGE,
      32 },
    { "buf_new format",
      0,
      0,
      10,
      { 0, B, 0, 0, 7, 12, 3, 2, 48000, 96 },
      AUD_E_FORMAT,
      24 },
    { "buf_new channels 0",
      0,
      0,
      10,
      { 0, B, 0, 0, 7, 12, 0, 0, 48000, 96 },
      AUD_E_CHANNELS,
      28 },
    { "buf_new channels 9",
      0,
      0,
      10,
      { 0, B, 0, 0, 7, 12, 0, 9, 48000, 96 },
      AUD_E_CHANNELS,
      28 },
    { "buf_new rate 7999",
      0,
      0,
      10,
      { 0, B, 0, 0, 7, 12, 0, 2, 7999, 96 },
      AUD_E_RATE,
      32 },
    { "buf_new capacity 0",
      0,
      0,
      10,
      { 0, B, 0, 0, 7, 12, 0, 2, 48000, 0 },
      AUD_E_BUF_SIZE,
      36 },
    { "buf_new capacity > 1 MiB",
      0,
      0,
      10,
      { 0, B, 0, 0, 7, 12, 2, 8, 48000, 40000 },
      AUD_E_BUF_SIZE,
      36 },
    { "buf_new duplicate",
      0,
      0,
      10,
      { 0, B, 0, 0, 7, 2, 0, 2, 48000, 96 },
      AUD_E_EXISTS,
      20 },
    { "connect unknown comp",
      0,
      0,
      8,
      { 0, IPC_CMD_AUD_CONNECT, 0, 0, 7, 42, 10, N },
      AUD_E_NOENT,
      20 },
    { "connect unknown buffer",
      0,
      0,
      8,
      { 0, IPC_CMD_AUD_CONNECT, 0, 0, 7, N, 42, 2 },
      AUD_E_NOENT,
      24 },
    { "connect buffer source taken",
      0,
      0,
      8,
      { 0, IPC_CMD_AUD_CONNECT, 0, 0, 7, 2, 10, N },
      AUD_E_PORT_FULL,
      20 },
    { "connect nothing",
      0,
      0,
      8,
      { 0, IPC_CMD_AUD_CONNECT, 0, 0, 7, N, 10, N },
      AUD_E_INVAL,
      20 },
    { "comp_free connected",
      0,
      0,
      6,
      { 0, IPC_CMD_AUD_COMP_FREE, 0, 0, 7, 2 },
      AUD_E_STATE,
      20 },
    { "comp_free unknown",
      0,
      0,
      6,
      { 0, IPC_CMD_AUD_COMP_FREE, 0, 0, 7, 77 },
      AUD_E_NOENT,
      20 },
    { "buf_free connected",
      0,
      0,
      6,
      { 0, IPC_CMD_AUD_BUF_FREE, 0, 0, 7, 10 },
      AUD_E_STATE,
      20 },
    { "trigger bad cmd",
      0,
      0,
      6,
      { 0, IPC_CMD_AUD_TRIGGER, 0, 0, 7, 5 },
      AUD_E_INVAL,
      20 },
    { "start before complete",
      0,
      0,
      6,
      { 0, IPC_CMD_AUD_TRIGGER, 0, 0, 7, 0 },
      AUD_E_STATE,
      20 },
    { "params before complete",
      0,
      0,
      12,
      { 0, IPC_CMD_AUD_STREAM_PARAMS, 0, 0, 7, 1, 48000, 2, 0, 0, 1536, 192 },
      AUD_E_STATE,
      16 },
    { "params on volume",
      0,
      0,
      12,
      { 0, IPC_CMD_AUD_STREAM_PARAMS, 0, 0, 7, 2, 48000, 2, 0, 0, 1536, 192 },
      IPC_STATUS_E_NOT_HOST,
      20 },
    { "set_control unknown comp",
      0,
      0,
      9,
      { 0, IPC_CMD_AUD_SET_CONTROL, 0, 0, 7, 99, 2, 4, 1 },
      AUD_E_NOENT,
      20 },
    { "set_control bad ctl",
      0,
      0,
      9,
      { 0, IPC_CMD_AUD_SET_CONTROL, 0, 0, 7, 2, 4, 4, 1 },
      AUD_E_CONTROL,
      24 },
    { "set_control bytes vs size",
      0,
      0,
      9,
      { 0, IPC_CMD_AUD_SET_CONTROL, 0, 0, 7, 2, 2, 8, 1 },
      IPC_STATUS_E_SIZE,
      28 },
    { "set_control mute 2",
      0,
      0,
      9,
      { 0, IPC_CMD_AUD_SET_CONTROL, 0, 0, 7, 2, 2, 4, 2 },
      AUD_E_RANGE,
      32 },
    { "get_control room 0",
      0,
      0,
      8,
      { 0, IPC_CMD_AUD_GET_CONTROL, 0, 0, 7, 2, 1, 0 },
      AUD_E_RANGE,
      28 },
    { "get_stats bad pipe",
      0,
      0,
      5,
      { 0, IPC_CMD_AUD_GET_STATS, 0, 0, 8 },
      IPC_STATUS_E_PIPE,
      16 },
    { "pipe_free bad pipe",
      0,
      0,
      5,
      { 0, IPC_CMD_AUD_PIPE_FREE, 0, 0, 8 },
      IPC_STATUS_E_PIPE,
      16 },
};

/* Period and deadline in cycles on a fast core: at 1 GHz a 10 ms period is
 * 10^7 cycles, and so is its deadline (kHz * us is 10^10, past 32 bits:
 * the deadline used to wrap to 1.41 ms and every period over 14 % load
 * counted as a miss); a 7.5 ms deadline 7.5 * 10^6. */
static void test_deadline_fast_clock(void **state)
{
    (void)state;
    struct aud_ipc_platform fast = host_ipc_platform;
    fast.clock_hz = 1000000000u;
    aud_ipc_init(&fast);
    assert_int_equal(
        MSG(IPC_CMD_AUD_PIPE_NEW, 7, IPC_AUD_DIR_PLAYBACK, 10000, 0, 0, 1, 0),
        0);
    assert_int_equal(host_ipc.tasks[0].period, 10000000);
    assert_int_equal(host_ipc.tasks[0].deadline, 10000000);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_NEW, 8, IPC_AUD_DIR_PLAYBACK, 20000,
                         0, 7500, 1, 0),
                     0);
    assert_int_equal(host_ipc.tasks[1].period, 20000000);
    assert_int_equal(host_ipc.tasks[1].deadline, 7500000);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 7), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 8), 0);
    aud_ipc_init(&host_ipc_platform);
}

static void test_malformed(void **state)
{
    (void)state;
    build(7, IPC_AUD_DIR_PLAYBACK, 0, 0, 0);
    for (unsigned i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
        const struct bad *b = &bads[i];
        long live = host_ipc.allocs_live;
        int32_t st;

        st = sendv(b->doorbell ? b->doorbell : b->w[1], b->size, b->w, b->n);
        if (st != b->status || reply[5] != b->detail)
            fail_msg("%s: status %d detail %u, want %d detail %u", b->name, st,
                     reply[5], b->status, b->detail);
        assert_int_equal(host_ipc.allocs_live, live); /* nothing leaked */
        ping_ok();
        /* the pipeline is as it was */
        assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 7), 0);
        assert_int_equal(reply[7], IPC_AUD_PIPE_INIT);
        assert_int_equal(reply[16], 3);
    }
    /* and it still completes */
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, 7), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_COMP_NEW, 7, 5, 3, 4, 2), AUD_E_STATE);
    assert_int_equal(reply[5], 16);
}

/* Graph errors at COMPLETE: each code, then fixed and completed. */
static void test_graph_errors(void **state)
{
    (void)state;
    /* cycle: vol 2 -> b10 -> vol 3 -> b11 -> vol 2 (plus endpoints) */
    assert_int_equal(MSG(P, 1, 0, 1000, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(C, 1, 2, 2, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(C, 1, 3, 2, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(B, 1, 10, 0, 2, 48000, 96), 0);
    assert_int_equal(MSG(B, 1, 11, 0, 2, 48000, 96), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, 1, 2, 10, 3), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, 1, 3, 11, 2), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, 1), AUD_E_CYCLE);
    assert_int_equal(reply[5], DN);
    ping_ok();
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 1), 0);

    /* unconnected: host -> b10, nothing reads b10 */
    assert_int_equal(MSG(P, 2, 0, 1000, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(C, 2, 1, 0, 8, 0, 0), 0);
    assert_int_equal(MSG(B, 2, 10, 0, 2, 48000, 96), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, 2, 1, 10, N), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, 2), AUD_E_UNCONNECTED);
    /* format mismatch across volume: b11 is S32 */
    assert_int_equal(MSG(C, 2, 2, 2, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(C, 2, 3, 1, 8, 0, 1), 0);
    assert_int_equal(MSG(B, 2, 11, 2, 2, 48000, 96), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, 2, N, 10, 2), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, 2, 2, 11, 3), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, 2), AUD_E_MISMATCH);
    ping_ok();
    /* 44.1 kHz at 1 ms: 44/45-frame periods (protocol 1.4), completes */
    assert_int_equal(MSG(P, 3, 0, 1000, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(C, 3, 1, 0, 8, 1, 2), 0);
    assert_int_equal(MSG(C, 3, 3, 1, 8, 1, 3), 0);
    assert_int_equal(MSG(B, 3, 10, 0, 2, 44100, 200), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, 3, 1, 10, 3), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, 3), 0);
    /* free the pieces and rebuild at 48 kHz: completes */
    assert_int_equal(MSG(IPC_CMD_AUD_BUF_FREE, 3, 10), AUD_E_STATE);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 3), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 2), 0);
    build(3, IPC_AUD_DIR_PLAYBACK, 1, 1, 1);
    /* table limits */
    assert_int_equal(MSG(P, 4, 0, 1000, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(P, 5, 0, 1000, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(P, 6, 0, 1000, 0, 0, 0, 0), 0);
    assert_int_equal(MSG(P, 8, 0, 1000, 0, 0, 0, 0), AUD_E_FULL);
    assert_int_equal(reply[5], 16);
    for (uint32_t i = 0; i < 16; i++)
        assert_int_equal(MSG(C, 4, 100 + i, 8, 0), 0);
    assert_int_equal(MSG(C, 4, 200, 8, 0), AUD_E_FULL);
    assert_int_equal(MSG(IPC_CMD_AUD_COMP_FREE, 4, 105), 0);
    assert_int_equal(MSG(C, 4, 200, 8, 0), 0);
    ping_ok();
}

static void test_flow(void **state)
{
    (void)state;
    build(7, IPC_AUD_DIR_PLAYBACK, 2, 0, 1);
    assert_true(host_ipc.tasks[0].set);
    assert_int_equal(host_ipc.tasks[0].period, 160000);
    assert_int_equal(host_ipc.tasks[0].deadline, 160000);
    assert_int_equal(host_ipc.streams[2].pipe_id, 7);
    /* START without params */
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 0), AUD_E_STATE);
    /* params: each field */
    struct {
        uint32_t w[6];
        int32_t st;
        uint32_t det;
    } pc[] = {
        { { 44100, 2, 0, 0x100, 1536, 192 }, AUD_E_RATE, 24 },
        { { 48000, 1, 0, 0x100, 1536, 192 }, AUD_E_CHANNELS, 28 },
        { { 48000, 2, 2, 0x100, 1536, 192 }, AUD_E_FORMAT, 32 },
        { { 48000, 2, 0, 0x102, 1536, 192 }, AUD_E_INVAL, 36 },
        { { 48000, 2, 0, 0x100, 1500, 192 }, AUD_E_BUF_SIZE, 40 },
        { { 48000, 2, 0, 0x100, 192, 192 }, AUD_E_BUF_SIZE, 40 },
        { { 48000, 2, 0, 0x100, 1536, 196 }, AUD_E_PERIOD, 44 },
        { { 48000, 2, 0, 0x100, 1536, 192 }, 0, DN },
    };
    for (unsigned i = 0; i < sizeof(pc) / sizeof(pc[0]); i++) {
        assert_int_equal(MSG(IPC_CMD_AUD_STREAM_PARAMS, 7, 1, pc[i].w[0],
                             pc[i].w[1], pc[i].w[2], pc[i].w[3], pc[i].w[4],
                             pc[i].w[5]),
                         pc[i].st);
        assert_int_equal(reply[5], pc[i].det);
    }
    assert_int_equal(host_ipc.dmas[0].host_bytes, 1536);
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 2), AUD_E_STATE);
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 0), 0);
    assert_true(host_ipc.tasks[0].running);
    assert_int_equal(
        MSG(IPC_CMD_AUD_STREAM_PARAMS, 7, 1, 48000, 2, 0, 0, 1536, 192),
        AUD_E_STATE);
    /* 5 periods: 5 POSITION notifications of 192 bytes each */
    for (int k = 0; k < 5; k++)
        aud_ipc_pipe_job(0);
    assert_int_equal(host_ipc.n_notes, 5);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(host_ipc.notes[k][1], IPC_NOTIFY_AUD_POSITION);
        assert_int_equal(host_ipc.notes[k][4], 7);
        assert_int_equal(host_ipc.notes[k][5], 1);
        assert_int_equal(host_ipc.notes[k][6], 192u * (k + 1));
        assert_int_equal(host_ipc.notes[k][7], k + 1);
    }
    assert_int_equal(host_ipc.streams[2].position, 960);
    assert_int_equal(host_ipc.streams[2].periods, 5);
    /* host not acknowledging: dropped and counted, slot still moves */
    host_ipc.d2h_busy = 1;
    aud_ipc_pipe_job(0);
    aud_ipc_pipe_job(0);
    assert_int_equal(host_ipc.n_notes, 5);
    assert_int_equal(host_ipc.n_dropped, 2);
    assert_int_equal(host_ipc.streams[2].periods, 7);
    host_ipc.d2h_busy = 0;
    aud_ipc_pipe_job(0);
    assert_int_equal(host_ipc.notes[5][9], 2); /* dropped so far */
    /* controls */
    assert_int_equal(
        MSG(IPC_CMD_AUD_SET_CONTROL, 7, 2, 1, 8, (uint32_t)-6 * 256, 3 * 256),
        0);
    assert_int_equal(MSG(IPC_CMD_AUD_GET_CONTROL, 7, 2, 1, 64), 0);
    assert_int_equal(reply[9], 32);
    assert_int_equal((int32_t)reply[10], -6 * 256);
    assert_int_equal((int32_t)reply[11], 3 * 256);
    assert_int_equal(MSG(IPC_CMD_AUD_GET_CONTROL, 7, 1, 7, 4), 0);
    assert_int_equal(reply[10], 8 * 192);
    /* stats: non-zero cycles per component and per period */
    assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 7), 0);
    assert_int_equal(reply[7], IPC_AUD_PIPE_RUNNING);
    assert_int_equal(reply[8], 160000);
    assert_int_equal(reply[12], 8); /* periods */
    assert_true(reply[13] > 0 && reply[14] >= reply[13]);
    assert_int_equal(reply[16], 3);
    assert_int_equal(reply[17], 2); /* dropped */
    assert_int_equal(reply[0], 72 + 3 * 24);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(reply[18 + 6 * i + 2], 8);
        assert_true(reply[18 + 6 * i + 3] > 0);
    }
    assert_int_equal(reply[18], 1);      /* host first */
    assert_int_equal(reply[18 + 12], 3); /* dai last */
    /* xrun: the host side runs dry -> XRUN notification, task stopped */
    host_ipc.dmas[0].starve = 1;
    aud_ipc_pipe_job(0);
    assert_int_equal(host_ipc.notes[host_ipc.n_notes - 1][1],
                     IPC_NOTIFY_AUD_XRUN);
    assert_int_equal((int32_t)host_ipc.notes[host_ipc.n_notes - 1][6],
                     AUD_E_UNDERRUN);
    assert_int_equal(host_ipc.notes[host_ipc.n_notes - 1][7], 1);
    assert_int_equal(host_ipc.notes[host_ipc.n_notes - 2][1],
                     IPC_NOTIFY_AUD_POSITION);
    assert_false(host_ipc.tasks[0].running);
    assert_int_equal(host_ipc.streams[2].state, IPC_AUD_PIPE_XRUN);
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 2), AUD_E_STATE);
    /* recover */
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 0), 0);
    assert_true(host_ipc.tasks[0].running);
    aud_ipc_pipe_job(0);
    assert_int_equal(host_ipc.notes[host_ipc.n_notes - 1][6], 192);
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 2), 0); /* pause */
    assert_false(host_ipc.tasks[0].running);
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 3), 0); /* release */
    assert_true(host_ipc.tasks[0].running);
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 1), 0); /* stop */
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 1), AUD_E_STATE);
    /* drain: the pipeline plays out what it holds and stops by itself;
	 * its task stops with it (no job after the last period) */
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 0), 0);
    aud_ipc_pipe_job(0);
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 6), 0); /* drain */
    assert_true(host_ipc.tasks[0].running);
    for (int k = 0; k < 8 && host_ipc.tasks[0].running; k++)
        aud_ipc_pipe_job(0);
    assert_false(host_ipc.tasks[0].running);
    assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 7), 0);
    assert_int_equal(reply[7], IPC_AUD_PIPE_STOPPED);
    /* free while running releases the DMA channels and the stream slot */
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 7, 0), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 7), 0);
    assert_false(host_ipc.tasks[0].running);
    assert_false(host_ipc.dmas[0].used || host_ipc.dmas[1].used);
    assert_int_equal(host_ipc.streams[2].pipe_id, IPC_AUD_ID_NONE);
    assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 7), IPC_STATUS_E_PIPE);
    ping_ok();
}

/* Out of memory at every allocation of a build: AUD_NOMEM, no leak,
 * and the same build succeeds afterwards. */
static void test_oom(void **state)
{
    (void)state;
    for (long n = 0;; n++) {
        uint32_t words[][11] = { { 0 } };
        int32_t st = 0;
        long live = host_ipc.allocs_live;

        (void)words;
        host_ipc.alloc_count = 0;
        host_ipc.alloc_fail_at = n;
        st = MSG(P, 1, 0, 1000, 0, 0, 0, 0);
        if (!st)
            st = MSG(C, 1, 1, 0, 8, 0, 0);
        if (!st)
            st = MSG(C, 1, 2, 2, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        if (!st)
            st = MSG(C, 1, 3, 1, 8, 0, 1);
        if (!st)
            st = MSG(B, 1, 10, 0, 2, 48000, 96);
        if (!st)
            st = MSG(B, 1, 11, 0, 2, 48000, 144);
        if (!st)
            st = MSG(IPC_CMD_AUD_CONNECT, 1, 1, 10, 2);
        if (!st)
            st = MSG(IPC_CMD_AUD_CONNECT, 1, 2, 11, 3);
        if (!st)
            st = MSG(IPC_CMD_AUD_PIPE_COMPLETE, 1);
        host_ipc.alloc_fail_at = -1;
        ping_ok();
        MSG(IPC_CMD_AUD_PIPE_FREE, 1);
        assert_int_equal(host_ipc.allocs_live, live);
        if (!st)
            break;
        assert_int_equal(st, AUD_E_NOMEM);
        assert_true(n < 100);
    }
}

/* ---- PIPE_CONNECT (1.3): cross-pipeline connections ------------------- */
#define X IPC_CMD_AUD_PIPE_CONNECT

/* Producer `id`: host 1 -> b10 -> volume 2 -> b11 (output, 3 periods);
 * plus unconnected buffers the checks refuse: b12 2 periods, b13
 * 44.1 kHz, b14 S32, b15 mono, b16 32 kHz, and a 2-input mixer 7. */
static void build_producer(uint32_t id, uint32_t stream, uint32_t ch,
                           int extras)
{
    assert_int_equal(MSG(P, id, 0, 1000, 0, 0, 1, 0), 0);
    assert_int_equal(MSG(C, id, 1, IPC_AUD_COMP_HOST, 8, stream, ch), 0);
    assert_int_equal(
        MSG(C, id, 2, IPC_AUD_COMP_VOLUME, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        0);
    assert_int_equal(MSG(B, id, 10, 0, 2, 48000, 96), 0);
    assert_int_equal(MSG(B, id, 11, 0, 2, 48000, 144), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, id, 1, 10, 2), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, id, 2, 11, N), 0);
    if (!extras)
        return;
    assert_int_equal(MSG(B, id, 12, 0, 2, 48000, 96), 0);
    assert_int_equal(MSG(B, id, 13, 0, 2, 44100, 441), 0);
    assert_int_equal(MSG(B, id, 14, 2, 2, 48000, 144), 0);
    assert_int_equal(MSG(B, id, 15, 0, 1, 48000, 144), 0);
    assert_int_equal(MSG(B, id, 16, 0, 2, 32000, 96), 0);
    assert_int_equal(MSG(C, id, 7, IPC_AUD_COMP_MIXER, 4, 2), 0);
}

/* Consumer `id`: mixer 3 (2 inputs) -> b20 -> DAI 4 (SSP `port`); a tone 6
 * (a source) and an unconnected 3-period buffer b22. */
static void build_consumer(uint32_t id, uint32_t port, uint32_t ch)
{
    assert_int_equal(MSG(P, id, 0, 1000, 0, 0, 1, 0), 0);
    assert_int_equal(MSG(C, id, 3, IPC_AUD_COMP_MIXER, 4, 2), 0);
    assert_int_equal(MSG(C, id, 4, IPC_AUD_COMP_DAI, 8, port, ch), 0);
    assert_int_equal(MSG(B, id, 20, 0, 2, 48000, 96), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_CONNECT, id, 3, 20, 4), 0);
}

static void expect_bads(const struct bad *t, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const struct bad *b = &t[i];
        long live = host_ipc.allocs_live;
        int32_t st;

        st = sendv(b->w[1], b->size, b->w, b->n);
        if (st != b->status || reply[5] != b->detail)
            fail_msg("%s: status %d detail %u, want %d detail %u", b->name, st,
                     reply[5], b->status, b->detail);
        assert_int_equal(host_ipc.allocs_live, live);
        ping_ok();
        /* both pipelines as they were */
        assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 1), 0);
        assert_int_equal(reply[7], IPC_AUD_PIPE_INIT);
        assert_int_equal(reply[16], 3);
        assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 2), 0);
        assert_int_equal(reply[7], IPC_AUD_PIPE_INIT);
        assert_int_equal(reply[16], 3);
    }
}

/* PIPE_CONNECT producer, buffer, consumer, component -> status, detail */
#define XB(name, p, b, c, k, st, det)                                          \
    {                                                                          \
        name, 0, 0, 8, { 0, X, 0, 0, p, b, c, k }, st, det                     \
    }

/* Before any link: each field's checks, in offset order. */
static const struct bad xbads[] = {
    { "size 28", 0, 0, 7, { 0, X, 0, 0, 1, 11, 2 }, IPC_STATUS_E_SIZE, 0 },
    { "size 36",
      0,
      0,
      9,
      { 0, X, 0, 0, 1, 11, 2, 3, 0 },
      IPC_STATUS_E_SIZE,
      0 },
    XB("unknown producer", 99, 11, 2, 3, IPC_STATUS_E_PIPE, 16),
    XB("unknown buffer", 1, 42, 2, 3, AUD_E_NOENT, 20),
    XB("buffer id none", 1, N, 2, 3, AUD_E_NOENT, 20),
    XB("a component id, not a buffer", 1, 2, 2, 3, AUD_E_NOENT, 20),
    XB("buffer read in the producer", 1, 10, 2, 3, AUD_E_PORT_FULL, 20),
    XB("44.1 kHz buffer at 1 ms", 1, 13, 2, 3, AUD_E_PERIOD, 20),
    XB("buffer below prefill + 2 periods", 1, 12, 2, 3, AUD_E_BUF_SIZE, 20),
    XB("unknown consumer", 1, 11, 99, 3, IPC_STATUS_E_PIPE, 24),
    XB("consumer = producer", 1, 11, 1, 7, AUD_E_INVAL, 24),
    XB("capture consumer", 1, 11, 4, 2, AUD_E_INVAL, 24),
    XB("consumer complete", 1, 11, 3, 2, AUD_E_STATE, 24),
    XB("unknown component", 1, 11, 2, 77, AUD_E_NOENT, 28),
    XB("component id none", 1, 11, 2, N, AUD_E_NOENT, 28),
    XB("a buffer id, not a component", 1, 11, 2, 20, AUD_E_NOENT, 28),
    XB("component is a source", 1, 11, 2, 6, AUD_E_PORT_FULL, 28),
    XB("component's input taken", 1, 11, 2, 4, AUD_E_PORT_FULL, 28),
    XB("S32 into an S16 mixer", 1, 14, 2, 3, AUD_E_MISMATCH, 28),
    XB("mono into a stereo mixer", 1, 15, 2, 3, AUD_E_MISMATCH, 28),
    XB("32 kHz into a 48 kHz mixer", 1, 16, 2, 3, AUD_E_MISMATCH, 28),
};

/* After 1.b11 -> 2.mixer 3: the buffer is consumed, the producer has its
 * output, a link back would close a cycle. */
static const struct bad xbads_linked[] = {
    XB("buffer consumed already", 1, 11, 2, 3, AUD_E_PORT_FULL, 20),
    XB("a second output of the producer", 1, 14, 2, 3, AUD_E_PORT_FULL, 20),
    XB("cycle: the consumer's buffer into the producer", 2, 22, 1, 7,
       AUD_E_CYCLE, 24),
    XB("period differs", 2, 22, 4, 2, AUD_E_PERIOD, 24),
};

static void test_pipe_connect_errors(void **state)
{
    (void)state;
    build_producer(1, 0, 0, 1);
    build_consumer(2, 1, 1);
    assert_int_equal(MSG(C, 2, 6, IPC_AUD_COMP_TONE, 8, 1000 << 16, 1), 0);
    /* 3: a complete playback pipeline; 4: a capture pipeline */
    build(3, IPC_AUD_DIR_PLAYBACK, 1, 2, 1);
    assert_int_equal(MSG(P, 4, 1, 1000, 0, 0, 1, 0), 0);
    assert_int_equal(
        MSG(C, 4, 2, IPC_AUD_COMP_VOLUME, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
    expect_bads(xbads, sizeof(xbads) / sizeof(xbads[0]));

    assert_int_equal(MSG(X, 1, 11, 2, 3), 0);
    /* consumer's b22 and a 2 ms playback pipeline 4 */
    assert_int_equal(MSG(B, 2, 22, 0, 2, 48000, 144), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 4), 0);
    assert_int_equal(MSG(P, 4, 0, 2000, 0, 0, 1, 0), 0);
    assert_int_equal(
        MSG(C, 4, 2, IPC_AUD_COMP_VOLUME, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
    for (unsigned i = 0; i < sizeof(xbads_linked) / sizeof(xbads_linked[0]);
         i++) {
        const struct bad *b = &xbads_linked[i];

        if (sendv(X, 0, b->w, b->n) != b->status || reply[5] != b->detail)
            fail_msg("%s: status %d detail %u", b->name, (int32_t)reply[3],
                     reply[5]);
        ping_ok();
    }
    /* the linked producer's buffer is no longer free to unlink */
    assert_int_equal(MSG(IPC_CMD_AUD_BUF_FREE, 1, 11), AUD_E_STATE);
    assert_int_equal(MSG(IPC_CMD_AUD_COMP_FREE, 2, 3), AUD_E_STATE);
    /* the graphs complete: 1 ends in its output, 2 has 2 mixer inputs
	 * only once the second producer is linked */
    assert_int_equal(MSG(IPC_CMD_AUD_BUF_FREE, 1, 12), 0);
    for (uint32_t id = 13; id <= 16; id++)
        assert_int_equal(MSG(IPC_CMD_AUD_BUF_FREE, 1, id), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_COMP_FREE, 1, 7), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, 1), 0);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, 2), AUD_E_UNCONNECTED);
}

/* Two producers -> one consumer over IPC: jobs in any order, producers
 * stopped and freed while the consumer runs, then the consumer freed
 * while a producer runs; no xrun, nothing leaked (teardown). */
static void test_pipe_connect_flow(void **state)
{
    uint32_t slot[3] = { 0, 1, 2 };

    (void)state;
    build_consumer(5, 1, 3);    /* slot 0 */
    build_producer(6, 0, 0, 0); /* slot 1: host DMA 0 */
    build_producer(7, 1, 1, 0); /* slot 2: host DMA 1 */
    assert_int_equal(MSG(X, 6, 11, 5, 3), 0);
    assert_int_equal(MSG(X, 7, 11, 5, 3), 0);
    for (uint32_t id = 5; id <= 7; id++)
        assert_int_equal(MSG(IPC_CMD_AUD_PIPE_COMPLETE, id), 0);
    for (uint32_t id = 6; id <= 7; id++)
        assert_int_equal(MSG(IPC_CMD_AUD_STREAM_PARAMS, id, 1, 48000, 2, 0,
                             0x1000 * id, 1536, 192),
                         0);
    for (uint32_t id = 5; id <= 7; id++)
        assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, id, 0), 0);
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < 3; i++)
            aud_ipc_pipe_job(slot[(i + k) % 3]); /* rotating */
    assert_int_equal(host_ipc.dmas[3].moved,
                     8 * 192); /* the DAI, every period */
    assert_int_equal(MSG(IPC_CMD_AUD_TRIGGER, 6, 1), 0); /* stop 6 */
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            aud_ipc_pipe_job(slot[i]);
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 6), 0);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            aud_ipc_pipe_job(slot[i]);
    assert_int_equal(host_ipc.dmas[3].moved, 14 * 192);
    assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 5), 0);
    assert_int_equal(reply[7], IPC_AUD_PIPE_RUNNING);
    assert_int_equal(reply[9], 0); /* no xrun */
    assert_int_equal(MSG(IPC_CMD_AUD_PIPE_FREE, 5), 0);
    for (int k = 0; k < 5; k++)
        aud_ipc_pipe_job(slot[2]);
    assert_int_equal(MSG(IPC_CMD_AUD_GET_STATS, 7), 0);
    assert_int_equal(reply[7], IPC_AUD_PIPE_RUNNING);
    assert_int_equal(reply[9], 0);
    for (int i = 0; i < host_ipc.n_notes; i++)
        assert_int_not_equal(host_ipc.notes[i][1], IPC_NOTIFY_AUD_XRUN);
    /* a new consumer for the running producer 7 */
    build_consumer(8, 2, 3);
    assert_int_equal(MSG(X, 7, 11, 8, 3), 0);
    ping_ok();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_malformed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_graph_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_flow, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deadline_fast_clock, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_oom, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pipe_connect_errors, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_pipe_connect_flow, setup,
                                        teardown),
    };
    (void)V0;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
