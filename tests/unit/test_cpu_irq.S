/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest snippets of test_cpu_irq.c (linked at 0x40000000 = VECBASE).
 * Vectors hold ill; the tests stop when a vector is reached. */
    .text
    .org 0x400

/* Straight-line code to be interrupted. */
    .global nops, nops_1, nops_2, nops_3, nops_end
nops:   nop
nops_1: nop
nops_2: nop
nops_3: nop
    nop
    nop
    nop
    nop
nops_end:
    nop

/* Spin forever. */
    .global spin
spin:
    j       spin

/* Software interrupt: INTSET with bit 7. */
    .global intset, intset_next
intset:
    movi    a2, 0x80
    wsr     a2, intset
intset_next:
    nop
    nop

/* INTSET a2. */
    .global intset_a2, intset_a2_next
intset_a2:
    wsr     a2, intset
intset_a2_next:
    nop

/* INTCLEAR a2. */
    .global intclear, intclear_next
intclear:
    wsr     a2, intclear
intclear_next:
    nop

/* Lower PS.INTLEVEL to 0. */
    .global rsil0, rsil0_next
rsil0:
    rsil    a2, 0
rsil0_next:
    nop

/* Clear PS (EXCM and INTLEVEL). */
    .global wsrps0, wsrps0_next
wsrps0:
    movi    a2, 0
    wsr     a2, ps
wsrps0_next:
    nop

/* Timer: CCOMPARE0 = CCOUNT + a3, then spin.  a2 = the CCOUNT read. */
    .global timer_spin, timer_spin_loop
timer_spin:
    rsr     a2, ccount
    add     a4, a2, a3
    wsr     a4, ccompare0
timer_spin_loop:
    j       timer_spin_loop

/* Timer then WAITI 0. */
    .global timer_waiti, timer_waiti_next
timer_waiti:
    rsr     a2, ccount
    add     a4, a2, a3
    wsr     a4, ccompare0
    waiti   0
timer_waiti_next:
    nop

/* Just WAITI 0. */
    .global waiti0, waiti0_next
waiti0:
    waiti   0
waiti0_next:
    nop

/* WAITI 1 (level-1 interrupts stay masked). */
    .global waiti1, waiti1_next
waiti1:
    waiti   1
waiti1_next:
    nop

/* Write CCOMPARE0 = a2. */
    .global wccompare, wccompare_next
wccompare:
    wsr     a2, ccompare0
wccompare_next:
    nop

/* Read INTERRUPT into a4. */
    .global rinterrupt
rinterrupt:
    rsr     a4, interrupt

/* One store: a2 = address, a3 = value. */
    .global one_store, one_store_next
one_store:
    s32i    a3, a2, 0
one_store_next:
    nop
    nop
