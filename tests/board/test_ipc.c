/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the IPC doorbells: reset values, handshakes in both
 * directions, interrupt levels, host callbacks stamped with the clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "abi/board_regs.h"
#include "dspsim/mailbox.h"

typedef struct rec {
    bool level;
    int edges;
    uint32_t d2h_msg, done_msg;
    uint64_t d2h_cycle, done_cycle;
    int nd2h, ndone;
} rec;

static void irq(void *u, unsigned line, bool level)
{
    rec *r = u;
    assert_int_equal(line, BOARD_IRQ_IPC);
    if (level && !r->level)
        r->edges++;
    r->level = level;
}
static void d2h(void *u, uint32_t m, uint64_t c)
{
    rec *r = u;
    r->d2h_msg = m;
    r->d2h_cycle = c;
    r->nd2h++;
}
static void done(void *u, uint32_t m, uint64_t c)
{
    rec *r = u;
    r->done_msg = m;
    r->done_cycle = c;
    r->ndone++;
}

static uint32_t rd(ds_ipc *ipc, uint32_t off)
{
    uint32_t v;
    assert_true(ds_ipc_read(ipc, off, 4, &v));
    return v;
}

static void test_handshakes(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    rec r = { 0 };
    ds_ipc *ipc = ds_ipc_new(clk, (ds_irq_out){ irq, &r, BOARD_IRQ_IPC });
    ds_ipc_host_ops ops = { d2h, done, &r };
    ds_ipc_set_host_ops(ipc, &ops);
    ds_ipc_reset(ipc);
    assert_int_equal(rd(ipc, BOARD_IPC_H2D), 0);
    assert_int_equal(rd(ipc, BOARD_IPC_D2H), 0);
    assert_int_equal(rd(ipc, BOARD_IPC_STATUS), 0);
    assert_int_equal(rd(ipc, BOARD_IPC_INTEN), 0);
    assert_false(r.level);

    /* host -> DSP, interrupt masked: no line until INTEN */
    assert_true(ds_ipc_host_send(ipc, 0x1234));
    assert_false(ds_ipc_host_send(ipc, 1)); /* busy */
    assert_false(r.level);
    assert_int_equal(rd(ipc, BOARD_IPC_H2D), BOARD_IPC_BUSY | 0x1234);
    assert_int_equal(rd(ipc, BOARD_IPC_STATUS), BOARD_IPC_ST_H2D_BUSY);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_INTEN, 4, BOARD_IPC_INT_H2D));
    assert_true(r.level);
    /* writing without BUSY does not acknowledge */
    assert_true(ds_ipc_write(ipc, BOARD_IPC_H2D, 4, 0));
    assert_true(ds_ipc_host_busy(ipc));
    ds_clock_advance(clk, 500);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_H2D, 4, BOARD_IPC_BUSY));
    assert_false(ds_ipc_host_busy(ipc));
    assert_false(r.level);
    assert_int_equal(r.ndone, 1);
    assert_int_equal(r.done_msg, 0x1234);
    assert_int_equal(r.done_cycle, 500);
    assert_false(ds_ipc_host_send(ipc, 0x80000000u)); /* bit 31 */

    /* DSP -> host */
    assert_false(ds_ipc_host_pending(ipc, NULL));
    assert_false(ds_ipc_host_ack(ipc));
    ds_clock_advance(clk, 800);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_D2H, 4, 0x55)); /* no BUSY */
    assert_int_equal(r.nd2h, 0);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_D2H, 4, BOARD_IPC_BUSY | 0x55));
    assert_int_equal(r.nd2h, 1);
    assert_int_equal(r.d2h_msg, 0x55);
    assert_int_equal(r.d2h_cycle, 800);
    uint32_t m;
    assert_true(ds_ipc_host_pending(ipc, &m));
    assert_int_equal(m, 0x55);
    /* a second message while busy is lost and flagged */
    assert_true(ds_ipc_write(ipc, BOARD_IPC_D2H, 4, BOARD_IPC_BUSY | 0x66));
    assert_int_equal(r.nd2h, 1);
    assert_int_equal(rd(ipc, BOARD_IPC_STATUS),
                     BOARD_IPC_ST_D2H_BUSY | BOARD_IPC_ST_D2H_LOST);
    /* host ack: DONE, interrupt when enabled, W1C */
    assert_true(ds_ipc_host_ack(ipc));
    assert_false(r.level);
    assert_int_equal(rd(ipc, BOARD_IPC_STATUS),
                     BOARD_IPC_ST_D2H_DONE | BOARD_IPC_ST_D2H_LOST);
    assert_true(
        ds_ipc_write(ipc, BOARD_IPC_INTEN, 4, BOARD_IPC_INT_D2H_DONE | 0xF0));
    assert_int_equal(rd(ipc, BOARD_IPC_INTEN), BOARD_IPC_INT_D2H_DONE);
    assert_true(r.level);
    assert_true(ds_ipc_write(ipc, BOARD_IPC_STATUS, 4,
                             BOARD_IPC_ST_D2H_DONE | BOARD_IPC_ST_D2H_LOST));
    assert_false(r.level);
    assert_int_equal(rd(ipc, BOARD_IPC_STATUS), 0);
    /* bus errors */
    assert_false(ds_ipc_read(ipc, BOARD_IPC_REG_END, 4, &m));
    assert_false(ds_ipc_write(ipc, BOARD_IPC_H2D, 2, 0));
    ds_ipc_free(ipc);
    ds_clock_free(clk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handshakes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
