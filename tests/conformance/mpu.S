/* SPDX-License-Identifier: BSD-3-Clause */
/* Region protection (8 regions of 512 MiB, one ITLB and one DTLB entry
 * each): ritlb0/rdtlb0/ritlb1/rdtlb1/pitlb/pdtlb reset values, the access
 * rights of every attribute 0..15 for loads, stores and instruction fetch
 * (LoadProhibited 28, StoreProhibited 29, InstFetchProhibited 20 with
 * EXCVADDR), ITLB and DTLB independence, restoring attribute 2.
 * Region 3 (0x60000000, system RAM) is the one that is changed; the code,
 * the vectors, the stack and the data of the harness live in regions 1/2. */
#include "conf.h"

#define R3 0x60000000

/* load/store/fetch outcome for attribute a: ld/st/fx = 1 if allowed */
.macro TATTR a, ld, st, fx
    /* data side */
    movi    a3, R3
    movi    a4, R3 + \a
    wdtlb   a4, a3
    dsync
    movi    a4, R3
    rdtlb1  a2, a4
    CHK     "a\a\().rdtlb1", a2, R3 + \a
    movi    a5, R3 + 0x100
    movi    a2, 0x5e5e5e5e
    EXPECT_EXC .Lld\@
.Llda\@:
    l32i    a2, a5, 8
.Lld\@:
    .if \ld
    CHKREC  "a\a\().load.ok", REC_COUNT, 0
    CHK     "a\a\().load.val", a2, 0x1357acef
    .else
    CHKREC  "a\a\().load.cause", REC_CAUSE, CAUSE_LOAD_PROHIB
    CHKREC  "a\a\().load.epc1", REC_EPC1, .Llda\@
    CHKREC  "a\a\().load.excvaddr", REC_EXCVADDR, R3 + 0x108
    CHK     "a\a\().load.dst", a2, 0x5e5e5e5e
    .endif
    movi    a2, 0x2468bdf0
    EXPECT_EXC .Lst\@
.Lsta\@:
    s32i    a2, a5, 12
.Lst\@:
    .if \st
    CHKREC  "a\a\().store.ok", REC_COUNT, 0
    .else
    CHKREC  "a\a\().store.cause", REC_CAUSE, CAUSE_STORE_PROHIB
    CHKREC  "a\a\().store.epc1", REC_EPC1, .Lsta\@
    CHKREC  "a\a\().store.excvaddr", REC_EXCVADDR, R3 + 0x10c
    .endif
    /* restore the data attribute and check what the store did */
    movi    a3, R3
    movi    a4, R3 + 2
    wdtlb   a4, a3
    dsync
    movi    a5, R3 + 0x100
    l32i    a2, a5, 12
    .if \st
    CHK     "a\a\().store.val", a2, 0x2468bdf0
    .else
    CHK     "a\a\().store.val", a2, 0x11111111
    .endif
    movi    a2, 0x11111111
    s32i    a2, a5, 12
    /* instruction side: call the ret.n planted at R3 + 0x200 */
    movi    a3, R3
    movi    a4, R3 + \a
    witlb   a4, a3
    isync
    movi    a4, R3
    ritlb1  a2, a4
    CHK     "a\a\().ritlb1", a2, R3 + \a
    movi    a5, R3 + 0x200
    movi    a2, 0
    EXPECT_EXC .Lfx\@
    callx0  a5
.Lfx\@:
    movi    a3, R3
    movi    a4, R3 + 2
    witlb   a4, a3
    isync
    .if \fx
    CHKREC  "a\a\().fetch.ok", REC_COUNT, 0
    CHK     "a\a\().fetch.ran", a2, 0x2a
    .else
    CHKREC  "a\a\().fetch.cause", REC_CAUSE, CAUSE_IFETCH_PROHIB
    CHKREC  "a\a\().fetch.epc1", REC_EPC1, R3 + 0x200
    CHKREC  "a\a\().fetch.excvaddr", REC_EXCVADDR, R3 + 0x200
    .endif
.endm

TEST_NAME "mpu"
TEST_BEGIN
    /* --- reset state: identity regions, attribute 2 ------------------ */
    .irp r, 0,1,2,3,4,5,6,7
    movi    a3, (\r << 29) + 0x1234567
    ritlb0  a2, a3
    CHK     "reset.ritlb0.\r", a2, (\r << 29)
    rdtlb0  a2, a3
    CHK     "reset.rdtlb0.\r", a2, (\r << 29)
    ritlb1  a2, a3
    CHK     "reset.ritlb1.\r", a2, (\r << 29) + 2
    rdtlb1  a2, a3
    CHK     "reset.rdtlb1.\r", a2, (\r << 29) + 2
    pitlb   a2, a3
    CHK     "reset.pitlb.\r", a2, (\r << 29) + 1
    pdtlb   a2, a3
    CHK     "reset.pdtlb.\r", a2, (\r << 29) + 1
    .endr
    LITPOOL

    /* --- test data and code in region 3 ------------------------------ */
    movi    a5, R3 + 0x100
    movi    a2, 0x1357acef
    s32i    a2, a5, 8
    movi    a2, 0x11111111
    s32i    a2, a5, 12
    movi    a5, R3 + 0x200
    movi    a2, 0x2aa022            /* movi a2, 42 */
    s8i     a2, a5, 0
    srli    a2, a2, 8
    s8i     a2, a5, 1
    srli    a2, a2, 8
    s8i     a2, a5, 2
    movi    a2, 0xf00d              /* ret.n */
    s8i     a2, a5, 3
    srli    a2, a2, 8
    s8i     a2, a5, 4
    memw

    /* --- every attribute ---------------------------------------------
     * attr:   load  store fetch */
    TATTR 0,  1, 1, 0
    TATTR 1,  1, 1, 1
    TATTR 2,  1, 1, 1
    LITPOOL
    TATTR 3,  0, 0, 1
    TATTR 4,  1, 1, 1
    TATTR 5,  1, 1, 1
    LITPOOL
    TATTR 6,  0, 0, 0
    TATTR 7,  0, 0, 0
    TATTR 8,  0, 0, 0
    LITPOOL
    TATTR 9,  0, 0, 0
    TATTR 10, 0, 0, 0
    TATTR 11, 0, 0, 0
    LITPOOL
    TATTR 12, 0, 0, 0
    TATTR 13, 0, 0, 0
    TATTR 14, 1, 1, 0
    LITPOOL
    TATTR 15, 0, 0, 0
    LITPOOL

    /* --- other widths, a different offset, and the DTLB entry does not
     *     affect the ITLB or other regions -------------------------------*/
    movi    a3, R3
    movi    a4, R3 + 15
    wdtlb   a4, a3
    dsync
    movi    a5, R3 + 0x1ffffff0      /* last bytes of region 3 */
    EXPECT_EXC 1f
2:  l8ui    a2, a5, 15
1:  CHKREC  "l8ui.cause", REC_CAUSE, CAUSE_LOAD_PROHIB
    CHKREC  "l8ui.excvaddr", REC_EXCVADDR, R3 + 0x1fffffff
    CHKREC  "l8ui.epc1", REC_EPC1, 2b
    EXPECT_EXC 1f
    s16i    a2, a5, 14
1:  CHKREC  "s16i.cause", REC_CAUSE, CAUSE_STORE_PROHIB
    CHKREC  "s16i.excvaddr", REC_EXCVADDR, R3 + 0x1ffffffe
    /* region 2 (code + other RAM) is unaffected */
    EXPECT_EXC 1f
    movi    a5, 0x40200000
    l32i    a2, a5, 0
    movi    a5, 0x50000000
    l32i    a2, a5, 0
1:  CHKREC  "other.region.ok", REC_COUNT, 0
    movi    a4, R3
    ritlb1  a2, a4
    CHK     "itlb.independent", a2, R3 + 2
    /* code in region 3 still runs (fetch is governed by the ITLB) */
    movi    a5, R3 + 0x200
    movi    a2, 0
    EXPECT_EXC 1f
    callx0  a5
1:  CHKREC  "fetch.with.dtlb15", REC_COUNT, 0
    CHK     "fetch.with.dtlb15.ran", a2, 0x2a
    /* only bits [31:29] of as select the entry; the ppn bits of at are
     * ignored (region protection has no translation) */
    movi    a3, R3 + 0x0abcdef0
    movi    a4, 0x20000004
    wdtlb   a4, a3
    dsync
    movi    a3, R3 + 0x1000000
    rdtlb1  a2, a3
    CHK     "wdtlb.ppn.ignored", a2, R3 + 4
    rdtlb0  a2, a3
    CHK     "wdtlb.rdtlb0", a2, R3
    /* unaligned + prohibited: alignment wins */
    movi    a3, R3
    movi    a4, R3 + 15
    wdtlb   a4, a3
    dsync
    movi    a5, R3 + 0x102
    EXPECT_EXC 1f
    l32i    a2, a5, 0
1:  CHKREC  "align.vs.prohib", REC_CAUSE, CAUSE_ALIGN
    /* restore */
    movi    a3, R3
    movi    a4, R3 + 2
    wdtlb   a4, a3
    dsync
    rdtlb1  a2, a3
    CHK     "restored", a2, R3 + 2
    EXPECT_EXC 1f
    movi    a5, R3 + 0x100
    l32i    a2, a5, 8
1:  CHKREC  "restored.load", REC_COUNT, 0
    CHK     "restored.val", a2, 0x1357acef
TEST_END
