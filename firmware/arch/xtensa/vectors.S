/* SPDX-License-Identifier: BSD-3-Clause */
/* Exception vectors of the LX106 at VECBASE (0x40000000): each saves a0
 * and jumps to its handler in entry.S. */
#include "frame.h"

    .section .vectors, "ax"
    .global fw_vectors
fw_vectors:

    .org 0x10                       /* debug (level 2): breakpoints ignored */
fw_debug_vector:
    rfi     2

    .org 0x20                       /* NMI (level 3) */
fw_nmi_vector:
    wsr     a0, excsave3
    j       fw_nmi_entry

    .org 0x30                       /* kernel: exceptions and level-1 */
fw_kernel_vector:                   /* interrupts with PS.UM = 0 */
    wsr     a0, excsave1
    j       fw_exc_entry

    .org 0x50                       /* user: the same with PS.UM = 1 */
fw_user_vector:
    wsr     a0, excsave1
    j       fw_exc_entry

    .org 0x70                       /* double exception */
fw_double_vector:
    j       fw_double_entry
