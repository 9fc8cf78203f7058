/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the debug/control device: registers, reset values,
 * markers stamped with the clock, halt, bus errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "abi/board_regs.h"
#include "dspsim/debug_dev.h"

typedef struct obs {
    char con[16];
    int ncon;
    uint32_t id, value, halt;
    uint64_t mcycle, hcycle;
    int nmarkers, nhalts;
} obs;

static void con(void *u, uint8_t b)
{
    obs *o = u;
    o->con[o->ncon++] = (char)b;
}
static void mk(void *u, uint32_t id, uint32_t v, uint64_t c)
{
    obs *o = u;
    o->id = id;
    o->value = v;
    o->mcycle = c;
    o->nmarkers++;
}
static void hl(void *u, uint32_t s, uint64_t c)
{
    obs *o = u;
    o->halt = s;
    o->hcycle = c;
    o->nhalts++;
}

static void test_registers(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    obs o = { 0 };
    ds_dbg_info info = { 0x0424, 160000000, 12288000, 0x20000, 0x40000 };
    ds_dbg_ops ops = { con, mk, hl, &o };
    ds_dbg *d = ds_dbg_new(clk, &info, &ops);
    uint32_t v;
    /* reset values / read-only information */
    assert_true(ds_dbg_read(d, BOARD_DBG_TRACE_ID, 4, &v));
    assert_int_equal(v, 0);
    assert_true(ds_dbg_read(d, BOARD_DBG_SCRATCH, 4, &v));
    assert_int_equal(v, 0);
    assert_true(ds_dbg_read(d, BOARD_DBG_ID, 4, &v));
    assert_int_equal(v, BOARD_ID_VALUE);
    assert_true(ds_dbg_read(d, BOARD_DBG_CONFIG, 4, &v));
    assert_int_equal(v, 0x0424);
    assert_true(ds_dbg_read(d, BOARD_DBG_CPU_HZ, 4, &v));
    assert_int_equal(v, 160000000);
    assert_true(ds_dbg_write(d, BOARD_DBG_ID, 4, 5)); /* RO: ignored */
    assert_true(ds_dbg_read(d, BOARD_DBG_ID, 4, &v));
    assert_int_equal(v, BOARD_ID_VALUE);
    /* console: 8- and 32-bit stores, low byte */
    assert_true(ds_dbg_write(d, BOARD_DBG_CONSOLE, 1, 'h'));
    assert_true(ds_dbg_write(d, BOARD_DBG_CONSOLE, 4, 0x1269));
    assert_int_equal(o.ncon, 2);
    assert_memory_equal(o.con, "hi", 2);
    /* marker stamped with the clock's time */
    ds_clock_advance(clk, 1000);
    assert_true(ds_dbg_write(d, BOARD_DBG_TRACE_ID, 4, 17));
    assert_true(ds_dbg_write(d, BOARD_DBG_TRACE_VALUE, 4, 99));
    assert_int_equal(o.nmarkers, 1);
    assert_int_equal(o.id, 17);
    assert_int_equal(o.value, 99);
    assert_int_equal(o.mcycle, 1000);
    /* 64-bit cycle counter: LO latches HI */
    ds_clock_advance(clk, 0x100000005ull);
    assert_true(ds_dbg_read(d, BOARD_DBG_CYCLES_LO, 4, &v));
    assert_int_equal(v, 5);
    ds_clock_advance(clk, 0x200000000ull);
    assert_true(ds_dbg_read(d, BOARD_DBG_CYCLES_HI, 4, &v));
    assert_int_equal(v, 1);
    /* halt */
    assert_true(ds_dbg_write(d, BOARD_DBG_HALT, 4, 3));
    assert_int_equal(o.nhalts, 1);
    assert_int_equal(o.halt, 3);
    assert_int_equal(o.hcycle, 0x200000000ull);
    /* bus errors: unknown offset, narrow or unaligned access */
    assert_false(ds_dbg_read(d, BOARD_DBG_REG_END, 4, &v));
    assert_false(ds_dbg_write(d, 0x800, 4, 0));
    assert_false(ds_dbg_read(d, BOARD_DBG_ID, 2, &v));
    assert_false(ds_dbg_write(d, BOARD_DBG_TRACE_ID + 1, 1, 0));
    /* reset */
    ds_dbg_write(d, BOARD_DBG_SCRATCH, 4, 77);
    ds_dbg_reset(d);
    assert_true(ds_dbg_read(d, BOARD_DBG_SCRATCH, 4, &v));
    assert_int_equal(v, 0);
    assert_true(ds_dbg_read(d, BOARD_DBG_TRACE_ID, 4, &v));
    assert_int_equal(v, 0);
    ds_dbg_free(d);
    ds_clock_free(clk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
