/* SPDX-License-Identifier: BSD-3-Clause */
/* QEMU's lx106 "sim" machine memory map (see dspsim/machine_sim.h). */
#include "dspsim/machine_sim.h"

#define KIB 1024u
#define MIB (1024u * 1024u)

/* QEMU's sim machine backs every memory, ROMs included, with RAM: guest
 * stores to the "ROMs" succeed there, so they are RAM here too.  Data
 * loads from instruction memories cost 5 wait states (a 6-cycle load, as
 * measured on the ESP8266's LX106; docs/timing.md). */
#define IMEM_READ_WAIT 5

static const xt_region_desc sim_regions[] = {
    { .name = "datarom0",
      .base = 0x3FF40000u,
      .size = 256 * KIB,
      .kind = XT_REGION_RAM },
    { .name = "dataram1",
      .base = 0x3FF80000u,
      .size = 256 * KIB,
      .kind = XT_REGION_RAM },
    { .name = "dataram0",
      .base = 0x3FFC0000u,
      .size = 256 * KIB,
      .kind = XT_REGION_RAM },
    { .name = "instram0",
      .base = 0x40000000u,
      .size = 1 * MIB,
      .kind = XT_REGION_RAM,
      .read_wait = IMEM_READ_WAIT },
    { .name = "instram1",
      .base = 0x40100000u,
      .size = 1 * MIB,
      .kind = XT_REGION_RAM,
      .read_wait = IMEM_READ_WAIT },
    { .name = "instrom0",
      .base = 0x40200000u,
      .size = 1 * MIB,
      .kind = XT_REGION_RAM,
      .read_wait = IMEM_READ_WAIT },
    { .name = "sysrom0",
      .base = 0x50000000u,
      .size = 64 * MIB,
      .kind = XT_REGION_RAM },
    { .name = "sysram0",
      .base = 0x60000000u,
      .size = 128 * MIB,
      .kind = XT_REGION_RAM },
};

const xt_region_desc *xt_machine_sim_regions(size_t *count)
{
    if (count)
        *count = sizeof(sim_regions) / sizeof(sim_regions[0]);
    return sim_regions;
}

xt_err xt_machine_sim_map(xt_cpu *cpu, const char **failed_region)
{
    size_t n;
    const xt_region_desc *r = xt_machine_sim_regions(&n);

    if (failed_region)
        *failed_region = NULL;
    for (size_t i = 0; i < n; i++) {
        xt_err err = xt_map(cpu, &r[i]);
        if (err != XT_OK) {
            if (failed_region)
                *failed_region = r[i].name;
            return err;
        }
    }
    return XT_OK;
}
