/* SPDX-License-Identifier: BSD-3-Clause */
/* The audio firmware image for the dspsim board: boots the kernel, sets up
 * the audio IPC service (firmware/audio/platform/board_audio.h), sends
 * FW_READY and serves host commands (docs/ipc.md) forever.  Built twice:
 * fw_audio.elf (one core) and fw_audio_smp.elf (-DFW_SMP: every core of
 * the board, pipelines placed by PIPE_NEW's core; docs/firmware.md
 * "Several cores"). */
#include "board_audio.h"
#include "fw/kernel.h"
#include "fw_board.h"
#ifdef FW_SMP
#include "fw_smp.h"
#endif

int main(void)
{
    fw_kernel_init();
#ifdef FW_SMP
    /* fw_audio_smp.elf: the other cores start, each with its own
     * scheduler and timer, and sleep until a pipeline is placed there */
    fw_smp_start(NULL);
#endif
    board_audio_init();
    fw_board_ready();
    fw_kernel_run();
}
