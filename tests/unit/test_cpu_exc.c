/* SPDX-License-Identifier: BSD-3-Clause */
/* CPU engine API: guest faults (alignment, unmapped data and fetch, ROM
 * stores), the exception entry state (kernel/user/double vectors, EPC1,
 * DEPC, EXCVADDR), fatal exception loops, the reset state and region
 * protection (WxTLB/RxTLB, prohibited load/store/fetch).
 * Facts: /work/qemu-facts.md sections 2.1-2.3 and 3.  Snippets:
 * test_cpu_exc.S (vectors hold ill). */
#include <string.h>

#include "test_cpu_common.h"

#define EXT 0x60000000u /* extra RAM region, 512 MiB region 3 */

/* Set PS to 0 (EXCM clear) and the exception registers to
 * sentinels, so a test sees exactly what the next exception writes. */
static void clear_exc_state(xt_cpu *cpu)
{
    tc_set_sr(cpu, XT_SR_PS, 0);
    tc_set_sr(cpu, XT_SR_EPC1, 0x11111111u);
    tc_set_sr(cpu, XT_SR_DEPC, 0x22222222u);
    tc_set_sr(cpu, XT_SR_EXCVADDR, 0x33333333u);
    tc_set_sr(cpu, XT_SR_EXCCAUSE, 0x3F);
}

/* The last instruction stepped raised 'cause' from 'pc' through the kernel
 * vector (EXCM was 0). */
static void expect_kernel_exc(xt_cpu *cpu, unsigned cause, uint32_t pc,
                              uint32_t vaddr)
{
    assert_int_equal(tc_pc(cpu), TC_VEC_KERNEL);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), cause);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), pc);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCVADDR), vaddr);
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), 0x22222222u);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x10);
}

/* ---- reset ------------------------------------------------------------- */

static void check_reset_state(xt_cpu *cpu)
{
    assert_int_equal(tc_pc(cpu), 0x50000000u);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x1F);
    assert_int_equal(tc_sr(cpu, XT_SR_VECBASE), 0x40000000u);
    for (int i = 0; i < 16; i++)
        assert_int_equal(tc_ar(cpu, i), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_INTENABLE), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_INTERRUPT), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_CCOUNT), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_LITBASE), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_CONFIGID0), 0xC28CDAFAu);
    assert_int_equal(tc_sr(cpu, XT_SR_CONFIGID1), 0x1082B6F6u);
    assert_int_equal(xt_cycles(cpu), 0);
    assert_int_equal(xt_insn_count(cpu), 0);
}

static void test_reset_state(void **state)
{
    (void)state;
    xt_cpu *cpu;
    assert_int_equal(xt_open(&cpu), XT_OK);
    check_reset_state(cpu);
    xt_close(cpu);

    /* after running, xt_reset restores it but keeps memory and regions */
    cpu = tc_open();
    tc_set_ar(cpu, 2, TC_DRAM);
    tc_set_ar(cpu, 3, 0xA5A5A5A5u);
    assert_int_equal(tc_step(cpu, tc_sym("i_s32i")), XT_STOP_INSN_BUDGET);
    tc_set_sr(cpu, XT_SR_VECBASE, TC_DRAM);
    tc_set_sr(cpu, XT_SR_INTENABLE, 0x7F);
    assert_true(xt_cycles(cpu) > 0);
    xt_reset(cpu);
    check_reset_state(cpu);
    uint32_t w = 0;
    assert_int_equal(xt_mem_read(cpu, TC_DRAM, &w, 4), XT_OK);
    assert_int_equal(w, 0xA5A5A5A5u);
    assert_string_equal(xt_region_name(cpu, TC_IRAM), "iram");
    xt_close(cpu);
}

/* From reset, the zero-filled boot ROM decodes as ill.  PS.EXCM is 1, so
 * the ill is a double exception (DEPC), and the ill at the double vector
 * can never make progress: a fatal stop. */
static void test_reset_boot_into_zeros_is_fatal(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_map(cpu, "sysrom", 0x50000000u, 0x10000, XT_REGION_ROM);
    xt_reset(cpu);
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    xt_run_opts o = { .max_insns = 100 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_FATAL);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cause, XT_HOOK_EXC_DOUBLE | XT_EXC_ILLEGAL);
    assert_int_equal(t.pc, 0x50000000u);
    assert_int_equal(t.vector, TC_VEC_DOUBLE);
    /* DEPC: the ill at the double vector re-raised into itself */
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), TC_VEC_DOUBLE);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), 0); /* untouched */
    const xt_fatal_info *f = xt_fatal(cpu);
    assert_non_null(f);
    assert_non_null(f->reason);
    assert_true(strlen(f->reason) > 0);
    assert_int_equal(f->pc, TC_VEC_DOUBLE);
    assert_int_equal(f->exccause, XT_EXC_ILLEGAL);
    assert_int_equal(tc_pc(cpu), TC_VEC_DOUBLE);
    assert_int_equal(xt_insn_count(cpu), 2);
    /* the state is stuck: running again stops the same way */
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_FATAL);
    assert_int_equal(tc_pc(cpu), TC_VEC_DOUBLE);
    xt_close(cpu);
}

/* Exceptions whose vectors cannot even be fetched: the double-exception
 * vector faults on itself. */
static void test_fatal_unfetchable_vectors(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    clear_exc_state(cpu);
    tc_set_sr(cpu, XT_SR_VECBASE, 0x20000000u); /* nothing mapped there */
    xt_run_opts o = { .max_insns = 100 };
    tc_set(cpu, XT_REG_PC, tc_sym("i_ill"));
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_FATAL);
    const xt_fatal_info *f = xt_fatal(cpu);
    assert_non_null(f->reason);
    assert_int_equal(f->pc, 0x20000070u);
    assert_int_equal(f->exccause, XT_EXC_INSTR_ADDR_ERROR);
    assert_int_equal(f->excvaddr, 0x20000070u);
    /* the ill raised the first exception through the kernel vector, whose
     * fetch then failed as a double exception */
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("i_ill"));
    assert_int_equal(xt_insn_count(cpu), 1);
    xt_close(cpu);
}

/* An exception at the kernel vector while PS.EXCM is 0 (the vector's code
 * entered by a jump, not by an exception) is not a loop: it enters the
 * kernel vector once with EXCM set, and the second one is a double
 * exception (qemu-facts 2.2). */
static void test_exception_at_vector_with_excm_clear(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    clear_exc_state(cpu);
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    /* Regression (fixed in ae200ab): exc_raise() used to stop with a
     * fatal "exception loop at vector" whenever the faulting PC equalled
     * the vector, even with EXCM = 0. */
    assert_int_equal(tc_run_from(cpu, TC_VEC_KERNEL, TC_VEC_DOUBLE),
                     XT_STOP_UNTIL);
    assert_int_equal(t.count, 2);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), TC_VEC_KERNEL);
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), TC_VEC_KERNEL);
    xt_close(cpu);
}

/* ---- alignment ---------------------------------------------------------- */

typedef struct access_case {
    const char *insn;
    unsigned size;
    bool store;
} access_case;

static const access_case cases[] = {
    { "i_l16ui", 2, false }, { "i_l16si", 2, false }, { "i_l32i", 4, false },
    { "i_l32in", 4, false }, { "i_s16i", 2, true },   { "i_s32i", 4, true },
    { "i_s32in", 4, true },
};

static void test_unaligned(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint8_t pat[16];
    for (int i = 0; i < 16; i++)
        pat[i] = (uint8_t)(0xA0 + i);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (uint32_t off = 1; off < cases[c].size; off++) {
            uint32_t pc = tc_sym(cases[c].insn);
            uint32_t addr = TC_DRAM + 0x100 + off;
            assert_int_equal(xt_mem_write(cpu, TC_DRAM + 0x100, pat, 16),
                             XT_OK);
            clear_exc_state(cpu);
            tc_set_ar(cpu, 2, addr);
            tc_set_ar(cpu, 3, 0x01020304u);
            tc_set_ar(cpu, 4, 0xBAD0BAD0u);
            tc_step(cpu, pc);
            expect_kernel_exc(cpu, XT_EXC_LOAD_STORE_ALIGNMENT, pc, addr);
            /* no side effect: neither the register nor memory changed */
            assert_int_equal(tc_ar(cpu, 4), 0xBAD0BAD0u);
            uint8_t back[16];
            assert_int_equal(xt_mem_read(cpu, TC_DRAM + 0x100, back, 16),
                             XT_OK);
            assert_memory_equal(back, pat, 16);
        }
    }
    /* naturally aligned accesses and byte accesses at odd addresses work */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, TC_DRAM + 0x102);
    assert_int_equal(tc_step(cpu, tc_sym("i_l16ui")), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_ar(cpu, 4), 0xA3A2);
    assert_int_equal(tc_step(cpu, tc_sym("i_l16si")), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_ar(cpu, 4), 0xFFFFA3A2u);
    tc_set_ar(cpu, 2, TC_DRAM + 0x105);
    assert_int_equal(tc_step(cpu, tc_sym("i_l8ui")), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_ar(cpu, 4), 0xA5);
    tc_set_ar(cpu, 3, 0x77);
    assert_int_equal(tc_step(cpu, tc_sym("i_s8i")), XT_STOP_INSN_BUDGET);
    uint8_t b;
    assert_int_equal(xt_mem_read(cpu, TC_DRAM + 0x105, &b, 1), XT_OK);
    assert_int_equal(b, 0x77);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), 0x3F); /* no exception */

    /* alignment is checked before the address is looked up (cause 9, not
     * 15, for an unaligned access to unmapped space) */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, 0x20000001u);
    tc_step(cpu, tc_sym("i_l32i"));
    expect_kernel_exc(cpu, XT_EXC_LOAD_STORE_ALIGNMENT, tc_sym("i_l32i"),
                      0x20000001u);
    xt_close(cpu);
}

/* ---- unmapped data and fetch -------------------------------------------- */

static void test_unmapped_data(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    static const struct {
        const char *insn;
        uint32_t addr;
    } c[] = {
        { "i_l32i", 0x20000000u },  { "i_l8ui", 0x00000003u },
        { "i_l16ui", 0x5FFFFFFCu }, { "i_s32i", 0x3FF00000u },
        { "i_s8i", 0x40300001u },   { "i_s16i", 0xFFFFFFFEu },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        clear_exc_state(cpu);
        tc_set_ar(cpu, 2, c[i].addr);
        tc_set_ar(cpu, 4, 0xBAD0BAD0u);
        uint32_t pc = tc_sym(c[i].insn);
        tc_step(cpu, pc);
        expect_kernel_exc(cpu, XT_EXC_LOAD_STORE_ADDR_ERROR, pc, c[i].addr);
        assert_int_equal(tc_ar(cpu, 4), 0xBAD0BAD0u);
    }
    xt_close(cpu);
}

static void test_unmapped_fetch(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    /* jump to unmapped space */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, 0x10000000u);
    assert_int_equal(tc_run_from(cpu, tc_sym("i_jx"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    expect_kernel_exc(cpu, XT_EXC_INSTR_ADDR_ERROR, 0x10000000u, 0x10000000u);
    assert_int_equal(xt_insn_count(cpu), 1); /* only the jx retired */

    /* falling off the end of a region */
    tc_map(cpu, "edge", EXT, 0x1000, XT_REGION_RAM);
    uint32_t t0 = tc_sym("tail_code");
    uint32_t len = tc_sym("tail_code_end") - t0;
    uint8_t code[8];
    assert_int_equal(xt_mem_read(cpu, t0, code, len), XT_OK);
    uint32_t at = EXT + 0x1000 - len;
    assert_int_equal(xt_mem_write(cpu, at, code, len), XT_OK);
    clear_exc_state(cpu);
    uint64_t n0 = xt_insn_count(cpu);
    assert_int_equal(tc_run_from(cpu, at, TC_VEC_KERNEL), XT_STOP_UNTIL);
    expect_kernel_exc(cpu, XT_EXC_INSTR_ADDR_ERROR, EXT + 0x1000, EXT + 0x1000);
    assert_int_equal(xt_insn_count(cpu) - n0, 2);

    /* an instruction whose last byte lies past the end of the region:
     * EPC1 is the instruction, EXCVADDR the first byte not fetchable */
    assert_int_equal(xt_mem_read(cpu, tc_sym("straddle_insn"), code, 3), XT_OK);
    at = EXT + 0x1000 - 2;
    assert_int_equal(xt_mem_write(cpu, at, code, 2), XT_OK);
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, 0);
    n0 = xt_insn_count(cpu);
    assert_int_equal(tc_run_from(cpu, at, TC_VEC_KERNEL), XT_STOP_UNTIL);
    expect_kernel_exc(cpu, XT_EXC_INSTR_ADDR_ERROR, at, EXT + 0x1000);
    assert_int_equal(tc_ar(cpu, 2), 0);
    assert_int_equal(xt_insn_count(cpu), n0);
    xt_close(cpu);
}

/* ---- ROM ----------------------------------------------------------------- */

static void test_rom_store(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    const uint32_t rom = 0x40200000u;
    tc_map(cpu, "irom", rom, 0x1000, XT_REGION_ROM);
    uint32_t w = 0x11223344u;
    assert_int_equal(xt_mem_write(cpu, rom + 0x10, &w, 4), XT_OK);

    /* loads work */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, rom + 0x10);
    assert_int_equal(tc_step(cpu, tc_sym("i_l32i")), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_ar(cpu, 4), 0x11223344u);
    /* stores of every size raise LoadStoreError with EXCVADDR */
    static const char *const st[] = { "i_s8i", "i_s16i", "i_s32i", "i_s32in" };
    for (int i = 0; i < 4; i++) {
        clear_exc_state(cpu);
        tc_set_ar(cpu, 2, rom + 0x10);
        tc_set_ar(cpu, 3, 0xFFFFFFFFu);
        uint32_t pc = tc_sym(st[i]);
        tc_step(cpu, pc);
        expect_kernel_exc(cpu, XT_EXC_LOAD_STORE_ERROR, pc, rom + 0x10);
        uint32_t back = 0;
        assert_int_equal(xt_mem_read(cpu, rom + 0x10, &back, 4), XT_OK);
        assert_int_equal(back, 0x11223344u);
    }
    /* code in ROM runs */
    uint32_t p0 = tc_sym("pic_code");
    uint8_t code[16];
    uint32_t len = tc_sym("pic_code_end") - p0;
    assert_int_equal(xt_mem_read(cpu, p0, code, len), XT_OK);
    assert_int_equal(xt_mem_write(cpu, rom + 0x100, code, len), XT_OK);
    clear_exc_state(cpu);
    tc_set_ar(cpu, 0, tc_sym("halt"));
    assert_int_equal(tc_run_from(cpu, rom + 0x100, tc_sym("halt")),
                     XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 42);
    xt_close(cpu);
}

/* ---- vectors ------------------------------------------------------------- */

static void test_kernel_user_vectors(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t ill = tc_sym("i_ill");
    tc_trap t;
    tc_trap_install(cpu, &t);

    /* kernel: PS.UM = 0 */
    clear_exc_state(cpu);
    tc_step(cpu, ill);
    expect_kernel_exc(cpu, XT_EXC_ILLEGAL, ill, 0x33333333u);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cause, XT_EXC_ILLEGAL);
    assert_int_equal(t.pc, ill);
    assert_int_equal(t.vector, TC_VEC_KERNEL);

    /* user: PS.UM = 1; INTLEVEL is kept */
    clear_exc_state(cpu);
    tc_set_sr(cpu, XT_SR_PS, 0x25);
    tc_step(cpu, tc_sym("i_illn"));
    assert_int_equal(tc_pc(cpu), TC_VEC_USER);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("i_illn"));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_ILLEGAL);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x35);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCVADDR), 0x33333333u);
    assert_int_equal(t.vector, TC_VEC_USER);

    /* syscall: cause 1, EPC1 = the syscall itself */
    clear_exc_state(cpu);
    tc_step(cpu, tc_sym("i_syscall"));
    expect_kernel_exc(cpu, XT_EXC_SYSCALL, tc_sym("i_syscall"), 0x33333333u);

    /* vectors follow VECBASE */
    clear_exc_state(cpu);
    tc_set_sr(cpu, XT_SR_VECBASE, TC_DRAM + 0x1000);
    tc_step(cpu, ill);
    assert_int_equal(tc_pc(cpu), TC_DRAM + 0x1030);
    assert_int_equal(t.vector, TC_DRAM + 0x1030);
    clear_exc_state(cpu);
    tc_set_sr(cpu, XT_SR_PS, 0x20);
    tc_step(cpu, ill);
    assert_int_equal(tc_pc(cpu), TC_DRAM + 0x1050);
    xt_close(cpu);
}

static void test_double_exception(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    uint32_t ill = tc_sym("i_ill");

    clear_exc_state(cpu);
    tc_set_sr(cpu, XT_SR_PS, 0x10);
    tc_step(cpu, ill);
    assert_int_equal(tc_pc(cpu), TC_VEC_DOUBLE);
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), ill);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), 0x11111111u); /* unchanged */
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_ILLEGAL);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x10);
    assert_int_equal(t.cause, XT_HOOK_EXC_DOUBLE | XT_EXC_ILLEGAL);
    assert_int_equal(t.pc, ill);
    assert_int_equal(t.vector, TC_VEC_DOUBLE);

    /* UM does not matter for the double vector; address faults still set
     * EXCVADDR */
    clear_exc_state(cpu);
    tc_set_sr(cpu, XT_SR_PS, 0x33);
    tc_set_ar(cpu, 2, TC_DRAM + 2);
    tc_step(cpu, tc_sym("i_l32i"));
    assert_int_equal(tc_pc(cpu), TC_VEC_DOUBLE);
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), tc_sym("i_l32i"));
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), 0x11111111u);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LOAD_STORE_ALIGNMENT);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCVADDR), TC_DRAM + 2);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x33);

    /* a first exception then a second one in the handler: EPC1 keeps the
     * first, DEPC gets the second (the kernel vector holds ill) */
    clear_exc_state(cpu);
    t.stop = false;
    assert_int_equal(tc_run_from(cpu, tc_sym("i_syscall"), TC_VEC_DOUBLE),
                     XT_STOP_UNTIL);
    assert_int_equal(t.count, 4);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("i_syscall"));
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), TC_VEC_KERNEL);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_ILLEGAL);
    xt_close(cpu);
}

/* ---- region protection ---------------------------------------------------- */

static uint32_t tlb_op(xt_cpu *cpu, const char *insn, uint32_t at, uint32_t as)
{
    tc_set_ar(cpu, 2, at);
    tc_set_ar(cpu, 3, as);
    tc_set_ar(cpu, 4, 0xBAD0BAD0u);
    assert_int_equal(tc_step(cpu, tc_sym(insn)), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), tc_sym(insn) + 3);
    return tc_ar(cpu, 4);
}

static void test_tlb_reset_and_read(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    for (uint32_t k = 0; k < 8; k++) {
        uint32_t as = (k << 29) | 0x01234567u;
        assert_int_equal(tlb_op(cpu, "i_rdtlb1", 0, as), (k << 29) | 2);
        assert_int_equal(tlb_op(cpu, "i_ritlb1", 0, as), (k << 29) | 2);
        assert_int_equal(tlb_op(cpu, "i_rdtlb0", 0, as), k << 29);
        assert_int_equal(tlb_op(cpu, "i_ritlb0", 0, as), k << 29);
        assert_int_equal(tlb_op(cpu, "i_pdtlb", 0, as), (k << 29) | 1);
        assert_int_equal(tlb_op(cpu, "i_pitlb", 0, as), (k << 29) | 1);
    }
    /* WDTLB takes at & 0xF for the region of as; the I side is separate */
    tlb_op(cpu, "i_wdtlb", 0xE000000Fu, 0x70000000u);
    assert_int_equal(tlb_op(cpu, "i_rdtlb1", 0, 0x60000004u), 0x6000000Fu);
    assert_int_equal(tlb_op(cpu, "i_ritlb1", 0, 0x60000004u), 0x60000002u);
    assert_int_equal(tlb_op(cpu, "i_rdtlb1", 0, 0x80000000u), 0x80000002u);
    assert_int_equal(tlb_op(cpu, "i_pdtlb", 0, 0x60000000u), 0x60000001u);
    tlb_op(cpu, "i_witlb", 0x4, 0x10000000u);
    assert_int_equal(tlb_op(cpu, "i_ritlb1", 0, 0x00000000u), 0x00000004u);
    assert_int_equal(tlb_op(cpu, "i_rdtlb1", 0, 0x00000000u), 0x00000002u);
    /* IDTLB has no effect */
    tlb_op(cpu, "i_idtlb", 0, 0x60000000u);
    assert_int_equal(tlb_op(cpu, "i_rdtlb1", 0, 0x60000000u), 0x6000000Fu);
    /* reset restores attribute 2 */
    xt_reset(cpu);
    tc_set_sr(cpu, XT_SR_PS, 0);
    assert_int_equal(tlb_op(cpu, "i_rdtlb1", 0, 0x60000000u), 0x60000002u);
    assert_int_equal(tlb_op(cpu, "i_ritlb1", 0, 0x00000000u), 0x00000002u);
    xt_close(cpu);
}

static void test_dtlb_prohibit(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_map(cpu, "ext", EXT, 0x2000, XT_REGION_RAM);
    uint32_t w = 0x5A5A1234u;
    assert_int_equal(xt_mem_write(cpu, EXT + 0x1000, &w, 4), XT_OK);
    uint32_t ld = tc_sym("i_l32i"), st = tc_sym("i_s32i");

    /* the page is accessed (and cached for the fast path) first */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, EXT + 0x1000);
    tc_step(cpu, ld);
    assert_int_equal(tc_ar(cpu, 4), 0x5A5A1234u);

    tlb_op(cpu, "i_wdtlb", 15, EXT);
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, EXT + 0x1000);
    tc_set_ar(cpu, 4, 0xBAD0BAD0u);
    tc_step(cpu, ld);
    expect_kernel_exc(cpu, XT_EXC_LOAD_PROHIBITED, ld, EXT + 0x1000);
    assert_int_equal(tc_ar(cpu, 4), 0xBAD0BAD0u);

    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, EXT + 0x1004);
    tc_set_ar(cpu, 3, 0xFFFFFFFFu);
    tc_step(cpu, st);
    expect_kernel_exc(cpu, XT_EXC_STORE_PROHIBITED, st, EXT + 0x1004);
    uint32_t back = 1;
    assert_int_equal(xt_mem_read(cpu, EXT + 0x1004, &back, 4), XT_OK);
    assert_int_equal(back, 0);

    /* byte access too; alignment is checked before the attribute */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, EXT + 0x1FFF);
    tc_step(cpu, tc_sym("i_l8ui"));
    expect_kernel_exc(cpu, XT_EXC_LOAD_PROHIBITED, tc_sym("i_l8ui"),
                      EXT + 0x1FFF);
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, EXT + 0x1002);
    tc_step(cpu, ld);
    expect_kernel_exc(cpu, XT_EXC_LOAD_STORE_ALIGNMENT, ld, EXT + 0x1002);
    /* protection applies to unmapped addresses of the region as well */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, 0x7FFFFFF0u);
    tc_step(cpu, ld);
    expect_kernel_exc(cpu, XT_EXC_LOAD_PROHIBITED, ld, 0x7FFFFFF0u);

    /* other regions are unaffected */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, TC_DRAM);
    assert_int_equal(tc_step(cpu, ld), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), ld + 3);

    /* back to attribute 2: accesses work again */
    tlb_op(cpu, "i_wdtlb", 2, EXT);
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, EXT + 0x1000);
    assert_int_equal(tc_step(cpu, ld), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_ar(cpu, 4), 0x5A5A1234u);
    tc_set_ar(cpu, 3, 0x600D);
    assert_int_equal(tc_step(cpu, st), XT_STOP_INSN_BUDGET);
    assert_int_equal(xt_mem_read(cpu, EXT + 0x1000, &back, 4), XT_OK);
    assert_int_equal(back, 0x600D);
    xt_close(cpu);
}

/* Loads and stores permitted by each of the 16 attributes (qemu-facts 3). */
static void test_dtlb_attribute_table(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_map(cpu, "ext", EXT, 0x1000, XT_REGION_RAM);
    for (uint32_t attr = 0; attr < 16; attr++) {
        bool ok = attr == 0 || attr == 1 || attr == 2 || attr == 4 ||
                  attr == 5 || attr == 14;
        tlb_op(cpu, "i_wdtlb", attr, EXT);
        clear_exc_state(cpu);
        tc_set_ar(cpu, 2, EXT + 8);
        tc_step(cpu, tc_sym("i_l32i"));
        if (ok) {
            assert_int_equal(tc_pc(cpu), tc_sym("i_l32i") + 3);
        } else {
            expect_kernel_exc(cpu, XT_EXC_LOAD_PROHIBITED, tc_sym("i_l32i"),
                              EXT + 8);
        }
        clear_exc_state(cpu);
        tc_set_ar(cpu, 2, EXT + 8);
        tc_step(cpu, tc_sym("i_s16i"));
        if (ok) {
            assert_int_equal(tc_pc(cpu), tc_sym("i_s16i") + 3);
        } else {
            expect_kernel_exc(cpu, XT_EXC_STORE_PROHIBITED, tc_sym("i_s16i"),
                              EXT + 8);
        }
    }
    xt_close(cpu);
}

static uint32_t copy_pic_code(xt_cpu *cpu, uint32_t to)
{
    uint32_t p0 = tc_sym("pic_code");
    uint8_t code[16];
    uint32_t len = tc_sym("pic_code_end") - p0;
    assert_int_equal(xt_mem_read(cpu, p0, code, len), XT_OK);
    assert_int_equal(xt_mem_write(cpu, to, code, len), XT_OK);
    return to;
}

static void test_itlb_prohibit(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t code = copy_pic_code(cpu, TC_DRAM + 0x800);
    uint32_t halt = tc_sym("halt");

    /* runs once (decoded and cached) */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 0, halt);
    assert_int_equal(tc_run_from(cpu, code, halt), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 42);

    /* attribute 0 forbids fetch from region 1 (0x20000000-0x3FFFFFFF) */
    tlb_op(cpu, "i_witlb", 0, TC_DRAM);
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, code);
    assert_int_equal(tc_run_from(cpu, tc_sym("i_jx"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    expect_kernel_exc(cpu, XT_EXC_INST_FETCH_PROHIBITED, code, code);
    /* data access to the same region is still allowed */
    clear_exc_state(cpu);
    tc_set_ar(cpu, 2, code);
    assert_int_equal(tc_step(cpu, tc_sym("i_l8ui")), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), tc_sym("i_l8ui") + 3);

    /* back to 2 */
    tlb_op(cpu, "i_witlb", 2, TC_DRAM);
    clear_exc_state(cpu);
    tc_set_ar(cpu, 0, halt);
    tc_set_ar(cpu, 2, 0);
    assert_int_equal(tc_run_from(cpu, code, halt), XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 42);
    xt_close(cpu);
}

static void test_itlb_attribute_table(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_map(cpu, "ext", EXT, 0x1000, XT_REGION_RAM);
    uint32_t code = copy_pic_code(cpu, EXT + 0x10);
    uint32_t halt = tc_sym("halt");
    for (uint32_t attr = 0; attr < 16; attr++) {
        bool ok = attr >= 1 && attr <= 5;
        tlb_op(cpu, "i_witlb", attr, EXT);
        clear_exc_state(cpu);
        tc_set_ar(cpu, 0, halt);
        tc_set_ar(cpu, 2, 0);
        tc_set(cpu, XT_REG_PC, code);
        xt_run_opts o = { .until = ok ? halt : TC_VEC_KERNEL,
                          .use_until = true,
                          .max_insns = 100 };
        assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_UNTIL);
        if (ok) {
            assert_int_equal(tc_ar(cpu, 2), 42);
        } else {
            expect_kernel_exc(cpu, XT_EXC_INST_FETCH_PROHIBITED, code, code);
            assert_int_equal(tc_ar(cpu, 2), 0);
        }
    }
    xt_close(cpu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_state),
        cmocka_unit_test(test_reset_boot_into_zeros_is_fatal),
        cmocka_unit_test(test_fatal_unfetchable_vectors),
        cmocka_unit_test(test_exception_at_vector_with_excm_clear),
        cmocka_unit_test(test_unaligned),
        cmocka_unit_test(test_unmapped_data),
        cmocka_unit_test(test_unmapped_fetch),
        cmocka_unit_test(test_rom_store),
        cmocka_unit_test(test_kernel_user_vectors),
        cmocka_unit_test(test_double_exception),
        cmocka_unit_test(test_tlb_reset_and_read),
        cmocka_unit_test(test_dtlb_prohibit),
        cmocka_unit_test(test_dtlb_attribute_table),
        cmocka_unit_test(test_itlb_prohibit),
        cmocka_unit_test(test_itlb_attribute_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
