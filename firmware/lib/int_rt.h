/* SPDX-License-Identifier: BSD-3-Clause */
/* Integer run-time helpers the compiler calls on the LX106 (no divide
 * instructions, no 32x32->64 multiply high) and Debian's lx106 libgcc does
 * not provide. Built as __divsi3 etc. for the firmware; the host unit test
 * builds the same sources with FW_RT_HOST_TEST as fw_rt_divsi3 etc.
 *
 * Defined results where C leaves them undefined (so a stray division can
 * never trap or hang the firmware):
 *   x / 0  -> all ones: 0xFFFFFFFF (unsigned) or -1 (signed), 32 and 64 bit
 *   x % 0  -> x
 *   MIN / -1 -> MIN (two's-complement wrap), MIN % -1 -> 0 */
#ifndef FW_INT_RT_H
#define FW_INT_RT_H

#include <stdint.h>

#ifdef FW_RT_HOST_TEST
#define FW_RT(name) fw_rt_##name
#else
#define FW_RT(name) __##name
#endif

int32_t FW_RT(divsi3)(int32_t a, int32_t b);
int32_t FW_RT(modsi3)(int32_t a, int32_t b);
uint32_t FW_RT(udivsi3)(uint32_t a, uint32_t b);
uint32_t FW_RT(umodsi3)(uint32_t a, uint32_t b);
int64_t FW_RT(divdi3)(int64_t a, int64_t b);
int64_t FW_RT(moddi3)(int64_t a, int64_t b);
uint64_t FW_RT(udivdi3)(uint64_t a, uint64_t b);
uint64_t FW_RT(umoddi3)(uint64_t a, uint64_t b);
int64_t FW_RT(muldi3)(int64_t a, int64_t b);

#endif
