/* SPDX-License-Identifier: BSD-3-Clause */
/* The IPC host driver (harness/driver) against the stand-in firmware
 * tests/harness/guest/fake_fw.c: boot, replies, sequence and status
 * checks, timeouts, panic and idle diagnoses, notifications, marker
 * timing, and the timeline JSON parsed back with jansson (and its cap). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "driver/host_driver.h"
#include "abi/board_regs.h"
#include "harness_test_util.h"

#define FAKE FAKE_DIR "/harness_fake_fw.elf"

enum {
    C_FAIL = 1,
    C_MUTE,
    C_CRASH,
    C_BADSEQ,
    C_MISS,
    C_SLEEP,
    C_WRONGID,
    C_PERIODS,
    C_BADREQ,
    C_PING = 0x100
};

static unsigned notified;
static uint32_t last_notify;

static void on_notify(void *user, const dsh_drv_msg *m)
{
    (void)user;
    notified++;
    last_notify = m->id;
}

static dsh_drv *boot(const char *elf, dsh_timeline *tl, dsh_drv_err want)
{
    dsh_drv_opts o = {
        .elf = elf, .timeline = tl, .notify = on_notify, .reply_timeout = 200000
    };
    dsh_drv *d;
    char err[512];
    assert_int_equal(dsh_drv_new(&o, &d, err, sizeof err), DSH_DRV_OK);
    dsh_drv_err rc = dsh_drv_boot(d);
    if (rc != want)
        fprintf(stderr, "boot: %s\n%s\n", dsh_drv_err_name(rc),
                dsh_drv_diag(d));
    assert_int_equal(rc, want);
    notified = 0;
    return d;
}

static dsh_drv_err cmd(dsh_drv *d, uint32_t id, uint32_t arg, dsh_drv_msg *r)
{
    return dsh_drv_command(d, id, &arg, sizeof arg, r);
}

#define HAS(d, s)                                                              \
    do {                                                                       \
        if (!strstr(dsh_drv_diag(d), (s)))                                     \
            fail_msg("diagnosis lacks '%s':\n%s", (s), dsh_drv_diag(d));       \
    } while (0)

static void test_boot_and_ping(void **state)
{
    (void)state;
    dsh_drv *d = boot(FAKE, NULL, DSH_DRV_OK);
    const struct ipc_fw_ready *r = dsh_drv_ready(d);
    assert_int_equal(r->proto_version, IPC_PROTO_VERSION);
    assert_int_equal(r->hdr.seq, 1);
    assert_true(dsh_drv_cycles(d) < 20000);
    static dsh_drv_msg m;
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(cmd(d, C_PING, 0xC0DE0000u + i, &m), DSH_DRV_OK);
        assert_int_equal(m.hdr.id, C_PING);
        assert_int_equal(m.hdr.seq, 2 + i);
        assert_int_equal(m.hdr.status, 0);
        uint32_t cookie;
        memcpy(&cookie, m.body + 24, 4);
        assert_int_equal(cookie, 0xC0DE0000u + i);
    }
    const dsh_drv_stats *st = dsh_drv_get_stats(d);
    assert_int_equal(st->commands, 3);
    assert_int_equal(st->replies, 3);
    assert_int_equal(st->ipc_errors, 0);
    assert_true(st->max_reply_cycles > 0 && st->max_reply_cycles < 10000);
    dsh_drv_free(d);
}

/* An image opened by the caller (dsh_drv_opts.image, as `dspsim test`
 * shares one between its cases): used instead of the file named by elf
 * (a name that does not exist here), not freed by the driver: two
 * drivers in turn boot and answer from it, and its symbols stay
 * readable after both are gone. */
static void test_shared_image(void **state)
{
    (void)state;
    xt_elf *img = NULL;
    char err[512];
    assert_int_equal(xt_elf_open(FAKE, &img, err, sizeof err), XT_LOAD_OK);
    for (int i = 0; i < 2; i++) {
        dsh_drv_opts o = { .elf = "/nonexistent/not-this.elf",
                           .image = img,
                           .notify = on_notify,
                           .reply_timeout = 200000 };
        dsh_drv *d;
        assert_int_equal(dsh_drv_new(&o, &d, err, sizeof err), DSH_DRV_OK);
        assert_ptr_equal(dsh_drv_elf(d), img);
        assert_int_equal(dsh_drv_boot(d), DSH_DRV_OK);
        static dsh_drv_msg m;
        assert_int_equal(cmd(d, C_PING, 0xAB00u + (uint32_t)i, &m), DSH_DRV_OK);
        assert_int_equal(m.hdr.status, 0);
        dsh_drv_free(d);
    }
    assert_true(xt_elf_entry(img) != 0);
    xt_elf_free(img);
    /* without an image the name is opened: it does not exist */
    dsh_drv_opts o = { .elf = "/nonexistent/not-this.elf" };
    dsh_drv *d;
    assert_int_equal(dsh_drv_new(&o, &d, err, sizeof err), DSH_DRV_ESETUP);
    assert_non_null(strstr(err, "not-this.elf"));
}

static void test_error_status(void **state)
{
    (void)state;
    dsh_drv *d = boot(FAKE, NULL, DSH_DRV_OK);
    static dsh_drv_msg m;
    assert_int_equal(cmd(d, C_FAIL, 0, &m), DSH_DRV_ESTATUS);
    assert_int_equal(m.hdr.status, IPC_STATUS_AUD_RANGE);
    HAS(d, "AUD_RANGE (-6)");
    HAS(d, "field at byte 16");
    assert_int_equal(dsh_drv_get_stats(d)->ipc_errors, 1);
    /* the driver keeps working after an error reply */
    assert_int_equal(cmd(d, C_PING, 7, NULL), DSH_DRV_OK);
    assert_int_equal(cmd(d, 0x00AB, 0, NULL), DSH_DRV_ESTATUS);
    HAS(d, "E_UNKNOWN");
    assert_string_equal(dsh_drv_status_name(-1234), "status -1234");
    dsh_drv_free(d);
}

static void test_timeout(void **state)
{
    (void)state;
    dsh_drv *d = boot(FAKE, NULL, DSH_DRV_OK);
    uint64_t t0 = dsh_drv_cycles(d);
    assert_int_equal(cmd(d, C_MUTE, 0, NULL), DSH_DRV_ETIMEOUT);
    uint64_t t1 = dsh_drv_cycles(d);
    assert_true(t1 - t0 >= 200000 && t1 - t0 < 200100);
    HAS(d, "no reply to 0x2 (seq 1) by cycle");
    HAS(d, "(timeout)");
    HAS(d, "firmware trace ring");
    /* the next command cannot even be delivered: a clean timeout too */
    assert_int_equal(cmd(d, C_PING, 0, NULL), DSH_DRV_ETIMEOUT);
    HAS(d, "has not taken the previous command");
    dsh_drv_free(d);
}

static void test_panic(void **state)
{
    (void)state;
    dsh_drv *d = boot(FAKE, NULL, DSH_DRV_OK);
    assert_int_equal(cmd(d, C_CRASH, 0x77, NULL), DSH_DRV_EPANIC);
    HAS(d, "firmware panic notified");
    HAS(d, "SoftwarePanic");
    HAS(d, "fake_fw.c");
    HAS(d, "fake crash");
    HAS(d, "firmware trace ring");
    /* the end is sticky: later calls repeat it, the diagnosis stays */
    assert_int_equal(dsh_drv_run(d, 1000, NULL), DSH_DRV_EPANIC);
    assert_int_equal(cmd(d, C_PING, 0, NULL), DSH_DRV_EPANIC);
    HAS(d, "fake crash");
    dsh_drv_free(d);
}

static void test_protocol_errors(void **state)
{
    (void)state;
    dsh_drv *d = boot(FAKE, NULL, DSH_DRV_OK);
    assert_int_equal(cmd(d, C_BADSEQ, 0, NULL), DSH_DRV_EPROTO);
    HAS(d, "sequence number 3, expected 2");
    dsh_drv_free(d);

    d = boot(FAKE, NULL, DSH_DRV_OK);
    assert_int_equal(cmd(d, C_WRONGID, 0, NULL), DSH_DRV_EPROTO);
    HAS(d, "unexpected reply AUD_PING (0x100)");
    dsh_drv_free(d);

    d = boot(FAKE, NULL, DSH_DRV_OK);
    assert_int_equal(cmd(d, C_BADREQ, 0, NULL), DSH_DRV_EPROTO);
    HAS(d, "answers another command (req_seq 6, command seq 1)");
    dsh_drv_free(d);
}

static void test_idle(void **state)
{
    (void)state;
    dsh_drv *d = boot(FAKE, NULL, DSH_DRV_OK);
    /* WAITI with every interrupt masked: time passes to the budget (the
     * board skips idle cycles), then a clean timeout */
    uint64_t t0 = dsh_drv_cycles(d);
    assert_int_equal(cmd(d, C_SLEEP, 0, NULL), DSH_DRV_ETIMEOUT);
    assert_true(dsh_drv_cycles(d) - t0 >= 200000);
    HAS(d, "(timeout)");
    /* a run without a budget end would be idle: reported, not a hang */
    bool idle = false;
    assert_int_equal(dsh_drv_run(d, 1000, &idle), DSH_DRV_OK);
    dsh_drv_free(d);
}

static void test_notifications(void **state)
{
    (void)state;
    dsh_drv *d = boot(FAKE, NULL, DSH_DRV_OK);
    assert_int_equal(cmd(d, C_MISS, 5, NULL), DSH_DRV_OK);
    assert_int_equal(notified, 1);
    assert_int_equal(last_notify, IPC_NOTIFY_DEADLINE_MISS);
    const dsh_drv_stats *st = dsh_drv_get_stats(d);
    assert_int_equal(st->deadline_misses, 1);
    assert_int_equal(st->misses_reported, 5);
    assert_int_equal(st->notifications, 2); /* FW_READY + miss */
    dsh_drv_free(d);
}

static void test_boot_failures(void **state)
{
    (void)state;
    dsh_drv_opts o = { .elf = FAKE_DIR "/harness_fake_fw_noready.elf",
                       .boot_timeout = 50000 };
    dsh_drv *d;
    char err[512];
    assert_int_equal(dsh_drv_new(&o, &d, err, sizeof err), DSH_DRV_OK);
    assert_int_equal(dsh_drv_boot(d), DSH_DRV_ETIMEOUT);
    HAS(d, "no FW_READY within 50000 cycles");
    assert_true(dsh_drv_cycles(d) >= 50000 && dsh_drv_cycles(d) < 50100);
    dsh_drv_free(d);

    d = boot(FAKE_DIR "/harness_fake_fw_badver.elf", NULL, DSH_DRV_EPROTO);
    HAS(d, "IPC protocol 9.");
    dsh_drv_free(d);

    o.elf = FAKE_DIR "/does-not-exist.elf";
    assert_int_equal(dsh_drv_new(&o, &d, err, sizeof err), DSH_DRV_ESETUP);
    assert_null(d);
    assert_non_null(strstr(err, "does-not-exist.elf"));
    o.elf = FAKE;
    o.min_proto_minor = IPC_PROTO_MINOR + 1;
    assert_int_equal(dsh_drv_new(&o, &d, err, sizeof err), DSH_DRV_OK);
    assert_int_equal(dsh_drv_boot(d), DSH_DRV_EPROTO);
    HAS(d, "this host needs");
    dsh_drv_free(d);
}

/* The timeline read back with jansson. */
static json_t *get(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        fail_msg("no key '%s'", key);
    return v;
}

static const char *sget(json_t *o, const char *key)
{
    json_t *v = get(o, key);
    assert_true(json_is_string(v));
    return json_string_value(v);
}

static json_t *load(const char *path)
{
    json_error_t e;
    json_t *j = json_load_file(path, 0, &e);
    if (!j)
        fail_msg("timeline JSON does not parse: %s at line %d", e.text, e.line);
    return j;
}

static void test_markers_and_timeline(void **state)
{
    (void)state;
    dsh_timeline *tl = dsh_timeline_new(160e6);
    assert_non_null(tl);
    dsh_drv *d = boot(FAKE, tl, DSH_DRV_OK);
    /* the fake firmware uses no DMA: the host runs a DSP2HOST copy of 64
     * bytes on channel 1 (no interrupt) while the firmware works; the
     * driver's DMA observer must put it on the timeline */
    ds_board *b = dsh_drv_board(d);
    uint32_t dsc[5] = { BOARD_MBOX_BASE + BOARD_MBOX_STREAM_OFF, 0x8000, 64, 0,
                        (BOARD_DMA_DIR_DSP2HOST << BOARD_DMA_DESC_DIR_SHIFT) |
                            BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DST_INC };
    assert_int_equal(ds_board_mbox_write(b, 0xFE0, dsc, sizeof dsc), DS_OK);
    ds_dma *dma = ds_board_dma(b);
    assert_true(ds_dma_write(dma, BOARD_DMA_CH(1) + BOARD_DMA_DESC, 4,
                             BOARD_MBOX_BASE + 0xFE0));
    assert_true(ds_dma_write(dma, BOARD_DMA_CH(1) + BOARD_DMA_CTRL, 4,
                             BOARD_DMA_CTRL_START));
    assert_int_equal(cmd(d, C_PERIODS, 4, NULL), DSH_DRV_OK);
    assert_int_equal(ds_dma_channel_status(dma, 1), BOARD_DMA_ST_DONE);
    const dsh_drv_task_stats *ts;
    assert_int_equal(dsh_drv_tasks(d, &ts), 1);
    assert_int_equal(ts[0].task_id, 1);
    assert_int_equal(ts[0].jobs, 4);
    assert_true(ts[0].worst_cycles >= 1000 && ts[0].worst_cycles < 1200);
    assert_true(ts[0].period_cycles >= 2000 && ts[0].period_cycles < 2400);

    /* an escaped name must survive the round trip */
    dsh_timeline_instant(tl, "test \"track\"", "a\\b\n", 5, "x\ty");
    dsh_timeline_counter(tl, "load", 6, 0.25);
    dsh_timeline_instant(tl, "test", "bad\xff", 7, "\xfe!");
    const char *dir = ht_make_tmpdir("drv");
    const char *path = ht_path(dir, "timeline.json");
    char err[256];
    assert_int_equal(dsh_timeline_write(tl, path, err, sizeof err), 0);

    json_t *root = load(path);
    json_t *evs = get(root, "traceEvents");
    assert_true(json_is_array(evs));
    assert_int_equal(
        json_integer_value(get(get(root, "otherData"), "dropped_events")), 0);
    unsigned periods = 0, ipc = 0, meta = 0, escaped = 0, dma_x = 0;
    unsigned bad = 0;
    json_int_t dma_tid = 0;
    size_t i;
    json_t *e;
    json_array_foreach(evs, i, e)
    {
        const char *ph = sget(e, "ph");
        const char *name = sget(e, "name");
        if (!strcmp(ph, "M")) {
            meta++;
            if (!strcmp(name, "thread_name") &&
                !strcmp(sget(get(e, "args"), "name"), "dma 1"))
                dma_tid = json_integer_value(get(e, "tid"));
            continue;
        }
        assert_true(json_is_number(get(e, "ts")));
        if (!strcmp(ph, "X") && !strcmp(name, "period")) {
            periods++;
            double dur = json_number_value(get(e, "dur"));
            /* 1000..1200 cycles at 160 MHz */
            assert_true(dur >= 6.0 && dur < 7.6);
        }
        if (!strcmp(ph, "X") && !strcmp(name, "transfer")) {
            dma_x++;
            assert_int_equal(json_integer_value(get(e, "tid")), dma_tid);
            json_t *a = get(e, "args");
            assert_int_equal(json_integer_value(get(a, "bytes")), 64);
            assert_string_equal(sget(a, "src"), "0x3ff00800");
            assert_string_equal(sget(a, "dst"), "0x00008000");
            assert_true(json_number_value(get(e, "dur")) > 0);
        }
        if (!strcmp(name, "a\\b\n")) {
            escaped++;
            assert_string_equal(sget(get(e, "args"), "detail"), "x\ty");
        }
        /* not UTF-8: U+FFFD in the text, the bytes in detail_hex */
        if (!strcmp(name, "bad\xef\xbf\xbd")) {
            bad++;
            json_t *a = get(e, "args");
            assert_string_equal(sget(a, "detail"), "\xef\xbf\xbd!");
            assert_string_equal(sget(a, "detail_hex"), "fe21");
        }
        if (strstr(name, "0x8") && !strcmp(ph, "i"))
            ipc++;
    }
    assert_int_equal(periods, 4);
    assert_true(ipc >= 1);
    assert_true(meta >= 4);
    assert_int_equal(escaped, 1);
    assert_int_equal(bad, 1);
    assert_true(dma_tid > 0);
    assert_int_equal(dma_x, 1);
    json_decref(root);
    ht_remove_tree(dir);
    dsh_drv_free(d);
    dsh_timeline_free(tl);
}

/* The timeline keeps at most DSH_TIMELINE_MAX_EVENTS events; the rest
 * are counted, and the file says both. */
static void test_timeline_cap(void **state)
{
    (void)state;
    dsh_timeline *tl = dsh_timeline_new(160e6);
    assert_non_null(tl);
    for (unsigned i = 0; i < DSH_TIMELINE_MAX_EVENTS + 7; i++)
        dsh_timeline_span(tl, "t", "s", i, i + 1, NULL);
    assert_int_equal(dsh_timeline_count(tl), DSH_TIMELINE_MAX_EVENTS);
    assert_int_equal(dsh_timeline_dropped(tl), 7);
    const char *dir = ht_make_tmpdir("cap");
    const char *path = ht_path(dir, "timeline.json");
    char err[256];
    assert_int_equal(dsh_timeline_write(tl, path, err, sizeof err), 0);
    json_t *root = load(path);
    json_t *od = get(root, "otherData");
    assert_int_equal(json_integer_value(get(od, "max_events")),
                     DSH_TIMELINE_MAX_EVENTS);
    assert_int_equal(json_integer_value(get(od, "events")),
                     DSH_TIMELINE_MAX_EVENTS);
    assert_int_equal(json_integer_value(get(od, "dropped_events")), 7);
    /* process name + one track + the events */
    assert_int_equal(json_array_size(get(root, "traceEvents")),
                     DSH_TIMELINE_MAX_EVENTS + 2);
    json_decref(root);
    /* an unwritable file: -1, named, nothing left */
    assert_int_equal(
        dsh_timeline_write(tl, ht_path(dir, "no/t.json"), err, sizeof err), -1);
    assert_non_null(strstr(err, "no/t.json: cannot create"));
    ht_remove_tree(dir);
    dsh_timeline_free(tl);
}

/* dsh_timeline_around: the last events at or before a cycle and the
 * first after it, in time order, though stored out of order (a span is
 * stored at its end), counters left out; a NULL timeline gives none. */
static void test_timeline_around(void **state)
{
    (void)state;
    dsh_timeline *tl = dsh_timeline_new(160e6);
    assert_non_null(tl);
    for (uint64_t c = 100; c <= 1000; c += 100)
        dsh_timeline_instant(tl, "t", "mark", c, NULL);
    dsh_timeline_span(tl, "s", "late-stored", 450, 1200, "d");
    dsh_timeline_counter(tl, "load", 500, 1.0);
    dsh_timeline_line l[6];
    size_t n = dsh_timeline_around(tl, 500, 3, 3, l);
    assert_int_equal(n, 6);
    const uint64_t want[6] = { 400, 450, 500, 600, 700, 800 };
    for (size_t i = 0; i < n; i++)
        assert_int_equal(l[i].begin, want[i]);
    assert_string_equal(l[1].name, "late-stored");
    assert_string_equal(l[1].detail, "d");
    assert_int_equal(l[1].end, 1200);
    assert_null(l[0].detail);
    n = dsh_timeline_around(tl, 50, 3, 2, l);
    assert_int_equal(n, 2);
    assert_int_equal(l[0].begin, 100);
    assert_int_equal(dsh_timeline_around(NULL, 50, 3, 2, l), 0);
    dsh_timeline_free(tl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timeline_cap),
        cmocka_unit_test(test_boot_and_ping),
        cmocka_unit_test(test_shared_image),
        cmocka_unit_test(test_error_status),
        cmocka_unit_test(test_timeout),
        cmocka_unit_test(test_panic),
        cmocka_unit_test(test_protocol_errors),
        cmocka_unit_test(test_idle),
        cmocka_unit_test(test_notifications),
        cmocka_unit_test(test_boot_failures),
        cmocka_unit_test(test_markers_and_timeline),
        cmocka_unit_test(test_timeline_around),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
