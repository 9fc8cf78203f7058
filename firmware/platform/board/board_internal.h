/* SPDX-License-Identifier: BSD-3-Clause */
/* Between the board port's files only. */
#ifndef FW_BOARD_INTERNAL_H
#define FW_BOARD_INTERNAL_H

#include <stdint.h>

/* board_log.c: write the ring header (empty ring). */
void fw_board_log_init(void);

/* board_ipc.c: wait up to max_cycles for the host to acknowledge the
 * pending D2H message; returns 1 when the doorbell is free. */
int fw_board_d2h_wait_free(uint32_t max_cycles);
/* Ring the D2H doorbell with msg, no payload, no check. */
void fw_board_d2h_ring(uint32_t msg);

#endif
