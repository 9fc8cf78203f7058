/* SPDX-License-Identifier: BSD-3-Clause */
/* Board parameters: compiled-in defaults and the YAML board description.
 *
 * YAML format (every key optional; defaults in brackets; docs/board.md):
 *
 *   name: my-board                      # [default]
 *   cores: 1                            # LX106 cores, 1..4 [1]
 *   quantum: 1000                       # cycles a core may run ahead
 *                                       # of the others (2+ cores) [1000]
 *   cpu_hz: 160000000                   # CPU clock, Hz [160000000]
 *   memory:
 *     iram: { size: 256K, wait_states: 0 }     # [256K, 0]
 *     dram: { size: 256K, wait_states: 0 }     # [256K, 0]
 *     mailbox: { wait_states: 1 }              # [1]
 *     peripherals: { wait_states: 2 }          # [2]
 *     host: { size: 1M }                       # host memory [1M]
 *   audio:
 *     clock_hz: 12288000                # audio (SSP) clock, Hz [12288000]
 *     drift_ppm: 0                      # audio clock error, ppm [0]
 *   dma:
 *     channels: 4                       # 1..8 [4]
 *     bytes_per_cycle: 4                # bandwidth [4]
 *     burst_bytes: 64                   # largest burst [64]
 *     burst_latency: 8                  # cycles per burst [8]
 *   ssp:
 *     ports: 2                          # 0..4 [2]
 *     fifo_frames: 4                    # FIFO depth in frames [4]
 *
 * Sizes are bytes, optionally with a K (1024) or M (1048576) suffix;
 * integers may be decimal or 0x hexadecimal; wait states are extra CPU
 * cycles per load, store and instruction fetch.
 */
#ifndef DSPSIM_BOARD_CONFIG_H
#define DSPSIM_BOARD_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DS_BOARD_DEFAULT_QUANTUM 1000u    /* cycles */
#define DS_BOARD_MAX_QUANTUM     1000000u /* cycles */

typedef struct ds_board_config {
    char name[64];
    /* How the board's CPU is opened (xt_open_config): the engine, set by
     * whoever creates the board (the CLI's --engine, the harness's run
     * options); not part of the YAML description, and not of a
     * snapshot's identity (either engine resumes a state saved by
     * either: the fields from cpu_hz on are).  The defaults leave the
     * engine unset ($DSPSIM_ENGINE, else fast).  cpu.xlate is only read
     * by ds_board_new and is NULL in ds_board_get_config's copy. */
    xt_cpu_config cpu;
    /* Cores (1..BOARD_MAX_CORES) and the quantum of a board of several
     * (cycles; docs/board.md "Several cores").  Before cpu_hz, out of the
     * bytes a snapshot's identity hashes, so that a board of one core
     * keeps today's; the board's saved state checks them itself. */
    unsigned cores;
    unsigned quantum;
    uint32_t cpu_hz;    /* Hz */
    uint32_t iram_size; /* bytes, multiple of 4096 */
    uint32_t dram_size; /* bytes, multiple of 4096 */
    uint32_t host_size; /* bytes of host memory (DMA only) */
    unsigned iram_wait; /* extra cycles per access */
    unsigned dram_wait;
    unsigned mbox_wait;
    unsigned periph_wait;
    uint32_t audio_hz;       /* Hz */
    int32_t audio_drift_ppb; /* parts per billion; + = audio fast */
    unsigned dma_channels;
    unsigned dma_bytes_per_cycle;
    unsigned dma_burst_bytes;
    unsigned dma_burst_latency; /* cycles */
    unsigned ssp_ports;
    unsigned ssp_fifo_frames;
} ds_board_config;

void ds_board_config_default(ds_board_config *cfg);

/* Parse a YAML board description over the values already in *cfg
 * (normally the defaults).  On error returns false, leaves a one-line
 * message "NAME:LINE: problem" in err and *cfg unspecified. */
bool ds_board_config_parse(ds_board_config *cfg, const char *name,
                           const char *text, size_t len, char *err,
                           size_t errsz);
/* Defaults + the file at path. */
bool ds_board_config_load(ds_board_config *cfg, const char *path, char *err,
                          size_t errsz);
/* Range and consistency checks (also done by parse and ds_board_new). */
bool ds_board_config_check(const ds_board_config *cfg, char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
