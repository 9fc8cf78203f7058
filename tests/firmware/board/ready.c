/* SPDX-License-Identifier: BSD-3-Clause */
/* Board boot: the kernel starts on the board, sends FW_READY (the host
 * checker fw_board_check checks its fields, the cycle stamp and the boot
 * budget), logs to the mailbox ring, and halts with status 0. */
#include <stdint.h>
#include "check.h"
#include "fw/kernel.h"
#include "fw_board.h"

int main(void)
{
    fw_kernel_init();
    CHECK(fw_board_ready() == 0, "FW_READY dropped");
    fw_board_log(IPC_LOG_INFO, IPC_TRACE_ID_APP, 0x1234, 0x5678);
    fw_test_end("fw_board_ready");
}
