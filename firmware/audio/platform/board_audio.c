/* SPDX-License-Identifier: BSD-3-Clause */
/* The audio firmware's platform on the board: the aud_ipc_platform hooks
 * (allocator on the runtime heap, CCOUNT, one EDF periodic task per
 * pipeline with trace markers at job start and end, endpoint DMA, IPC
 * transport) and board_audio_init(). */
#include <stdint.h>

#include "board_audio.h"
#include "board_audio_dma.h"
#include "board_audio_ipc.h"
#include "board_audio_marker.h"
#include "board_mmio.h"
#include "fw/arch.h"
#include "fw/mem.h"
#include "fw/sched.h"
#include "fw/task.h"
#include "fw/timer.h"
#include "fw/workq.h"
#include "fw_board.h"
#include "ipc/aud_ipc.h"
#ifdef FW_SMP
#include "fw_smp.h"
#endif

#define AUDIO_STACK  3072u
#define WORKER_STACK 3072u

static struct fw_task tasks[IPC_AUD_MAX_PIPES];
static uint8_t stacks[IPC_AUD_MAX_PIPES][AUDIO_STACK]
    __attribute__((aligned(16)));
static uint32_t periods[IPC_AUD_MAX_PIPES];
/* The IPC worker's stack sits on top of an unused red zone: the TEST
 * command's stack overflow (docs/ipc.md "TEST", at most TEST_STACK_MAX
 * bytes) runs into the zone, not into other data, before the scheduler's
 * stack guard check (fw/task.h) catches it and panics. */
#define WORKER_RED_ZONE 3072u
#define TEST_STACK_MAX  4096u
static struct fw_task worker;
static uint8_t worker_area[WORKER_RED_ZONE + WORKER_STACK]
    __attribute__((aligned(16)));
#define worker_stack (worker_area + WORKER_RED_ZONE)
static struct fw_workq wq;

static void *rt_alloc(void *ctx, size_t bytes, size_t align)
{
    (void)ctx;
    return fw_alloc(FW_ZONE_RUNTIME, bytes, align);
}

static void rt_free(void *ctx, void *p)
{
    (void)ctx;
    fw_free(p);
}

static const struct audio_alloc rt = { rt_alloc, rt_free, 0 };

static uint32_t cycles(void *ctx)
{
    (void)ctx;
    return arch_cycles();
}

#ifdef FW_SMP
/* Several cores (docs/firmware.md "Several cores"): pipeline slot n runs
 * on core slot_core[n] (PIPE_NEW's core); hardware semaphore
 * BOARD_AUDIO_SEM(n) guards its pipeline against the other cores.  Its
 * job holds it, and the semaphores of the pipelines linked to it that run
 * on other cores (the link buffer and the other side's state); the IPC
 * worker holds all of them while it handles a command. */
#define BOARD_AUDIO_SEM(n) (FW_SMP_SEM_APP + (n))
static unsigned slot_core[IPC_AUD_MAX_PIPES];

static unsigned slot_of(const struct pipeline *p)
{
    for (unsigned i = 0; i < IPC_AUD_MAX_PIPES; i++)
        if (p && aud_ipc_pipeline(i) == p)
            return i;
    return IPC_AUD_MAX_PIPES;
}

/* With n's semaphore held: take the semaphores of n's pipelines on other
 * cores without waiting; all or none (a holder may wait for ours). */
static uint32_t take_linked(unsigned n)
{
    const struct pipeline *p = aud_ipc_pipeline(n);
    uint32_t want = 0, got = 0;
    unsigned me = fw_core_id(), k;

    if (!p)
        return 0;
    k = slot_of(p->consumer);
    if (k < IPC_AUD_MAX_PIPES && slot_core[k] != me)
        want |= 1u << k;
    for (uint32_t i = 0; i < p->n_xin; i++) {
        k = slot_of(p->xin[i].prod);
        if (k < IPC_AUD_MAX_PIPES && slot_core[k] != me)
            want |= 1u << k;
    }
    for (k = 0; k < IPC_AUD_MAX_PIPES; k++) {
        if (!(want & (1u << k)))
            continue;
        if (!fw_smp_sem_try(BOARD_AUDIO_SEM(k))) {
            for (unsigned j = 0; j < k; j++)
                if (got & (1u << j))
                    fw_smp_sem_give(BOARD_AUDIO_SEM(j));
            return 0xFFFFFFFFu;
        }
        got |= 1u << k;
    }
    return got;
}

static void give_mask(uint32_t m)
{
    for (unsigned k = 0; k < IPC_AUD_MAX_PIPES; k++)
        if (m & (1u << k))
            fw_smp_sem_give(BOARD_AUDIO_SEM(k));
}

/* The semaphores of every pipeline, for one IPC command: all or none,
 * retried with this core's interrupts open in between (so that its own
 * jobs, which may hold one, can finish).  Returns the irq key. */
static uint32_t pipes_lock_all(void)
{
    for (;;) {
        uint32_t key = arch_irq_lock(), got = 0;
        unsigned k;

        for (k = 0; k < IPC_AUD_MAX_PIPES; k++) {
            if (!fw_smp_sem_try(BOARD_AUDIO_SEM(k)))
                break;
            got |= 1u << k;
        }
        if (k == IPC_AUD_MAX_PIPES)
            return key;
        give_mask(got);
        arch_irq_unlock(key);
    }
}

static void pipes_unlock_all(uint32_t key)
{
    give_mask((1u << IPC_AUD_MAX_PIPES) - 1u);
    arch_irq_unlock(key);
}

uint32_t board_audio_cmd_lock(void)
{
    return fw_smp_cores() > 1 ? pipes_lock_all() : arch_irq_lock();
}

void board_audio_cmd_unlock(uint32_t key)
{
    if (fw_smp_cores() > 1)
        pipes_unlock_all(key);
    else
        arch_irq_unlock(key);
}

/* Cross-core links with notification (docs/firmware.md "Several cores").
 * A pipeline whose input comes from pipelines on other cores ("notified")
 * has no timer release: each producer's job, its period's data in the
 * link buffer and its semaphores given, notifies the consumer's core
 * (fw_smp_notify: the consumer's slot); once every such producer has
 * notified, the consumer's core releases the job (deadline: release +
 * relative deadline), sleeping in WAITI until then.  A watchdog on the
 * consumer's core releases it 1.5 periods after its last release if no
 * notification came (a producer stopped, paused or in xrun: the job then
 * reads silence, pipeline_link.c), then every period.  These are the
 * consumer core's own: set by the task hooks and the notifications, all
 * run on that core. */
struct link_rx {
    struct fw_timeout wd; /* the watchdog */
    uint32_t want;        /* producer slots on other cores (0: timer) */
    uint32_t got;         /* of those, notified since the last release */
    uint8_t armed;        /* started: releases wanted */
};
static struct link_rx rx[IPC_AUD_MAX_PIPES];

static unsigned rx_slot(const struct fw_timeout *to)
{
    for (unsigned n = 0; n < IPC_AUD_MAX_PIPES; n++)
        if (&rx[n].wd == to)
            return n;
    return 0;
}

static void wd_expired(struct fw_timeout *to);

/* Release slot n's job now; the watchdog 1.5 periods on. */
static void rx_release(unsigned n, uint32_t wd_at)
{
    rx[n].got = 0;
    fw_timer_add(&rx[n].wd, wd_at, wd_expired);
    fw_task_release(&tasks[n]);
}

static void wd_expired(struct fw_timeout *to)
{
    unsigned n = rx_slot(to);

    if (rx[n].armed)
        rx_release(n, to->expiry + tasks[n].period);
}

/* In the inter-core interrupt: producer slot `value` has its period in. */
static void link_notified(unsigned from, uint32_t value)
{
    unsigned prod = value >> 8, n = value & 0xFFu;

    (void)from;
    if (n >= IPC_AUD_MAX_PIPES || prod >= IPC_AUD_MAX_PIPES || !rx[n].armed)
        return;
    rx[n].got |= (1u << prod) & rx[n].want;
    if (rx[n].got == rx[n].want)
        rx_release(n, arch_cycles() + tasks[n].period + tasks[n].period / 2);
}

/* With n's semaphores held: the consumer slot to notify after the job
 * (its consumer on another core, *core set), else IPC_AUD_MAX_PIPES. */
static unsigned notify_target(unsigned n, unsigned *core)
{
    const struct pipeline *p = aud_ipc_pipeline(n);
    unsigned k = p ? slot_of(p->consumer) : IPC_AUD_MAX_PIPES;

    if (k >= IPC_AUD_MAX_PIPES || slot_core[k] == fw_core_id())
        return IPC_AUD_MAX_PIPES;
    *core = slot_core[k];
    return k;
}

static void audio_job(void *arg)
{
    unsigned n = (unsigned)(uintptr_t)arg, to = IPC_AUD_MAX_PIPES, core = 0;
    uint32_t t0 = arch_cycles(), linked = 0, key = 0;
    int smp = fw_smp_cores() > 1;

    board_audio_mark(BOARD_AUDIO_MARK_START(n), periods[n]++);
    /* linked to another core: the job holds more than its own semaphore
     * and runs with interrupts masked, so that no job of this core that
     * wants one of them can preempt it (they spin on a free try) */
    while (smp) {
        fw_smp_sem_take(BOARD_AUDIO_SEM(n));
        key = arch_irq_lock();
        linked = take_linked(n);
        if (linked != 0xFFFFFFFFu)
            break;
        arch_irq_unlock(key);
        fw_smp_sem_give(BOARD_AUDIO_SEM(n));
    }
    if (smp && !linked)
        arch_irq_unlock(key);
    aud_ipc_pipe_job(n);
    if (smp) {
        to = notify_target(n, &core);
        give_mask(linked);
        if (linked)
            arch_irq_unlock(key);
        fw_smp_sem_give(BOARD_AUDIO_SEM(n));
        if (to < IPC_AUD_MAX_PIPES)
            fw_smp_notify(core, (n << 8) | to);
    }
    board_audio_mark(BOARD_AUDIO_MARK_END(n), arch_cycles() - t0);
}
#else
static void audio_job(void *arg)
{
    unsigned n = (unsigned)(uintptr_t)arg;
    uint32_t t0 = arch_cycles();

    board_audio_mark(BOARD_AUDIO_MARK_START(n), periods[n]++);
    aud_ipc_pipe_job(n);
    board_audio_mark(BOARD_AUDIO_MARK_END(n), arch_cycles() - t0);
}
#endif

static int task_setup(void *ctx, unsigned n, struct pipeline *p,
                      uint32_t period, uint32_t deadline, uint32_t *id)
{
    struct fw_task_config c = {
        .name = "audio",
        .job = audio_job,
        .arg = (void *)(uintptr_t)n,
        .stack = stacks[n],
        .stack_size = AUDIO_STACK,
        .period = period,
        .deadline = deadline,
    };

    (void)ctx;
    (void)p;
    fw_task_stop(&tasks[n]);
    if (tasks[n].state != FW_TASK_WAITING || fw_task_init(&tasks[n], &c))
        return AUD_E_STATE;
    periods[n] = 0;
    *id = tasks[n].id;
    return 0;
}

static void task_start(void *ctx, unsigned n)
{
    const struct pipeline *p = aud_ipc_pipeline(n);
    uint32_t first = tasks[n].period / 2;

    (void)ctx;
    /* capture: one and a half periods, so a whole period has arrived */
    if (p && p->cfg.dir == AUDIO_DIR_CAPTURE)
        first += tasks[n].period;
    fw_task_stop(&tasks[n]);
    fw_task_start_at(&tasks[n], arch_cycles() + first);
}

static void task_stop(void *ctx, unsigned n)
{
    (void)ctx;
    fw_task_stop(&tasks[n]);
}

static void task_stats(void *ctx, unsigned n, uint32_t *rel, uint32_t *miss)
{
    (void)ctx;
    *rel = tasks[n].stats.releases;
    *miss = tasks[n].stats.misses;
}

#ifdef FW_SMP
/* The task hooks run on the slot's core (its scheduler and timer queue),
 * through a cross-core call from the IPC worker on core 0. */
static struct {
    unsigned n;
    struct pipeline *p;
    uint32_t period, deadline, id, rel, miss, want;
    int ret;
} targs;

static uint32_t setup_on_core(uint32_t a)
{
    (void)a;
    targs.ret = task_setup(NULL, targs.n, targs.p, targs.period, targs.deadline,
                           &targs.id);
    return 0;
}

static uint32_t stop_on_core(uint32_t n)
{
    rx[n].armed = 0;
    fw_timer_cancel(&rx[n].wd);
    task_stop(NULL, n);
    return 0;
}

static uint32_t start_on_core(uint32_t n)
{
    const struct pipeline *p = aud_ipc_pipeline(n);
    uint32_t first = tasks[n].period / 2;

    if (!targs.want) {
        stop_on_core(n);
        task_start(NULL, n);
        return 0;
    }
    /* released by its producers' notifications; the watchdog a period
     * after the timer's first release would have been */
    stop_on_core(n);
    if (p && p->cfg.dir == AUDIO_DIR_CAPTURE)
        first += tasks[n].period;
    rx[n].want = targs.want;
    rx[n].got = 0;
    rx[n].armed = 1;
    fw_timer_add(&rx[n].wd, arch_cycles() + first + tasks[n].period,
                 wd_expired);
    return 0;
}

/* The producer slots of n's inputs on other cores than n's. */
static uint32_t remote_producers(unsigned n)
{
    const struct pipeline *p = aud_ipc_pipeline(n);
    uint32_t want = 0;

    for (uint32_t i = 0; p && i < p->n_xin; i++) {
        unsigned k = slot_of(p->xin[i].prod);

        if (k < IPC_AUD_MAX_PIPES && slot_core[k] != slot_core[n])
            want |= 1u << k;
    }
    return want;
}

static uint32_t stats_on_core(uint32_t n)
{
    task_stats(NULL, n, &targs.rel, &targs.miss);
    return 0;
}

static int smp_task_setup(void *ctx, unsigned n, struct pipeline *p,
                          uint32_t period, uint32_t deadline, uint32_t *id)
{
    (void)ctx;
    targs.n = n;
    targs.p = p;
    targs.period = period;
    targs.deadline = deadline;
    fw_smp_call(slot_core[n], setup_on_core, 0);
    *id = targs.id;
    return targs.ret;
}

static void smp_task_start(void *ctx, unsigned n)
{
    (void)ctx;
    targs.want = remote_producers(n);
    fw_smp_call(slot_core[n], start_on_core, n);
}

static void smp_task_stop(void *ctx, unsigned n)
{
    (void)ctx;
    fw_smp_call(slot_core[n], stop_on_core, n);
}

static void smp_task_stats(void *ctx, unsigned n, uint32_t *rel, uint32_t *miss)
{
    (void)ctx;
    fw_smp_call(slot_core[n], stats_on_core, n);
    *rel = targs.rel;
    *miss = targs.miss;
}

static struct ipc_aud_core_stat cstat;

static uint32_t core_stat_here(uint32_t a)
{
    uint64_t idle = fw_sched_idle_cycles();

    (void)a;
    cstat.ccount = arch_cycles();
    cstat.idle_lo = (uint32_t)idle;
    cstat.idle_hi = (uint32_t)(idle >> 32);
    cstat.switches = fw_sched_switch_count();
    return 0;
}

static void core_stats(void *ctx, unsigned core, struct ipc_aud_core_stat *out)
{
    (void)ctx;
    fw_smp_call(core, core_stat_here, 0);
    *out = cstat;
}

static void task_core(void *ctx, unsigned n, uint32_t core)
{
    (void)ctx;
    /* a slot reused on another core: its task is stopped (PIPE_FREE) */
    slot_core[n] = core;
}
#endif

static uint32_t lock(void *ctx)
{
    (void)ctx;
    return arch_irq_lock();
}

static void unlock(void *ctx, uint32_t key)
{
    (void)ctx;
    arch_irq_unlock(key);
}

static uint32_t heap_free(enum fw_zone z)
{
    const struct fw_heap_stats *s = fw_mem_stats(z);

    return s ? (uint32_t)(s->size - s->used) : 0;
}

static void mem_free(void *ctx, uint32_t *rt_free, uint32_t *dma_free)
{
    (void)ctx;
    *rt_free = heap_free(FW_ZONE_RUNTIME);
    *dma_free = heap_free(FW_ZONE_DMA);
}

static void log_fn(void *ctx, uint32_t level, uint32_t id, uint32_t a0,
                   uint32_t a1)
{
    (void)ctx;
    fw_board_log(level, id, a0, a1);
}

static struct aud_ipc_platform plat = {
    .alloc = &rt,
    .cycles = cycles,
#ifdef FW_SMP
    .task_setup = smp_task_setup,
    .task_start = smp_task_start,
    .task_stop = smp_task_stop,
    .task_stats = smp_task_stats,
#else
    .task_setup = task_setup,
    .task_start = task_start,
    .task_stop = task_stop,
    .task_stats = task_stats,
#endif
    .dma_get = board_audio_dma_get,
    .dma_put = board_audio_dma_put,
    .dma_host_buffer = board_audio_dma_host_buffer,
    .dma_stream = board_audio_dma_stream,
    .notify = board_audio_notify,
    .dropped = board_audio_dropped,
    .stream_slot = board_audio_stream_slot,
    .lock = lock,
    .unlock = unlock,
    .mem_free = mem_free,
    .test_stack_max = TEST_STACK_MAX,
    .log = log_fn,
#ifdef FW_SMP
    .cores = 1,
    .task_core = task_core,
    .core_stats = core_stats,
#endif
};

void board_audio_init(void)
{
    uint32_t hz = board_rd(BOARD_DBG_BASE + BOARD_DBG_CPU_HZ);
    struct fw_task_config w = {
        .name = "ipc",
        .job = fw_workq_job,
        .arg = &wq,
        .stack = worker_stack,
        .stack_size = WORKER_STACK,
        .deadline = hz / 1000u * (BOARD_AUDIO_WORKER_DEADLINE_US / 1000u),
    };

    plat.clock_hz = hz / 1000u * 1000u;
#ifdef FW_SMP
    plat.cores = fw_smp_cores(); /* fw_smp_start() ran before */
    fw_smp_set_notify(link_notified);
#endif
    fw_task_init(&worker, &w);
    fw_workq_init(&wq, &worker);
    board_audio_dma_init();
    aud_ipc_init(&plat);
    board_audio_ipc_init(&wq);
}
