/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the host-side decoders of the firmware's mailbox records
 * (harness/fwreport/fw_report.c): synthetic panic records and trace rings,
 * including truncated, empty, wrong-version and inconsistent ones (clear
 * status and message, never a crash). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fwreport/fw_report.h"
#include "abi/ipc_proto.h"

static struct ipc_panic_record sample_panic(void)
{
    struct ipc_panic_record r;
    memset(&r, 0, sizeof r);
    r.magic = IPC_PANIC_MAGIC;
    r.version = IPC_PANIC_VERSION;
    r.cause = 15;
    r.epc1 = 0x4000042b;
    r.excvaddr = 0x10;
    r.ps = 0x20;
    r.sar = 7;
    r.ccount = 123456;
    r.task_id = 2;
    for (unsigned i = 0; i < 16; i++)
        r.a[i] = 0x100 + i;
    r.stack_addr = r.a[1];
    for (unsigned i = 0; i < IPC_PANIC_STACK_WORDS; i++)
        r.stack[i] = 0xA000 + i;
    return r;
}

static void test_panic_ok(void **state)
{
    (void)state;
    struct ipc_panic_record r = sample_panic();
    ds_fw_panic p;
    char err[128] = "";
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, err, sizeof err),
                     DS_FWR_OK);
    assert_int_equal(p.cause, 15);
    assert_int_equal(p.epc1, 0x4000042b);
    assert_int_equal(p.excvaddr, 0x10);
    assert_int_equal(p.sar, 7);
    assert_int_equal(p.task_id, 2);
    assert_int_equal(p.a[15], 0x10f);
    assert_int_equal(p.stack[15], 0xA00f);
    assert_int_equal(p.line, 0);
    assert_string_equal(p.file, "");
    assert_string_equal(ds_fw_cause_name(p.cause), "LoadStorePIFAddrError");
}

static void test_panic_text_fields(void **state)
{
    (void)state;
    struct ipc_panic_record r = sample_panic();
    ds_fw_panic p;
    r.cause = IPC_PANIC_CAUSE_SOFTWARE;
    r.line = 42;
    memset(r.file, 'f', sizeof r.file); /* no NUL at all */
    memcpy(r.msg, "x\x01y == 0", 8);    /* a control character */
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, NULL, 0), DS_FWR_OK);
    assert_int_equal(strlen(p.file), IPC_PANIC_FILE_LEN);
    assert_string_equal(p.msg, "x?y == 0");
    assert_int_equal(p.line, 42);
    assert_string_equal(ds_fw_cause_name(p.cause), "SoftwarePanic");
}

static void test_panic_malformed(void **state)
{
    (void)state;
    struct ipc_panic_record r = sample_panic();
    ds_fw_panic p;
    char err[128];

    assert_int_equal(ds_fw_panic_decode(&r, 100, &p, err, sizeof err),
                     DS_FWR_TRUNCATED);
    assert_non_null(strstr(err, "truncated: 100 of 256"));
    assert_int_equal(ds_fw_panic_decode(&r, 3, &p, err, sizeof err),
                     DS_FWR_TRUNCATED);
    assert_int_equal(ds_fw_panic_decode(NULL, 256, &p, err, sizeof err),
                     DS_FWR_BAD);
    r.version = 9;
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, err, sizeof err),
                     DS_FWR_VERSION);
    assert_non_null(strstr(err, "version 9"));
    r = sample_panic();
    r.cause = 0x5555;
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, err, sizeof err),
                     DS_FWR_BAD);
    assert_non_null(strstr(err, "cause 0x5555"));
    r = sample_panic();
    r.sar = 99;
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, err, sizeof err),
                     DS_FWR_BAD);
    memset(&r, 0, sizeof r);
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, err, sizeof err),
                     DS_FWR_EMPTY);
    assert_non_null(strstr(err, "no panic record"));
    memset(&r, 0xff, sizeof r); /* erased memory */
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, err, sizeof err),
                     DS_FWR_EMPTY);
}

static void test_panic_print(void **state)
{
    (void)state;
    struct ipc_panic_record r = sample_panic();
    ds_fw_panic p;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    r.line = 27;
    strcpy(r.file, "panic.c");
    strcpy(r.msg, "ptr != NULL");
    assert_int_equal(ds_fw_panic_decode(&r, sizeof r, &p, NULL, 0), DS_FWR_OK);
    ds_fw_panic_print(f, &p, NULL); /* no ELF: no symbols */
    fclose(f);
    assert_non_null(strstr(buf, "LoadStorePIFAddrError (cause 15) in task "
                                "2 at cycle 123456"));
    assert_non_null(strstr(buf, "at panic.c:27: ptr != NULL"));
    assert_non_null(strstr(buf, "epc1     0x4000042b\n"));
    assert_non_null(strstr(buf, "excvaddr 0x00000010"));
    assert_non_null(strstr(buf, "0x00000101: 0000a000 0000a001"));
    free(buf);
}

/* A ring region with cap entries, write_index n, entry k = {cycle 1000+k,
 * id k & 0xffff, level 1 + k % 4, args k, ~k}. */
static void make_ring(uint8_t *buf, uint32_t cap, uint32_t n)
{
    struct ipc_trace_ring h = { IPC_TRACE_MAGIC,
                                IPC_TRACE_VERSION,
                                sizeof(struct ipc_trace_entry),
                                cap,
                                n,
                                IPC_LOG_DEBUG,
                                { 0, 0 } };
    memset(buf, 0, IPC_MBOX_TRACE_SIZE);
    memcpy(buf, &h, sizeof h);
    for (uint32_t k = (n > cap ? n - cap : 0); k < n; k++) {
        struct ipc_trace_entry e = {
            1000 + k, (uint16_t)k, (uint8_t)(1 + k % 4), 0, { k, ~k }
        };
        memcpy(buf + sizeof h + (k % cap) * sizeof e, &e, sizeof e);
    }
}

static void test_trace_ok_and_wrap(void **state)
{
    (void)state;
    static uint8_t buf[IPC_MBOX_TRACE_SIZE];
    static ds_fw_trace t;

    make_ring(buf, IPC_TRACE_CAPACITY, 5);
    assert_int_equal(ds_fw_trace_decode(buf, sizeof buf, &t, NULL, 0),
                     DS_FWR_OK);
    assert_int_equal(t.count, 5);
    assert_int_equal(t.entries[4].cycle, 1004);
    assert_int_equal(t.entries[4].level, 1);
    assert_int_equal(t.entries[4].arg[1], ~4u);

    make_ring(buf, IPC_TRACE_CAPACITY, 1000); /* wrapped */
    assert_int_equal(ds_fw_trace_decode(buf, sizeof buf, &t, NULL, 0),
                     DS_FWR_OK);
    assert_int_equal(t.count, IPC_TRACE_CAPACITY);
    assert_int_equal(t.entries[0].index, 1000 - IPC_TRACE_CAPACITY);
    for (uint32_t i = 0; i < t.count; i++) {
        assert_int_equal(t.entries[i].index, 1000 - IPC_TRACE_CAPACITY + i);
        assert_int_equal(t.entries[i].cycle, 1000 + t.entries[i].index);
        assert_int_equal(t.entries[i].arg[0], t.entries[i].index);
    }

    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    ds_fw_trace_print(f, &t);
    fclose(f);
    assert_non_null(strstr(out, "1000 entries written, last 94 shown"));
    free(out);
}

static void test_trace_malformed(void **state)
{
    (void)state;
    static uint8_t buf[IPC_MBOX_TRACE_SIZE];
    static ds_fw_trace t;
    char err[128];

    make_ring(buf, IPC_TRACE_CAPACITY, 5);
    assert_int_equal(ds_fw_trace_decode(buf, 20, &t, err, sizeof err),
                     DS_FWR_TRUNCATED);
    assert_int_equal(ds_fw_trace_decode(buf, 200, &t, err, sizeof err),
                     DS_FWR_TRUNCATED);
    assert_non_null(strstr(err, "94 entries need"));
    buf[0] ^= 1;
    assert_int_equal(ds_fw_trace_decode(buf, sizeof buf, &t, err, sizeof err),
                     DS_FWR_EMPTY);
    make_ring(buf, IPC_TRACE_CAPACITY, 5);
    buf[4] = 7;
    assert_int_equal(ds_fw_trace_decode(buf, sizeof buf, &t, err, sizeof err),
                     DS_FWR_VERSION);
    make_ring(buf, IPC_TRACE_CAPACITY, 5);
    buf[12] = 0; /* capacity 0 */
    assert_int_equal(ds_fw_trace_decode(buf, sizeof buf, &t, err, sizeof err),
                     DS_FWR_BAD);
    buf[12] = 200; /* more than fits */
    assert_int_equal(ds_fw_trace_decode(buf, sizeof buf, &t, err, sizeof err),
                     DS_FWR_BAD);
    assert_non_null(strstr(err, "capacity 200"));
    make_ring(buf, IPC_TRACE_CAPACITY, 5);
    buf[8] = 12; /* entry size */
    assert_int_equal(ds_fw_trace_decode(buf, sizeof buf, &t, err, sizeof err),
                     DS_FWR_BAD);
    /* a small, consistent ring in a short buffer is fine */
    make_ring(buf, 4, 9);
    assert_int_equal(ds_fw_trace_decode(buf, 32 + 4 * 16, &t, err, sizeof err),
                     DS_FWR_OK);
    assert_int_equal(t.count, 4);
    assert_int_equal(t.entries[0].index, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_panic_ok),
        cmocka_unit_test(test_panic_text_fields),
        cmocka_unit_test(test_panic_malformed),
        cmocka_unit_test(test_panic_print),
        cmocka_unit_test(test_trace_ok_and_wrap),
        cmocka_unit_test(test_trace_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
