/* SPDX-License-Identifier: BSD-3-Clause */
/* Board overload: two periodic tasks demanding 120% of the CPU. Every
 * deadline miss must be counted by the kernel and reported by the board
 * port's miss hook as an IPC_NOTIFY_DEADLINE_MISS notification (or, when
 * the host does not acknowledge, dropped and counted -- never blocking).
 * Prints "STATS misses=A,B sent=S dropped=D miss_sent=M" for
 * fw_board_check, which compares it with the notifications it received. */
#include <stdint.h>
#include "check.h"
#include "fw/kernel.h"
#include "fw/task.h"
#include "fw/timer.h"
#include "fw_board.h"
#include "work.h"

#define PERIOD_A 10000u
#define PERIOD_B 15000u
#define RUN      300000u

static struct fw_task ta, tb;
static uint8_t stacks[2][1024] __attribute__((aligned(16)));
static uint32_t demand[2] = { 6000u, 9000u };
static struct fw_timeout end_to;

static void job(void *arg)
{
    work_cycles(*(uint32_t *)arg);
}

static void finish(struct fw_timeout *to)
{
    struct fw_board_ipc_stats s;
    uint32_t misses = ta.stats.misses + tb.stats.misses;

    (void)to;
    fw_task_stop(&ta);
    fw_task_stop(&tb);
    fw_board_ipc_stats(&s);
    fw_printf("STATS misses=%u,%u sent=%u dropped=%u miss_sent=%u\n",
              (unsigned)ta.stats.misses, (unsigned)tb.stats.misses,
              (unsigned)s.sent, (unsigned)s.dropped, (unsigned)s.miss_sent);
    CHECK(ta.stats.misses > 0 && tb.stats.misses > 0, "both tasks miss");
    CHECK(s.misses == misses, "hook saw %u of %u misses", (unsigned)s.misses,
          (unsigned)misses);
    CHECK(s.miss_sent + s.dropped == misses, "sent %u + dropped %u != %u",
          (unsigned)s.miss_sent, (unsigned)s.dropped, (unsigned)misses);
    fw_test_end("fw_board_overload");
}

int main(void)
{
    struct fw_task_config a = { .name = "a",
                                .job = job,
                                .arg = &demand[0],
                                .stack = stacks[0],
                                .stack_size = 1024,
                                .period = PERIOD_A };
    struct fw_task_config b = { .name = "b",
                                .job = job,
                                .arg = &demand[1],
                                .stack = stacks[1],
                                .stack_size = 1024,
                                .period = PERIOD_B };
    uint32_t t0;

    fw_kernel_init();
    work_calibrate();
    CHECK(fw_task_init(&ta, &a) == 0 && fw_task_init(&tb, &b) == 0, "init");
    fw_board_ready();
    t0 = arch_cycles() + 20000;
    fw_task_start_at(&ta, t0);
    fw_task_start_at(&tb, t0);
    fw_timer_add(&end_to, t0 + RUN, finish);
    fw_kernel_run();
}
