/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest for the 64-byte watchpoint test (gdb_client scenario watch64):
 * byte stores just outside a 64-byte window (no stop), then to its last
 * and first bytes, then over the whole window; the window starts 4 bytes
 * into a byte-aligned struct, so it need not be a power-of-two-aligned
 * block.  Returns win[63] + win[0] + 1 = 64. */
#include "semihost.h"

struct area {
    unsigned char before[4];
    unsigned char win[64];
    unsigned char after[4];
};

/* in .data, not .bss: crt0's clearing of .bss would be the first hit */
volatile struct area area = { .after = { 0, 0, 0, 0x55 } };

int main(void)
{
    area.before[3] = 1; /* just below the window */
    area.after[0] = 2;  /* just above it */
    area.win[63] = 3;   /* its last byte */
    area.win[0] = 4;    /* its first byte */
    for (int i = 0; i < 64; i++)
        area.win[i] = (unsigned char)i;
    sh_puts("done\n");
    return area.win[63] + area.win[0] + 1;
}
