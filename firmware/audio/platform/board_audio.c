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
#include "fw/task.h"
#include "fw/workq.h"
#include "fw_board.h"
#include "ipc/aud_ipc.h"

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

static void audio_job(void *arg)
{
    unsigned n = (unsigned)(uintptr_t)arg;
    uint32_t t0 = arch_cycles();

    board_audio_mark(BOARD_AUDIO_MARK_START(n), periods[n]++);
    aud_ipc_pipe_job(n);
    board_audio_mark(BOARD_AUDIO_MARK_END(n), arch_cycles() - t0);
}

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
    .task_setup = task_setup,
    .task_start = task_start,
    .task_stop = task_stop,
    .task_stats = task_stats,
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
    fw_task_init(&worker, &w);
    fw_workq_init(&wq, &worker);
    board_audio_dma_init();
    aud_ipc_init(&plat);
    board_audio_ipc_init(&wq);
}
