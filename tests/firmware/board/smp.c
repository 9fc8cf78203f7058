/* SPDX-License-Identifier: BSD-3-Clause */
/* The several-core kernel on a board of 4 cores (issue 32; built with
 * -DFW_SMP, run by smp.sh through `dspsim board --race`):
 *
 *  - fw_smp_start() starts cores 1..3, each with its own scheduler, timer
 *    and idle loop;
 *  - cross-core call round trips (the doorbell, its payload and the
 *    acknowledgement carrying the answer): 50 to each core, each answered
 *    by the right core with the right value, served counts exact;
 *  - notifications (fw_smp_notify, docs/firmware.md "Several cores"): 20
 *    from core 0 to each core, then a call: every one delivered, in
 *    order, before the call's answer; each other core's first job
 *    notifies core 0, whose handler has heard all three by the end;
 *  - semaphore contention: a periodic task on every core (each core's own
 *    timer releases it) adds 1 to a shared counter 100 times a job, 10
 *    jobs, under hardware semaphore FW_SMP_SEM_APP with a gap between the
 *    read and the write; the counter ends at exactly 4000, and --race
 *    finds nothing;
 *  - with -DFW_TEST_PANIC_CORE1 core 1's job loads from 0x10 instead: the
 *    panic record and the halt come from core 1. */
#include <stdint.h>

#include "check.h"
#include "fw/arch.h"
#include "fw/kernel.h"
#include "fw/task.h"
#include "fw_board.h"
#include "fw_smp.h"

#define JOBS      10u
#define PER_JOB   100u
#define PERIOD    20000u /* cycles */
#define SEM_COUNT FW_SMP_SEM_APP

static struct fw_task tasks[FW_MAX_CORES];
static uint8_t stacks[FW_MAX_CORES][1536] __attribute__((aligned(16)));
static uint32_t jobs[FW_MAX_CORES];     /* each core's own */
static volatile uint32_t counter, done; /* under SEM_COUNT */
#define NOTIFIES 20u
/* each core's own (its notification handler's) */
static uint32_t heard[FW_MAX_CORES], heard_bad[FW_MAX_CORES];
static volatile uint32_t heard_from; /* core 0's: cores that notified it */
uint32_t *volatile fw_test_bad_ptr = (uint32_t *)0x10;

static uint32_t whoami(uint32_t arg)
{
    return (uint32_t)fw_core_id() << 16 | arg;
}

static uint32_t served(uint32_t arg)
{
    (void)arg;
    return fw_smp_calls_served();
}

/* In the inter-core interrupt: core 0's values to this core come as
 * core << 16 | 0, 1, 2 ...; another core's to core 0 as 0xC0DE0000 | it. */
static void notified(unsigned from, uint32_t value)
{
    unsigned me = fw_core_id();

    if (me == 0) {
        if (value == (0xC0DE0000u | from))
            heard_from |= 1u << from;
        else
            heard_bad[0]++;
        return;
    }
    if (from != 0 || value != ((uint32_t)me << 16 | heard[me]))
        heard_bad[me]++;
    heard[me]++;
}

static uint32_t heard_here(uint32_t arg)
{
    (void)arg;
    return heard[fw_core_id()] | heard_bad[fw_core_id()] << 16;
}

/* external and not inlined: the panic names it */
uint32_t smp_read_config(const uint32_t *p);
uint32_t __attribute__((noinline)) smp_read_config(const uint32_t *p)
{
    return *(const volatile uint32_t *)p;
}

static void finish(void)
{
    uint32_t c, d;

    fw_smp_sem_take(SEM_COUNT);
    c = counter;
    d = done;
    fw_smp_sem_give(SEM_COUNT);
    if (d < FW_MAX_CORES)
        return;
    CHECK(c == FW_MAX_CORES * JOBS * PER_JOB, "counter %u", (unsigned)c);
    CHECK(heard_from == 0xEu && !heard_bad[0], "core 0 heard %x (%u bad)",
          (unsigned)heard_from, (unsigned)heard_bad[0]);
    fw_printf("core 0: notified by cores 1-3\n");
    fw_test_end("smp");
}

static void job(void *arg)
{
    unsigned me = fw_core_id();

    (void)arg;
#ifdef FW_TEST_PANIC_CORE1
    if (me == 1)
        fw_printf("read %x\n", (unsigned)smp_read_config(fw_test_bad_ptr));
#endif
    if (me && jobs[me] == 0)
        fw_smp_notify(0, 0xC0DE0000u | me);
    if (jobs[me] < JOBS) {
        for (unsigned i = 0; i < PER_JOB; i++) {
            uint32_t v;

            fw_smp_sem_take(SEM_COUNT);
            v = counter;
            for (volatile unsigned k = 0; k < 3; k++) /* widen the window */
                ;
            counter = v + 1;
            fw_smp_sem_give(SEM_COUNT);
        }
        if (++jobs[me] == JOBS) {
            fw_smp_sem_take(SEM_COUNT);
            done++;
            fw_smp_sem_give(SEM_COUNT);
        }
        return;
    }
    if (me == 0) {
        CHECK(jobs[0] < JOBS + 200, "the other cores never finished");
        if (jobs[0]++ >= JOBS + 200)
            fw_test_end("smp");
        finish();
    } else {
        fw_task_stop(&tasks[me]);
    }
}

static void start_task(unsigned core)
{
    struct fw_task_config c = {
        .name = "smp",
        .job = job,
        .stack = stacks[core],
        .stack_size = sizeof stacks[core],
        .period = PERIOD,
    };

    fw_task_init(&tasks[core], &c);
    fw_task_start_at(&tasks[core], arch_cycles() + PERIOD / 2 + core * 97u);
}

int main(void)
{
    fw_kernel_init();
    fw_smp_start(start_task);
    CHECK(fw_smp_cores() == FW_MAX_CORES, "%u cores", fw_smp_cores());
    if (fw_smp_cores() != FW_MAX_CORES)
        fw_test_end("smp"); /* no inter-core device to go on with */
    for (unsigned c = 1; c < fw_smp_cores(); c++) {
        uint32_t before = fw_smp_call(c, served, 0), t0 = arch_cycles(), t1;

        for (uint32_t i = 0; i < 50; i++) {
            uint32_t r = fw_smp_call(c, whoami, 1000u * c + i);

            CHECK(r == ((uint32_t)c << 16 | (1000u * c + i)),
                  "core %u call %u answered %x", c, (unsigned)i, (unsigned)r);
        }
        t1 = arch_cycles();
        CHECK(fw_smp_call(c, served, 0) == before + 51, "core %u served %u", c,
              (unsigned)fw_smp_call(c, served, 0));
        fw_printf("core %u: 50 calls, %u cycles a round trip\n", c,
                  (unsigned)((t1 - t0) / 50));
    }
    fw_smp_set_notify(notified);
    for (unsigned c = 1; c < fw_smp_cores(); c++) {
        uint32_t h;

        for (uint32_t i = 0; i < NOTIFIES; i++)
            fw_smp_notify(c, (uint32_t)c << 16 | i);
        h = fw_smp_call(c, heard_here, 0); /* after the last one's ack */
        CHECK(h == NOTIFIES, "core %u heard %u notifications, %u bad", c,
              (unsigned)(h & 0xFFFFu), (unsigned)(h >> 16));
        fw_printf("core %u: %u notifications in order\n", c,
                  (unsigned)(h & 0xFFFFu));
    }
    CHECK(fw_smp_call(0, whoami, 7) == 7, "a call to this core runs here");
    start_task(0);
    fw_board_ready();
    fw_kernel_run();
}
