/* SPDX-License-Identifier: BSD-3-Clause */
/* Debug-device trace markers, out of line (board_audio_marker.h). */
#include "board_audio_marker.h"

void board_audio_marker(uint32_t id, uint32_t value)
{
    board_audio_mark(id, value);
}
