/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of fault injection (issue 14, docs/board.md "Faults"): the
 * device models' fault entry points on a hand-driven clock (DMA stall and
 * descriptor error, SSP underrun/overrun bursts and clock steps, lost and
 * duplicated doorbells) and ds_board_fault_at's argument checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "abi/board_regs.h"
#include "dspsim/board_fault.h"

/* ---- DMA ---------------------------------------------------------------- */
#define DSP_BASE 0x10000u
static uint8_t mem[0x1000];
static int nlogs;
static char last_log[256];
static bool dma_irq;

static bool rd(void *u, uint32_t a, void *d, size_t n)
{
    (void)u;
    if (a < DSP_BASE || a - DSP_BASE + n > sizeof mem)
        return false;
    memcpy(d, mem + (a - DSP_BASE), n);
    return true;
}
static bool wr(void *u, uint32_t a, const void *s, size_t n)
{
    (void)u;
    if (a < DSP_BASE || a - DSP_BASE + n > sizeof mem)
        return false;
    memcpy(mem + (a - DSP_BASE), s, n);
    return true;
}
static void irq(void *u, unsigned line, bool level)
{
    (void)u;
    (void)line;
    dma_irq = level;
}
static void log_(void *u, const char *m)
{
    (void)u;
    nlogs++;
    snprintf(last_log, sizeof last_log, "%s", m);
}

static void put32(uint32_t addr, uint32_t v)
{
    memcpy(mem + (addr - DSP_BASE), &v, 4);
}

/* A mem2mem copy of 64 bytes (0x10100 -> 0x10200), descriptor at
 * 0x10000, started on channel 0 at the clock's time. */
static void start_copy(ds_dma *dma, uint32_t ctrl_extra)
{
    put32(0x10000, 0x10100);
    put32(0x10004, 0x10200);
    put32(0x10008, 64);
    put32(0x1000c, 0);
    put32(0x10010, BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DST_INC);
    assert_true(
        ds_dma_write(dma, BOARD_DMA_CH(0) + BOARD_DMA_DESC, 4, 0x10000));
    assert_true(ds_dma_write(dma, BOARD_DMA_CH(0) + BOARD_DMA_CTRL, 4,
                             BOARD_DMA_CTRL_START | ctrl_extra));
}

static ds_dma *new_dma(ds_clock *clk)
{
    ds_dma_config cfg = { 2, 4, 32, 8 };
    ds_bus bus = { rd, wr, NULL };
    memset(mem, 0, sizeof mem);
    nlogs = 0;
    dma_irq = false;
    return ds_dma_new(clk, &cfg, &bus, &bus, NULL,
                      (ds_irq_out){ irq, NULL, BOARD_IRQ_DMA }, log_, NULL);
}

/* Cycle at which channel 0 becomes DONE (stepping the clock by 1). */
static uint64_t done_at(ds_clock *clk, ds_dma *dma, uint64_t limit)
{
    for (uint64_t t = ds_clock_now(clk); t <= limit; t++) {
        ds_clock_advance(clk, t);
        if (ds_dma_channel_status(dma, 0) & BOARD_DMA_ST_DONE)
            return t;
    }
    return UINT64_MAX;
}

static void test_dma_stall(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    ds_dma *dma = new_dma(clk);
    start_copy(dma, 0);
    uint64_t plain = done_at(clk, dma, 10000);
    assert_true(plain < 100);
    ds_dma_free(dma);
    ds_clock_free(clk);

    clk = ds_clock_new();
    dma = new_dma(clk);
    ds_dma_fault_stall(dma, 0, 1000); /* nothing starts before 1000 */
    start_copy(dma, 0);
    ds_clock_advance(clk, 999);
    assert_int_equal(ds_dma_channel_bytes(dma, 0), 0);
    assert_true(ds_dma_channel_status(dma, 0) & BOARD_DMA_ST_BUSY);
    uint64_t stalled = done_at(clk, dma, 10000);
    /* the whole copy, shifted by the stall */
    assert_int_equal(stalled, 1000 + plain);
    assert_int_equal(ds_dma_channel_bytes(dma, 0), 64);
    ds_dma_fault_stall(dma, 7, 5000); /* no such channel: ignored */
    ds_dma_free(dma);
    ds_clock_free(clk);
}

static void test_dma_desc_error(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    ds_dma *dma = new_dma(clk);
    /* idle channel: the next fetch fails */
    ds_dma_fault_desc_error(dma, 0);
    assert_int_equal(ds_dma_errors(dma), 0);
    start_copy(dma, BOARD_DMA_CTRL_ERR_IRQ_EN);
    ds_clock_advance(clk, 100);
    uint32_t st = ds_dma_channel_status(dma, 0);
    assert_true(st & BOARD_DMA_ST_ERROR);
    assert_int_equal((st & BOARD_DMA_ST_ERR_MASK) >> BOARD_DMA_ST_ERR_SHIFT,
                     BOARD_DMA_ERR_DESC);
    assert_int_equal(ds_dma_errors(dma), 1);
    assert_true(dma_irq);
    assert_non_null(strstr(last_log, "injected fault"));
    assert_int_equal(ds_dma_channel_bytes(dma, 0), 0);
    /* armed once: the next start works */
    assert_true(ds_dma_write(dma, BOARD_DMA_CH(0) + BOARD_DMA_STATUS, 4,
                             BOARD_DMA_ST_ERROR));
    start_copy(dma, 0);
    assert_true(done_at(clk, dma, 1000) < 1000);
    assert_int_equal(ds_dma_errors(dma), 1);

    /* a busy channel stops at once, with what it had moved */
    put32(0x10008, 4000 - 0x200);
    start_copy(dma, 0);
    put32(0x10008, 64);
    ds_clock_advance(clk, ds_clock_now(clk) + 20);
    assert_true(ds_dma_channel_status(dma, 0) & BOARD_DMA_ST_BUSY);
    ds_dma_fault_desc_error(dma, 0);
    st = ds_dma_channel_status(dma, 0);
    assert_false(st & BOARD_DMA_ST_BUSY);
    assert_true(st & BOARD_DMA_ST_ERROR);
    assert_int_equal(ds_dma_errors(dma), 2);
    ds_dma_free(dma);
    ds_clock_free(clk);
}

/* ---- SSP ---------------------------------------------------------------- */
static void test_ssp_bursts_and_clock_step(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    /* 16 kHz frames from a 16 MHz CPU: 1000 cycles a frame */
    ds_ssp_config cfg = { 0, 4, 16000000, 16000 * 256, 0 };
    ds_ssp *p = ds_ssp_new(clk, &cfg, (ds_irq_out){ NULL, NULL, 0 });
    int32_t got[64];
    ds_ssp_buffer sink = { got, 64, 0, 0, 0, 0 };
    ds_ssp_set_sink(p, ds_ssp_buffer_sink, &sink);
    assert_true(
        ds_ssp_write(p, BOARD_SSP_FORMAT, 4, BOARD_SSP_FORMAT_VALUE(16, 1)));
    assert_true(ds_ssp_write(p, BOARD_SSP_CLKDIV, 4, 256));
    for (int i = 0; i < 4; i++)
        assert_true(ds_ssp_write(p, BOARD_SSP_TXDATA, 4, 100 + i));
    assert_true(ds_ssp_write(p, BOARD_SSP_CTRL, 4, BOARD_SSP_CTRL_TX_EN));
    ds_ssp_fault_xrun(p, true, 2);
    ds_clock_advance(clk, 4000); /* ticks at 1000 .. 4000 */
    assert_int_equal(sink.count, 4);
    /* the first two frames were lost (silence), then the FIFO's 3rd, 4th */
    assert_int_equal(got[0], 0);
    assert_int_equal(got[1], 0);
    assert_int_equal(got[2], 102);
    assert_int_equal(got[3], 103);
    assert_int_equal(ds_ssp_underruns(p), 2);
    uint32_t st;
    assert_true(ds_ssp_read(p, BOARD_SSP_STATUS, 4, &st));
    assert_true(st & BOARD_SSP_ST_UNDERRUN);

    /* +100000 ppm from now: the tick at 5000 keeps its time, the next
     * ones come every 1000 / 1.1 = 909.09 cycles */
    ds_ssp_set_drift(p, 100000000);
    assert_int_equal(ds_ssp_drift(p), 100000000);
    ds_clock_advance(clk, 5000);
    assert_int_equal(sink.last_cycle, 5000);
    ds_clock_advance(clk, 5908);
    assert_int_equal(sink.last_cycle, 5000);
    ds_clock_advance(clk, 5909);
    assert_int_equal(sink.last_cycle, 5909);
    ds_clock_advance(clk, 5000 + 9091);
    assert_int_equal(sink.last_cycle, 5000 + 9090); /* tick 10: 9090.9 */
    ds_ssp_free(p);

    /* overrun burst on RX */
    cfg.drift_ppb = 0;
    p = ds_ssp_new(clk, &cfg, (ds_irq_out){ NULL, NULL, 0 });
    assert_true(
        ds_ssp_write(p, BOARD_SSP_FORMAT, 4, BOARD_SSP_FORMAT_VALUE(16, 1)));
    assert_true(ds_ssp_write(p, BOARD_SSP_CTRL, 4, BOARD_SSP_CTRL_RX_EN));
    ds_ssp_fault_xrun(p, false, 3);
    uint64_t t0 = ds_clock_now(clk);
    ds_clock_advance(clk, t0 + 4000);
    assert_int_equal(ds_ssp_overruns(p), 3);
    assert_int_equal(ds_ssp_rx_avail(p), 2); /* one 16-bit frame kept */
    ds_ssp_free(p);
    ds_clock_free(clk);
}

/* ---- doorbells ---------------------------------------------------------- */
static int d2h_calls, h2d_done_calls;
static void on_d2h(void *u, uint32_t msg, uint64_t c)
{
    (void)u;
    (void)msg;
    (void)c;
    d2h_calls++;
}
static void on_h2d_done(void *u, uint32_t msg, uint64_t c)
{
    (void)u;
    (void)msg;
    (void)c;
    h2d_done_calls++;
}
static bool ipc_irq;
static void ipc_irq_fn(void *u, unsigned line, bool level)
{
    (void)u;
    (void)line;
    ipc_irq = level;
}

static void test_doorbells(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    ds_ipc *ipc = ds_ipc_new(clk, (ds_irq_out){ ipc_irq_fn, NULL, 1 });
    ds_ipc_host_ops ops = { on_d2h, on_h2d_done, NULL };
    ds_ipc_set_host_ops(ipc, &ops);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_INTEN, 4, BOARD_IPC_INT_H2D));
    uint32_t v, msg;

    /* H2D lost: accepted, never seen by the DSP */
    ds_ipc_fault_arm(ipc, DS_IPC_FAULT_H2D_LOST);
    assert_true(ds_ipc_host_send(ipc, 0x101));
    assert_false(ds_ipc_host_busy(ipc));
    assert_false(ipc_irq);
    assert_true(ds_ipc_read(ipc, BOARD_IPC_H2D, 4, &v));
    assert_int_equal(v, 0);
    /* armed once: the next ring arrives */
    assert_true(ds_ipc_host_send(ipc, 0x102));
    assert_true(ipc_irq);

    /* H2D duplicate: rings again after the DSP's acknowledgement */
    ds_ipc_fault_arm(ipc, DS_IPC_FAULT_H2D_DUP);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_H2D, 4, BOARD_IPC_BUSY));
    assert_int_equal(h2d_done_calls, 1);
    assert_true(ds_ipc_host_busy(ipc));
    assert_true(ipc_irq);
    assert_true(ds_ipc_read(ipc, BOARD_IPC_H2D, 4, &v));
    assert_int_equal(v, BOARD_IPC_BUSY | 0x102);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_H2D, 4, BOARD_IPC_BUSY));
    assert_false(ds_ipc_host_busy(ipc));
    assert_int_equal(h2d_done_calls, 2);

    /* D2H lost: set, the host not told */
    ds_ipc_fault_arm(ipc, DS_IPC_FAULT_D2H_LOST);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_D2H, 4, BOARD_IPC_BUSY | 0x1100));
    assert_int_equal(d2h_calls, 0);
    assert_true(ds_ipc_host_pending(ipc, &msg));
    assert_int_equal(msg, 0x1100);
    assert_true(ds_ipc_host_ack(ipc));

    /* D2H duplicate: the host is told twice, must acknowledge twice */
    ds_ipc_fault_arm(ipc, DS_IPC_FAULT_D2H_DUP);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_D2H, 4, BOARD_IPC_BUSY | 0x1101));
    assert_int_equal(d2h_calls, 1);
    assert_true(ds_ipc_host_ack(ipc));
    assert_int_equal(d2h_calls, 2);
    assert_true(ds_ipc_host_pending(ipc, &msg));
    assert_int_equal(msg, 0x1101);
    assert_true(ds_ipc_host_ack(ipc));
    assert_false(ds_ipc_host_pending(ipc, NULL));
    ds_ipc_free(ipc);
    ds_clock_free(clk);
}

/* ---- ds_board_fault_at -------------------------------------------------- */
static void test_board_fault_args(void **state)
{
    (void)state;
    ds_board *b;
    ds_board_config cfg;
    ds_board_config_default(&cfg);
    assert_int_equal(ds_board_new(&cfg, &b, NULL, 0), DS_OK);
    ds_fault f = { DS_FAULT_DMA_STALL, 0, 100, 0, 0 };
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_OK);
    f.cycles = 0;
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_ERR_ARG);
    f = (ds_fault){ DS_FAULT_DMA_DESC_ERROR, cfg.dma_channels, 0, 0, 0 };
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_ERR_ARG);
    f = (ds_fault){ DS_FAULT_SSP_UNDERRUN, cfg.ssp_ports, 0, 5, 0 };
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_ERR_ARG);
    f.target = 0;
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_OK);
    f = (ds_fault){ DS_FAULT_IRQ_STORM, 6, 10, 0, 0 };
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_ERR_ARG);
    f = (ds_fault){ DS_FAULT_DOORBELL, DS_IPC_FAULT_COUNT, 0, 0, 0 };
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_ERR_ARG);
    f = (ds_fault){ DS_FAULT_CLOCK_STEP, 0, 0, 0, -1000000000 };
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_ERR_ARG);
    f = (ds_fault){ DS_FAULT_KINDS, 0, 0, 0, 0 };
    assert_int_equal(ds_board_fault_at(b, 10, &f), DS_ERR_ARG);
    assert_string_equal(ds_fault_kind_name(DS_FAULT_IRQ_STORM), "irq_storm");
    assert_int_equal(ds_board_faults_fired(b), 0);
    /* pending faults are freed with the board (no leak under ASan) */
    ds_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dma_stall),
        cmocka_unit_test(test_dma_desc_error),
        cmocka_unit_test(test_ssp_bursts_and_clock_step),
        cmocka_unit_test(test_doorbells),
        cmocka_unit_test(test_board_fault_args),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
