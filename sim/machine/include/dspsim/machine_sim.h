/* SPDX-License-Identifier: BSD-3-Clause */
/* The memory map of QEMU's Xtensa "sim" machine with the lx106 core, as
 * `dspsim exec` provides it.
 *
 * Units: addresses are 32-bit guest addresses, sizes are in bytes.
 *
 *   name        base        size     kind   (xt_machine_sim_regions())
 *   datarom0    0x3FF40000  256 KiB  ROM
 *   dataram1    0x3FF80000  256 KiB  RAM
 *   dataram0    0x3FFC0000  256 KiB  RAM
 *   instram0    0x40000000    1 MiB  RAM
 *   instram1    0x40100000    1 MiB  RAM
 *   instrom0    0x40200000    1 MiB  ROM
 *   sysrom0     0x50000000   64 MiB  ROM  (holds the reset vector)
 *   sysram0     0x60000000  128 MiB  RAM
 *
 * The sizes are those QEMU 7.2 reports for `-M sim -cpu lx106` in its
 * `info mtree`.  The XLMI port is not mapped.  ROMs are XT_REGION_ROM:
 * guest stores fault, the loader writes them through xt_mem_write.
 */
#ifndef DSPSIM_MACHINE_SIM_H
#define DSPSIM_MACHINE_SIM_H

#include <stddef.h>

#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The region table (static storage, in ascending address order); *count
 * receives the number of entries. */
const xt_region_desc *xt_machine_sim_regions(size_t *count);

/* Map every region of the table on cpu.  On failure returns the xt_map
 * error and, when failed_region is not NULL, the name of the region that
 * could not be mapped. */
xt_err xt_machine_sim_map(xt_cpu *cpu, const char **failed_region);

#ifdef __cplusplus
}
#endif
#endif
