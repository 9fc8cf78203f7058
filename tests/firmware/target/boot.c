/* SPDX-License-Identifier: BSD-3-Clause */
/* Boot: the reset code reaches main with a C environment (.data copied
 * from its load address, .bss zero, PS with EXCM clear and interrupts
 * masked, VECBASE at the vectors), memory zones set up, our integer
 * run-time helpers linked, and level-1 interrupts (software interrupt,
 * CCOMPARE0 timer) dispatched to registered handlers. */
#include <stdint.h>
#include "check.h"
#include "fw/arch.h"
#include "fw/irq.h"
#include "fw/kernel.h"
#include "fw/mem.h"
#include "fw/timer.h"
#include "xtensa_sr.h"

static volatile uint32_t data_word = 0x12345678u;
static volatile uint32_t bss_words[8];
static volatile unsigned sw_hits, timer_hits;
static volatile uint32_t sw_arg_seen, timer_at;
extern char fw_vectors[];

static void sw_handler(void *arg)
{
    sw_hits++;
    sw_arg_seen = (uint32_t)(uintptr_t)arg;
}

static void timer_fired(struct fw_timeout *to)
{
    (void)to;
    timer_hits++;
    timer_at = arch_cycles();
}

int main(void)
{
    uint32_t ps = XT_RSR(ps);
    volatile int32_t a = -7, b = 2;
    volatile uint32_t ua = 4000000000u, ub = 7;
    volatile int64_t la = -123456789012345LL, lb = 1000;
    volatile uint64_t lu = 0xFEDCBA9876543210ull, lv = 0x12345;
    unsigned i;
    void *p;
    static struct fw_timeout to;
    uint32_t t0;

    fw_printf("main reached\n");
    CHECK(data_word == 0x12345678u, "data %x", (unsigned)data_word);
    for (i = 0; i < 8; i++)
        CHECK(bss_words[i] == 0, "bss[%u]", i);
    CHECK((ps & 0x10) == 0, "PS.EXCM set: ps %x", (unsigned)ps);
    CHECK((ps & 0xF) == 0xF, "interrupts not masked at boot: ps %x",
          (unsigned)ps);
    CHECK(XT_RSR(vecbase) == (uint32_t)(uintptr_t)fw_vectors, "vecbase %x",
          (unsigned)XT_RSR(vecbase));

    /* integer helpers (our __divsi3 & co.) */
    CHECK(a / b == -3 && a % b == -1, "divsi3");
    CHECK(ua / ub == 571428571u && ua % ub == 3u, "udivsi3");
    CHECK(la / lb == -123456789012LL && la % lb == -345, "divdi3");
    CHECK(lu / lv == 0xFEDCBA9876543210ull / 0x12345 &&
              lu % lv == 0xFEDCBA9876543210ull % 0x12345,
          "udivdi3");
    CHECK(lu * lv == 0xFEDCBA9876543210ull * 0x12345, "muldi3");

    /* memory zones */
    p = fw_alloc(FW_ZONE_DMA, 100, 0);
    CHECK(p && ((uintptr_t)p & (FW_DMA_ALIGN - 1)) == 0 &&
              (uintptr_t)p >= 0x60000000u,
          "dma alloc %p", p);
    CHECK(fw_free(p) == 0, "dma free");
    p = fw_alloc(FW_ZONE_SYSTEM, 64, 64);
    CHECK(p && ((uintptr_t)p & 63) == 0, "sys alloc %p", p);
    CHECK(fw_free(p) == -1, "system memory must not be freeable");
    CHECK(fw_mem_stats(FW_ZONE_RUNTIME)->size > 100000, "runtime zone %u",
          (unsigned)fw_mem_stats(FW_ZONE_RUNTIME)->size);

    /* interrupts: kernel init connects the timer; software interrupt 7 */
    fw_kernel_init();
    CHECK(fw_irq_connect(FW_IRQ_SOFTWARE, sw_handler, (void *)0x5a) == 0,
          "connect");
    fw_irq_raise_software();
    CHECK(sw_hits == 0, "interrupt taken while masked");
    arch_irq_unlock(0x20); /* PS.UM, INTLEVEL 0 */
    CHECK(sw_hits == 1 && sw_arg_seen == 0x5a, "sw irq: hits %u arg %x",
          sw_hits, (unsigned)sw_arg_seen);
    for (i = 0; i < 10; i++)
        fw_irq_raise_software();
    CHECK(sw_hits == 11, "sw irq x10: hits %u", sw_hits);
    CHECK(fw_irq_count(FW_IRQ_SOFTWARE) == 11, "count %u",
          (unsigned)fw_irq_count(FW_IRQ_SOFTWARE));

    uint32_t key;

    t0 = arch_cycles();
    fw_timer_add(&to, t0 + 5000, timer_fired);
    key = arch_irq_lock(); /* no lost wake-up between test and WAITI */
    while (!timer_hits) {
        arch_idle();
        arch_irq_lock();
    }
    arch_irq_unlock(key);
    CHECK(timer_hits == 1, "timer hits %u", timer_hits);
    CHECK((int32_t)(timer_at - (t0 + 5000)) >= 0, "timer early: %u < %u",
          (unsigned)timer_at, (unsigned)(t0 + 5000));
    fw_printf("timer: due %u fired %u (+%u cycles)\n", (unsigned)(t0 + 5000),
              (unsigned)timer_at, (unsigned)(timer_at - t0 - 5000));
    CHECK(fw_timer_stats()->interrupts >= 1, "timer interrupts");
    fw_test_end("fw_boot");
}
