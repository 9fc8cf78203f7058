/* SPDX-License-Identifier: BSD-3-Clause */
/* Special-register access for the LX106 (inline assembly). */
#ifndef FW_XTENSA_SR_H
#define FW_XTENSA_SR_H

#include <stdint.h>

#define XT_RSR(name)                                                           \
    ({                                                                         \
        uint32_t v_;                                                           \
        __asm__ volatile("rsr %0, " #name : "=a"(v_));                         \
        v_;                                                                    \
    })
#define XT_WSR(name, v)                                                        \
    __asm__ volatile("wsr %0, " #name "\n\trsync"                              \
                     :                                                         \
                     : "a"((uint32_t)(v))                                      \
                     : "memory")

#endif
