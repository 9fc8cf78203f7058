/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the inter-core device (dspsim/intercore.h): banked
 * registers, doorbell ring / acknowledge / reply with the lines they
 * drive, refused rings, semaphores, run control, bus errors, saved
 * state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "abi/board_regs.h"
#include "dspsim/intercore.h"

typedef struct rig {
    bool level[BOARD_MAX_CORES];
    int rises[BOARD_MAX_CORES];
    unsigned started[BOARD_MAX_CORES];
    uint32_t start_pc[BOARD_MAX_CORES];
    ds_irq_out out[BOARD_MAX_CORES];
    ds_icd *d;
} rig;

static rig *the_rig; /* the lines' user is the core number */

static void line_cb(void *user, unsigned line, bool level)
{
    unsigned k = (unsigned)(uintptr_t)user;
    assert_int_equal(line, BOARD_IRQ_ICD);
    if (level && !the_rig->level[k])
        the_rig->rises[k]++;
    the_rig->level[k] = level;
}

static void start_cb(void *user, unsigned core, uint32_t pc)
{
    rig *r = user;
    r->started[core]++;
    r->start_pc[core] = pc;
}

static void rig_init(rig *r, unsigned cores)
{
    *r = (rig){ 0 };
    the_rig = r;
    for (unsigned k = 0; k < BOARD_MAX_CORES; k++)
        r->out[k] = (ds_irq_out){ line_cb, (void *)(uintptr_t)k,
                                  BOARD_IRQ_ICD };
    ds_icd_ops ops = { start_cb, r };
    r->d = ds_icd_new(cores, r->out, &ops);
    assert_non_null(r->d);
}

static uint32_t rd(rig *r, unsigned core, uint32_t off)
{
    uint32_t v = 0xDEAD;
    assert_true(ds_icd_read(r->d, core, off, 4, &v));
    return v;
}

static void wr(rig *r, unsigned core, uint32_t off, uint32_t v)
{
    assert_true(ds_icd_write(r->d, core, off, 4, v));
}

static void test_new_limits(void **state)
{
    (void)state;
    rig r;
    ds_irq_out out[BOARD_MAX_CORES + 1] = { 0 };
    assert_null(ds_icd_new(1, out, NULL));
    assert_null(ds_icd_new(BOARD_MAX_CORES + 1, out, NULL));
    assert_null(ds_icd_new(2, NULL, NULL));
    rig_init(&r, 3);
    assert_int_equal(rd(&r, 0, BOARD_ICD_INFO), 3 | (BOARD_ICD_SEMS << 8));
    for (unsigned k = 0; k < 3; k++)
        assert_int_equal(rd(&r, k, BOARD_ICD_CORE), k);
    assert_int_equal(rd(&r, 2, BOARD_ICD_RUN), 1);
    assert_true(ds_icd_running(r.d, 0));
    assert_false(ds_icd_running(r.d, 1));
    ds_icd_free(r.d);
}

static void test_round_trip(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 2);
    wr(&r, 1, BOARD_ICD_INTEN, BOARD_ICD_INT_IN | BOARD_ICD_INT_DONE);
    wr(&r, 0, BOARD_ICD_INTEN, BOARD_ICD_INT_DONE);
    for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
        wr(&r, 0, BOARD_ICD_OUT_DATA(i), 100 + i);
    /* OUT_DATA is banked: core 1 does not see core 0's */
    assert_int_equal(rd(&r, 1, BOARD_ICD_OUT_DATA(0)), 0);
    assert_int_equal(rd(&r, 0, BOARD_ICD_OUT_DATA(3)), 103);

    wr(&r, 0, BOARD_ICD_DOORBELL(1), 0x80000042); /* BUSY bit masked off */
    assert_true(r.level[1]);
    assert_int_equal(r.rises[1], 1);
    assert_false(r.level[0]);
    assert_int_equal(rd(&r, 1, BOARD_ICD_STATUS), BOARD_ICD_ST_IN);
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_MSG), BOARD_ICD_BUSY | 0x42);
    assert_int_equal(rd(&r, 0, BOARD_ICD_DOORBELL(1)), BOARD_ICD_BUSY | 0x42);
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_FROM), 0);
    for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
        assert_int_equal(rd(&r, 1, BOARD_ICD_IN_DATA(i)), 100 + i);
    /* the payload was copied at the ring */
    wr(&r, 0, BOARD_ICD_OUT_DATA(0), 7);
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_DATA(0)), 100);
    /* a second ring is refused while busy: LOST for the sender */
    wr(&r, 0, BOARD_ICD_DOORBELL(1), 0x43);
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_MSG), BOARD_ICD_BUSY | 0x42);
    assert_int_equal(rd(&r, 0, BOARD_ICD_STATUS), BOARD_ICD_ST_LOST);
    wr(&r, 0, BOARD_ICD_STATUS, BOARD_ICD_ST_LOST);
    assert_int_equal(rd(&r, 0, BOARD_ICD_STATUS), 0);

    /* acknowledge with a reply: core 1's line drops, core 0's rises */
    wr(&r, 1, BOARD_ICD_ACK, 0x1234);
    assert_false(r.level[1]);
    assert_true(r.level[0]);
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_MSG), 0x42);
    assert_int_equal(rd(&r, 1, BOARD_ICD_STATUS), 0);
    assert_int_equal(rd(&r, 0, BOARD_ICD_STATUS), BOARD_ICD_ST_DONE);
    assert_int_equal(rd(&r, 0, BOARD_ICD_REPLY), 0x1234);
    assert_int_equal(rd(&r, 1, BOARD_ICD_REPLY), 0);
    /* an acknowledgement without a message changes nothing */
    wr(&r, 1, BOARD_ICD_ACK, 0x9999);
    assert_int_equal(rd(&r, 0, BOARD_ICD_REPLY), 0x1234);
    wr(&r, 0, BOARD_ICD_STATUS, BOARD_ICD_ST_DONE); /* W1C */
    assert_false(r.level[0]);
    /* INTEN masks the line, not the status */
    wr(&r, 0, BOARD_ICD_DOORBELL(1), 5);
    wr(&r, 1, BOARD_ICD_INTEN, 0);
    assert_false(r.level[1]);
    assert_int_equal(rd(&r, 1, BOARD_ICD_STATUS), BOARD_ICD_ST_IN);
    wr(&r, 1, BOARD_ICD_INTEN, BOARD_ICD_INT_IN);
    assert_true(r.level[1]);
    assert_int_equal(r.rises[1], 3);
    ds_icd_free(r.d);
}

static void test_refused(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 2);
    wr(&r, 1, BOARD_ICD_DOORBELL(1), 1); /* itself */
    assert_int_equal(rd(&r, 1, BOARD_ICD_STATUS), BOARD_ICD_ST_LOST);
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_MSG), 0);
    wr(&r, 1, BOARD_ICD_STATUS, BOARD_ICD_ST_LOST);
    wr(&r, 1, BOARD_ICD_DOORBELL(2), 1); /* no such core on this board */
    assert_int_equal(rd(&r, 1, BOARD_ICD_STATUS), BOARD_ICD_ST_LOST);
    assert_int_equal(rd(&r, 1, BOARD_ICD_DOORBELL(3)), 0);
    ds_icd_free(r.d);
}

static void test_semaphores(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 4);
    assert_int_equal(ds_icd_sem_holder(r.d, 3), -1);
    assert_int_equal(rd(&r, 2, BOARD_ICD_SEM(3)), 1); /* taken */
    assert_int_equal(ds_icd_sem_holder(r.d, 3), 2);
    assert_int_equal(rd(&r, 0, BOARD_ICD_SEM_OWNER(3)), 3);
    assert_int_equal(rd(&r, 1, BOARD_ICD_SEM(3)), 0); /* held */
    assert_int_equal(rd(&r, 2, BOARD_ICD_SEM(3)), 0); /* by itself too */
    wr(&r, 1, BOARD_ICD_SEM(3), 0);                   /* not its own: refused */
    assert_int_equal(ds_icd_sem_holder(r.d, 3), 2);
    assert_int_equal(rd(&r, 1, BOARD_ICD_STATUS), BOARD_ICD_ST_SEM_ERR);
    assert_int_equal(rd(&r, 2, BOARD_ICD_STATUS), 0);
    wr(&r, 2, BOARD_ICD_SEM(3), 0);
    assert_int_equal(ds_icd_sem_holder(r.d, 3), -1);
    assert_int_equal(rd(&r, 1, BOARD_ICD_SEM(3)), 1);
    assert_int_equal(rd(&r, 3, BOARD_ICD_SEM(BOARD_ICD_SEMS - 1)), 1);
    assert_int_equal(ds_icd_sem_holder(r.d, BOARD_ICD_SEMS), -1);
    ds_icd_reset(r.d);
    assert_int_equal(ds_icd_sem_holder(r.d, 3), -1);
    ds_icd_free(r.d);
}

static void test_run_control(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 3);
    wr(&r, 0, BOARD_ICD_BOOT(2), 0x40001000);
    wr(&r, 0, BOARD_ICD_BOOT(3), 0x40002000); /* no core 3: ignored */
    assert_int_equal(rd(&r, 1, BOARD_ICD_BOOT(2)), 0x40001000);
    assert_int_equal(rd(&r, 1, BOARD_ICD_BOOT(3)), 0);
    wr(&r, 0, BOARD_ICD_RUN, 0xFFFFFFFE & ~2u); /* core 2 (and none more) */
    assert_int_equal(r.started[2], 1);
    assert_int_equal(r.start_pc[2], 0x40001000);
    assert_int_equal(r.started[1], 0);
    assert_int_equal(rd(&r, 0, BOARD_ICD_RUN), 5);
    wr(&r, 2, BOARD_ICD_RUN, 4); /* running already: once */
    wr(&r, 2, BOARD_ICD_RUN, 0); /* a core never stops */
    assert_int_equal(r.started[2], 1);
    assert_int_equal(rd(&r, 0, BOARD_ICD_RUN), 5);
    ds_icd_reset(r.d);
    assert_int_equal(rd(&r, 0, BOARD_ICD_RUN), 1);
    assert_int_equal(rd(&r, 0, BOARD_ICD_BOOT(2)), 0);
    ds_icd_free(r.d);
}

static void test_bus_errors(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 2);
    uint32_t v;
    assert_false(ds_icd_read(r.d, 0, BOARD_ICD_INFO, 2, &v));
    assert_false(ds_icd_read(r.d, 0, BOARD_ICD_INFO + 1, 4, &v));
    assert_false(ds_icd_read(r.d, 0, 0x020, 4, &v)); /* a hole */
    assert_false(ds_icd_read(r.d, 0, BOARD_ICD_REG_END, 4, &v));
    assert_false(ds_icd_read(r.d, 2, BOARD_ICD_INFO, 4, &v)); /* no core */
    assert_false(ds_icd_write(r.d, 0, 0x020, 4, 0));
    assert_false(ds_icd_write(r.d, 0, BOARD_ICD_REG_END, 4, 0));
    assert_true(ds_icd_write(r.d, 0, BOARD_ICD_INFO, 4, 0)); /* RO: ignored */
    assert_int_equal(rd(&r, 0, BOARD_ICD_INFO), 2 | (BOARD_ICD_SEMS << 8));
    assert_int_equal(rd(&r, 0, BOARD_ICD_ACK), 0); /* write-only */
    ds_icd_free(r.d);
}

/* The synchronisations a race detector sees. */
typedef struct syncs {
    char log[512];
} syncs;

static void sync_cb(void *user, ds_icd_sync ev, unsigned core, unsigned arg)
{
    static const char *const names[] = { "start", "ring",     "take",    "ack",
                                         "done",  "sem_take", "sem_give" };
    syncs *y = user;
    size_t n = strlen(y->log);
    snprintf(y->log + n, sizeof(y->log) - n, "%s %u %u;", names[ev], core, arg);
}

static void test_sync_observer(void **state)
{
    (void)state;
    rig r;
    syncs y = { "" };
    rig_init(&r, 3);
    ds_icd_set_sync_observer(r.d, sync_cb, &y);
    wr(&r, 0, BOARD_ICD_RUN, 6);           /* starts 1 and 2 */
    wr(&r, 1, BOARD_ICD_DOORBELL(2), 5);   /* accepted */
    wr(&r, 0, BOARD_ICD_DOORBELL(2), 6);   /* refused: nothing */
    (void)rd(&r, 2, BOARD_ICD_INFO);       /* sees nothing */
    (void)rd(&r, 2, BOARD_ICD_IN_DATA(3)); /* sees the message */
    wr(&r, 2, BOARD_ICD_ACK, 1);
    (void)rd(&r, 2, BOARD_ICD_IN_MSG); /* not busy: nothing */
    (void)rd(&r, 1, BOARD_ICD_REPLY);  /* sees the ack */
    wr(&r, 1, BOARD_ICD_STATUS, BOARD_ICD_ST_DONE);
    (void)rd(&r, 1, BOARD_ICD_STATUS); /* DONE clear: nothing */
    (void)rd(&r, 0, BOARD_ICD_SEM(7)); /* taken */
    (void)rd(&r, 1, BOARD_ICD_SEM(7)); /* held: nothing */
    wr(&r, 1, BOARD_ICD_SEM(7), 0);    /* not its own: nothing */
    wr(&r, 0, BOARD_ICD_SEM(7), 0);    /* released */
    assert_string_equal(y.log, "start 0 1;start 0 2;ring 1 2;take 2 1;"
                               "ack 2 1;done 1 2;sem_take 0 7;"
                               "sem_give 0 7;");
    ds_icd_set_sync_observer(r.d, NULL, NULL);
    (void)rd(&r, 2, BOARD_ICD_SEM(8));
    assert_string_equal(y.log + strlen(y.log) - 13, "sem_give 0 7;");
    ds_icd_free(r.d);
}

static void test_save_load(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 2);
    wr(&r, 1, BOARD_ICD_INTEN, BOARD_ICD_INT_IN);
    wr(&r, 0, BOARD_ICD_OUT_DATA(1), 77);
    wr(&r, 0, BOARD_ICD_DOORBELL(1), 9);
    assert_int_equal(rd(&r, 1, BOARD_ICD_SEM(4)), 1);
    wr(&r, 0, BOARD_ICD_BOOT(1), 0x40000400);
    ds_snap_w w;
    ds_snap_w_init(&w);
    ds_icd_save(r.d, &w);
    assert_false(w.oom);

    ds_icd *old = r.d;
    rig_init(&r, 2);
    char err[200];
    ds_snap_r rd_;
    ds_snap_r_init(&rd_, w.p, w.len, err, sizeof err);
    assert_true(ds_icd_load(r.d, &rd_));
    assert_true(r.level[1]); /* lines driven again */
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_MSG), BOARD_ICD_BUSY | 9);
    assert_int_equal(rd(&r, 1, BOARD_ICD_IN_DATA(1)), 77);
    assert_int_equal(ds_icd_sem_holder(r.d, 4), 1);
    assert_int_equal(rd(&r, 0, BOARD_ICD_BOOT(1)), 0x40000400);
    ds_icd_free(r.d);

    /* into a device of another size: refused with a message */
    rig_init(&r, 3);
    ds_snap_r_init(&rd_, w.p, w.len, err, sizeof err);
    assert_false(ds_icd_load(r.d, &rd_));
    assert_non_null(strstr(err, "3 cores"));
    ds_icd_free(r.d);
    ds_icd_free(old);
    ds_snap_w_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_limits),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_semaphores),
        cmocka_unit_test(test_run_control),
        cmocka_unit_test(test_bus_errors),
        cmocka_unit_test(test_save_load),
        cmocka_unit_test(test_sync_observer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
