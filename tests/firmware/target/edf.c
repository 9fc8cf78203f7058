/* SPDX-License-Identifier: BSD-3-Clause */
/* EDF on target: three periodic tasks with different periods and relative
 * deadlines, all first released at T0, run for one hyperperiod. Every job
 * logs its release, deadline, start and end cycle times. Checks: releases
 * exactly T0 + k * period; jobs run in EDF order (a job never starts while
 * a released, unfinished job with an earlier deadline waits); a later
 * release with an earlier deadline preempts the long task; no misses.
 * With FW_TEST_CYCLE_EXACT (dspsim: deterministic cycle model) also the
 * release-to-start latency bound and the identical latency of identical
 * situations. */
#include <stdint.h>
#include "check.h"
#include "fw/kernel.h"
#include "fw/task.h"
#include "fw/timer.h"
#include "work.h"

/* QEMU's cycle counter follows the host clock (and stalls while code is
 * first translated): there, stretch time and check only the ordering. */
#ifdef FW_TEST_CYCLE_EXACT
#define SCALE 1u
#else
#define SCALE 10u
#endif
#define T0_DELAY (20000u * SCALE)
#define HYPER    (300000u * SCALE)
#define MAXLOG   64

struct job_log {
    uint32_t task, release, deadline, start, end;
};
static struct job_log jl[MAXLOG];
static volatile unsigned njobs;

struct spec {
    const char *name;
    uint32_t period, deadline, demand;
};
static const struct spec specs[3] = {
    { "a", 20000 * SCALE, 20000 * SCALE, 2000 * SCALE },
    { "b", 30000 * SCALE, 15000 * SCALE, 3000 * SCALE },
    { "c", 50000 * SCALE, 50000 * SCALE, 18000 * SCALE }, /* preempted */
};
static struct fw_task tasks[3];
static uint8_t stacks[3][1024] __attribute__((aligned(16)));
static uint32_t t0;
static struct fw_timeout end_to;

static void job(void *arg)
{
    const struct spec *s = &specs[(uintptr_t)arg]; /* arg: the index */
    struct fw_task *me = fw_task_current();
    unsigned n = njobs++;

    if (n < MAXLOG) {
        jl[n].start = arch_cycles();
        jl[n].task = (uint32_t)(s - specs);
        jl[n].release = me->release;
        jl[n].deadline = me->deadline;
    }
    work_cycles(s->demand);
    if (n < MAXLOG)
        jl[n].end = arch_cycles();
}

static void finish(struct fw_timeout *to)
{
    unsigned i, j, k[3] = { 0, 0, 0 };
    uint32_t worst_lat = 0;

    (void)to;
    CHECK(njobs > 0 && njobs <= 15 + 10 + 6, "jobs %u", njobs);
#ifdef FW_TEST_CYCLE_EXACT
    CHECK(njobs == 15 + 10 + 6, "jobs %u", njobs);
#endif
    for (i = 0; i < njobs && i < MAXLOG; i++) {
        const struct job_log *a = &jl[i];
        uint32_t want = t0 + k[a->task]++ * specs[a->task].period;
#ifdef FW_TEST_CYCLE_EXACT
        CHECK(a->release == want, "job %u (%s): release %u, want %u", i,
              specs[a->task].name, (unsigned)a->release, (unsigned)want);
        CHECK((int32_t)(a->end - a->deadline) <= 0, "job %u late", i);
#else
        (void)want; /* releases may be skipped when QEMU stalls */
        CHECK((a->release - t0) % specs[a->task].period == 0,
              "job %u (%s): release %u not on the period grid", i,
              specs[a->task].name, (unsigned)a->release);
#endif
        CHECK(a->deadline == a->release + specs[a->task].deadline,
              "job %u deadline", i);
        CHECK((int32_t)(a->start - a->release) >= 0, "job %u early", i);
        if (a->start - a->release > worst_lat)
            worst_lat = a->start - a->release;
        /* EDF: no waiting job with an earlier deadline. A release is
         * visible to the scheduler once its timer interrupt has run;
         * allow it LAT cycles. */
        for (j = 0; j < njobs && j < MAXLOG; j++) {
            const struct job_log *b = &jl[j];
            const uint32_t LAT = 2000 * SCALE;
            if (j == i)
                continue;
            if (fw_time_before(a->start, b->release + LAT) ||
                !fw_time_before(a->start, b->start))
                continue; /* b not yet visible, or b already started */
            CHECK(!fw_time_before(b->deadline, a->deadline),
                  "job %u (%s, dl %u) started at %u while job %u (%s, dl "
                  "%u) waited",
                  i, specs[a->task].name, (unsigned)a->deadline,
                  (unsigned)a->start, j, specs[b->task].name,
                  (unsigned)b->deadline);
        }
    }
#ifdef FW_TEST_CYCLE_EXACT
    for (i = 0; i < 3; i++) {
        CHECK(tasks[i].stats.misses == 0, "%s misses %u", tasks[i].name,
              (unsigned)tasks[i].stats.misses);
        CHECK(tasks[i].stats.skipped == 0, "%s skipped", tasks[i].name);
    }
    /* c is preempted by a at T0 + 20000 (c runs 18000 cycles from about
     * T0 + 5000): it is switched in more often than it has jobs. */
    CHECK(tasks[2].stats.switches_in > tasks[2].stats.runs,
          "c never preempted: %u switches, %u runs",
          (unsigned)tasks[2].stats.switches_in, (unsigned)tasks[2].stats.runs);
#endif
    fw_printf("release-to-start latency, worst %u cycles\n",
              (unsigned)worst_lat);
    for (i = 0; i < njobs && i < MAXLOG; i++)
        fw_printf("job %2u %s release T0+%6u start +%5u end +%5u dl +%5u\n", i,
                  specs[jl[i].task].name, (unsigned)(jl[i].release - t0),
                  (unsigned)(jl[i].start - jl[i].release),
                  (unsigned)(jl[i].end - jl[i].release),
                  (unsigned)(jl[i].deadline - jl[i].release));
#ifdef FW_TEST_CYCLE_EXACT
    /* Job 0 is b (earliest deadline) released at T0 from idle: timer
     * interrupt + two releases + switch from idle. */
    CHECK(jl[0].task == 1 && jl[0].start - jl[0].release < 2000,
          "first start latency %u", (unsigned)(jl[0].start - jl[0].release));
    /* Identical situations, identical cycles (dspsim's model is
     * deterministic): a's releases at T0 + 40000, 80000 and 140000 each
     * find the CPU idle and the same timeout queue shape. */
    {
        uint32_t lat[3] = { 0, 0, 0 };
        for (i = 0; i < njobs; i++) {
            uint32_t r = jl[i].release - t0;
            if (jl[i].task == 0 && (r == 40000 || r == 80000 || r == 140000))
                lat[r == 40000   ? 0
                    : r == 80000 ? 1
                                 : 2] = jl[i].start - jl[i].release;
        }
        fw_printf("timer interrupt -> job start from idle: %u %u %u cycles\n",
                  (unsigned)lat[0], (unsigned)lat[1], (unsigned)lat[2]);
        CHECK(lat[0] && lat[0] == lat[1] && lat[1] == lat[2],
              "latencies %u %u %u", (unsigned)lat[0], (unsigned)lat[1],
              (unsigned)lat[2]);
    }
#endif
    fw_kernel_print_stats();
    fw_test_end("fw_edf");
}

int main(void)
{
    unsigned i;

    fw_kernel_init();
    work_calibrate();
    for (i = 0; i < 3; i++) {
        struct fw_task_config c = { .name = specs[i].name,
                                    .job = job,
                                    .arg = (void *)(uintptr_t)i,
                                    .stack = stacks[i],
                                    .stack_size = sizeof stacks[i],
                                    .period = specs[i].period,
                                    .deadline = specs[i].deadline };
        CHECK(fw_task_init(&tasks[i], &c) == 0, "task init");
    }
    t0 = arch_cycles() + T0_DELAY;
    for (i = 0; i < 3; i++)
        fw_task_start_at(&tasks[i], t0);
    /* after the last job of the hyperperiod, before the next releases */
    fw_timer_add(&end_to, t0 + HYPER - 1000 * SCALE, finish);
    fw_kernel_run();
}
