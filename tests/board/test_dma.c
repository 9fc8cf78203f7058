/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the DMA model with fake memories and SSP FIFOs on a
 * hand-driven clock: register semantics, reset values, transfer timing,
 * chains, circular mode, fixed addresses, SSP handshake, errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "abi/board_regs.h"
#include "dspsim/dma.h"

/* DSP memory: 64 KiB at 0x10000; host memory: 4 KiB at 0. */
#define DSP_BASE 0x10000u
static uint8_t dsp_mem[0x10000], host_mem[0x1000];
static bool irq_level;
static int nlogs;
static char last_log[256];
/* fake TX FIFO of port 0 and RX FIFO of port 1 */
static size_t tx_room;
static uint8_t tx_data[256];
static size_t tx_len;
static uint8_t rx_data[256];
static size_t rx_len;

static bool dsp_rd(void *u, uint32_t a, void *d, size_t n)
{
    (void)u;
    if (a < DSP_BASE || a - DSP_BASE + n > sizeof(dsp_mem))
        return false;
    memcpy(d, dsp_mem + (a - DSP_BASE), n);
    return true;
}
static bool dsp_wr(void *u, uint32_t a, const void *s, size_t n)
{
    (void)u;
    if (a < DSP_BASE || a - DSP_BASE + n > sizeof(dsp_mem))
        return false;
    memcpy(dsp_mem + (a - DSP_BASE), s, n);
    return true;
}
static bool host_rd(void *u, uint32_t a, void *d, size_t n)
{
    (void)u;
    if (a + n > sizeof(host_mem))
        return false;
    memcpy(d, host_mem + a, n);
    return true;
}
static bool host_wr(void *u, uint32_t a, const void *s, size_t n)
{
    (void)u;
    if (a + n > sizeof(host_mem))
        return false;
    memcpy(host_mem + a, s, n);
    return true;
}
static size_t tx_space(void *u, unsigned p)
{
    (void)u;
    (void)p;
    return tx_room;
}
static size_t tx_push(void *u, unsigned p, const uint8_t *s, size_t n)
{
    (void)u;
    (void)p;
    if (n > tx_room)
        n = tx_room;
    memcpy(tx_data + tx_len, s, n);
    tx_len += n;
    tx_room -= n;
    return n;
}
static size_t rx_avail(void *u, unsigned p)
{
    (void)u;
    (void)p;
    return rx_len;
}
static size_t rx_pop(void *u, unsigned p, uint8_t *d, size_t n)
{
    (void)u;
    (void)p;
    if (n > rx_len)
        n = rx_len;
    memcpy(d, rx_data, n);
    memmove(rx_data, rx_data + n, rx_len - n);
    rx_len -= n;
    return n;
}
static void irq(void *u, unsigned line, bool level)
{
    (void)u;
    assert_int_equal(line, BOARD_IRQ_DMA);
    irq_level = level;
}
static void logf_(void *u, const char *m)
{
    (void)u;
    nlogs++;
    strncpy(last_log, m, sizeof(last_log) - 1);
}

typedef struct fx {
    ds_clock *clk;
    ds_dma *dma;
} fx;

static int setup(void **state)
{
    static fx f;
    memset(dsp_mem, 0, sizeof(dsp_mem));
    memset(host_mem, 0, sizeof(host_mem));
    irq_level = false;
    nlogs = 0;
    tx_room = tx_len = rx_len = 0;
    f.clk = ds_clock_new();
    ds_dma_config cfg = { 3, 4, 32, 8 };
    ds_bus dsp = { dsp_rd, dsp_wr, NULL }, host = { host_rd, host_wr, NULL };
    ds_dma_ports ports = { 2, tx_space, tx_push, rx_avail, rx_pop, NULL };
    f.dma = ds_dma_new(f.clk, &cfg, &dsp, &host, &ports,
                       (ds_irq_out){ irq, NULL, BOARD_IRQ_DMA }, logf_, NULL);
    assert_non_null(f.dma);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    ds_dma_free(f->dma);
    ds_clock_free(f->clk);
    return 0;
}

static void put32(uint32_t addr, uint32_t v)
{
    memcpy(dsp_mem + (addr - DSP_BASE), &v, 4);
}

static void desc(uint32_t at, uint32_t src, uint32_t dst, uint32_t count,
                 uint32_t next, uint32_t flags)
{
    put32(at + BOARD_DMA_DESC_SRC, src);
    put32(at + BOARD_DMA_DESC_DST, dst);
    put32(at + BOARD_DMA_DESC_COUNT, count);
    put32(at + BOARD_DMA_DESC_NEXT, next);
    put32(at + BOARD_DMA_DESC_FLAGS, flags);
}

static uint32_t rd(fx *f, unsigned ch, uint32_t reg)
{
    uint32_t v;
    assert_true(ds_dma_read(f->dma, BOARD_DMA_CH(ch) + reg, 4, &v));
    return v;
}

static void wr(fx *f, unsigned ch, uint32_t reg, uint32_t v)
{
    assert_true(ds_dma_write(f->dma, BOARD_DMA_CH(ch) + reg, 4, v));
}

static void start(fx *f, unsigned ch, uint32_t d, uint32_t ctrl)
{
    wr(f, ch, BOARD_DMA_DESC, d);
    wr(f, ch, BOARD_DMA_CTRL, ctrl | BOARD_DMA_CTRL_START);
}

#define INC   (BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DST_INC)
#define ST(x) (BOARD_DMA_ST_##x)

static void test_reset_values(void **state)
{
    fx *f = *state;
    uint32_t v;
    assert_true(ds_dma_read(f->dma, BOARD_DMA_INFO, 4, &v));
    assert_int_equal(v, 3);
    assert_true(ds_dma_read(f->dma, BOARD_DMA_IRQ_STATUS, 4, &v));
    assert_int_equal(v, 0);
    for (unsigned ch = 0; ch < 3; ch++)
        for (uint32_t r = 0; r < BOARD_DMA_CH_REG_END; r += 4)
            assert_int_equal(rd(f, ch, r), 0);
    /* channel 3 does not exist; narrow and unaligned accesses fault */
    assert_false(ds_dma_read(f->dma, BOARD_DMA_CH(3), 4, &v));
    assert_false(
        ds_dma_read(f->dma, BOARD_DMA_CH(0) + BOARD_DMA_CH_REG_END, 4, &v));
    assert_false(ds_dma_read(f->dma, BOARD_DMA_CH(0), 2, &v));
    assert_false(ds_dma_write(f->dma, BOARD_DMA_CH(0) + 1, 4, 0));
    assert_false(ds_dma_read(f->dma, 0x50, 4, &v));
    /* CTRL keeps only the enables; START/STOP read as 0 */
    wr(f, 0, BOARD_DMA_CTRL, 0xFFFFFFF0u | BOARD_DMA_CTRL_IRQ_EN);
    assert_int_equal(rd(f, 0, BOARD_DMA_CTRL), BOARD_DMA_CTRL_IRQ_EN);
}

static void test_copy_timing(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 100; i++)
        dsp_mem[0x1000 + i] = (uint8_t)(i * 3 + 1);
    desc(0x10100, 0x11000, 0x12000, 100, 0, INC);
    ds_clock_advance(f->clk, 1000);
    start(f, 1, 0x10100, BOARD_DMA_CTRL_IRQ_EN);
    assert_int_equal(rd(f, 1, BOARD_DMA_STATUS), ST(BUSY));
    assert_int_equal(rd(f, 1, BOARD_DMA_CUR_DESC), 0x10100);
    /* fetch at 1008, bursts of 32 bytes take 8 + 8 cycles: 1024, 1040,
     * 1056; the last 4 bytes 8 + 1: 1065 */
    ds_clock_advance(f->clk, 1023);
    assert_int_equal(rd(f, 1, BOARD_DMA_BYTES), 0);
    ds_clock_advance(f->clk, 1024);
    assert_int_equal(rd(f, 1, BOARD_DMA_BYTES), 32);
    assert_memory_equal(dsp_mem + 0x2000, dsp_mem + 0x1000, 32);
    assert_int_equal(dsp_mem[0x2000 + 32], 0); /* not yet */
    ds_clock_advance(f->clk, 1064);
    assert_int_equal(rd(f, 1, BOARD_DMA_BYTES), 96);
    assert_true(rd(f, 1, BOARD_DMA_STATUS) & ST(BUSY));
    assert_false(irq_level);
    ds_clock_advance(f->clk, 1065);
    assert_int_equal(rd(f, 1, BOARD_DMA_BYTES), 100);
    assert_int_equal(rd(f, 1, BOARD_DMA_STATUS), ST(DONE));
    assert_memory_equal(dsp_mem + 0x2000, dsp_mem + 0x1000, 100);
    assert_true(irq_level);
    uint32_t v;
    assert_true(ds_dma_read(f->dma, BOARD_DMA_IRQ_STATUS, 4, &v));
    assert_int_equal(v, 2);
    wr(f, 1, BOARD_DMA_STATUS, ST(DONE)); /* W1C */
    assert_int_equal(rd(f, 1, BOARD_DMA_STATUS), 0);
    assert_false(irq_level);
    assert_int_equal(ds_clock_pending(f->clk), 0);
}

static void test_chain_host_and_circular(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 64; i++)
        dsp_mem[0x1000 + i] = (uint8_t)(0x80 + i);
    /* DSP -> host, then host -> DSP, DESC_DONE on the first */
    desc(0x10100, 0x11000, 0x40, 64, 0x10200,
         INC | BOARD_DMA_DESC_IRQ | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_DSP2HOST));
    desc(0x10200, 0x40, 0x13000, 64, 0,
         INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_HOST2DSP));
    start(f, 0, 0x10100, 0);
    ds_clock_advance(f->clk, 10000);
    assert_memory_equal(host_mem + 0x40, dsp_mem + 0x1000, 64);
    assert_memory_equal(dsp_mem + 0x3000, dsp_mem + 0x1000, 64);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(DONE) | ST(DESC_DONE));
    assert_int_equal(rd(f, 0, BOARD_DMA_CUR_DESC), 0x10200);
    assert_int_equal(rd(f, 0, BOARD_DMA_BYTES), 128);
    assert_false(irq_level); /* IRQ_EN clear */

    /* circular: a single descriptor repeats until STOP */
    desc(0x10300, 0x11000, 0x14000, 8, 0,
         INC | BOARD_DMA_DESC_IRQ | BOARD_DMA_DESC_CIRCULAR);
    start(f, 2, 0x10300, BOARD_DMA_CTRL_IRQ_EN);
    /* one lap: fetch 8 + burst 8 + 2 = 18 cycles */
    ds_clock_advance(f->clk, 10000 + 18 * 5);
    assert_int_equal(rd(f, 2, BOARD_DMA_BYTES), 40);
    assert_int_equal(rd(f, 2, BOARD_DMA_STATUS), ST(BUSY) | ST(DESC_DONE));
    assert_true(irq_level);
    wr(f, 2, BOARD_DMA_CTRL, BOARD_DMA_CTRL_STOP);
    assert_int_equal(rd(f, 2, BOARD_DMA_STATUS), ST(DESC_DONE));
    ds_clock_advance(f->clk, 20000);
    assert_int_equal(rd(f, 2, BOARD_DMA_BYTES), 40); /* stopped */
    assert_int_equal(ds_clock_pending(f->clk), 0);
}

static void test_fixed_address(void **state)
{
    fx *f = *state;
    put32(0x11000, 0xCAFEF00D);
    desc(0x10100, 0x11000, 0x12000, 16, 0,
         BOARD_DMA_DESC_DST_INC); /* source fixed */
    start(f, 0, 0x10100, 0);
    ds_clock_advance(f->clk, 1000);
    for (int i = 0; i < 4; i++) {
        uint32_t v;
        memcpy(&v, dsp_mem + 0x2000 + 4 * i, 4);
        assert_int_equal(v, 0xCAFEF00D);
    }
    /* fixed address with a count that is not a multiple of 4: bad */
    desc(0x10100, 0x11000, 0x12000, 6, 0, BOARD_DMA_DESC_DST_INC);
    start(f, 0, 0x10100, 0);
    ds_clock_advance(f->clk, 2000);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS),
                     ST(ERROR) | BOARD_DMA_ERR_DESC << BOARD_DMA_ST_ERR_SHIFT);
}

static void expect_error(fx *f, unsigned ch, unsigned code, uint32_t addr,
                         const char *text)
{
    uint32_t s = rd(f, ch, BOARD_DMA_STATUS);
    assert_int_equal(s, ST(ERROR) | code << BOARD_DMA_ST_ERR_SHIFT);
    assert_int_equal(rd(f, ch, BOARD_DMA_ERR_ADDR), addr);
    if (!strstr(last_log, text))
        fail_msg("log '%s' lacks '%s'", last_log, text);
}

static void test_errors_isolated(void **state)
{
    fx *f = *state;
    uint64_t t = 0;
    /* channel 0: a long copy that must keep running through the errors */
    desc(0x10000, 0x11000, 0x18000, 4096, 0, INC);
    start(f, 0, 0x10000, 0);
    struct {
        uint32_t src, dst, count, next, flags;
        unsigned code;
        uint32_t addr;
        const char *text;
    } bad[] = {
        { 0x90000, 0x12000, 16, 0, INC, BOARD_DMA_ERR_SRC, 0x90000,
          "source of 16 bytes is outside DSP memory" },
        { 0x11000, 0x1FFF8, 16, 0, INC, BOARD_DMA_ERR_DST, 0x1FFF8,
          "outside DSP memory" },
        { 0x11000, 0xFF0, 32, 0,
          INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_DSP2HOST), BOARD_DMA_ERR_DST,
          0xFF0, "outside host memory" },
        { 0x11000, 0x12000, 16, 0, INC | BOARD_DMA_DESC_DIR(7),
          BOARD_DMA_ERR_DESC, 0x10100, "direction 7" },
        { 0x11000, 5, 16, 0, INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP),
          BOARD_DMA_ERR_DESC, 0x10100, "SSP port 5 does not exist" },
        { 0x11000, 0x12000, 16, 0x10102, INC, BOARD_DMA_ERR_DESC, 0x10100,
          "not 4-byte aligned" },
    };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        desc(0x10100, bad[i].src, bad[i].dst, bad[i].count, bad[i].next,
             bad[i].flags);
        int before = nlogs;
        start(f, 1, 0x10100, BOARD_DMA_CTRL_ERR_IRQ_EN);
        t += 100;
        ds_clock_advance(f->clk, t);
        expect_error(f, 1, bad[i].code, bad[i].addr, bad[i].text);
        assert_int_equal(nlogs, before + 1);
        assert_true(irq_level);
        wr(f, 1, BOARD_DMA_STATUS, ST(ERROR));
        assert_false(irq_level);
        assert_int_equal(rd(f, 1, BOARD_DMA_STATUS), 0);
    }
    /* unreadable descriptor address */
    start(f, 1, 0x5000, BOARD_DMA_CTRL_ERR_IRQ_EN);
    t += 100;
    ds_clock_advance(f->clk, t);
    expect_error(f, 1, BOARD_DMA_ERR_DESC_ADDR, 0x5000, "descriptor address");
    assert_int_equal(ds_dma_errors(f->dma), 7);
    /* channel 0 was never disturbed */
    assert_true(rd(f, 0, BOARD_DMA_STATUS) & ST(BUSY));
    ds_clock_advance(f->clk, 100000);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(DONE));
    assert_memory_equal(dsp_mem + 0x8000, dsp_mem + 0x1000, 4096);
}

static void test_ssp_handshake(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 64; i++)
        dsp_mem[0x1000 + i] = (uint8_t)i;
    desc(0x10100, 0x11000, 0, 64, 0,
         BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP));
    tx_room = 16;
    start(f, 0, 0x10100, BOARD_DMA_CTRL_IRQ_EN);
    /* fetch 8, burst of 16 (the room): 8 + 4 -> 20 */
    ds_clock_advance(f->clk, 19);
    assert_int_equal(tx_len, 0);
    ds_clock_advance(f->clk, 20);
    assert_int_equal(tx_len, 16);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(BUSY) | ST(WAITING));
    ds_clock_advance(f->clk, 5000); /* nothing happens */
    assert_int_equal(tx_len, 16);
    /* a request from another port does not wake it */
    tx_room = 4;
    ds_dma_port_request(f->dma, 1, 5000);
    assert_int_equal(ds_clock_pending(f->clk), 0);
    ds_dma_port_request(f->dma, 0, 5000);
    ds_clock_advance(f->clk, 5008);
    assert_int_equal(tx_len, 16);
    ds_clock_advance(f->clk, 5009); /* 8 + 1 */
    assert_int_equal(tx_len, 20);
    tx_room = 1000;
    ds_dma_port_request(f->dma, 0, 6000);
    ds_clock_advance(f->clk, 7000);
    assert_int_equal(tx_len, 64);
    assert_memory_equal(tx_data, dsp_mem + 0x1000, 64);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(DONE));

    /* RX side: SSP2MEM takes what the FIFO holds */
    for (int i = 0; i < 8; i++)
        rx_data[i] = (uint8_t)(0xA0 + i);
    rx_len = 8;
    desc(0x10200, 1, 0x12000, 12, 0,
         BOARD_DMA_DESC_DST_INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_SSP2MEM));
    start(f, 1, 0x10200, 0);
    ds_clock_advance(f->clk, 8000);
    assert_int_equal(rd(f, 1, BOARD_DMA_BYTES), 8);
    assert_true(rd(f, 1, BOARD_DMA_STATUS) & ST(WAITING));
    rx_data[0] = 0xB0;
    rx_data[1] = 0xB1;
    rx_data[2] = 0xB2;
    rx_data[3] = 0xB3;
    rx_len = 4;
    ds_dma_port_request(f->dma, 1, 8000);
    ds_clock_advance(f->clk, 9000);
    assert_int_equal(rd(f, 1, BOARD_DMA_STATUS), ST(DONE));
    const uint8_t want[12] = { 0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5,
                               0xA6, 0xA7, 0xB0, 0xB1, 0xB2, 0xB3 };
    assert_memory_equal(dsp_mem + 0x2000, want, 12);
}

static void test_start_while_busy_and_reset(void **state)
{
    fx *f = *state;
    desc(0x10100, 0x11000, 0x12000, 256, 0, INC);
    desc(0x10200, 0x11000, 0x13000, 256, 0, INC);
    start(f, 0, 0x10100, 0);
    start(f, 0, 0x10200, 0); /* ignored: busy */
    ds_clock_advance(f->clk, 10000);
    assert_int_equal(rd(f, 0, BOARD_DMA_CUR_DESC), 0x10100);
    assert_int_equal(rd(f, 0, BOARD_DMA_BYTES), 256);
    start(f, 0, 0x10200, BOARD_DMA_CTRL_IRQ_EN);
    ds_dma_reset(f->dma);
    assert_int_equal(ds_clock_pending(f->clk), 0);
    for (uint32_t r = 0; r < BOARD_DMA_CH_REG_END; r += 4)
        assert_int_equal(rd(f, 0, r), 0);
}

/* Observer: a known copy reports its descriptor, bursts and completion
 * with the right bytes and event-clock cycles; errors are reported too. */
typedef struct obs_rec {
    unsigned ch;
    ds_dma_event ev;
    uint32_t src, dst, bytes;
    uint64_t cycle;
} obs_rec;
static obs_rec obs_log[16];
static unsigned n_obs;

static void obs_fn(void *user, unsigned ch, ds_dma_event ev, uint32_t src,
                   uint32_t dst, uint32_t bytes, uint64_t cycle)
{
    assert_ptr_equal(user, &n_obs);
    assert_true(n_obs < 16);
    obs_log[n_obs++] = (obs_rec){ ch, ev, src, dst, bytes, cycle };
}

static void check_obs(unsigned i, ds_dma_event ev, uint32_t src, uint32_t dst,
                      uint32_t bytes, uint64_t cycle)
{
    assert_true(i < n_obs);
    assert_int_equal(obs_log[i].ch, 1);
    assert_int_equal(obs_log[i].ev, ev);
    assert_int_equal(obs_log[i].src, src);
    assert_int_equal(obs_log[i].dst, dst);
    assert_int_equal(obs_log[i].bytes, bytes);
    assert_int_equal(obs_log[i].cycle, cycle);
}

static void test_observer(void **state)
{
    fx *f = *state;
    n_obs = 0;
    ds_dma_set_observer(f->dma, obs_fn, &n_obs);
    for (int i = 0; i < 100; i++)
        dsp_mem[0x1000 + i] = (uint8_t)(i + 7);
    desc(0x10100, 0x11000, 0x12000, 100, 0, INC);
    ds_clock_advance(f->clk, 1000);
    start(f, 1, 0x10100, 0);
    ds_clock_advance(f->clk, 2000);
    assert_int_equal(rd(f, 1, BOARD_DMA_STATUS), ST(DONE));
    assert_memory_equal(dsp_mem + 0x2000, dsp_mem + 0x1000, 100);
    /* same timing as test_copy_timing */
    assert_int_equal(n_obs, 6);
    check_obs(0, DS_DMA_EV_DESC_START, 0x11000, 0x12000, 100, 1008);
    check_obs(1, DS_DMA_EV_BURST_DONE, 0x11000, 0x12000, 32, 1024);
    check_obs(2, DS_DMA_EV_BURST_DONE, 0x11020, 0x12020, 32, 1040);
    check_obs(3, DS_DMA_EV_BURST_DONE, 0x11040, 0x12040, 32, 1056);
    check_obs(4, DS_DMA_EV_BURST_DONE, 0x11060, 0x12060, 4, 1065);
    check_obs(5, DS_DMA_EV_DESC_DONE, 0x11000, 0x12000, 100, 1065);
    uint32_t total = 0;
    for (unsigned i = 1; i < 5; i++)
        total += obs_log[i].bytes;
    assert_int_equal(total, 100);

    /* a source outside DSP memory after one good burst: ERROR with the
     * bytes moved so far, at the failing burst's cycle */
    n_obs = 0;
    desc(0x10100, 0x1FFE0, 0x12000, 64, 0, INC);
    start(f, 1, 0x10100, 0);
    ds_clock_advance(f->clk, 3000);
    assert_true(rd(f, 1, BOARD_DMA_STATUS) & ST(ERROR));
    assert_int_equal(n_obs, 3);
    check_obs(0, DS_DMA_EV_DESC_START, 0x1FFE0, 0x12000, 64, 2008);
    check_obs(1, DS_DMA_EV_BURST_DONE, 0x1FFE0, 0x12000, 32, 2024);
    check_obs(2, DS_DMA_EV_ERROR, 0x20000, 0x12020, 32, 2040);

    /* removed: nothing more is reported */
    ds_dma_set_observer(f->dma, NULL, NULL);
    n_obs = 0;
    desc(0x10100, 0x11000, 0x12000, 16, 0, INC);
    start(f, 1, 0x10100, 0);
    ds_clock_advance(f->clk, 4000);
    assert_int_equal(rd(f, 1, BOARD_DMA_STATUS), ST(DONE));
    assert_int_equal(n_obs, 0);
}

/* ---- quiet time (ds_dma_set_quiet) -------------------------------------- */
/* A port fed like the SSP feeds it: every 100 cycles a frame tick frees 4
 * bytes of its TX FIFO and requests; a write into the source buffer lands
 * at cycle 1003, while the burst of the tick at 1000 is in flight. */
typedef struct quiet_run {
    obs_rec log[32];
    unsigned n;
    uint8_t out[64];
    uint32_t status;
    bool irq;
    unsigned scheduled; /* bursts left to their own events */
} quiet_run;
static quiet_run *qr;
static ds_dma *q_dma;
static ds_clock *q_clk;
static uint64_t q_t0;

static void q_obs(void *user, unsigned ch, ds_dma_event ev, uint32_t src,
                  uint32_t dst, uint32_t bytes, uint64_t cycle)
{
    (void)user;
    assert_true(qr->n < 32);
    qr->log[qr->n++] = (obs_rec){ ch, ev, src, dst, bytes, cycle };
}
static uint64_t q_quiet(void *user, ds_event_id own)
{
    return ds_clock_next_other(user, own); /* only other events look */
}
static void q_tick(void *user, uint64_t at)
{
    (void)user;
    tx_room += 4;
    size_t before = ds_clock_pending(q_clk);
    ds_dma_port_request(q_dma, 0, at);
    qr->scheduled += ds_clock_pending(q_clk) > before;
    if (at < q_t0 + 1600)
        ds_clock_schedule(q_clk, at + 100, q_tick, NULL);
}
/* a store into the source: user = the byte's offset and value */
static void q_poke(void *user, uint64_t at)
{
    uintptr_t w = (uintptr_t)user;
    (void)at;
    dsp_mem[0x1000 + (w >> 8)] = (uint8_t)w;
}

static void quiet_scenario(fx *f, bool quiet, quiet_run *r)
{
    memset(r, 0, sizeof *r);
    qr = r;
    q_dma = f->dma;
    q_clk = f->clk;
    tx_room = 4;
    tx_len = 0;
    for (int i = 0; i < 64; i++)
        dsp_mem[0x1000 + i] = (uint8_t)(i + 1);
    desc(0x10100, 0x11000, 0, 64, 0,
         BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_IRQ |
             BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP));
    ds_dma_set_observer(f->dma, q_obs, NULL);
    ds_dma_set_quiet(f->dma, quiet ? q_quiet : NULL, f->clk);
    uint64_t t0 = q_t0 = ds_clock_now(f->clk);
    ds_clock_schedule(f->clk, t0 + 100, q_tick, NULL);
    /* the burst of the tick at 1000 reads bytes 40..43 as it starts */
    ds_clock_schedule(f->clk, t0 + 999, q_poke, (void *)(40u << 8 | 0xEE));
    ds_clock_schedule(f->clk, t0 + 1003, q_poke, (void *)(41u << 8 | 0xDD));
    start(f, 0, 0x10100, BOARD_DMA_CTRL_IRQ_EN);
    ds_clock_advance(f->clk, t0 + 2000);
    assert_int_equal(tx_len, 64);
    memcpy(r->out, tx_data, 64);
    r->status = rd(f, 0, BOARD_DMA_STATUS);
    r->irq = irq_level;
    ds_dma_set_quiet(f->dma, NULL, NULL);
    ds_dma_set_observer(f->dma, NULL, NULL);
    for (unsigned i = 0; i < r->n; i++)
        r->log[i].cycle -= t0;
}

static void test_quiet_bursts(void **state)
{
    fx *f = *state;
    static quiet_run plain, quiet;
    quiet_scenario(f, false, &plain);
    wr(f, 0, BOARD_DMA_STATUS, ST(DONE) | ST(DESC_DONE));
    quiet_scenario(f, true, &quiet);
    /* the same data (the store at 999 reached the burst that started at
     * 1000 and landed at 1009, the store at 1003 did not), the same
     * observer calls at the same cycles, the same end */
    assert_int_equal(plain.out[40], 0xEE);
    assert_int_equal(plain.out[41], 42);
    assert_memory_equal(plain.out, quiet.out, 64);
    assert_int_equal(plain.n, quiet.n);
    for (unsigned i = 0; i < plain.n; i++) {
        assert_int_equal(plain.log[i].ev, quiet.log[i].ev);
        assert_int_equal(plain.log[i].src, quiet.log[i].src);
        assert_int_equal(plain.log[i].bytes, quiet.log[i].bytes);
        assert_int_equal(plain.log[i].cycle, quiet.log[i].cycle);
    }
    assert_int_equal(plain.log[11].cycle, 1009); /* the burst of tick 1000 */
    assert_int_equal(plain.log[plain.n - 1].ev, DS_DMA_EV_DESC_DONE);
    assert_int_equal(plain.status, quiet.status);
    assert_int_equal(quiet.status, ST(DONE) | ST(DESC_DONE));
    assert_true(plain.irq && quiet.irq);
    /* 15 ticks: each burst its own event without quiet time; with it only
     * the one a write was due under and the last (it ends the
     * descriptor) */
    assert_int_equal(plain.scheduled, 15);
    assert_int_equal(quiet.scheduled, 2);
}

/* Streaming (ds_dma_port_stream): the requests of a run of frame ticks
 * served at once, as quiet time serves them one by one: a burst of the
 * frame's room each, never the one that ends the descriptor, never one
 * landing at or after the horizon or the next tick. */
static void test_stream_requests(void **state)
{
    fx *f = *state;
    for (int i = 0; i < 64; i++)
        dsp_mem[0x1000 + i] = (uint8_t)(i + 1);
    desc(0x10100, 0x11000, 0, 64, 0,
         BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_IRQ |
             BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP));
    uint64_t t[17];
    for (int k = 0; k < 17; k++)
        t[k] = 200 + 100 * (uint64_t)k;
    uint8_t out[64];
    /* no quiet time: nothing */
    tx_room = 0;
    start(f, 0, 0x10100, BOARD_DMA_CTRL_IRQ_EN);
    ds_clock_advance(f->clk, 100); /* fetched; the FIFO is full */
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(BUSY) | ST(WAITING));
    assert_int_equal(ds_dma_port_stream(f->dma, 0, t, 4, 5000, 4, out), 0);
    ds_dma_set_quiet(f->dma, q_quiet, f->clk);
    /* a horizon before the first landing (200 + 8 + 1), an observer,
     * another port, more room than a burst: nothing */
    assert_int_equal(ds_dma_port_stream(f->dma, 0, t, 4, 209, 4, out), 0);
    ds_dma_set_observer(f->dma, obs_fn, NULL);
    assert_int_equal(ds_dma_port_stream(f->dma, 0, t, 4, 5000, 4, out), 0);
    ds_dma_set_observer(f->dma, NULL, NULL);
    assert_int_equal(ds_dma_port_stream(f->dma, 1, t, 4, 5000, 4, out), 0);
    assert_int_equal(ds_dma_port_stream(f->dma, 0, t, 4, 5000, 4096, out), 0);
    assert_int_equal(rd(f, 0, BOARD_DMA_BYTES), 0);
    /* the landing of the request at 500 (509) is past the horizon */
    assert_int_equal(ds_dma_port_stream(f->dma, 0, t, 8, 509, 4, out), 3);
    assert_memory_equal(out, dsp_mem + 0x1000, 12);
    assert_int_equal(rd(f, 0, BOARD_DMA_BYTES), 12);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(BUSY) | ST(WAITING));
    /* 52 bytes left: 12 requests, not the 13th, which ends the
     * descriptor */
    assert_int_equal(ds_dma_port_stream(f->dma, 0, t + 3, 13, 100000, 4, out),
                     12);
    assert_memory_equal(out, dsp_mem + 0x1000 + 12, 48);
    assert_int_equal(rd(f, 0, BOARD_DMA_BYTES), 60);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(BUSY) | ST(WAITING));
    assert_int_equal(ds_clock_pending(f->clk), 0);
    /* that one, one by one as usual: its own event, the descriptor's end */
    tx_room = 4;
    tx_len = 0;
    ds_dma_port_request(f->dma, 0, t[15]);
    assert_int_equal(ds_clock_pending(f->clk), 1);
    ds_clock_advance(f->clk, t[15] + 9);
    assert_int_equal(tx_len, 4);
    assert_memory_equal(tx_data, dsp_mem + 0x1000 + 60, 4);
    assert_int_equal(rd(f, 0, BOARD_DMA_STATUS), ST(DONE) | ST(DESC_DONE));
    assert_true(irq_level);
    ds_dma_set_quiet(f->dma, NULL, NULL);
}

/* Playback's steady state looked at ahead (ds_dma_port_steady): a channel
 * waiting alone for its port, how many ticks after a request each start a
 * burst of the room that leaves some of the descriptor, and what those
 * bursts read; none without lazy landings, with an observer, for another
 * port, too much room, bursts slower than the ticks, a short descriptor
 * or a second channel on the port. */
static bool steady_ok;
static bool steady_lazy(void *user)
{
    (void)user;
    return steady_ok;
}

/* Channel ch playing `count` bytes from src to port 0 (mem2ssp), started
 * at cycle `at` and fetched by at + 100; the FIFO full. */
static void play_desc(fx *f, unsigned ch, uint32_t src, uint32_t count,
                      uint64_t at)
{
    uint32_t d = 0x10100 + 0x100 * ch;
    desc(d, src, 0, count, 0,
         BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP));
    tx_room = 0;
    start(f, ch, d, 0);
    ds_clock_advance(f->clk, at + 100);
}

static void test_port_steady(void **state)
{
    fx *f = *state;
    uint32_t lo = 0, hi = 0;
    play_desc(f, 0, 0x11000, 64, 0);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 4, 100, 64, &lo, &hi),
                     0);
    ds_dma_set_lazy(f->dma, steady_lazy, NULL);
    steady_ok = false;
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 4, 100, 64, &lo, &hi),
                     0);
    steady_ok = true;
    /* 64 bytes: this request's burst and 14 more leave some; the 16th
     * ends the descriptor */
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 4, 100, 64, &lo, &hi),
                     14);
    assert_int_equal(lo, 0x11000);
    assert_int_equal(hi, 0x11000 + 15 * 4);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 4, 100, 5, &lo, &hi),
                     5);
    assert_int_equal(hi, 0x11000 + 6 * 4);
    /* 8 + 1 cycles a burst of 4 bytes: not before a tick 9 cycles on */
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 4, 9, 64, &lo, &hi), 0);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 4, 10, 64, &lo, &hi),
                     14);
    assert_int_equal(ds_dma_port_steady(f->dma, 1, 200, 4, 100, 64, &lo, &hi),
                     0);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 64, 100, 64, &lo, &hi),
                     0);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 0, 100, 64, &lo, &hi),
                     0);
    ds_dma_set_observer(f->dma, obs_fn, NULL);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 200, 4, 100, 64, &lo, &hi),
                     0);
    ds_dma_set_observer(f->dma, NULL, NULL);
    /* a request moves 4 bytes: 60 left, 13 */
    tx_room = 4;
    ds_dma_port_request(f->dma, 0, 200);
    ds_clock_advance(f->clk, 300); /* landed: the FIFO full again */
    assert_int_equal(tx_room, 0);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 300, 4, 100, 64, &lo, &hi),
                     13);
    assert_int_equal(lo, 0x11004);
    /* a second channel on the port */
    play_desc(f, 1, 0x11800, 64, 300);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 400, 4, 100, 64, &lo, &hi),
                     0);
    wr(f, 1, BOARD_DMA_CTRL, BOARD_DMA_CTRL_STOP);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 400, 4, 100, 64, &lo, &hi),
                     13);
    /* a short descriptor: 8 bytes, this request's burst ends it after the
     * next; 12 bytes: one */
    wr(f, 0, BOARD_DMA_CTRL, BOARD_DMA_CTRL_STOP);
    play_desc(f, 0, 0x11000, 8, 400);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 500, 4, 100, 64, &lo, &hi),
                     0);
    wr(f, 0, BOARD_DMA_CTRL, BOARD_DMA_CTRL_STOP);
    play_desc(f, 0, 0x11000, 12, 500);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 600, 4, 100, 64, &lo, &hi),
                     1);
    /* a stall until after the request */
    ds_dma_fault_stall(f->dma, 0, 10000);
    assert_int_equal(ds_dma_port_steady(f->dma, 0, 700, 4, 100, 64, &lo, &hi),
                     0);
    ds_dma_set_lazy(f->dma, NULL, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_reset_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_copy_timing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_chain_host_and_circular, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_fixed_address, setup, teardown),
        cmocka_unit_test_setup_teardown(test_errors_isolated, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ssp_handshake, setup, teardown),
        cmocka_unit_test_setup_teardown(test_port_steady, setup, teardown),
        cmocka_unit_test_setup_teardown(test_observer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_start_while_busy_and_reset, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_quiet_bursts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stream_requests, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
