/* SPDX-License-Identifier: BSD-3-Clause */
/* Bare-metal programs (tests/board/guest) on the board through the host
 * API: console, markers, halt, DMA with interrupts and errors, SSP
 * playback/capture/underrun, mailbox ping-pong, determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dspsim/board.h"
#include "dspsim/semihost.h"

#define ELF(name)   GUEST_DIR "/" name ".elf"
#define MAX_MARKERS 64

typedef struct rig {
    ds_board *b;
    xt_semihost *sh;
    char console[4096];
    size_t ncon;
    struct {
        uint32_t id, value;
        uint64_t cycle;
    } mk[MAX_MARKERS];
    unsigned nmk;
    char log[8][256];
    unsigned nlog;
} rig;

static void con_cb(void *user, uint8_t byte)
{
    rig *r = user;
    if (r->ncon + 1 < sizeof(r->console))
        r->console[r->ncon++] = (char)byte;
}

static void marker_cb(void *user, uint32_t id, uint32_t value, uint64_t cyc)
{
    rig *r = user;
    if (r->nmk < MAX_MARKERS) {
        r->mk[r->nmk].id = id;
        r->mk[r->nmk].value = value;
        r->mk[r->nmk].cycle = cyc;
        r->nmk++;
    }
}

static void log_cb(void *user, const char *msg)
{
    rig *r = user;
    if (r->nlog < 8)
        snprintf(r->log[r->nlog++], sizeof(r->log[0]), "%s", msg);
}

static rig *rig_new(const char *elf, const ds_board_config *cfg)
{
    rig *r = calloc(1, sizeof(*r));
    char err[256];
    assert_non_null(r);
    assert_int_equal(ds_board_new(cfg, &r->b, err, sizeof(err)), DS_OK);
    r->sh = xt_semihost_new(NULL);
    assert_non_null(r->sh);
    assert_int_equal(xt_semihost_install(r->sh, ds_board_cpu(r->b), NULL),
                     XT_OK);
    ds_board_set_console(r->b, con_cb, r);
    ds_board_set_log(r->b, log_cb, r);
    assert_int_equal(ds_board_add_marker_observer(r->b, marker_cb, r), DS_OK);
    ds_status st = ds_board_load_elf(r->b, elf, err, sizeof(err));
    if (st != DS_OK)
        fail_msg("loading %s: %s", elf, err);
    return r;
}

static void rig_free(rig *r)
{
    ds_board_free(r->b);
    xt_semihost_free(r->sh);
    free(r);
}

static uint32_t marker_value(const rig *r, uint32_t id)
{
    for (unsigned i = 0; i < r->nmk; i++)
        if (r->mk[i].id == id)
            return r->mk[i].value;
    fail_msg("marker %u missing", (unsigned)id);
    return 0;
}

static void test_hello(void **state)
{
    (void)state;
    rig *r = rig_new(ELF("board_hello"), NULL);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 10000000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_HALT);
    assert_int_equal(res.status, 7);
    r->console[r->ncon] = 0;
    assert_string_equal(
        r->console,
        "hello from the board\n"
        "dma channels 4, ssp ports 2, fifo frames 4\n"
        "cpu_hz 160000000 audio_hz 12288000 iram 262144 dram 262144\n"
        "sum 4950\n");
    assert_int_equal(r->nmk, 2);
    assert_int_equal(r->mk[0].id, 1);
    assert_int_equal(r->mk[0].value, 42);
    assert_true(r->mk[1].value > 100); /* 100 loop iterations */
    assert_true(r->mk[1].cycle > r->mk[0].cycle);
    assert_true(res.cycles >= r->mk[1].cycle);
    rig_free(r);
}

static void test_hello_custom_board(void **state)
{
    (void)state;
    ds_board_config cfg;
    char err[256];
    const char *yaml = "cpu_hz: 80000000\ndma: {channels: 2}\n"
                       "ssp: {ports: 1, fifo_frames: 8}\n";
    ds_board_config_default(&cfg);
    assert_true(ds_board_config_parse(&cfg, "t.yaml", yaml, strlen(yaml), err,
                                      sizeof(err)));
    rig *r = rig_new(ELF("board_hello"), &cfg);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 10000000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_HALT);
    r->console[r->ncon] = 0;
    assert_non_null(strstr(r->console,
                           "dma channels 2, ssp ports 1, fifo frames 8\n"
                           "cpu_hz 80000000 "));
    rig_free(r);
}

static void test_budget(void **state)
{
    (void)state;
    rig *r = rig_new(ELF("board_hello"), NULL);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 50, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_BUDGET);
    assert_true(res.cycles >= 50 && res.cycles < 60);
    assert_int_equal(ds_board_run(r->b, 0, 0, &res), DS_OK); /* resume */
    assert_int_equal(res.why, DS_STOP_HALT);
    assert_int_equal(res.status, 7);
    rig_free(r);
}

static void test_dma_copy(void **state)
{
    (void)state;
    rig *r = rig_new(ELF("board_dma_copy"), NULL);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 10000000, 0, &res), DS_OK);
    r->console[r->ncon] = 0;
    if (res.why != DS_STOP_EXIT || res.status != 0)
        fail_msg("stopped: %s status %d, console:\n%s", ds_stop_name(res.why),
                 res.status, r->console);
    assert_string_equal(r->console, "copy ok\n"
                                    "host round trip ok, bad source reported\n"
                                    "bad descriptors reported\n");
    /* 1 KiB: fetch 8 + 16 bursts of (8 + 64/4) = 392 cycles, plus the
     * interrupt entry and the guest's own bookkeeping */
    uint32_t t = marker_value(r, 1);
    assert_true(t >= 392 && t < 392 + 400);
    /* the DSP->host leg left the pattern in host memory at 0x100 */
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t v;
        assert_int_equal(ds_board_host_read(r->b, 0x100 + 4 * i, &v, 4), DS_OK);
        assert_int_equal(v, (i * 0x01010101u) ^ 0xA5A5A5A5u);
    }
    /* three errors, each logged once, naming the channel and address */
    assert_int_equal(r->nlog, 3);
    assert_non_null(strstr(r->log[0], "dma channel 1"));
    assert_non_null(strstr(r->log[0], "0x50000000"));
    assert_non_null(strstr(r->log[1], "byte count is 0"));
    assert_non_null(strstr(r->log[2], "unaligned"));
    assert_int_equal(ds_dma_errors(ds_board_dma(r->b)), 3);
    rig_free(r);
}

static int16_t play_left(unsigned i)
{
    return (int16_t)(1000 * (int)i - 20000);
}
static int16_t play_right(unsigned i)
{
    return (int16_t)(-7 * (int)i + 3);
}

static void test_ssp_play(void **state)
{
    (void)state;
    rig *r = rig_new(ELF("board_ssp_play"), NULL);
    static int32_t samples[2 * 1000];
    ds_ssp_buffer sink = { samples, 2 * 1000, 0, 0, 0, 0 };
    ds_ssp_set_sink(ds_board_ssp(r->b, 0), ds_ssp_buffer_sink, &sink);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 100000000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_HALT);
    assert_int_equal(res.status, 0);
    unsigned frames = (unsigned)sink.count / 2;
    /* 4 laps of 48 frames went out of the DMA; the FIFO (4 frames) had
     * not drained yet when TX was disabled */
    assert_true(frames >= 4 * 48 - 5 && frames <= 4 * 48);
    assert_int_equal(marker_value(r, 1), frames);
    assert_int_equal(marker_value(r, 2), 0); /* no underrun */
    assert_int_equal(ds_ssp_underruns(ds_board_ssp(r->b, 0)), 0);
    for (unsigned i = 0; i < frames; i++) {
        assert_int_equal(samples[2 * i], play_left(i % 48));
        assert_int_equal(samples[2 * i + 1], play_right(i % 48));
    }
    /* frame clock: 48 kHz at 160 MHz = 3333.33 cycles per frame */
    uint64_t span = sink.last_cycle - sink.first_cycle;
    uint64_t expect = (uint64_t)(frames - 1) * 160000000 / 48000;
    assert_true(span >= expect - 1 && span <= expect + 1);
    rig_free(r);
}

static int32_t cap_value(unsigned i)
{
    /* spread over the 24-bit range, both signs */
    return (int32_t)((i * 123457u) % (1u << 24)) - (1 << 23);
}

static void test_ssp_capture(void **state)
{
    (void)state;
    rig *r = rig_new(ELF("board_ssp_capture"), NULL);
    static int32_t samples[2 * 200];
    for (unsigned i = 0; i < 2 * 200; i++)
        samples[i] = cap_value(i);
    ds_ssp_buffer src = { samples, 2 * 200, 0, 0, 0, 0 };
    ds_ssp_set_source(ds_board_ssp(r->b, 1), ds_ssp_buffer_source, &src);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 100000000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_HALT);
    assert_int_equal(res.status, 0);
    assert_int_equal(marker_value(r, 1), 0); /* no overrun */
    for (unsigned i = 0; i < 2 * 64; i++) {
        int32_t v;
        assert_int_equal(ds_board_host_read(r->b, 4 * i, &v, 4), DS_OK);
        assert_int_equal(v, cap_value(i));
    }
    rig_free(r);
}

typedef struct underrun_result {
    int32_t samples[2 * 400];
    size_t count;
    uint64_t underruns, cycles;
    uint32_t m3, m4;
    uint64_t m3_cycle;
} underrun_result;

static void run_underrun(underrun_result *out)
{
    rig *r = rig_new(ELF("board_ssp_underrun"), NULL);
    ds_ssp_buffer sink = { out->samples, 2 * 400, 0, 0, 0, 0 };
    ds_ssp_set_sink(ds_board_ssp(r->b, 0), ds_ssp_buffer_sink, &sink);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 100000000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_HALT);
    assert_int_equal(res.status, 0);
    out->count = sink.count;
    out->underruns = ds_ssp_underruns(ds_board_ssp(r->b, 0));
    out->cycles = res.cycles;
    out->m3 = marker_value(r, 3);
    out->m4 = marker_value(r, 4);
    out->m3_cycle = r->mk[0].cycle;
    rig_free(r);
}

static void test_ssp_underrun(void **state)
{
    (void)state;
    static underrun_result a;
    run_underrun(&a);
    /* every frame of data came out once, in order; each underrun is one
     * frame of silence in its place */
    unsigned next = 1, silent = 0;
    for (size_t i = 0; i < a.count; i += 2) {
        if (a.samples[i] == 0 && a.samples[i + 1] == 0) {
            silent++;
            continue;
        }
        assert_int_equal(a.samples[i], (int32_t)next);
        assert_int_equal(a.samples[i + 1], -(int32_t)next);
        next++;
    }
    assert_int_equal(next - 1, 6 * 32);
    assert_true(a.underruns > 0);
    assert_int_equal(silent, a.underruns);
    assert_int_equal(a.m3, a.underruns);
    assert_true(a.m4 >= 1 && a.m4 <= a.underruns);
}

static void test_determinism(void **state)
{
    (void)state;
    static underrun_result a, b;
    run_underrun(&a);
    run_underrun(&b);
    assert_int_equal(a.cycles, b.cycles);
    assert_int_equal(a.count, b.count);
    assert_int_equal(a.underruns, b.underruns);
    assert_int_equal(a.m3_cycle, b.m3_cycle);
    assert_memory_equal(a.samples, b.samples, a.count * sizeof(int32_t));
}

typedef struct pp {
    ds_board *b;
    ds_status nested; /* ds_board_run from inside a callback */
    uint32_t done_msgs[16];
    uint64_t done_cycles[16];
    unsigned ndone;
} pp;

static void h2d_done(void *user, uint32_t msg, uint64_t cycle)
{
    pp *p = user;
    if (p->ndone < 16) {
        p->done_msgs[p->ndone] = msg;
        p->done_cycles[p->ndone++] = cycle;
    }
}

static void d2h_msg(void *user, uint32_t msg, uint64_t cycle)
{
    pp *p = user;
    ds_run_result res;
    (void)msg;
    (void)cycle;
    p->nested = ds_board_run(p->b, 10, 0, &res);
}

static void test_mbox_pingpong(void **state)
{
    (void)state;
    rig *r = rig_new(ELF("board_mbox_pingpong"), NULL);
    pp p = { 0 };
    p.b = r->b;
    p.nested = DS_OK;
    ds_ipc_host_ops ops = { d2h_msg, h2d_done, &p };
    ds_board_set_ipc_ops(r->b, &ops);
    ds_run_result res;
    /* let the firmware come up and sleep */
    assert_int_equal(ds_board_run(r->b, 20000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_BUDGET);
    uint64_t last = 0;
    for (uint32_t round = 1; round <= 5; round++) {
        uint32_t payload[4] = { 3, round * 100, round * 100 + 1, 7 };
        assert_int_equal(ds_board_mbox_write(r->b, BOARD_MBOX_H2D_OFF, payload,
                                             sizeof(payload)),
                         DS_OK);
        assert_int_equal(ds_board_doorbell_send(r->b, round), DS_OK);
        /* still busy: a second message is refused */
        assert_int_equal(ds_board_doorbell_send(r->b, 99), DS_ERR_BUSY);
        assert_true(ds_board_doorbell_busy(r->b));
        uint32_t msg = 0;
        uint64_t cyc = 0;
        assert_int_equal(
            ds_board_wait_doorbell(r->b, 1000000, &msg, &cyc, &res), DS_OK);
        assert_int_equal(res.why, DS_STOP_HOST_EVENT);
        assert_int_equal(msg, round + 1);
        assert_int_equal(p.nested, DS_ERR_ARG); /* no nested runs */
        assert_true(cyc > last);
        assert_true(res.cycles >= cyc && res.cycles < cyc + 20);
        last = cyc;
        assert_false(ds_board_doorbell_busy(r->b)); /* DSP acknowledged */
        assert_int_equal(p.ndone, round);
        assert_int_equal(p.done_msgs[round - 1], round);
        assert_true(p.done_cycles[round - 1] < cyc);
        uint32_t reply[4];
        assert_int_equal(
            ds_board_mbox_read(r->b, BOARD_MBOX_D2H_OFF, reply, sizeof(reply)),
            DS_OK);
        assert_int_equal(reply[0], 3);
        assert_int_equal(reply[1], 2 * round * 100 + 1);
        assert_int_equal(reply[2], 2 * (round * 100 + 1) + 1);
        assert_int_equal(reply[3], 15);
        assert_int_equal(ds_board_doorbell_ack(r->b), DS_OK);
        assert_int_equal(ds_board_doorbell_ack(r->b), DS_ERR_ARG);
        assert_int_equal(marker_value(r, round), 3);
    }
    assert_int_equal(ds_board_doorbell_send(r->b, 0), DS_OK);
    assert_int_equal(ds_board_run(r->b, 1000000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_HALT);
    assert_int_equal(res.status, 0);
    /* out-of-range mailbox / host accesses are API errors */
    uint32_t v;
    assert_int_equal(ds_board_mbox_read(r->b, BOARD_MBOX_SIZE - 2, &v, 4),
                     DS_ERR_RANGE);
    assert_int_equal(ds_board_host_write(r->b, ds_board_host_size(r->b), &v, 1),
                     DS_ERR_RANGE);
    rig_free(r);
}

/* board_ssp_busy on a board with lazy DMA landings (quiet: the default)
 * or without, on an engine: its hash of what it read, frames, cycles and
 * the samples played. */
typedef struct busy_result {
    uint32_t hash, frames;
    uint64_t cycles, lazy, lazy_ticks;
    int32_t samples[2 * 8000];
    size_t count;
} busy_result;

static void run_busy(busy_result *out, bool quiet, xt_engine engine)
{
    if (!quiet)
        setenv("DSPSIM_BOARD_QUIET", "0", 1);
    rig *r = rig_new(ELF("board_ssp_busy"), NULL);
    unsetenv("DSPSIM_BOARD_QUIET");
    xt_cpu *cpu = ds_board_cpu(r->b);
    assert_int_equal(xt_engine_set(cpu, engine), XT_OK);
    if (engine == XT_ENGINE_FAST) {
        /* translate the loop early, in the foreground */
        xt_xlate_opts o = { .sample_cycles = 256,
                            .hot_samples = 4,
                            .sync = true };
        assert_int_equal(xt_xlate_config(cpu, &o), XT_OK);
    }
    ds_ssp_buffer sink = { out->samples, 2 * 8000, 0, 0, 0, 0 };
    ds_ssp_set_sink(ds_board_ssp(r->b, 0), ds_ssp_buffer_sink, &sink);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 200000000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_HALT);
    assert_int_equal(res.status, 0);
    out->hash = marker_value(r, 1);
    out->frames = marker_value(r, 2);
    out->cycles = res.cycles;
    out->count = sink.count;
    out->lazy = ds_clock_lazy_scheduled(ds_board_clock(r->b));
    out->lazy_ticks = ds_ssp_lazy_ticks(ds_board_ssp(r->b, 0));
    rig_free(r);
}

/* Lazy DMA landings (docs/board.md) change when the simulator carries out
 * a burst into a TX FIFO while the core runs, never what the core or the
 * port sees: a core that keeps reading the port's and the channel's
 * registers and storing into the frames the DMA reads next gets the same
 * values at the same cycles with them and without, on both engines.  (On
 * the fast engine this loop's peripheral wait states once let a block run
 * an instruction past the event horizon: the port then read a store the
 * interpreter made after the frame tick.)  The same for lazy SSP ticks,
 * which the core runs past while it neither touches a device nor stores
 * into what their bursts read: its stores into the buffer come before or
 * after each burst's read as they would with every tick an event (the
 * store watch), and its computing in registers leaves the ticks lazy. */
static void test_lazy_landings(void **state)
{
    (void)state;
    static busy_result ref, got;
    run_busy(&ref, false, XT_ENGINE_INTERP);
    assert_int_equal(ref.lazy, 0);
    assert_true(ref.frames > 40); /* it played while it ran */
    assert_int_equal(ref.count, 2 * (size_t)ref.frames);
    const struct {
        bool quiet;
        xt_engine engine;
    } runs[] = { { true, XT_ENGINE_INTERP },
                 { true, XT_ENGINE_FAST },
                 { false, XT_ENGINE_FAST } };
    for (unsigned i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        run_busy(&got, runs[i].quiet, runs[i].engine);
        if (runs[i].quiet) {
            assert_true(got.lazy > 20);        /* landings were lazy */
            assert_true(got.lazy_ticks > 100); /* and so were ticks */
        } else {
            assert_int_equal(got.lazy, 0);
            assert_int_equal(got.lazy_ticks, 0);
        }
        assert_int_equal(got.hash, ref.hash);
        assert_int_equal(got.frames, ref.frames);
        assert_int_equal(got.cycles, ref.cycles);
        assert_int_equal(got.count, ref.count);
        assert_memory_equal(got.samples, ref.samples,
                            ref.count * sizeof(int32_t));
    }
}

static void test_idle_with_no_events(void **state)
{
    (void)state;
    /* the ping-pong firmware sleeps waiting for the host: with no event
     * pending and no budget the board reports idle instead of hanging */
    rig *r = rig_new(ELF("board_mbox_pingpong"), NULL);
    ds_run_result res;
    assert_int_equal(ds_board_run(r->b, 0, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_IDLE);
    rig_free(r);
}

static void test_bad_elf(void **state)
{
    (void)state;
    ds_board *b;
    char err[256] = "";
    assert_int_equal(ds_board_new(NULL, &b, err, sizeof(err)), DS_OK);
    assert_int_equal(
        ds_board_load_elf(b, GUEST_DIR "/no-such.elf", err, sizeof(err)),
        DS_ERR_LOAD);
    assert_non_null(strstr(err, "no-such.elf"));
    ds_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hello),
        cmocka_unit_test(test_hello_custom_board),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_dma_copy),
        cmocka_unit_test(test_ssp_play),
        cmocka_unit_test(test_ssp_capture),
        cmocka_unit_test(test_ssp_underrun),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_mbox_pingpong),
        cmocka_unit_test(test_lazy_landings),
        cmocka_unit_test(test_idle_with_no_events),
        cmocka_unit_test(test_bad_elf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
