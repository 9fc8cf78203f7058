/* SPDX-License-Identifier: BSD-3-Clause */
/* The audio firmware image for the dspsim board: boots the kernel, sets up
 * the audio IPC service (firmware/audio/platform/board_audio.h), sends
 * FW_READY and serves host commands (docs/ipc.md) forever. */
#include "board_audio.h"
#include "fw/kernel.h"
#include "fw_board.h"

int main(void)
{
    fw_kernel_init();
    board_audio_init();
    fw_board_ready();
    fw_kernel_run();
}
