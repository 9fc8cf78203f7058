/* SPDX-License-Identifier: BSD-3-Clause */
/* Timing anchors of docs/timing.md, checked on dspsim's cycle model.
 * Each anchor reads CCOUNT before and after a code fragment; the
 * difference must equal the published figure (or fall in a range).  On a
 * mismatch the program prints "anchor <n>: got <hex> want <hex>" and the
 * exit status is the number of failures. */
    .data
    .align 4
dword:  .word 0x12345678

    .text
    .literal_position
    .literal .Ldword, dword
    .align 4
irlit:  .word 0xCAFEF00D        /* a literal in instruction RAM */

/* CHECK id: a4 = measured, a5 = wanted low, a13 = wanted high */
.macro CHECK id, lo, hi
    sub     a4, a3, a2
    movi    a5, \lo
    movi    a13, \hi
    movi    a6, \id
    call0   check
.endm

    .global main
    .type main, @function
    .align 4
main:
    mov     a14, a0
    movi    a12, 0
    l32r    a10, .Ldword
    movi    a7, 3
    movi    a8, 5
    rsr.ps  a11

    /* 1: two back-to-back reads differ by 1 */
    rsr.ccount a2
    rsr.ccount a3
    CHECK   1, 1, 1

    /* 2: add; add -> 3 */
    rsr.ccount a2
    add     a6, a7, a8
    add     a9, a6, a8
    rsr.ccount a3
    CHECK   2, 3, 3

    /* 3: load followed by a use of its result -> 4 (load-use interlock) */
    rsr.ccount a2
    l32i    a6, a10, 0
    add     a9, a6, a6
    rsr.ccount a3
    CHECK   3, 4, 4

    /* 4: load whose result is not used next -> 3 */
    rsr.ccount a2
    l32i    a6, a10, 0
    add     a9, a7, a8
    rsr.ccount a3
    CHECK   4, 3, 3

    /* 5: unconditional jump -> 4 (2-cycle penalty) */
    rsr.ccount a2
    j       1f
1:  rsr.ccount a3
    CHECK   5, 4, 4

    /* 6: beqi not taken -> 2 */
    movi    a6, 1
    rsr.ccount a2
    beqi    a6, 0, 1f
1:  rsr.ccount a3
    CHECK   6, 2, 2

    /* 7: beqi taken -> 4 */
    movi    a6, 1
    rsr.ccount a2
    beqi    a6, 1, 1f
1:  rsr.ccount a3
    CHECK   7, 4, 4

    /* 8-10: wsr.ps + dsync/esync/rsync -> 5 */
    rsr.ccount a2
    wsr.ps  a11
    dsync
    rsr.ccount a3
    CHECK   8, 5, 5
    rsr.ccount a2
    wsr.ps  a11
    esync
    rsr.ccount a3
    CHECK   9, 5, 5
    rsr.ccount a2
    wsr.ps  a11
    rsync
    rsr.ccount a3
    CHECK   10, 5, 5

    /* 11: wsr.ps + isync -> 9 */
    rsr.ccount a2
    wsr.ps  a11
    isync
    rsr.ccount a3
    CHECK   11, 9, 9

    /* 12: multiply result used by the next instruction -> 4 (2-cycle
     * result latency) */
    rsr.ccount a2
    mull    a6, a7, a8
    add     a9, a6, a6
    rsr.ccount a3
    CHECK   12, 4, 4

    /* 13: l32r of a literal in instruction RAM: the load itself costs
     * 6..8 cycles (ESP8266 measurement), so 7..9 between the reads */
    rsr.ccount a2
    l32r    a6, irlit
    rsr.ccount a3
    CHECK   13, 7, 9

    /* 14: l32i from instruction RAM costs the same */
    movi    a6, 0
    l32r    a9, .Lirlit_addr
    rsr.ccount a2
    l32i    a6, a9, 0
    rsr.ccount a3
    CHECK   14, 7, 9

    mov     a2, a12
    mov     a0, a14
    ret

    .literal .Lirlit_addr, irlit

/* check: a4 measured, a5..a13 range, a6 id; prints on failure. */
    .align 4
check:
    bltu    a4, a5, 1f
    bltu    a13, a4, 1f
    ret
1:  mov     a15, a0
    addi    a12, a12, 1
    /* "anchor " id " got " a4 " want " a5 "\n" via report() in C */
    mov     a2, a6
    mov     a3, a4
    mov     a4, a5
    call0   report
    mov     a0, a15
    ret
    .size main, . - main
