/* SPDX-License-Identifier: BSD-3-Clause */
/* On-board tests of the audio firmware image (fw_audio.elf) driven over
 * the audio IPC (docs/ipc.md) through the ds_board API, the host side of
 * the protocol written here from ipc_proto.h alone:
 *
 *   fw_audio_check MODE IMAGE.elf
 *   playback   host -> volume (-6 dB / +3.5 dB) -> SSP 0, S16 stereo
 *              48 kHz 1 ms: SSP output = leading silence, then exactly the
 *              host-built volume kernel's output; positions; stats with
 *              non-zero cycles; prints CYCLES lines
 *   capture    SSP 0 source -> volume -> host memory, S32: sample-exact
 *   mixer      two host streams -> mixer -> SSP 1: exact saturated sums;
 *              then per-input gains (config + control): exact
 *   malformed  unknown command, wrong size, bad ids, cycle, unsupported
 *              rates, bad trigger ... each its code, ping still answered;
 *              a reply held while the host does not acknowledge
 *   cycles     tone -> volume -> eq_iir -> convert -> SSP (48 kHz stereo,
 *              1 ms): per-component cycles per period (CYCLES lines)
 *   xpipe      two producer pipelines (host -> volume) linked by
 *              PIPE_CONNECT into a consumer pipeline (mixer -> SSP 1):
 *              exact vs the host-built volume + mixer kernels; a producer
 *              stopped and freed while the consumer runs: its input is
 *              silence, no xrun (protocol 1.3)
 *
 * Prints "PASS mode" and exits 0, or "FAIL ..." lines and exits 1. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dsp/format.h"
#include "dsp/gain.h"
#include "dsp/mixer.h"
#include "dsp/volume.h"
#include "dspsim/board.h"
#include "dspsim/ssp.h"
#include "abi/ipc_proto.h"

#define PERIOD_CYCLES 160000u /* 1 ms at 160 MHz */
#define FRAMES        48u     /* per period at 48 kHz */
#define MAX_MSGS      8192
#define N             IPC_AUD_ID_NONE

static unsigned failures;
#define CHECK(c, ...)                                                          \
    do {                                                                       \
        if (!(c))                                                              \
            fail(__LINE__, __VA_ARGS__);                                       \
    } while (0)
static void fail(int line, const char *fmt, ...)
{
    va_list ap;

    failures++;
    printf("FAIL line %d: ", line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

struct msg {
    uint32_t w[IPC_MBOX_D2H_SIZE / 4];
    uint64_t cycle;
};
static ds_board *B;
static struct msg *msgs;
static size_t nmsgs, nread;
static bool auto_ack = true;
static uint32_t host_seq;

static void on_d2h(void *user, uint32_t id, uint64_t cycle)
{
    (void)user;
    (void)id;
    if (nmsgs < MAX_MSGS) {
        ds_board_mbox_read(B, IPC_MBOX_D2H_OFF, msgs[nmsgs].w,
                           sizeof msgs[nmsgs].w);
        msgs[nmsgs++].cycle = cycle;
    }
    if (auto_ack)
        ds_board_doorbell_ack(B);
}

static void on_console(void *user, uint8_t c)
{
    (void)user;
    putchar(c);
}

static void run(uint64_t cycles)
{
    ds_run_result res;

    ds_board_run(B, cycles, 0, &res);
    CHECK(res.why == DS_STOP_BUDGET, "run stopped: %s status %d",
          ds_stop_name(res.why), res.status);
}

/* Position / xrun notifications seen so far. */
static unsigned n_pos, n_xrun;
static uint32_t last_pos[8];

/* Send a command (words after the header), wait for its reply; returns
 * the status, reply in *rep (may be NULL). */
static int32_t cmdv(uint32_t id, const uint32_t *w, unsigned n,
                    uint32_t size_override, struct msg *rep)
{
    uint32_t buf[IPC_MBOX_H2D_SIZE / 4] = { 0 };
    uint64_t waited = 0;

    while (ds_board_doorbell_busy(B) && waited < 100 * PERIOD_CYCLES) {
        run(1000);
        waited += 1000;
    }
    buf[0] = size_override ? size_override : 16 + 4 * n;
    buf[1] = id;
    buf[2] = ++host_seq;
    memcpy(buf + 4, w, 4 * n);
    /* a size_override beyond the region is only claimed in the header:
	 * the bytes written stop at the region's end */
    size_t len = size_override > 16 + 4 * n ? size_override : 16 + 4 * n;
    if (len > sizeof buf)
        len = sizeof buf;
    ds_board_mbox_write(B, IPC_MBOX_H2D_OFF, buf, len);
    CHECK(ds_board_doorbell_send(B, id) == DS_OK, "send %#x", id);
    for (waited = 0; waited < 200 * PERIOD_CYCLES; waited += 2000) {
        for (; nread < nmsgs; nread++) {
            struct msg *m = &msgs[nread];

            if (m->w[1] == IPC_NOTIFY_AUD_POSITION) {
                n_pos++;
                last_pos[m->w[5] & 7] = m->w[6];
            } else if (m->w[1] == IPC_NOTIFY_AUD_XRUN) {
                n_xrun++;
            } else if (m->w[1] == id) {
                CHECK(m->w[4] == host_seq, "req_seq");
                if (rep)
                    *rep = *m;
                nread++;
                return (int32_t)m->w[3];
            }
        }
        run(2000);
    }
    CHECK(0, "no reply to %#x", id);
    return -999;
}

#define CMD(id, ...)                                                           \
    cmdv(id, (const uint32_t[]){ __VA_ARGS__ },                                \
         sizeof((uint32_t[]){ __VA_ARGS__ }) / 4, 0, NULL)
#define OK(id, ...)                                                            \
    do {                                                                       \
        int32_t st_ = CMD(id, __VA_ARGS__);                                    \
        CHECK(st_ == 0, #id " -> %d", st_);                                    \
    } while (0)

static void drain(void)
{
    for (; nread < nmsgs; nread++) {
        if (msgs[nread].w[1] == IPC_NOTIFY_AUD_POSITION) {
            n_pos++;
            last_pos[msgs[nread].w[5] & 7] = msgs[nread].w[6];
        } else if (msgs[nread].w[1] == IPC_NOTIFY_AUD_XRUN) {
            n_xrun++;
        }
    }
}

/* audio_hz: the board's audio clock, 0 = the default (48 kHz family) */
static void boot(const char *path, uint32_t audio_hz)
{
    char err[512];
    ds_board_config cfg;

    ds_board_config_default(&cfg);
    if (audio_hz)
        cfg.audio_hz = audio_hz;
    msgs = calloc(MAX_MSGS, sizeof *msgs);
    if (ds_board_new(&cfg, &B, err, sizeof err) != DS_OK ||
        ds_board_load_elf(B, path, err, sizeof err) != DS_OK) {
        fprintf(stderr, "fw_audio_check: %s\n", err);
        exit(2);
    }
    ds_board_set_console(B, on_console, NULL);
    static ds_ipc_host_ops ops;
    ops = (ds_ipc_host_ops){ .d2h_msg = on_d2h };
    ds_board_set_ipc_ops(B, &ops);
    for (int i = 0; i < 100 && !nmsgs; i++)
        run(10000);
    CHECK(nmsgs >= 1 && msgs[0].w[1] == IPC_NOTIFY_FW_READY, "FW_READY");
    CHECK(msgs[0].w[5] == IPC_PROTO_VERSION, "proto version %#x", msgs[0].w[5]);
    nread = 1;
}

static void ping(uint32_t cookie)
{
    struct msg r;
    int32_t st = cmdv(IPC_CMD_AUD_PING, &cookie, 1, 0, &r);

    CHECK(st == 0 && r.w[6] == cookie && r.w[8] == IPC_PROTO_VERSION,
          "ping %#x: status %d cookie %#x", cookie, st, r.w[6]);
}

/* Deterministic non-zero test signal (LCG), |x| < 2^(bits-2). */
static uint32_t lcg = 12345;
static int32_t rnd(int bits)
{
    lcg = lcg * 1103515245u + 12345u;
    int32_t v = (int32_t)lcg >> (34 - bits);
    return v ? v : 1;
}

static void stats(uint32_t pipe, const char *what)
{
    struct msg r;
    int32_t st = cmdv(IPC_CMD_AUD_GET_STATS, &pipe, 1, 0, &r);
    uint32_t n = r.w[16];

    CHECK(st == 0, "stats %d", st);
    CHECK(r.w[12] > 0 && r.w[13] > 0 && r.w[14] >= r.w[13],
          "pipeline cycles periods %u last %u worst %u", r.w[12], r.w[13],
          r.w[14]);
    CHECK(r.w[10] == 0, "deadline misses %u", r.w[10]);
    printf("CYCLES %s pipeline periods=%u avg=%u worst=%u misses=%u "
           "xruns=%u\n",
           what, r.w[12], r.w[15], r.w[14], r.w[10], r.w[9]);
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t *c = &r.w[18 + 6 * i];

        CHECK(c[2] > 0 && c[3] > 0, "comp %u cycles", c[0]);
        printf("CYCLES %s comp=%u type=%u avg=%u worst=%u\n", what, c[0], c[1],
               c[5], c[4]);
    }
}

/* Index of the first frame with a non-zero sample. */
static size_t first_nonzero(const int32_t *s, size_t frames, unsigned ch)
{
    size_t f;

    for (f = 0; f < frames; f++)
        for (unsigned c = 0; c < ch; c++)
            if (s[f * ch + c])
                return f;
    return f;
}

/* Number of samples of a (SSP, int32) that differ from b (S16). */
static size_t same16(const int32_t *a, const int16_t *b, size_t n)
{
    size_t bad = 0;

    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i] && bad++ < 5)
            printf("  sample %zu: %d want %d\n", i, a[i], b[i]);
    return bad;
}

/* The stop fade on the SSP (stereo, 1 ms = R frames): frame k after
 * the last data frame at `at` - 1 is last * (R - 1 - k) / R
 * (truncated), then at most a few frames of silence until the SSP stops. */
static void check_fade_r(const int32_t *out, size_t n, size_t at, unsigned R)
{
    size_t bad = 0, tail;

    CHECK(n >= at + R, "stop fade: %zu of %u frames", n - at, R);
    if (n < at + R)
        return;
    for (size_t k = 0; k < R; k++)
        for (unsigned c = 0; c < 2; c++) {
            int64_t last = out[(at - 1) * 2 + c];
            int32_t want = (int32_t)(last * (int64_t)(R - 1 - k) / R);

            if (out[(at + k) * 2 + c] != want && bad++ < 5)
                printf("  fade frame %zu ch %u: %d want %d\n", k, c,
                       out[(at + k) * 2 + c], want);
        }
    CHECK(bad == 0, "stop fade differs in %zu samples", bad);
    CHECK(out[(at - 1) * 2] || out[(at - 1) * 2 + 1], "fade from silence");
    tail = n - at - R;
    printf("stop: %u-frame fade from (%d, %d) to 0 on the SSP, then %zu "
           "frames of silence\n",
           R, out[(at - 1) * 2], out[(at - 1) * 2 + 1], tail);
}

static void check_fade(const int32_t *out, size_t n, size_t at)
{
    check_fade_r(out, n, at, FRAMES);
}

/* ---- playback ---------------------------------------------------------- */
static const int32_t pgains[2] = { -6 * 256, 896 }; /* -6 dB, +3.5 dB */

/* Pipeline 1 at 1 ms: host (slot 1) -> volume (pgains) -> SSP 0, S16
 * stereo at `rate`, buffers of cap10 / cap11 frames, completed; `samples`
 * random S16 samples in `in`, written to host memory at 0x1000; the SSP
 * output collected in *sink. */
static void vol_pipe_build(int16_t *in, size_t samples, ds_ssp_buffer *sink,
                           uint32_t rate, uint32_t cap10, uint32_t cap11)
{
    for (size_t i = 0; i < samples; i++)
        in[i] = (int16_t)rnd(16);
    ds_board_host_write(B, 0x1000, in, samples * sizeof(*in));
    ds_ssp_set_sink(ds_board_ssp(B, 0), ds_ssp_buffer_sink, sink);
    OK(IPC_CMD_AUD_PIPE_NEW, 1, 0, 1000, 0, 0, 1, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 1, 1, IPC_AUD_COMP_HOST, 8, 0, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 1, 2, IPC_AUD_COMP_VOLUME, 40, (uint32_t)pgains[0],
       (uint32_t)pgains[1], 0, 0, 0, 0, 0, 0, 0, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 1, 3, IPC_AUD_COMP_DAI, 8, 0, 1);
    OK(IPC_CMD_AUD_BUF_NEW, 1, 10, IPC_AUD_FMT_S16_LE, 2, rate, cap10);
    OK(IPC_CMD_AUD_BUF_NEW, 1, 11, IPC_AUD_FMT_S16_LE, 2, rate, cap11);
    OK(IPC_CMD_AUD_CONNECT, 1, 1, 10, 2);
    OK(IPC_CMD_AUD_CONNECT, 1, 2, 11, 3);
    OK(IPC_CMD_AUD_PIPE_COMPLETE, 1);
}

/* Pipeline 1: START, `periods` periods, STOP, and 5 periods in which the
 * DAI plays out and halts. */
static void play_then_stop(unsigned periods)
{
    OK(IPC_CMD_AUD_TRIGGER, 1, IPC_AUD_TRIGGER_START);
    run(periods * PERIOD_CYCLES);
    drain();
    OK(IPC_CMD_AUD_TRIGGER, 1, IPC_AUD_TRIGGER_STOP);
    run(5 * PERIOD_CYCLES);
    drain();
}

/* exp16 = the volume kernel (pgains, no ramp) over `frames` stereo frames
 * of in, built on the host; q is work space of the same size. */
static void vol_expected(int16_t *exp16, int32_t *q, const int16_t *in,
                         size_t frames)
{
    struct vol_state vs;

    fmt_s16_to_q1_31_blk(q, in, frames * 2);
    vol_init(&vs, 2);
    vol_set_ramp_frames(&vs, 0);
    vol_set_gain_db(&vs, 0, pgains[0]);
    vol_set_gain_db(&vs, 1, pgains[1]);
    vol_process_q1_31(&vs, q, q, frames);
    fmt_q1_31_to_s16_blk(exp16, q, frames * 2);
}

#define NPER 64u
static void playback(void)
{
    static int16_t in[NPER * FRAMES * 2];
    static int32_t out[200 * FRAMES * 2];
    static ds_ssp_buffer sink;
    sink = (ds_ssp_buffer){ .samples = out, .capacity = 200 * FRAMES * 2 };
    size_t lead, n;

    vol_pipe_build(in, NPER * FRAMES * 2, &sink, 48000, 96, 144);
    OK(IPC_CMD_AUD_STREAM_PARAMS, 1, 1, 48000, 2, IPC_AUD_FMT_S16_LE, 0x1000,
       NPER * 192, 192);
    play_then_stop(40);
    CHECK(n_xrun == 0, "xruns %u", n_xrun);
    CHECK(n_pos >= 38 && n_pos <= 41, "positions %u", n_pos);
    CHECK(last_pos[1] == n_pos * 192u, "last position %u after %u", last_pos[1],
          n_pos);
    uint32_t slot[8];
    ds_board_mbox_read(B, IPC_MBOX_STREAM_OFF, slot, sizeof slot);
    CHECK(slot[0] == 1 && slot[1] == 1 && slot[2] == n_pos * 192u &&
              slot[3] == n_pos,
          "stream slot pipe %u comp %u pos %u per %u", slot[0], slot[1],
          slot[2], slot[3]);
    stats(1, "playback");

    /* expected: the volume kernel on the host */
    static int32_t q[NPER * FRAMES * 2];
    static int16_t exp16[NPER * FRAMES * 2];
    vol_expected(exp16, q, in, NPER * FRAMES);

    n = sink.count / 2;
    lead = first_nonzero(out, n, 2);
    CHECK(exp16[0] || exp16[1], "first expected frame non-zero");
    CHECK(lead >= 2 * FRAMES && lead <= 5 * FRAMES,
          "leading silence %zu frames", lead);
    /* the DAI sent prefill + n_pos - 1 periods; the last one is dropped */
    size_t cmp = (n_pos - 1u) * FRAMES;
    CHECK(cmp >= 30 * FRAMES && n >= lead + cmp, "only %zu of %zu frames",
          n - lead, cmp);
    if (n < lead + cmp)
        return;
    CHECK(same16(out + lead * 2, exp16, cmp * 2) == 0, "data differs");
    printf("playback: %zu frames compared sample-exact after %zu frames "
           "of silence; SSP underruns %" PRIu64 "\n",
           cmp, lead, ds_ssp_underruns(ds_board_ssp(B, 0)));
    size_t seg1 = lead + cmp;
    check_fade(out, n, seg1);
    seg1 += FRAMES;

    /* DRAIN (issue 5): restart, drain; the firmware plays out what is
	 * queued and stops itself (no xrun, no more host positions), and
	 * the SSP gets every period the host sent, exactly once */
    unsigned pos1 = n_pos;
    OK(IPC_CMD_AUD_TRIGGER, 1, IPC_AUD_TRIGGER_START);
    run(10 * PERIOD_CYCLES);
    OK(IPC_CMD_AUD_TRIGGER, 1, IPC_AUD_TRIGGER_DRAIN);
    run(10 * PERIOD_CYCLES);
    drain();
    {
        struct msg r;
        uint32_t pipe = 1;
        unsigned pos_done = n_pos;

        CHECK(cmdv(IPC_CMD_AUD_GET_STATS, &pipe, 1, 0, &r) == 0 && r.w[7] == 4,
              "state after drain %u", r.w[7]);
        CHECK(n_xrun == 0, "xruns after drain %u", n_xrun);
        run(5 * PERIOD_CYCLES);
        drain();
        CHECK(n_pos == pos_done, "positions after drain %u -> %u", pos_done,
              n_pos);
    }
    n = sink.count / 2;
    size_t gap = first_nonzero(out + seg1 * 2, n - seg1, 2);
    size_t lead2 = seg1 + gap, cmp2 = (n_pos - pos1) * FRAMES;
    CHECK(exp16[pos1 * FRAMES * 2] || exp16[pos1 * FRAMES * 2 + 1],
          "first expected frame after restart non-zero");
    CHECK(gap >= 2 * FRAMES && gap <= 8 * FRAMES, "gap %zu frames", gap);
    CHECK(n >= lead2 + cmp2, "drain: %zu of %zu frames", n - lead2, cmp2);
    if (n < lead2 + cmp2)
        return;
    CHECK(same16(out + lead2 * 2, exp16 + pos1 * FRAMES * 2, cmp2 * 2) == 0,
          "drained data differs");
    CHECK(first_nonzero(out + (lead2 + cmp2) * 2, n - lead2 - cmp2, 2) ==
              n - lead2 - cmp2,
          "not silent after the drained data");
    /* the period that ended the drain was silence, then the halt */
    CHECK(n - lead2 - cmp2 <= 2 * FRAMES, "%zu frames after the drain",
          n - lead2 - cmp2);
    printf("drain: STOPPED, no xrun; all %u periods played once, then "
           "%zu frames of silence\n",
           n_pos - pos1, n - lead2 - cmp2);
    OK(IPC_CMD_AUD_PIPE_FREE, 1);
}

/* ---- capture ----------------------------------------------------------- */
static void capture(void)
{
    static int32_t src[100 * FRAMES * 2];
    static int32_t host[NPER * FRAMES * 2];
    static int32_t q[100 * FRAMES * 2];
    ds_ssp_buffer source = { .samples = src, .capacity = 100 * FRAMES * 2 };
    int32_t gains[2] = { -3 * 256, 2 * 256 };
    struct vol_state vs;

    for (size_t i = 0; i < 100 * FRAMES * 2; i++)
        src[i] = rnd(32);
    ds_ssp_set_source(ds_board_ssp(B, 0), ds_ssp_buffer_source, &source);
    memset(host, 0, sizeof host);
    ds_board_host_write(B, 0x2000, host, sizeof host);

    OK(IPC_CMD_AUD_PIPE_NEW, 2, 1, 1000, 0, 0, 1, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 2, 1, IPC_AUD_COMP_DAI, 8, 0, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 2, 2, IPC_AUD_COMP_VOLUME, 40, (uint32_t)gains[0],
       (uint32_t)gains[1], 0, 0, 0, 0, 0, 0, 0, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 2, 3, IPC_AUD_COMP_HOST, 8, 1, 1);
    OK(IPC_CMD_AUD_BUF_NEW, 2, 10, IPC_AUD_FMT_S32_LE, 2, 48000, 96);
    OK(IPC_CMD_AUD_BUF_NEW, 2, 11, IPC_AUD_FMT_S32_LE, 2, 48000, 144);
    OK(IPC_CMD_AUD_CONNECT, 2, 1, 10, 2);
    OK(IPC_CMD_AUD_CONNECT, 2, 2, 11, 3);
    OK(IPC_CMD_AUD_PIPE_COMPLETE, 2);
    OK(IPC_CMD_AUD_STREAM_PARAMS, 2, 3, 48000, 2, IPC_AUD_FMT_S32_LE, 0x2000,
       NPER * 384, 384);
    OK(IPC_CMD_AUD_TRIGGER, 2, IPC_AUD_TRIGGER_START);
    run(40 * PERIOD_CYCLES);
    drain();
    OK(IPC_CMD_AUD_TRIGGER, 2, IPC_AUD_TRIGGER_STOP);
    CHECK(n_xrun == 0, "xruns %u", n_xrun);
    stats(2, "capture");
    ds_board_host_read(B, 0x2000, host, sizeof host);

    memcpy(q, src, sizeof q);
    vol_init(&vs, 2);
    vol_set_ramp_frames(&vs, 0);
    vol_set_gain_db(&vs, 0, gains[0]);
    vol_set_gain_db(&vs, 1, gains[1]);
    vol_process_q1_31(&vs, q, q, 100 * FRAMES);

    size_t lead = first_nonzero(host, NPER * FRAMES, 2);
    size_t cmp = (size_t)n_pos * FRAMES - lead, bad = 0;
    CHECK(lead <= 2 * FRAMES, "leading silence %zu", lead);
    CHECK(cmp >= 30 * FRAMES, "only %zu frames", cmp);
    for (size_t i = 0; i < cmp * 2; i++)
        if (host[lead * 2 + i] != q[i] && bad++ < 5)
            printf("  sample %zu: %d want %d\n", i, host[lead * 2 + i], q[i]);
    CHECK(bad == 0, "%zu samples differ", bad);
    printf("capture: %zu frames compared sample-exact after %zu frames "
           "of silence\n",
           cmp, lead);
    OK(IPC_CMD_AUD_PIPE_FREE, 2);
}

/* ---- two streams into a mixer ------------------------------------------ */
/* Two host streams (slots 0, 1 at host 0x1000 / 0x10000) -> mixer (config
 * words cfg) -> SSP 1, S16 stereo 48 kHz 1 ms, built over IPC. */
static void mixer_build(uint32_t pipe, const uint32_t *cfg, unsigned n_cfg)
{
    uint32_t w[4 + 5] = { pipe, 3, IPC_AUD_COMP_MIXER, 4 * n_cfg };

    memcpy(w + 4, cfg, 4 * n_cfg);
    OK(IPC_CMD_AUD_PIPE_NEW, pipe, 0, 1000, 0, 0, 1, 0);
    OK(IPC_CMD_AUD_COMP_NEW, pipe, 1, IPC_AUD_COMP_HOST, 8, 0, 0);
    OK(IPC_CMD_AUD_COMP_NEW, pipe, 2, IPC_AUD_COMP_HOST, 8, 1, 1);
    CHECK(cmdv(IPC_CMD_AUD_COMP_NEW, w, 4 + n_cfg, 0, NULL) == 0,
          "mixer COMP_NEW");
    OK(IPC_CMD_AUD_COMP_NEW, pipe, 4, IPC_AUD_COMP_DAI, 8, 1, 2);
    OK(IPC_CMD_AUD_BUF_NEW, pipe, 10, IPC_AUD_FMT_S16_LE, 2, 48000, 96);
    OK(IPC_CMD_AUD_BUF_NEW, pipe, 11, IPC_AUD_FMT_S16_LE, 2, 48000, 96);
    OK(IPC_CMD_AUD_BUF_NEW, pipe, 12, IPC_AUD_FMT_S16_LE, 2, 48000, 144);
    OK(IPC_CMD_AUD_CONNECT, pipe, 1, 10, 3);
    OK(IPC_CMD_AUD_CONNECT, pipe, 2, 11, 3);
    OK(IPC_CMD_AUD_CONNECT, pipe, 3, 12, 4);
    OK(IPC_CMD_AUD_PIPE_COMPLETE, pipe);
}

/* Stream parameters for both hosts, START, `periods` periods, STOP. */
static void mixer_play(uint32_t pipe, unsigned periods)
{
    OK(IPC_CMD_AUD_STREAM_PARAMS, pipe, 1, 48000, 2, 0, 0x1000, NPER * 192,
       192);
    OK(IPC_CMD_AUD_STREAM_PARAMS, pipe, 2, 48000, 2, 0, 0x10000, NPER * 192,
       192);
    OK(IPC_CMD_AUD_TRIGGER, pipe, IPC_AUD_TRIGGER_START);
    run(periods * PERIOD_CYCLES);
    drain();
    OK(IPC_CMD_AUD_TRIGGER, pipe, IPC_AUD_TRIGGER_STOP);
    CHECK(n_xrun == 0, "xruns %u", n_xrun);
}

/* Protocol 1.2: the mixer again with per-input gains, -6 dB from the
 * 20-byte config on input 0 and +2.5 dB set on input 1 by SET_CONTROL
 * (read back by GET_CONTROL): SSP output = mix_gain_q1_31 of the two S16
 * streams, rounded to S16 as the buffer does. */
static void mixer_gains(const int16_t *a, const int16_t *b, int32_t *out,
                        ds_ssp_buffer *sink)
{
    static int32_t qa[NPER * FRAMES * 2], qb[NPER * FRAMES * 2];
    const int32_t *in[2] = { qa, qb };
    int32_t g[2] = { gain_db_to_lin_q4_28(-6 * 256),
                     gain_db_to_lin_q4_28(2 * 256 + 128) };
    struct msg r;
    size_t n, lead, cmp, bad = 0;

    run(5 * PERIOD_CYCLES); /* the freed pipeline's DAI plays out */
    sink->count = 0;
    mixer_build(4, (const uint32_t[]){ 2, (uint32_t)(-6 * 256), 0, 0, 0 }, 5);
    OK(IPC_CMD_AUD_SET_CONTROL, 4, 3, IPC_AUD_CTL_MIXER_GAIN, 8,
       (uint32_t)(-6 * 256), 2 * 256 + 128);
    CHECK(CMD(IPC_CMD_AUD_SET_CONTROL, 4, 3, IPC_AUD_CTL_MIXER_GAIN, 12, 0, 0,
              0) == IPC_STATUS_AUD_CONFIG,
          "3 gains on 2 inputs");
    CHECK(cmdv(IPC_CMD_AUD_GET_CONTROL,
               (const uint32_t[]){ 4, 3, IPC_AUD_CTL_MIXER_GAIN, 16 }, 4, 0,
               &r) == 0 &&
              r.w[9] == 8 && (int32_t)r.w[10] == -6 * 256 &&
              r.w[11] == 2 * 256 + 128,
          "GET_CONTROL gains %u: %d %d", r.w[9], (int32_t)r.w[10],
          (int32_t)r.w[11]);
    mixer_play(4, 30);

    fmt_s16_to_q1_31_blk(qa, a, NPER * FRAMES * 2);
    fmt_s16_to_q1_31_blk(qb, b, NPER * FRAMES * 2);
    mix_gain_q1_31(qa, in, g, 2, NPER * FRAMES * 2);
    n = sink->count / 2;
    lead = first_nonzero(out, n, 2);
    cmp = n - lead < 25 * FRAMES ? n - lead : 25 * FRAMES;
    CHECK(cmp >= 20 * FRAMES, "only %zu frames", cmp);
    for (size_t i = 0; i < cmp * 2; i++) {
        int32_t want = fmt_q1_31_to_s16(qa[i]);

        if (out[lead * 2 + i] != want && bad++ < 5)
            printf("  sample %zu: %d want %d\n", i, out[lead * 2 + i], want);
    }
    CHECK(bad == 0, "%zu samples differ", bad);
    printf("mixer gains -6 / +2.5 dB: %zu frames sample-exact\n", cmp);
    OK(IPC_CMD_AUD_PIPE_FREE, 4);
    run(5 * PERIOD_CYCLES);
}

static void mixer(void)
{
    static int16_t a[NPER * FRAMES * 2], b[NPER * FRAMES * 2];
    static int32_t out[200 * FRAMES * 2];
    static ds_ssp_buffer sink;
    sink = (ds_ssp_buffer){ .samples = out, .capacity = 200 * FRAMES * 2 };

    for (size_t i = 0; i < NPER * FRAMES * 2; i++) {
        a[i] = (int16_t)(rnd(16) * 3); /* some sums saturate */
        b[i] = (int16_t)(rnd(16) * 3);
    }
    ds_board_host_write(B, 0x1000, a, sizeof a);
    ds_board_host_write(B, 0x10000, b, sizeof b);
    ds_ssp_set_sink(ds_board_ssp(B, 1), ds_ssp_buffer_sink, &sink);

    mixer_build(3, (const uint32_t[]){ 2 }, 1);
    mixer_play(3, 40);
    stats(3, "mixer");

    size_t n = sink.count / 2, lead = first_nonzero(out, n, 2), bad = 0;
    size_t cmp = n - lead, sat = 0;
    if (cmp > 38 * FRAMES)
        cmp = 38 * FRAMES;
    CHECK(cmp >= 30 * FRAMES && lead >= 2 * FRAMES && lead <= 5 * FRAMES,
          "lead %zu, %zu frames", lead, cmp);
    for (size_t i = 0; i < cmp * 2; i++) {
        int32_t s = a[i] + b[i];

        if (s > 32767 || s < -32768)
            sat++;
        s = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
        if (out[lead * 2 + i] != s && bad++ < 5)
            printf("  sample %zu: %d want %d\n", i, out[lead * 2 + i], s);
    }
    CHECK(bad == 0, "%zu samples differ", bad);
    CHECK(sat > 0, "no saturated sums tested");
    printf("mixer: %zu frames sample-exact (%zu saturated sums)\n", cmp, sat);
    OK(IPC_CMD_AUD_PIPE_FREE, 3);
    mixer_gains(a, b, out, &sink);
}

/* ---- malformed sequence ------------------------------------------------ */
static void expect(int32_t st, int32_t want, uint32_t detail,
                   const struct msg *r, const char *what)
{
    CHECK(st == want, "%s: status %d want %d", what, st, want);
    CHECK(r->w[5] == detail, "%s: detail %u want %u", what, r->w[5], detail);
    CHECK(r->w[0] == sizeof(struct ipc_reply), "%s: size %u", what, r->w[0]);
    ping(0xC0FFEE);
}

static void malformed(void)
{
    struct msg r;
    uint32_t w[16] = { 0 };

    expect(cmdv(0x0150, w, 1, 0, &r), IPC_STATUS_E_UNKNOWN, 4, &r,
           "unknown command");
    expect(cmdv(0x0002, w, 0, 0, &r), IPC_STATUS_E_UNKNOWN, 4, &r,
           "global-range command");
    expect(cmdv(IPC_CMD_AUD_PING, w, 2, 0, &r), IPC_STATUS_E_SIZE, 0, &r,
           "ping with 24 bytes");
    expect(cmdv(IPC_CMD_AUD_PING, w, 1, 2000, &r), IPC_STATUS_E_SIZE, 0, &r,
           "size above region");
    w[0] = 99;
    expect(cmdv(IPC_CMD_AUD_GET_STATS, w, 1, 0, &r), IPC_STATUS_E_PIPE, 16, &r,
           "bad pipeline id");
    OK(IPC_CMD_AUD_PIPE_NEW, 5, 0, 1000, 0, 0, 0, 0);
    expect(cmdv(IPC_CMD_AUD_PIPE_NEW,
                (const uint32_t[]){ 5, 0, 1000, 0, 0, 0, 0 }, 7, 0, &r),
           IPC_STATUS_AUD_EXISTS, 16, &r, "duplicate pipeline");
    expect(
        cmdv(IPC_CMD_AUD_COMP_NEW, (const uint32_t[]){ 5, 2, 42, 0 }, 4, 0, &r),
        IPC_STATUS_AUD_TYPE, 24, &r, "bad type");
    expect(cmdv(IPC_CMD_AUD_BUF_NEW,
                (const uint32_t[]){ 5, 10, 0, 2, 7999, 96 }, 6, 0, &r),
           IPC_STATUS_AUD_RATE, 32, &r, "unsupported buffer rate");
    expect(cmdv(IPC_CMD_AUD_COMP_NEW,
                (const uint32_t[]){ 5, 4, 6, 8, 44100, 12000 }, 6, 0, &r),
           IPC_STATUS_AUD_RATE, 32, &r, "unsupported SRC rates");
    /* cycle: vol 2 -> b10 -> vol 3 -> b11 -> vol 2 */
    OK(IPC_CMD_AUD_COMP_NEW, 5, 2, 2, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 5, 3, 2, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    OK(IPC_CMD_AUD_BUF_NEW, 5, 10, 0, 2, 48000, 96);
    OK(IPC_CMD_AUD_BUF_NEW, 5, 11, 0, 2, 48000, 96);
    OK(IPC_CMD_AUD_CONNECT, 5, 2, 10, 3);
    OK(IPC_CMD_AUD_CONNECT, 5, 3, 11, 2);
    expect(cmdv(IPC_CMD_AUD_PIPE_COMPLETE, (const uint32_t[]){ 5 }, 1, 0, &r),
           IPC_STATUS_AUD_CYCLE, IPC_AUD_DETAIL_NONE, &r, "cycle in graph");
    expect(cmdv(IPC_CMD_AUD_TRIGGER, (const uint32_t[]){ 5, 0 }, 2, 0, &r),
           IPC_STATUS_AUD_STATE, 20, &r, "start before complete");
    expect(cmdv(IPC_CMD_AUD_TRIGGER, (const uint32_t[]){ 5, 9 }, 2, 0, &r),
           IPC_STATUS_AUD_INVAL, 20, &r, "trigger 9");
    /* 44.1 kHz DAI stream at 1 ms: 44/45-frame periods, completes */
    OK(IPC_CMD_AUD_PIPE_NEW, 6, 0, 1000, 0, 0, 0, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 6, 1, IPC_AUD_COMP_TONE, 8, 1000 << 16,
       0x10000000);
    OK(IPC_CMD_AUD_COMP_NEW, 6, 2, IPC_AUD_COMP_DAI, 8, 0, 0);
    OK(IPC_CMD_AUD_BUF_NEW, 6, 10, 0, 2, 44100, 200);
    OK(IPC_CMD_AUD_CONNECT, 6, 1, 10, 2);
    OK(IPC_CMD_AUD_PIPE_COMPLETE, 6); /* 44/45-frame periods */
    OK(IPC_CMD_AUD_PIPE_FREE, 6);
    OK(IPC_CMD_AUD_PIPE_FREE, 5);

    /* a host that does not acknowledge: the reply waits, audio goes on */
    auto_ack = false;
    uint32_t cookie = 77,
             buf[5] = { 20, IPC_CMD_AUD_PING, ++host_seq, 0, cookie };
    size_t before = nmsgs;
    ds_board_mbox_write(B, IPC_MBOX_H2D_OFF, buf, sizeof buf);
    ds_board_doorbell_send(B, IPC_CMD_AUD_PING);
    run(2 * PERIOD_CYCLES); /* reply rung, not acked */
    CHECK(nmsgs == before + 1, "reply rung once");
    buf[2] = ++host_seq;
    CHECK(!ds_board_doorbell_busy(B), "H2D done after the reply");
    ds_board_mbox_write(B, IPC_MBOX_H2D_OFF, buf, sizeof buf);
    ds_board_doorbell_send(B, IPC_CMD_AUD_PING);
    run(20 * PERIOD_CYCLES);
    CHECK(nmsgs == before + 1, "second reply held: %zu", nmsgs - before);
    CHECK(ds_board_doorbell_busy(B), "H2D held busy while reply pending");
    ds_board_doorbell_ack(B); /* ack the first reply */
    run(PERIOD_CYCLES);
    CHECK(nmsgs == before + 2 && msgs[before + 1].w[4] == host_seq &&
              msgs[before + 1].w[6] == cookie,
          "held reply delivered");
    ds_board_doorbell_ack(B);
    run(PERIOD_CYCLES);
    CHECK(!ds_board_doorbell_busy(B), "H2D done");
    nread = nmsgs;
    auto_ack = true;
    ping(0xBEEF);
}

/* ---- cycles per component ---------------------------------------------- */
static void cycles(void)
{
    static int32_t out[60 * FRAMES * 2];
    static ds_ssp_buffer sink;
    sink = (ds_ssp_buffer){ .samples = out, .capacity = 60 * FRAMES * 2 };
    /* IIR: 2 stages, LP-ish coefficients in Q2.30 (stable) */
    uint32_t blob[2 + 12] = { 0x52495145u /* "EQIR" */,
                              1u | 2u << 16,
                              0x04000000,
                              0x08000000,
                              0x04000000,
                              (uint32_t)-0x40000000,
                              0x10000000,
                              0,
                              0x04000000,
                              0x08000000,
                              0x04000000,
                              (uint32_t)-0x40000000,
                              0x10000000,
                              0 };

    ds_ssp_set_sink(ds_board_ssp(B, 0), ds_ssp_buffer_sink, &sink);
    OK(IPC_CMD_AUD_PIPE_NEW, 4, 0, 1000, 0, 0, 1, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 4, 1, IPC_AUD_COMP_TONE, 8, 997u << 16,
       0x40000000);
    OK(IPC_CMD_AUD_COMP_NEW, 4, 2, IPC_AUD_COMP_VOLUME, 40, (uint32_t)-512,
       (uint32_t)-512, 0, 0, 0, 0, 0, 0, 0, 0);
    int32_t st = cmdv(
        IPC_CMD_AUD_COMP_NEW,
        (const uint32_t[]){ 4, 3, IPC_AUD_COMP_EQ_IIR, sizeof blob, blob[0],
                            blob[1], blob[2], blob[3], blob[4], blob[5],
                            blob[6], blob[7], blob[8], blob[9], blob[10],
                            blob[11], blob[12], blob[13] },
        18, 0, NULL);
    CHECK(st == 0, "eq_iir -> %d", st);
    OK(IPC_CMD_AUD_COMP_NEW, 4, 4, IPC_AUD_COMP_CONVERT, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 4, 5, IPC_AUD_COMP_DAI, 8, 0, 0);
    OK(IPC_CMD_AUD_BUF_NEW, 4, 10, IPC_AUD_FMT_S32_LE, 2, 48000, 96);
    OK(IPC_CMD_AUD_BUF_NEW, 4, 11, IPC_AUD_FMT_S32_LE, 2, 48000, 96);
    OK(IPC_CMD_AUD_BUF_NEW, 4, 12, IPC_AUD_FMT_S32_LE, 2, 48000, 96);
    OK(IPC_CMD_AUD_BUF_NEW, 4, 13, IPC_AUD_FMT_S16_LE, 2, 48000, 144);
    OK(IPC_CMD_AUD_CONNECT, 4, 1, 10, 2);
    OK(IPC_CMD_AUD_CONNECT, 4, 2, 11, 3);
    OK(IPC_CMD_AUD_CONNECT, 4, 3, 12, 4);
    OK(IPC_CMD_AUD_CONNECT, 4, 4, 13, 5);
    OK(IPC_CMD_AUD_PIPE_COMPLETE, 4);
    OK(IPC_CMD_AUD_TRIGGER, 4, IPC_AUD_TRIGGER_START);
    run(40 * PERIOD_CYCLES);
    drain();
    CHECK(n_xrun == 0, "xruns %u", n_xrun);
    stats(4, "chain");
    CHECK(first_nonzero(out, sink.count / 2, 2) < sink.count / 2 &&
              sink.count >= 30 * FRAMES * 2,
          "tone reached the SSP");
    OK(IPC_CMD_AUD_PIPE_FREE, 4);
}

/* ---- cross-pipeline connections (protocol 1.3) ------------------------- */
/* Producers 11, 12: host (slot 0 / 1, DMA 0 / 1, host 0x1000 / 0x10000)
 * -> volume -> b11 (output, 3 periods); consumer 13: mixer -> b20 -> SSP 1
 * (DMA 2); linked by PIPE_CONNECT; S16 stereo 48 kHz 1 ms, each with its
 * own EDF task. */
static const int32_t xgain[2][2] = { { -6 * 256, 896 }, { 2 * 256, -256 } };

static void xpipe_build(void)
{
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t id = 11 + i;

        OK(IPC_CMD_AUD_PIPE_NEW, id, 0, 1000, 0, 0, 1, 0);
        OK(IPC_CMD_AUD_COMP_NEW, id, 1, IPC_AUD_COMP_HOST, 8, i, i);
        OK(IPC_CMD_AUD_COMP_NEW, id, 2, IPC_AUD_COMP_VOLUME, 40,
           (uint32_t)xgain[i][0], (uint32_t)xgain[i][1], 0, 0, 0, 0, 0, 0, 0,
           0);
        OK(IPC_CMD_AUD_BUF_NEW, id, 10, IPC_AUD_FMT_S16_LE, 2, 48000, 96);
        OK(IPC_CMD_AUD_BUF_NEW, id, 11, IPC_AUD_FMT_S16_LE, 2, 48000, 144);
        OK(IPC_CMD_AUD_CONNECT, id, 1, 10, 2);
        OK(IPC_CMD_AUD_CONNECT, id, 2, 11, N);
    }
    OK(IPC_CMD_AUD_PIPE_NEW, 13, 0, 1000, 0, 0, 1, 0);
    OK(IPC_CMD_AUD_COMP_NEW, 13, 3, IPC_AUD_COMP_MIXER, 4, 2);
    OK(IPC_CMD_AUD_COMP_NEW, 13, 4, IPC_AUD_COMP_DAI, 8, 1, 2);
    OK(IPC_CMD_AUD_BUF_NEW, 13, 20, IPC_AUD_FMT_S16_LE, 2, 48000, 144);
    OK(IPC_CMD_AUD_CONNECT, 13, 3, 20, 4);
    /* a buffer feeds one input; the DAI's input is taken */
    OK(IPC_CMD_AUD_PIPE_CONNECT, 11, 11, 13, 3);
    CHECK(CMD(IPC_CMD_AUD_PIPE_CONNECT, 12, 11, 13, 4) ==
              IPC_STATUS_AUD_PORT_FULL,
          "DAI input taken");
    OK(IPC_CMD_AUD_PIPE_CONNECT, 12, 11, 13, 3);
    CHECK(CMD(IPC_CMD_AUD_PIPE_CONNECT, 12, 11, 13, 3) ==
              IPC_STATUS_AUD_PORT_FULL,
          "buffer consumed twice");
    OK(IPC_CMD_AUD_PIPE_COMPLETE, 13);
    OK(IPC_CMD_AUD_PIPE_COMPLETE, 11);
    OK(IPC_CMD_AUD_PIPE_COMPLETE, 12);
    OK(IPC_CMD_AUD_STREAM_PARAMS, 11, 1, 48000, 2, 0, 0x1000, NPER * 192, 192);
    OK(IPC_CMD_AUD_STREAM_PARAMS, 12, 1, 48000, 2, 0, 0x10000, NPER * 192, 192);
}

/* One stereo frame of the mix of x and y (NULL: silence), as the mixer's
 * S16 output buffer holds it. */
static void xmix(int16_t *out, const int16_t *x, const int16_t *y)
{
    int32_t qx[2], qy[2] = { 0, 0 };
    const int32_t *in[2] = { qx, qy };

    fmt_s16_to_q1_31_blk(qx, x, 2);
    if (y)
        fmt_s16_to_q1_31_blk(qy, y, 2);
    mix_q1_31(qx, in, 2, 2);
    fmt_q1_31_to_s16_blk(out, qx, 2);
}

/* Is the SSP period at frame `at` the mix of periods x and y? */
static bool xperiod_is(const int32_t *out, size_t at, const int16_t *x,
                       const int16_t *y)
{
    int16_t w[2];

    for (size_t f = 0; f < FRAMES; f++) {
        xmix(w, x + 2 * f, y ? y + 2 * f : NULL);
        if (out[(at + f) * 2] != w[0] || out[(at + f) * 2 + 1] != w[1])
            return false;
    }
    return true;
}

static void xpipe(void)
{
    static int16_t h[2][NPER * FRAMES * 2], v[2][NPER * FRAMES * 2];
    static int32_t q[NPER * FRAMES * 2];
    static int32_t out[200 * FRAMES * 2];
    static ds_ssp_buffer sink;
    sink = (ds_ssp_buffer){ .samples = out, .capacity = 200 * FRAMES * 2 };
    size_t n, lead, p, d, s, e;
    struct vol_state vs;

    for (int i = 0; i < 2; i++) {
        for (size_t k = 0; k < NPER * FRAMES * 2; k++)
            h[i][k] = (int16_t)(rnd(16) * 3); /* sums saturate */
        /* what producer i writes to its output buffer */
        fmt_s16_to_q1_31_blk(q, h[i], NPER * FRAMES * 2);
        vol_init(&vs, 2);
        vol_set_ramp_frames(&vs, 0);
        vol_set_gain_db(&vs, 0, xgain[i][0]);
        vol_set_gain_db(&vs, 1, xgain[i][1]);
        vol_process_q1_31(&vs, q, q, NPER * FRAMES);
        fmt_q1_31_to_s16_blk(v[i], q, NPER * FRAMES * 2);
    }
    ds_board_host_write(B, 0x1000, h[0], sizeof h[0]);
    ds_board_host_write(B, 0x10000, h[1], sizeof h[1]);
    ds_ssp_set_sink(ds_board_ssp(B, 1), ds_ssp_buffer_sink, &sink);
    xpipe_build();

    /* the consumer first (silence for both inputs), then the producers */
    OK(IPC_CMD_AUD_TRIGGER, 13, IPC_AUD_TRIGGER_START);
    run(3 * PERIOD_CYCLES);
    OK(IPC_CMD_AUD_TRIGGER, 11, IPC_AUD_TRIGGER_START);
    OK(IPC_CMD_AUD_TRIGGER, 12, IPC_AUD_TRIGGER_START);
    run(40 * PERIOD_CYCLES);
    /* producer 12 stops and is freed, the consumer goes on */
    OK(IPC_CMD_AUD_TRIGGER, 12, IPC_AUD_TRIGGER_STOP);
    run(5 * PERIOD_CYCLES);
    OK(IPC_CMD_AUD_PIPE_FREE, 12);
    run(5 * PERIOD_CYCLES);
    OK(IPC_CMD_AUD_TRIGGER, 11, IPC_AUD_TRIGGER_STOP);
    run(8 * PERIOD_CYCLES);
    drain();
    CHECK(n_xrun == 0, "xruns %u", n_xrun);
    stats(13, "xpipe consumer");
    stats(11, "xpipe producer");
    OK(IPC_CMD_AUD_TRIGGER, 13, IPC_AUD_TRIGGER_STOP);
    run(5 * PERIOD_CYCLES);

    /* SSP: silence, then from `lead` (a period boundary of the mixer)
	 * mix(v0, v1 d periods later: 12 started after 11), then from period
	 * s on v0 alone (12 stopped), from period e on silence (11 stopped) */
    n = sink.count / 2;
    lead = first_nonzero(out, n, 2);
    CHECK(v[0][0] || v[0][1], "first expected frame non-zero");
    CHECK(lead >= 4 * FRAMES && lead <= 12 * FRAMES && n >= lead + 45 * FRAMES,
          "lead %zu frames of %zu", lead, n);
    if (failures)
        return;
    for (d = 0; d < 3; d++) {
        for (p = 0; p < 30; p++) {
            const int16_t *y = p >= d ? v[1] + (p - d) * FRAMES * 2 : NULL;

            if (!xperiod_is(out, lead + p * FRAMES, v[0] + p * FRAMES * 2, y))
                break;
        }
        if (p == 30)
            break;
    }
    CHECK(d < 3, "mix of both streams differs (period %zu)", p);
    if (failures)
        return;
    for (s = 30;
         s < 60 && xperiod_is(out, lead + s * FRAMES, v[0] + s * FRAMES * 2,
                              v[1] + (s - d) * FRAMES * 2);
         s++)
        ;
    for (e = s; e < 60 &&
                xperiod_is(out, lead + e * FRAMES, v[0] + e * FRAMES * 2, NULL);
         e++)
        ;
    CHECK(s >= 38 && s <= 43 && e >= s + 8 && e <= s + 12 &&
              n >= lead + (e + 3) * FRAMES,
          "both streams to period %zu, the "
          "first alone to %zu, %zu frames",
          s, e, n - lead);
    if (failures)
        return;
    CHECK(first_nonzero(out + (lead + e * FRAMES) * 2, n - lead - e * FRAMES,
                        2) == n - lead - e * FRAMES,
          "not silent after both producers stopped");
    printf("xpipe: %zu frames of silence, then %zu periods of both "
           "streams (the second %zu period(s) later) sample-exact, %zu of "
           "the first alone, then silence; no xrun\n",
           lead, s, d, e - s);
    OK(IPC_CMD_AUD_PIPE_FREE, 11);
    OK(IPC_CMD_AUD_PIPE_FREE, 13);
}

/* ---- 44.1 kHz at 1 ms (periods of 44 or 45 frames) -------------------- */
#define P441_MAX  45u /* the largest period */
#define P441_NPER 64u /* host buffer: 64 largest periods */
static void play441(void)
{
    enum { HOST_FRAMES = P441_NPER * P441_MAX };
    static int16_t in[HOST_FRAMES * 2];
    static int32_t out[200 * P441_MAX * 2];
    static ds_ssp_buffer sink;
    sink = (ds_ssp_buffer){ .samples = out, .capacity = 200 * P441_MAX * 2 };
    size_t lead, n, cmp;
    uint32_t sent;

    /* buffers: 2 and 3 of the largest periods */
    vol_pipe_build(in, HOST_FRAMES * 2, &sink, 44100, 90, 135);
    /* period_bytes: the largest period (45 frames); the host buffer a
	 * multiple of it */
    struct msg r;
    expect(cmdv(IPC_CMD_AUD_STREAM_PARAMS,
                (const uint32_t[]){ 1, 1, 44100, 2, IPC_AUD_FMT_S16_LE, 0x1000,
                                    sizeof in, 176 },
                8, 0, &r),
           IPC_STATUS_AUD_PERIOD, 44, &r, "period_bytes of 44 frames");
    OK(IPC_CMD_AUD_STREAM_PARAMS, 1, 1, 44100, 2, IPC_AUD_FMT_S16_LE, 0x1000,
       (uint32_t)sizeof in, P441_MAX * 4);
    play_then_stop(40);
    /* positions: bytes since START on the 44/45 schedule */
    sent = n_pos * 441u / 10u;
    CHECK(n_xrun == 0, "xruns %u", n_xrun);
    CHECK(n_pos >= 38 && n_pos <= 41, "positions %u", n_pos);
    CHECK(last_pos[1] == sent * 4u, "last position %u after %u periods",
          last_pos[1], n_pos);
    stats(1, "play441");

    static int32_t q[HOST_FRAMES * 2];
    static int16_t exp16[HOST_FRAMES * 2];
    vol_expected(exp16, q, in, HOST_FRAMES);

    n = sink.count / 2;
    lead = first_nonzero(out, n, 2);
    CHECK(exp16[0] || exp16[1], "first expected frame non-zero");
    /* 1 prefill period + the DAI ring's 2-period lead, largest periods */
    CHECK(lead == 3 * P441_MAX, "leading silence %zu frames", lead);
    /* the DAI sent the schedule's frames: the prefill, then the host's
	 * (the host frames still queued at STOP are dropped) */
    cmp = sent - P441_MAX;
    CHECK(cmp >= 30 * 44 && n >= lead + cmp, "only %zu of %zu frames", n - lead,
          cmp);
    if (n < lead + cmp)
        return;
    CHECK(same16(out + lead * 2, exp16, cmp * 2) == 0, "data differs");
    printf("play441: %zu frames at 44.1 kHz / 1 ms compared sample-exact "
           "after %zu frames of silence; %u periods, position %u bytes; "
           "SSP underruns %" PRIu64 "\n",
           cmp, lead, n_pos, last_pos[1], ds_ssp_underruns(ds_board_ssp(B, 0)));
    CHECK(ds_ssp_underruns(ds_board_ssp(B, 0)) == 0, "SSP underruns");
    check_fade_r(out, n, lead + cmp, 44);
    OK(IPC_CMD_AUD_PIPE_FREE, 1);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: fw_audio_check MODE IMAGE.elf\n");
        return 2;
    }
    /* 44.1 kHz ports need a 44.1 kHz-family audio clock */
    boot(argv[2], strcmp(argv[1], "play441") ? 0 : 11289600u);
    if (!strcmp(argv[1], "playback"))
        playback();
    else if (!strcmp(argv[1], "capture"))
        capture();
    else if (!strcmp(argv[1], "mixer"))
        mixer();
    else if (!strcmp(argv[1], "malformed"))
        malformed();
    else if (!strcmp(argv[1], "cycles"))
        cycles();
    else if (!strcmp(argv[1], "xpipe"))
        xpipe();
    else if (!strcmp(argv[1], "play441"))
        play441();
    else {
        fprintf(stderr, "fw_audio_check: unknown mode %s\n", argv[1]);
        return 2;
    }
    ping(0x600D);
    if (failures) {
        printf("FAIL %s: %u failures\n", argv[1], failures);
        return 1;
    }
    printf("PASS %s\n", argv[1]);
    ds_board_free(B);
    return 0;
}
