/* SPDX-License-Identifier: BSD-3-Clause */
/* CPU engine API: the memory map (xt_map errors, host access across and
 * outside regions, region names), MMIO callbacks as the guest sees them,
 * and self-modifying code (guest stores and host writes over code that was
 * already executed).  Snippets: test_cpu_mem.S. */
#include <stdlib.h>
#include <string.h>

#include "test_cpu_common.h"

#define MMIO_BASE 0x60000000u

/* ---- xt_map ------------------------------------------------------------ */

static bool dummy_read(void *u, uint32_t off, unsigned size, uint32_t *v)
{
    (void)u;
    (void)off;
    (void)size;
    *v = 0;
    return true;
}

static bool dummy_write(void *u, uint32_t off, unsigned size, uint32_t v)
{
    (void)u;
    (void)off;
    (void)size;
    (void)v;
    return true;
}

static void test_map_errors(void **state)
{
    (void)state;
    xt_cpu *cpu;
    assert_int_equal(xt_open(&cpu), XT_OK);
    assert_int_equal(xt_open(NULL), XT_ERR_ARG);

    xt_region_desc d = {
        .name = "r", .base = 0x10000, .size = 0x2000, .kind = XT_REGION_RAM
    };
    assert_int_equal(xt_map(NULL, &d), XT_ERR_ARG);
    assert_int_equal(xt_map(cpu, NULL), XT_ERR_ARG);

    xt_region_desc z = d;
    z.size = 0;
    assert_int_equal(xt_map(cpu, &z), XT_ERR_ARG);

    xt_region_desc u = d;
    u.base = 0x10800;
    assert_int_equal(xt_map(cpu, &u), XT_ERR_ALIGN);
    u.base = 0x10001;
    assert_int_equal(xt_map(cpu, &u), XT_ERR_ALIGN);
    u = d;
    u.size = 0x1800;
    assert_int_equal(xt_map(cpu, &u), XT_ERR_ALIGN);
    u.size = 1;
    assert_int_equal(xt_map(cpu, &u), XT_ERR_ALIGN);

    xt_region_desc k = d;
    k.kind = (xt_region_kind)7;
    assert_int_equal(xt_map(cpu, &k), XT_ERR_ARG);

    /* MMIO needs both callbacks */
    xt_region_desc m = {
        .name = "m", .base = 0x20000, .size = 0x1000, .kind = XT_REGION_MMIO
    };
    assert_int_equal(xt_map(cpu, &m), XT_ERR_ARG);
    m.read = dummy_read;
    assert_int_equal(xt_map(cpu, &m), XT_ERR_ARG);
    m.read = NULL;
    m.write = dummy_write;
    assert_int_equal(xt_map(cpu, &m), XT_ERR_ARG);
    /* none of the failed maps left anything behind */
    assert_null(xt_region_name(cpu, 0x10000));
    assert_null(xt_region_name(cpu, 0x20000));
    m.read = dummy_read;
    assert_int_equal(xt_map(cpu, &m), XT_OK);
    assert_string_equal(xt_region_name(cpu, 0x20000), "m");

    /* overlap: same range, partial at either end, contained, containing */
    assert_int_equal(xt_map(cpu, &d), XT_OK);
    xt_region_desc o = d;
    o.name = "o";
    assert_int_equal(xt_map(cpu, &o), XT_ERR_OVERLAP);
    o.base = 0xF000;
    o.size = 0x2000; /* 0xF000..0x10FFF */
    assert_int_equal(xt_map(cpu, &o), XT_ERR_OVERLAP);
    o.base = 0x11000; /* 0x11000..0x12FFF */
    assert_int_equal(xt_map(cpu, &o), XT_ERR_OVERLAP);
    o.base = 0x11000;
    o.size = 0x1000; /* inside */
    assert_int_equal(xt_map(cpu, &o), XT_ERR_OVERLAP);
    o.base = 0x0;
    o.size = 0x100000; /* contains both regions */
    assert_int_equal(xt_map(cpu, &o), XT_ERR_OVERLAP);
    /* a failed map changes nothing: the non-overlapping part is unmapped */
    assert_null(xt_region_name(cpu, 0xF000));
    assert_null(xt_region_name(cpu, 0x13000));
    assert_string_equal(xt_region_name(cpu, 0x10000), "r");
    /* adjacent regions on both sides are fine */
    o.base = 0xF000;
    o.size = 0x1000;
    assert_int_equal(xt_map(cpu, &o), XT_OK);
    o.name = "o2";
    o.base = 0x12000;
    assert_int_equal(xt_map(cpu, &o), XT_OK);
    assert_string_equal(xt_region_name(cpu, 0xFFFF), "o");
    assert_string_equal(xt_region_name(cpu, 0x12000), "o2");
    assert_string_equal(xt_region_name(cpu, 0x11FFF), "r");

    /* wait states above 255 are rejected */
    xt_region_desc w = { .name = "w",
                         .base = 0x30000,
                         .size = 0x1000,
                         .kind = XT_REGION_RAM,
                         .read_wait = 256 };
    assert_int_equal(xt_map(cpu, &w), XT_ERR_ARG);
    w.read_wait = 255;
    assert_int_equal(xt_map(cpu, &w), XT_OK);

    xt_close(cpu);
    xt_close(NULL);
}

static void test_map_wrap(void **state)
{
    (void)state;
    xt_cpu *cpu;
    assert_int_equal(xt_open(&cpu), XT_OK);
    /* base + size past 4 GiB */
    xt_region_desc d = { .name = "top",
                         .base = 0xFFFFF000u,
                         .size = 0x2000,
                         .kind = XT_REGION_RAM };
    assert_int_equal(xt_map(cpu, &d), XT_ERR_ARG);
    d.base = 0x80000000u;
    d.size = 0x80001000u;
    assert_int_equal(xt_map(cpu, &d), XT_ERR_ARG);
    d.size = 0xFFFFF000u;
    assert_int_equal(xt_map(cpu, &d), XT_ERR_ARG);
    /* nothing was mapped, in particular not the low pages a wrap would hit */
    assert_null(xt_region_name(cpu, 0));
    assert_null(xt_region_name(cpu, 0x80000000u));
    /* ending exactly at 4 GiB is fine */
    d.base = 0xFFFFF000u;
    d.size = 0x1000;
    assert_int_equal(xt_map(cpu, &d), XT_OK);
    assert_string_equal(xt_region_name(cpu, 0xFFFFFFFFu), "top");
    xt_region_desc low = {
        .name = "low", .base = 0, .size = 0x1000, .kind = XT_REGION_RAM
    };
    assert_int_equal(xt_map(cpu, &low), XT_OK);
    /* host access does not wrap from the top page to address 0 */
    uint8_t b[4] = { 1, 2, 3, 4 };
    assert_int_equal(xt_mem_write(cpu, 0xFFFFFFFEu, b, 4), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_read(cpu, 0xFFFFFFFEu, b, 4), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_write(cpu, 0xFFFFFFFCu, b, 4), XT_OK);
    uint8_t r[4] = { 0 };
    assert_int_equal(xt_mem_read(cpu, 0xFFFFFFFCu, r, 4), XT_OK);
    assert_memory_equal(r, b, 4);
    xt_close(cpu);
}

/* A region over 1 MiB has its pages' entries filled when first reached
 * (mem.c, LAZY_REGION_MIN): it overlaps, names, is read and written by
 * the host, loaded from, stored to and run from as any region; a memory
 * hook added once its page's entry is filled sees the next load there. */
static void test_large_region(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    const uint32_t base = 0x50000000u, size = 8u << 20, end = base + size;
    tc_map(cpu, "big", base, size, XT_REGION_RAM);
    xt_region_desc o = { .name = "o",
                         .base = base + size / 2,
                         .size = 0x1000,
                         .kind = XT_REGION_RAM };
    assert_int_equal(xt_map(cpu, &o), XT_ERR_OVERLAP);
    o.base = base - 0x1000;
    o.size = 0x2000;
    assert_int_equal(xt_map(cpu, &o), XT_ERR_OVERLAP);
    o.base = end;
    o.size = 0x1000;
    assert_int_equal(xt_map(cpu, &o), XT_OK);
    assert_string_equal(xt_region_name(cpu, end - 1), "big");
    assert_string_equal(xt_region_name(cpu, end), "o");
    assert_null(xt_region_name(cpu, base - 1));

    uint32_t w = 0x12345678u, r = 0;
    assert_int_equal(xt_mem_write(cpu, end - 4, &w, 4), XT_OK);
    assert_int_equal(xt_mem_read(cpu, end - 4, &r, 4), XT_OK);
    assert_int_equal(r, w);
    /* a load and a store, twice: the page's entry is filled by the first */
    for (uint32_t i = 0; i < 2; i++) {
        tc_set_ar(cpu, 2, end - 4);
        tc_set_ar(cpu, 3, 0xCAFE0000u + i);
        assert_int_equal(tc_step(cpu, tc_sym("one_load")), XT_STOP_INSN_BUDGET);
        assert_int_equal(tc_ar(cpu, 4), i ? 0xCAFE0000u : w);
        assert_int_equal(tc_step(cpu, tc_sym("one_store")),
                         XT_STOP_INSN_BUDGET);
        assert_int_equal(xt_mem_read(cpu, end - 4, &r, 4), XT_OK);
        assert_int_equal(r, 0xCAFE0000u + i);
    }
    /* code there: the load copied to the region's middle and run */
    uint8_t code[3];
    assert_int_equal(xt_mem_read(cpu, tc_sym("one_load"), code, 3), XT_OK);
    assert_int_equal(xt_mem_write(cpu, base + size / 2, code, 3), XT_OK);
    tc_set_ar(cpu, 2, end - 4);
    assert_int_equal(tc_step(cpu, base + size / 2), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_ar(cpu, 4), 0xCAFE0001u);
    assert_int_equal(tc_pc(cpu), base + size / 2 + 3);
    /* a hook now: the filled page's fast path gives way to it */
    xt_hook h;
    unsigned big_loads = 0;
    assert_int_equal(xt_hook_add(cpu, &h, XT_HOOK_MEM_READ,
                                 (void *)tc_count_mem, &big_loads, base,
                                 end - 1),
                     XT_OK);
    assert_int_equal(tc_step(cpu, tc_sym("one_load")), XT_STOP_INSN_BUDGET);
    assert_int_equal(big_loads, 1);
    assert_int_equal(xt_hook_del(cpu, h), XT_OK);
    xt_close(cpu);
}

/* ---- host access ---------------------------------------------------- */

static void test_mem_rw_boundaries(void **state)
{
    (void)state;
    xt_cpu *cpu;
    assert_int_equal(xt_open(&cpu), XT_OK);
    xt_region_desc a = {
        .name = "a", .base = 0x10000, .size = 0x2000, .kind = XT_REGION_RAM
    };
    xt_region_desc b = {
        .name = "b", .base = 0x12000, .size = 0x1000, .kind = XT_REGION_ROM
    };
    xt_region_desc m = { .name = "m",
                         .base = 0x14000,
                         .size = 0x1000,
                         .kind = XT_REGION_MMIO,
                         .read = dummy_read,
                         .write = dummy_write };
    assert_int_equal(xt_map(cpu, &a), XT_OK);
    assert_int_equal(xt_map(cpu, &b), XT_OK);
    assert_int_equal(xt_map(cpu, &m), XT_OK);

    /* memory starts zeroed */
    uint8_t buf[16];
    memset(buf, 0xEE, sizeof buf);
    assert_int_equal(xt_mem_read(cpu, 0x10000, buf, 16), XT_OK);
    for (int i = 0; i < 16; i++)
        assert_int_equal(buf[i], 0);

    /* one write and one read spanning RAM a and ROM b (host may write ROM) */
    uint8_t pat[12];
    for (int i = 0; i < 12; i++)
        pat[i] = (uint8_t)(0x40 + i);
    assert_int_equal(xt_mem_write(cpu, 0x11FFA, pat, 12), XT_OK);
    uint8_t got[12] = { 0 };
    assert_int_equal(xt_mem_read(cpu, 0x11FFA, got, 12), XT_OK);
    assert_memory_equal(got, pat, 12);
    /* each region holds its part */
    uint8_t x;
    assert_int_equal(xt_mem_read(cpu, 0x11FFF, &x, 1), XT_OK);
    assert_int_equal(x, 0x45);
    assert_int_equal(xt_mem_read(cpu, 0x12000, &x, 1), XT_OK);
    assert_int_equal(x, 0x46);
    assert_int_equal(xt_mem_read(cpu, 0x12005, &x, 1), XT_OK);
    assert_int_equal(x, 0x4B);

    /* ROM b ends at 0x12FFF; 0x13000 is unmapped */
    assert_int_equal(xt_mem_read(cpu, 0x12FFE, got, 4), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_write(cpu, 0x12FFE, pat, 4), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_read(cpu, 0x12FFC, got, 4), XT_OK);
    assert_int_equal(xt_mem_read(cpu, 0x13000, got, 1), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_write(cpu, 0x13000, pat, 1), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_read(cpu, 0xFFFF, got, 2), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_read(cpu, 0x0, got, 1), XT_ERR_UNMAPPED);
    assert_int_equal(xt_mem_read(cpu, 0x80000000u, got, 4), XT_ERR_UNMAPPED);
    /* MMIO is not host-accessible memory */
    assert_int_not_equal(xt_mem_read(cpu, 0x14000, got, 4), XT_OK);
    assert_int_not_equal(xt_mem_write(cpu, 0x14000, pat, 4), XT_OK);

    /* bad arguments */
    assert_int_equal(xt_mem_read(NULL, 0x10000, got, 4), XT_ERR_ARG);
    assert_int_equal(xt_mem_write(NULL, 0x10000, pat, 4), XT_ERR_ARG);
    assert_int_equal(xt_mem_read(cpu, 0x10000, NULL, 4), XT_ERR_ARG);
    assert_int_equal(xt_mem_write(cpu, 0x10000, NULL, 4), XT_ERR_ARG);

    /* a large transfer across the whole of a and b */
    size_t n = 0x3000;
    uint8_t *big = malloc(n), *back = malloc(n);
    assert_non_null(big);
    assert_non_null(back);
    for (size_t i = 0; i < n; i++)
        big[i] = (uint8_t)(i * 7 + 3);
    assert_int_equal(xt_mem_write(cpu, 0x10000, big, n), XT_OK);
    assert_int_equal(xt_mem_read(cpu, 0x10000, back, n), XT_OK);
    assert_memory_equal(back, big, n);
    assert_int_equal(xt_mem_read(cpu, 0x10000, back, n + 1), XT_ERR_UNMAPPED);
    free(big);
    free(back);
    xt_close(cpu);
}

static void test_region_name(void **state)
{
    (void)state;
    xt_cpu *cpu;
    assert_int_equal(xt_open(&cpu), XT_OK);
    char name[16];
    strcpy(name, "sram");
    xt_region_desc d = {
        .name = name, .base = 0x3FFE8000u, .size = 0x8000, .kind = XT_REGION_RAM
    };
    assert_int_equal(xt_map(cpu, &d), XT_OK);
    strcpy(name, "XXXX"); /* the name was copied */
    assert_string_equal(xt_region_name(cpu, 0x3FFE8000u), "sram");
    assert_string_equal(xt_region_name(cpu, 0x3FFEC123u), "sram");
    assert_string_equal(xt_region_name(cpu, 0x3FFEFFFFu), "sram");
    assert_null(xt_region_name(cpu, 0x3FFE7FFFu));
    assert_null(xt_region_name(cpu, 0x3FFF0000u));
    assert_null(xt_region_name(NULL, 0x3FFE8000u));
    xt_region_desc m = { .name = "uart",
                         .base = 0x60000000u,
                         .size = 0x1000,
                         .kind = XT_REGION_MMIO,
                         .read = dummy_read,
                         .write = dummy_write };
    assert_int_equal(xt_map(cpu, &m), XT_OK);
    assert_string_equal(xt_region_name(cpu, 0x60000FFCu), "uart");
    /* names survive a reset */
    xt_reset(cpu);
    assert_string_equal(xt_region_name(cpu, 0x3FFE8000u), "sram");
    xt_close(cpu);
}

/* ---- MMIO ------------------------------------------------------------ */

typedef struct access {
    int write;
    uint32_t off;
    unsigned size;
    uint32_t value;
} access;

typedef struct dev {
    uint8_t bytes[32];
    access log[16];
    unsigned n;
    bool fail;
} dev;

static bool dev_read(void *user, uint32_t off, unsigned size, uint32_t *value)
{
    dev *d = user;
    uint32_t v = 0;
    for (unsigned i = 0; i < size && off + i < sizeof d->bytes; i++)
        v |= (uint32_t)d->bytes[off + i] << (8 * i);
    if (d->n < 16)
        d->log[d->n++] = (access){ 0, off, size, v };
    *value = v;
    return !d->fail;
}

static bool dev_write(void *user, uint32_t off, unsigned size, uint32_t value)
{
    dev *d = user;
    if (d->n < 16)
        d->log[d->n++] = (access){ 1, off, size, value };
    return !d->fail;
}

static xt_cpu *mmio_cpu(dev *d)
{
    xt_cpu *cpu = tc_open();
    memset(d, 0, sizeof(*d));
    static const uint8_t init[16] = {
        0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x55, 0x9A,
        0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF,
    };
    memcpy(d->bytes, init, sizeof init);
    xt_region_desc m = { .name = "dev",
                         .base = MMIO_BASE,
                         .size = 0x1000,
                         .kind = XT_REGION_MMIO,
                         .read = dev_read,
                         .write = dev_write,
                         .user = d };
    assert_int_equal(xt_map(cpu, &m), XT_OK);
    return cpu;
}

static void expect_access(const access *a, int write, uint32_t off,
                          unsigned size, uint32_t value)
{
    assert_int_equal(a->write, write);
    assert_int_equal(a->off, off);
    assert_int_equal(a->size, size);
    assert_int_equal(a->value, value);
}

static void test_mmio_loads(void **state)
{
    (void)state;
    dev d;
    xt_cpu *cpu = mmio_cpu(&d);
    tc_set_ar(cpu, 2, MMIO_BASE);
    assert_int_equal(tc_go(cpu, "mmio_loads", "mmio_loads_end"), XT_STOP_UNTIL);
    assert_int_equal(d.n, 5);
    expect_access(&d.log[0], 0, 1, 1, 0x11);
    expect_access(&d.log[1], 0, 2, 2, 0x3322);
    expect_access(&d.log[2], 0, 6, 2, 0x9A55);
    expect_access(&d.log[3], 0, 8, 4, 0xBBAA9988u);
    expect_access(&d.log[4], 0, 12, 4, 0xFFEEDDCCu);
    assert_int_equal(tc_ar(cpu, 3), 0x11);
    assert_int_equal(tc_ar(cpu, 4), 0x3322);
    assert_int_equal(tc_ar(cpu, 6), 0xBBAA9988u);
    assert_int_equal(tc_ar(cpu, 7), 0xFFEEDDCCu);
    /* Regression (fixed in ae200ab): l16si through the slow access path
     * returned the halfword zero-extended (0x00009A55).  L16SI
     * sign-extends bit 15 whatever memory is behind the address. */
    assert_int_equal(tc_ar(cpu, 5), 0xFFFF9A55u);
    xt_close(cpu);
}

static void test_mmio_stores(void **state)
{
    (void)state;
    dev d;
    xt_cpu *cpu = mmio_cpu(&d);
    tc_set_ar(cpu, 2, MMIO_BASE);
    tc_set_ar(cpu, 3, 0x12345678u);
    assert_int_equal(tc_go(cpu, "mmio_stores", "mmio_stores_end"),
                     XT_STOP_UNTIL);
    assert_int_equal(d.n, 4);
    expect_access(&d.log[2], 1, 8, 4, 0x12345678u);
    expect_access(&d.log[3], 1, 12, 4, 0x12345678u);
    assert_int_equal(d.log[0].off, 3);
    assert_int_equal(d.log[0].size, 1);
    assert_int_equal(d.log[1].off, 6);
    assert_int_equal(d.log[1].size, 2);
    /* Regression (fixed in ae200ab): s8i/s16i handed the callback the
     * whole source register (0x12345678).  A 1- or 2-byte bus write
     * carries only the stored bytes (0x78 / 0x5678). */
    assert_int_equal(d.log[0].value, 0x78);
    assert_int_equal(d.log[1].value, 0x5678);
    xt_close(cpu);
}

static void test_mmio_bus_error(void **state)
{
    (void)state;
    dev d;
    xt_cpu *cpu = mmio_cpu(&d);
    d.fail = true;
    tc_set_sr(cpu, XT_SR_EXCVADDR, 0);
    tc_set_ar(cpu, 2, MMIO_BASE + 0x20);
    tc_set_ar(cpu, 4, 0xCAFE);
    /* load */
    uint32_t pc = tc_sym("one_load");
    assert_int_equal(tc_run_from(cpu, pc, TC_VEC_KERNEL), XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LOAD_STORE_DATA_ERROR);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCVADDR), MMIO_BASE + 0x20);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), pc);
    assert_int_equal(tc_ar(cpu, 4), 0xCAFE); /* not written */
    assert_int_equal(d.n, 1);
    expect_access(&d.log[0], 0, 0x20, 4, 0);
    /* store */
    tc_set_sr(cpu, XT_SR_PS, 0);
    tc_set_ar(cpu, 2, MMIO_BASE + 0x44);
    tc_set_ar(cpu, 3, 0x55AA);
    pc = tc_sym("one_store");
    assert_int_equal(tc_run_from(cpu, pc, TC_VEC_KERNEL), XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LOAD_STORE_DATA_ERROR);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCVADDR), MMIO_BASE + 0x44);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), pc);
    assert_int_equal(d.n, 2);
    expect_access(&d.log[1], 1, 0x44, 4, 0x55AA);
    /* when the device answers again, the same load works */
    d.fail = false;
    tc_set_sr(cpu, XT_SR_PS, 0);
    tc_set_ar(cpu, 2, MMIO_BASE + 8);
    assert_int_equal(tc_step(cpu, tc_sym("one_load")), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), tc_sym("one_store"));
    assert_int_equal(tc_ar(cpu, 4), 0xBBAA9988u);
    xt_close(cpu);
}

static void test_mmio_fetch(void **state)
{
    (void)state;
    dev d;
    xt_cpu *cpu = mmio_cpu(&d);
    tc_set_sr(cpu, XT_SR_EXCVADDR, 0);
    tc_set_ar(cpu, 2, MMIO_BASE + 0x10);
    assert_int_equal(tc_run_from(cpu, tc_sym("one_jump"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_INSTR_ADDR_ERROR);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), MMIO_BASE + 0x10);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCVADDR), MMIO_BASE + 0x10);
    assert_int_equal(d.n, 0); /* fetches never reach the device */
    /* only the jx was executed */
    assert_int_equal(xt_insn_count(cpu), 1);
    xt_close(cpu);
}

/* ---- self-modifying code ------------------------------------------------ */

static void test_smc_guest_store_loop(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set_ar(cpu, 3, 2);
    tc_set_ar(cpu, 4, tc_sym("smc_target") + 2);
    assert_int_equal(tc_go(cpu, "smc_loop", "smc_loop_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 2);
    assert_int_equal(tc_ar(cpu, 6), 1 + 2);
    /* and again: the patched code is now the original */
    tc_set_ar(cpu, 3, 9);
    assert_int_equal(tc_go(cpu, "smc_loop", "smc_loop_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 6), 2 + 9);
    xt_close(cpu);
}

static void test_smc_next_insn(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set_ar(cpu, 4, tc_sym("smc_next_insn") + 2);
    tc_set_ar(cpu, 3, 1); /* first pass: stores the byte already there */
    assert_int_equal(tc_go(cpu, "smc_next", "smc_next_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 1);
    tc_set_ar(cpu, 3, 5); /* the decoded movi a2, 1 is now stale */
    assert_int_equal(tc_go(cpu, "smc_next", "smc_next_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 5);
    tc_set_ar(cpu, 3, 0x7F);
    assert_int_equal(tc_go(cpu, "smc_next", "smc_next_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 0x7F);
    xt_close(cpu);
}

static void test_smc_word_store(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t insn = tc_sym("smc_word_insn");
    uint32_t word;
    assert_int_equal(xt_mem_read(cpu, insn, &word, 4), XT_OK);
    /* first run with the word unchanged */
    tc_set_ar(cpu, 3, word);
    tc_set_ar(cpu, 4, insn);
    assert_int_equal(tc_go(cpu, "smc_word", "smc_word_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 1);
    /* movi a2, 1 -> movi a2, 0x63: imm8 is the instruction's third byte */
    tc_set_ar(cpu, 3, (word & 0xFF00FFFFu) | (0x63u << 16));
    assert_int_equal(tc_go(cpu, "smc_word", "smc_word_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 0x63);
    xt_close(cpu);
}

static void test_smc_host_write(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    assert_int_equal(tc_go(cpu, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 7);
    uint32_t a = tc_sym("smc_func");
    uint8_t b[3];
    assert_int_equal(xt_mem_read(cpu, a, b, 3), XT_OK);
    b[2] = 42;
    assert_int_equal(xt_mem_write(cpu, a, b, 3), XT_OK);
    assert_int_equal(tc_go(cpu, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 42);
    /* a one-byte write to the middle of the instruction is seen too */
    uint8_t v = 43;
    assert_int_equal(xt_mem_write(cpu, a + 2, &v, 1), XT_OK);
    assert_int_equal(tc_go(cpu, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 43);
    /* replace the instruction with ill: the next run faults on it */
    uint8_t ill[3] = { 0, 0, 0 };
    assert_int_equal(xt_mem_write(cpu, a, ill, 3), XT_OK);
    assert_int_equal(tc_run_from(cpu, a, TC_VEC_KERNEL), XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_ILLEGAL);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), a);
    xt_close(cpu);
}

/* An instruction that straddles a page boundary: executed, then patched
 * in its second page by the host and by the guest. */
static void test_smc_page_straddle(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t src = tc_sym("pb_code");
    uint32_t len = tc_sym("pb_end") - src;
    uint32_t off = tc_sym("pb_insn") - src;
    uint32_t page = TC_DRAM + 0x3000;
    uint32_t at = page - off - 1; /* pb_insn at page - 1 */
    uint8_t code[16];
    assert_true(len <= sizeof code);
    assert_int_equal(xt_mem_read(cpu, src, code, len), XT_OK);
    assert_int_equal(xt_mem_write(cpu, at, code, len), XT_OK);
    uint32_t insn = at + off, end = at + len;
    assert_int_equal(insn, page - 1);

    assert_int_equal(tc_run_from(cpu, at, end), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 1);
    assert_int_equal(tc_ar(cpu, 3), 2);
    assert_int_equal(tc_ar(cpu, 4), 3);
    assert_int_equal(xt_insn_count(cpu), 3);

    /* host write of the immediate byte, which lies in the next page */
    uint8_t v = 0x44;
    assert_int_equal(xt_mem_write(cpu, insn + 2, &v, 1), XT_OK);
    assert_int_equal(tc_run_from(cpu, at, end), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 3), 0x44);
    assert_int_equal(xt_insn_count(cpu), 6);

    /* guest store of the same byte */
    tc_set_ar(cpu, 3, 0x55);
    tc_set_ar(cpu, 4, insn + 2);
    assert_int_equal(tc_go(cpu, "store_byte", "store_byte_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_run_from(cpu, at, end), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 3), 0x55);
    assert_int_equal(tc_ar(cpu, 4), 3);
    xt_close(cpu);
}

/* ---- memory shared by several CPUs (xt_region_desc.share) -------------- */

static xt_cpu *open_sharing(xt_cpu *owner)
{
    xt_cpu *cpu;
    assert_int_equal(xt_open(&cpu), XT_OK);
    xt_region_desc d = { .name = "iram",
                         .base = TC_IRAM,
                         .size = TC_IRAM_SIZE,
                         .kind = XT_REGION_RAM,
                         .share = owner };
    assert_int_equal(xt_map(cpu, &d), XT_OK);
    d = (xt_region_desc){ .name = "dram",
                          .base = TC_DRAM,
                          .size = TC_DRAM_SIZE,
                          .kind = XT_REGION_RAM,
                          .share = owner };
    assert_int_equal(xt_map(cpu, &d), XT_OK);
    tc_set_sr(cpu, XT_SR_PS, 0);
    return cpu;
}

static void test_shared_map_errors(void **state)
{
    (void)state;
    xt_cpu *a = tc_open(), *b;
    assert_int_equal(xt_open(&b), XT_OK);
    xt_region_desc d = { .name = "x",
                         .base = TC_IRAM,
                         .size = TC_IRAM_SIZE,
                         .kind = XT_REGION_RAM,
                         .share = a };
    d.size = TC_IRAM_SIZE / 2; /* not the same size */
    assert_int_equal(xt_map(b, &d), XT_ERR_ARG);
    d.size = TC_IRAM_SIZE;
    d.kind = XT_REGION_ROM; /* not the same kind */
    assert_int_equal(xt_map(b, &d), XT_ERR_ARG);
    d.kind = XT_REGION_RAM;
    d.base = 0x20000000u; /* a has nothing there */
    assert_int_equal(xt_map(b, &d), XT_ERR_ARG);
    d.base = TC_IRAM;
    d.share = b; /* itself */
    assert_int_equal(xt_map(b, &d), XT_ERR_ARG);
    d.share = a;
    assert_int_equal(xt_map(b, &d), XT_OK);
    assert_string_equal(xt_region_name(b, TC_IRAM), "x");
    /* a CPU of another group cannot join this one */
    xt_cpu *c = tc_open(), *e;
    assert_int_equal(xt_open(&e), XT_OK);
    xt_region_desc f = { .name = "y",
                         .base = TC_DRAM,
                         .size = TC_DRAM_SIZE,
                         .kind = XT_REGION_RAM,
                         .share = c };
    assert_int_equal(xt_map(e, &f), XT_OK);
    f.share = a;
    f.base = TC_DRAM; /* overlaps its own */
    assert_int_equal(xt_map(e, &f), XT_ERR_OVERLAP);
    f = (xt_region_desc){ .name = "z",
                          .base = TC_IRAM,
                          .size = TC_IRAM_SIZE,
                          .kind = XT_REGION_RAM,
                          .share = a };
    assert_int_equal(xt_map(e, &f), XT_ERR_ARG);
    xt_close(e);
    xt_close(c);
    xt_close(b);
    xt_close(a);
}

/* Code one CPU decoded is dropped when another writes it, by a host write
 * or a guest store; data written by one is read by the other. */
static void test_shared_code_and_data(void **state)
{
    (void)state;
    xt_cpu *a = tc_open(), *b = open_sharing(a), *c = open_sharing(b);
    assert_int_equal(tc_go(b, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(b, 2), 7);
    uint32_t f = tc_sym("smc_func");
    uint8_t v = 42;
    assert_int_equal(xt_mem_write(a, f + 2, &v, 1), XT_OK);
    assert_int_equal(tc_go(b, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(b, 2), 42);
    /* a guest store by c over the code a and b decoded */
    assert_int_equal(tc_go(a, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(a, 2), 42);
    tc_set_ar(c, 3, 9);
    tc_set_ar(c, 4, f + 2);
    assert_int_equal(tc_go(c, "store_byte", "store_byte_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_go(a, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(a, 2), 9);
    assert_int_equal(tc_go(b, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(b, 2), 9);
    /* data: a guest store by b is there for a at once */
    tc_set_ar(b, 3, 0x5A);
    tc_set_ar(b, 4, TC_DRAM + 0x100);
    assert_int_equal(tc_go(b, "store_byte", "store_byte_end"), XT_STOP_UNTIL);
    uint8_t got = 0;
    assert_int_equal(xt_mem_read(a, TC_DRAM + 0x100, &got, 1), XT_OK);
    assert_int_equal(got, 0x5A);

    /* saved state: the sharers' holds no bytes, and fits only a sharer */
    assert_true(xt_state_size(b) + TC_IRAM_SIZE + TC_DRAM_SIZE ==
                xt_state_size(a));
    size_t nb = xt_state_size(b), na = xt_state_size(a);
    uint8_t *sb = malloc(nb), *sa = malloc(na);
    assert_int_equal(xt_state_save(b, sb, nb), XT_OK);
    assert_int_equal(xt_state_save(a, sa, na), XT_OK);
    assert_int_equal(xt_state_load(c, sb, nb), XT_OK);
    assert_int_equal(xt_state_load(c, sa, na), XT_ERR_STATE);
    assert_int_equal(xt_state_load(a, sb, nb), XT_ERR_STATE);
    free(sb);
    free(sa);

    /* the middle one leaves the group; the others still share */
    xt_close(b);
    v = 11;
    assert_int_equal(xt_mem_write(c, f + 2, &v, 1), XT_OK);
    assert_int_equal(tc_go(a, "smc_func", "smc_func_end"), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(a, 2), 11);
    xt_close(c);
    xt_close(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_errors),
        cmocka_unit_test(test_map_wrap),
        cmocka_unit_test(test_large_region),
        cmocka_unit_test(test_mem_rw_boundaries),
        cmocka_unit_test(test_region_name),
        cmocka_unit_test(test_mmio_loads),
        cmocka_unit_test(test_mmio_stores),
        cmocka_unit_test(test_mmio_bus_error),
        cmocka_unit_test(test_mmio_fetch),
        cmocka_unit_test(test_smc_guest_store_loop),
        cmocka_unit_test(test_smc_next_insn),
        cmocka_unit_test(test_smc_word_store),
        cmocka_unit_test(test_smc_host_write),
        cmocka_unit_test(test_smc_page_straddle),
        cmocka_unit_test(test_shared_map_errors),
        cmocka_unit_test(test_shared_code_and_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
