/* SPDX-License-Identifier: BSD-3-Clause */
/* Platform hooks (fw/platform.h) for the dspsim virtual audio-DSP board:
 * console -> debug device CONSOLE, exit -> debug device HALT, trace
 * markers -> debug device TRACE_ID/TRACE_VALUE (stamped by the board,
 * handed to the host's observers) and the mailbox log ring, and the
 * boot-time set-up of the mailbox regions. The panic sink is in
 * board_panic.c, IPC in board_ipc.c, the log ring in board_log.c. */
#include <stdint.h>
#include "board_internal.h"
#include "board_mmio.h"
#include "fw/arch.h"
#include "fw/percore.h"
#include "fw/platform.h"
#include "fw/sched.h"
#include "fw_board.h"

extern uint8_t __fw_iram_start[], __fw_iram_end[];
extern uint8_t __fw_dram_start[], __fw_dram_end[];

void fw_plat_init(void);
int fw_plat_mem_readable(uint32_t a, uint32_t len);

void fw_plat_init(void)
{
    /* The mailbox survives a board reset: forget an earlier run's panic
     * record before anything can fault. */
    board_mbox(IPC_MBOX_EXC_OFF)[0] = 0;
    fw_board_log_init();
    fw_sched_set_miss_hook(fw_board_miss_notify);
}

void fw_plat_console_write(const char *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        board_wr(BOARD_DBG_BASE + BOARD_DBG_CONSOLE, (uint8_t)buf[i]);
}

void fw_plat_exit(int status)
{
    for (;;)
        board_wr(BOARD_DBG_BASE + BOARD_DBG_HALT, (uint32_t)status);
}

void fw_plat_trace(uint32_t id, uint32_t arg)
{
    uint32_t key = fw_board_lock();

#ifdef FW_SMP
    /* several cores: the marker's bits 31..24 name the core */
    board_wr(BOARD_DBG_BASE + BOARD_DBG_TRACE_ID,
             id | (uint32_t)fw_core_id() << FW_BOARD_MARKER_CORE_SHIFT);
#else
    board_wr(BOARD_DBG_BASE + BOARD_DBG_TRACE_ID, id);
#endif
    board_wr(BOARD_DBG_BASE + BOARD_DBG_TRACE_VALUE, arg);
    fw_board_unlock(key);
    fw_board_log(IPC_LOG_DEBUG, id, arg, 0);
}

int fw_plat_mem_readable(uint32_t a, uint32_t len)
{
    uint32_t end = a + len;

    if (end < a)
        return 0;
    return (a >= (uint32_t)(uintptr_t)__fw_dram_start &&
            end <= (uint32_t)(uintptr_t)__fw_dram_end) ||
           (a >= (uint32_t)(uintptr_t)__fw_iram_start &&
            end <= (uint32_t)(uintptr_t)__fw_iram_end) ||
           (a >= BOARD_MBOX_BASE && end <= BOARD_MBOX_BASE + BOARD_MBOX_SIZE);
}
