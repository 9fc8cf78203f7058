/* SPDX-License-Identifier: BSD-3-Clause */
/* Names of Xtensa EXCCAUSE values and of the firmware's own panic causes,
 * shared by the firmware (panic printout) and the host-side panic decoder
 * (harness/fwreport/fw_report.c).  Plain C, no dependencies. */
#ifndef FW_EXCCAUSE_NAME_H
#define FW_EXCCAUSE_NAME_H

#include <stdint.h>

/* Panic causes beyond the hardware's EXCCAUSE range (the firmware's
 * fw/panic.h and abi/ipc_proto.h give them their public names). */
#define FW_CAUSE_SOFTWARE 0x100u
#define FW_CAUSE_DOUBLE   0x101u
#define FW_CAUSE_STACK    0x102u

static inline const char *fw_cause_name(uint32_t cause)
{
    static const char *const names[] = {
        [0] = "IllegalInstruction",     [1] = "Syscall",
        [2] = "InstructionFetchError",  [3] = "LoadStoreError",
        [4] = "Level1Interrupt",        [5] = "Alloca",
        [6] = "IntegerDivideByZero",    [8] = "Privileged",
        [9] = "LoadStoreAlignment",     [12] = "InstrPIFDataError",
        [13] = "LoadStorePIFDataError", [14] = "InstrPIFAddrError",
        [15] = "LoadStorePIFAddrError", [16] = "InstTLBMiss",
        [17] = "InstTLBMultiHit",       [18] = "InstFetchPrivilege",
        [20] = "InstFetchProhibited",   [24] = "LoadStoreTLBMiss",
        [25] = "LoadStoreTLBMultiHit",  [26] = "LoadStorePrivilege",
        [28] = "LoadProhibited",        [29] = "StoreProhibited",
    };

    if (cause == FW_CAUSE_SOFTWARE)
        return "SoftwarePanic";
    if (cause == FW_CAUSE_DOUBLE)
        return "DoubleException";
    if (cause == FW_CAUSE_STACK)
        return "StackOverflow";
    if (cause < sizeof names / sizeof names[0] && names[cause])
        return names[cause];
    return "Unknown";
}

#endif
