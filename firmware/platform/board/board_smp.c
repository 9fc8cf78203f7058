/* SPDX-License-Identifier: BSD-3-Clause */
/* Several cores (fw_smp.h; built only with -DFW_SMP): starting the cores,
 * cross-core calls over the inter-core device's doorbells, its hardware
 * semaphores, and the board port's lock (fw_board.h, fw_board_lock). */
#include <stddef.h>

#include "board_mmio.h"
#include "fw/irq.h"
#include "fw/kernel.h"
#include "fw_board.h"
#include "fw_smp.h"

#define ICD(r) (BOARD_ICD_BASE + (r))

/* Read by fw_smp_secondary_entry (smp_entry.S): the stack top of core n,
 * written by core 0 before it starts n. */
uint32_t fw_smp_stack_top[FW_MAX_CORES];
static uint8_t stacks[FW_MAX_CORES - 1][FW_SMP_STACK]
    __attribute__((aligned(16)));

static unsigned n_cores = 1; /* set by core 0 before it starts the others */
static void (*start_hook)(unsigned core);
static FW_PERCORE(uint32_t, lock_depth);
static FW_PERCORE(uint32_t, served);
/* a message this core sent is not acknowledged yet (its DONE unread): the
 * core's one OUT_DATA/DONE bank carries one message at a time */
static FW_PERCORE(uint32_t, unacked);
static fw_smp_notify_fn notify_fn;

void fw_smp_secondary_entry(void);
void fw_smp_secondary_main(unsigned core) __attribute__((noreturn));

unsigned fw_smp_cores(void)
{
    return n_cores;
}

void fw_smp_sem_take(unsigned n)
{
    while (!board_rd(ICD(BOARD_ICD_SEM(n))))
        ;
}

int fw_smp_sem_try(unsigned n)
{
    return board_rd(ICD(BOARD_ICD_SEM(n))) != 0;
}

void fw_smp_sem_give(unsigned n)
{
    board_wr(ICD(BOARD_ICD_SEM(n)), 0);
}

uint32_t fw_board_lock(void)
{
    uint32_t key = arch_irq_lock();

    if (n_cores > 1 && FW_THIS(lock_depth)++ == 0)
        fw_smp_sem_take(FW_SMP_SEM_BOARD);
    return key;
}

void fw_board_unlock(uint32_t key)
{
    if (n_cores > 1 && --FW_THIS(lock_depth) == 0)
        fw_smp_sem_give(FW_SMP_SEM_BOARD);
    arch_irq_unlock(key);
}

uint32_t fw_smp_kernel_lock(void)
{
    uint32_t key = arch_irq_lock();

    if (n_cores > 1)
        fw_smp_sem_take(FW_SMP_SEM_KERNEL);
    return key;
}

void fw_smp_kernel_unlock(uint32_t key)
{
    if (n_cores > 1)
        fw_smp_sem_give(FW_SMP_SEM_KERNEL);
    arch_irq_unlock(key);
}

/* Line 8: serve every message in this core's doorbell (it is
 * edge-triggered: handle until IN is clear so nothing is missed). */
static void icd_isr(void *arg)
{
    (void)arg;
    while (board_rd(ICD(BOARD_ICD_STATUS)) & BOARD_ICD_ST_IN) {
        uint32_t msg = board_rd(ICD(BOARD_ICD_IN_MSG)) & BOARD_ICD_MSG_MASK;
        fw_smp_fn fn = (fw_smp_fn)(uintptr_t)board_rd(
            ICD(BOARD_ICD_IN_DATA(0)));
        uint32_t a = board_rd(ICD(BOARD_ICD_IN_DATA(1)));
        uint32_t r = 0;

        if (msg == FW_SMP_MSG_CALL && fn)
            r = fn(a);
        else if (msg == FW_SMP_MSG_NOTIFY && notify_fn)
            notify_fn(board_rd(ICD(BOARD_ICD_IN_FROM)),
                      board_rd(ICD(BOARD_ICD_IN_DATA(0))));
        FW_THIS(served)++;
        board_wr(ICD(BOARD_ICD_ACK), r);
    }
}

uint32_t fw_smp_calls_served(void)
{
    return FW_THIS(served);
}

/* Interrupts masked: may this core send?  Its last message must have been
 * acknowledged (DONE); clears DONE and LOST for the next. */
static int send_ready(void)
{
    if (FW_THIS(unacked)) {
        if (!(board_rd(ICD(BOARD_ICD_STATUS)) & BOARD_ICD_ST_DONE))
            return 0;
        FW_THIS(unacked) = 0;
    }
    board_wr(ICD(BOARD_ICD_STATUS), BOARD_ICD_ST_DONE | BOARD_ICD_ST_LOST);
    return 1;
}

/* Interrupts masked, send_ready(): ring `core`; 0 when refused (its
 * doorbell holds another core's message). */
static int ring(unsigned core, uint32_t msg, uint32_t d0, uint32_t d1)
{
    board_wr(ICD(BOARD_ICD_OUT_DATA(0)), d0);
    board_wr(ICD(BOARD_ICD_OUT_DATA(1)), d1);
    board_wr(ICD(BOARD_ICD_DOORBELL(core)), msg);
    if (board_rd(ICD(BOARD_ICD_STATUS)) & BOARD_ICD_ST_LOST) {
        board_wr(ICD(BOARD_ICD_STATUS), BOARD_ICD_ST_LOST);
        return 0;
    }
    FW_THIS(unacked) = 1;
    return 1;
}

uint32_t fw_smp_call(unsigned core, fw_smp_fn fn, uint32_t arg)
{
    uint32_t key, r;

    if (core == fw_core_id())
        return fn(arg);
    key = arch_irq_lock();
    while (!send_ready())
        ;
    while (!ring(core, FW_SMP_MSG_CALL, (uint32_t)(uintptr_t)fn, arg))
        ;
    while (!(board_rd(ICD(BOARD_ICD_STATUS)) & BOARD_ICD_ST_DONE))
        ;
    board_wr(ICD(BOARD_ICD_STATUS), BOARD_ICD_ST_DONE);
    FW_THIS(unacked) = 0;
    r = board_rd(ICD(BOARD_ICD_REPLY));
    arch_irq_unlock(key);
    return r;
}

void fw_smp_set_notify(fw_smp_notify_fn fn)
{
    notify_fn = fn;
}

void fw_smp_notify(unsigned core, uint32_t value)
{
    /* never waits with interrupts masked: a core that waits so for an
     * answer (fw_smp_call) is answered by this core's interrupt */
    for (;;) {
        uint32_t key = arch_irq_lock();
        int sent = send_ready() && ring(core, FW_SMP_MSG_NOTIFY, value, 0);

        arch_irq_unlock(key);
        if (sent)
            return;
    }
}

static uint32_t nop(uint32_t a)
{
    return a + 1;
}

void fw_smp_secondary_main(unsigned core)
{
    fw_kernel_init();
    fw_irq_connect(BOARD_IRQ_ICD, icd_isr, NULL);
    if (start_hook)
        start_hook(core);
    /* a call rung while the core was starting is in the doorbell: the
     * edge of STATUS & INTEN when INTEN is set raises line 8 */
    board_wr(ICD(BOARD_ICD_INTEN), BOARD_ICD_INT_IN);
    fw_kernel_run();
    for (;;)
        ;
}

void fw_smp_start(void (*hook)(unsigned core))
{
    uint32_t cfg = board_rd(BOARD_DBG_BASE + BOARD_DBG_CONFIG);
    unsigned n = ((cfg & BOARD_CONFIG_CORES_MASK) >> BOARD_CONFIG_CORES_SHIFT) +
                 1u;
    uint32_t run = 0;

    if (n > FW_MAX_CORES)
        n = FW_MAX_CORES;
    n_cores = n;
    start_hook = hook;
    for (unsigned c = 1; c < n; c++) {
        fw_smp_stack_top[c] = (uint32_t)(uintptr_t)(stacks[c - 1] +
                                                    FW_SMP_STACK);
        board_wr(ICD(BOARD_ICD_BOOT(c)),
                 (uint32_t)(uintptr_t)fw_smp_secondary_entry);
        run |= 1u << c;
    }
    if (run)
        board_wr(ICD(BOARD_ICD_RUN), run);
    for (unsigned c = 1; c < n; c++)
        (void)fw_smp_call(c, nop, c);
    if (n > 1) { /* notifications to core 0 (fw_smp_notify) */
        fw_irq_connect(BOARD_IRQ_ICD, icd_isr, NULL);
        board_wr(ICD(BOARD_ICD_INTEN), BOARD_ICD_INT_IN);
    }
}
