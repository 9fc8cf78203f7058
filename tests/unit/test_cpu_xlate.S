/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest snippets of test_cpu_xlate.c (linked at 0x40000000 = VECBASE):
 * hot loops whose MMIO accesses and special-register instructions run
 * inside translated code, through the engine's helpers.  Each ends in
 * WAITI 15, where the run stops idle (no breakpoint on an 'until' PC,
 * which would make the engine check every instruction). */
    .text
    .org 0x30               /* kernel vector: level-1 interrupts */
    j       irq_handler

    .org 0x400
/* a2 = MMIO base, a3 = iterations.  Every pass: an MMIO load and two MMIO
 * stores, rsil/wsr ps around the second (the device raises its line on
 * some values, so an interrupt becomes deliverable at the wsr), xsr
 * excsave1, wsr/rsr sar and rsr ccount. */
    .global helper_loop, helper_loop_end
helper_loop:
    movi    a9, 0
    movi    a10, 0
1:  l32i    a4, a2, 0
    add     a9, a9, a4
    s32i    a9, a2, 4
    rsil    a8, 1
    s32i    a4, a2, 8
    wsr     a8, ps
    .global after_wsr
after_wsr:
    rsync
    xsr     a10, excsave1
    addi    a10, a10, 3
    wsr     a4, sar
    rsr     a7, sar
    add     a9, a9, a7
    rsr     a6, ccount
    addi    a3, a3, -1
    bnez    a3, 1b
helper_loop_end:
    waiti   15

/* a3 = rounds, a4 = a buffer in DRAM.  Each round: an inner loop of 40
 * passes (one block, run in its region's guarded copy, entered from the
 * outer loop's code in the same unit) and a jump.  The run ends after the
 * jumps that follow the last round, so the ring of the last 32 control
 * transfers spans the last inner loop's passes and both jumps. */
    .global hist_loop, hist_loop_end
hist_loop:
    movi    a9, 0
1:  movi    a7, 40
2:  l32i    a5, a4, 0
    l32i    a6, a4, 4
    add     a9, a9, a5
    add     a9, a9, a6
    s32i    a9, a4, 8
    addi    a7, a7, -1
    bnez    a7, 2b
    j       3f
3:  addi    a3, a3, -1
    bnez    a3, 1b
    j       4f
4:
hist_loop_end:
    waiti   15

/* The interrupt: acknowledge, count, sum the EPC1 values; with the
 * timer enabled, the next timer interrupt 1,024 cycles on. */
irq_handler:
    s32i    a2, a2, 12
    addi    a12, a12, 1
    rsr     a13, epc1
    add     a14, a14, a13
    rsr     a13, intenable
    bbci    a13, 6, 1f
    rsr     a13, ccount
    addmi   a13, a13, 1024
    wsr     a13, ccompare0
1:  rfe

/* a2 = MMIO base, a3 = iterations.  Every 2,000 reads, the MMIO load's
 * device rewrites the instruction after the load (patch_site) with one
 * that does or does not read the loaded register: the interlock follows
 * the new code. */
    .global patch_loop, patch_loop_end, patch_site
patch_loop:
    movi    a9, 0
    movi    a6, 5
1:  l32i    a4, a2, 16
patch_site:
    mov.n   a5, a6
    add     a9, a9, a5
    addi    a3, a3, -1
    bnez    a3, 1b
patch_loop_end:
    waiti   15
    .global patch_a, patch_b
patch_a:
    mov.n   a5, a6
patch_b:
    mov.n   a5, a4

/* a3 = iterations, a4 = smc_insn + 2 (low byte of movi's immediate).
 * Every 1,024 passes it stores bits 10..13 of the count into movi, in
 * its own page, ahead of where it runs: a unit running it must end after
 * the store. */
    .global smc_hot, smc_hot_end, smc_insn
smc_hot:
    movi    a9, 0
1:  extui   a6, a3, 0, 10
    bnez    a6, 2f
    extui   a6, a3, 10, 4
    s8i     a6, a4, 0
2:
smc_insn:
    movi    a5, 0
    add     a9, a9, a5
    addi    a3, a3, -1
    bnez    a3, 1b
smc_hot_end:
    waiti   15

/* a3 = rounds, a4 = a buffer in DRAM, a10 = 0 or the address of
 * far_imm's immediate (low byte).  Each round calls far_add on the next
 * page, which calls far_inc on the page after it: every call and return
 * crosses pages.  With a10 set, every 4,096th round stores the round's
 * bits 12..15 into far_inc's movi, in the code of another page of the
 * group that runs it.  a8 sums the immediates far_inc ran with. */
    .global group_loop, group_loop_end
group_loop:
    movi    a9, 0
    movi    a8, 0
1:  beqz    a10, 2f
    extui   a6, a3, 0, 12
    bnez    a6, 2f
    extui   a6, a3, 12, 4
    s8i     a6, a10, 0
2:  call0   far_add
    addi    a3, a3, -1
    bnez    a3, 1b
group_loop_end:
    waiti   15

    .org 0x1400             /* the next page */
    .align  4
far_add:
    mov     a11, a0
    l32i    a5, a4, 0
    add     a9, a9, a5
    call0   far_inc
    mov     a0, a11
    ret

    .org 0x2400             /* the page after it */
    .align  4
    .global far_imm
far_inc:
far_imm:
    movi    a6, 1
    add     a8, a8, a6
    add     a9, a9, a6
    s32i    a9, a4, 0
    ret

    .org 0x3400             /* a page of its own */
    .align  4
/* a3 = rounds, a4 = a buffer (DRAM near a page's end, MMIO, or
 * guard_scratch on this code page).  The direct back end's guarded copy
 * of a region: a loop (its head block moves its base a4 by 8, so the
 * copy goes round with its pointers moved along, until a4's span leaves
 * the page the guard checked: a new test at the head), forward branches
 * inside the region (soft heads), an access through a register loaded
 * in the region (tested in place; every 4th round it points into the
 * MMIO device, a2, and the copy goes on in the generic block there), and
 * a WSR PS that needs the helper (the generic block from there on).
 * With a4 in MMIO (a10 = 1: no pointer chase) or on a code page (stores
 * there go through the helper: self-modifying code) the guard fails and
 * the generic blocks run. */
    .global guard_loop, guard_loop_end, guard_scratch
guard_loop:
    movi    a9, 0
    mov     a11, a4
1:  movi    a7, 24
    mov     a4, a11
2:  l32i    a5, a4, 0
    l16ui   a6, a4, 2
    add     a9, a9, a5
    addx2   a9, a9, a6
    add     a9, a9, a7
    s32i    a9, a4, 4
    s8i     a9, a4, 3
    addi    a4, a4, 8
    bbci    a9, 3, 3f
    bnez    a10, 3f
    mov     a8, a4
    extui   a6, a3, 0, 2
    bnez    a6, 4f
    mov     a8, a2
4:  s32i    a8, a4, 0
    l32i    a8, a4, 0
    l32i    a6, a8, 4
    add     a9, a9, a6
    extui   a6, a3, 0, 3
    bnez    a6, 3f
    rsr     a8, ps
    wsr     a8, ps
    add     a9, a9, a8
3:  addi    a7, a7, -1
    bnez    a7, 2b
    addi    a3, a3, -1
    bnez    a3, 1b
guard_loop_end:
    waiti   15
    .align  4
guard_scratch:
    .space  256

/* a2 = MMIO base, a3 = rounds.  Each round goes down one of four paths of
 * short blocks linked by forward branches and jumps (their horizon checks
 * left out: the checks of the blocks above cover them,
 * xlate_plan_forward_margins), one of them through an MMIO load with
 * wait states (a helper that adds cycles); the timer's interrupts land
 * all over them (epc1 summed in a14). */
    .global fwd_loop, fwd_loop_end
fwd_loop:
    movi    a9, 0
1:  extui   a6, a3, 0, 1
    beqz    a6, 2f
    addi    a9, a9, 3
    l32i    a5, a2, 0
    add     a9, a9, a5
    j       3f
2:  addi    a9, a9, 5
    extui   a6, a3, 1, 1
    bnez    a6, 3f
    xor     a9, a9, a3
3:  extui   a6, a3, 2, 1
    beqz    a6, 4f
    slli    a7, a9, 1
    add     a9, a9, a7
4:  addi    a3, a3, -1
    bnez    a3, 1b
fwd_loop_end:
    waiti   15

/* a3 = rounds, a4 = times.  Forward branches over one or two ALU
 * instructions, taken or not as a pseudo-random a5 falls (a subtraction
 * step, a carry, a bit), which the x64 units run without a branch
 * (if_converted in xlate_x64.c); after each loop one that is never taken
 * (translated from the second time on), and after the last loop the end
 * with no transfer in between: the history ring's next slot, which a
 * side not taken must leave alone, is then still the oldest transfer
 * kept.  The timer's interrupts land all over them (epc1 summed in
 * a14). */
    .global ifc_loop, ifc_loop_end
ifc_loop:
    movi    a9, 0
    movi    a5, 1234
    movi    a6, 1
    slli    a6, a6, 30
    mov     a11, a3
0:  mov     a3, a11
1:  slli    a7, a5, 13
    xor     a5, a5, a7
    extui   a7, a5, 17, 15
    xor     a5, a5, a7
    slli    a7, a5, 5
    xor     a5, a5, a7
    bltu    a5, a6, 2f
    sub     a8, a5, a6
    addi    a9, a9, 1
2:  extui   a7, a5, 3, 1
    beqz    a7, 3f
    addx2   a9, a9, a7
3:  bgeu    a9, a5, 4f
    movi    a15, 7
4:  addi    a3, a3, -1
    bnez    a3, 1b
    bnez    a3, 5f
    movi    a15, 5
5:  addi    a4, a4, -1
    bnez    a4, 0b
ifc_loop_end:
    waiti   15

/* a3 = rounds, a4 = a buffer of 16 words inside a page, a11 = a frame
 * whose two words (a11 + 0, a11 + 60) straddle a page boundary.  The
 * inner loop's region goes on after it to the accesses through a11, so
 * its guard fails; the loop alone (xlate_plan_copy_ends) has a copy of
 * its own, whose guard tests a5 only. */
    .global loopcopy_loop, loopcopy_loop_end
loopcopy_loop:
    movi    a9, 0
1:  mov     a5, a4
    movi    a7, 16
2:  l32i    a6, a5, 0
    add     a9, a9, a6
    addi    a9, a9, 3
    s32i    a9, a5, 0
    addi    a5, a5, 4
    addi    a7, a7, -1
    bnez    a7, 2b
    s32i    a9, a11, 0
    l32i    a6, a11, 60
    add     a9, a9, a6
    addi    a3, a3, -1
    bnez    a3, 1b
loopcopy_loop_end:
    waiti   15
