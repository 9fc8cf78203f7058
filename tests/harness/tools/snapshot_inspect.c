/* SPDX-License-Identifier: BSD-3-Clause */
/* snapshot_inspect FIRMWARE.elf SNAPSHOT [AUDIO_HZ]: what a snapshot of a harness run
 * holds, one "key value" line each, for tests (tests/harness/snapshot.sh)
 * to check where a snapshot was taken:
 *   cycle N            the cycle in the header
 *   phase N next_ctl N the harness's phase (exec_internal.h) and control
 *   pc 0x... SYMBOL    the CPU's PC and the function holding it
 *   ps 0x... intlevel N excm N um N exccause N
 *   dma_in_flight N    DMA channels with a fetch or burst in flight
 *   events N           clock events pending
 * The snapshot is loaded into a board of the default configuration (with
 * AUDIO_HZ as its audio clock if given) with the firmware loaded (as a
 * run does), so this also proves it loads.
 * Exit 0, or 2 with a message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/board.h"
#include "dspsim/loader.h"
#include "dspsim/snapshot.h"

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: snapshot_inspect FIRMWARE.elf SNAPSHOT "
                        "[AUDIO_HZ]\n");
        return 2;
    }
    char err[1024];
    uint8_t *body;
    size_t len;
    ds_snap_ident want = { 0, 0, 0 }, got;
    if (!ds_snap_file_read(argv[2], &want, &got, &body, &len, err,
                           sizeof err)) {
        fprintf(stderr, "snapshot_inspect: %s\n", err);
        return 2;
    }
    ds_snap_r r, s;
    ds_snap_r_init(&r, body, len, err, sizeof err);
    if (ds_snap_open(&r, DS_SNAP_TAG('E', 'X', 'E', 'C'), &s)) {
        ds_snap_get_u32(&s);
        unsigned phase = ds_snap_get_u32(&s), next = ds_snap_get_u32(&s);
        printf("cycle %llu\nphase %u next_ctl %u\n",
               (unsigned long long)got.cycle, phase, next);
    }
    ds_snap_open(&r, DS_SNAP_TAG('D', 'R', 'V', ' '), &s);
    ds_board *b = NULL;
    ds_board_config cfg;
    ds_board_config_default(&cfg);
    if (argc == 4)
        cfg.audio_hz = (uint32_t)strtoul(argv[3], NULL, 10);
    if (r.bad || ds_board_new(&cfg, &b, err, sizeof err) != DS_OK ||
        ds_board_load_elf(b, argv[1], err, sizeof err) != DS_OK ||
        !ds_board_load(b, &r)) {
        fprintf(stderr, "snapshot_inspect: %s\n", err);
        return 2;
    }
    xt_cpu *cpu = ds_board_cpu(b);
    uint32_t pc = 0, ps = 0, cause = 0, off = 0;
    xt_reg_read(cpu, XT_REG_PC, &pc);
    xt_reg_read(cpu, XT_REG_SR(230), &ps);    /* PS */
    xt_reg_read(cpu, XT_REG_SR(232), &cause); /* EXCCAUSE */
    xt_elf *elf = NULL;
    const char *sym = NULL;
    if (xt_elf_open(argv[1], &elf, err, sizeof err) == XT_LOAD_OK)
        sym = xt_elf_sym_lookup(elf, pc, &off);
    printf("pc 0x%08x %s\n", (unsigned)pc, sym ? sym : "?");
    printf("ps 0x%08x intlevel %u excm %u um %u exccause %u\n", (unsigned)ps,
           (unsigned)(ps & 15), (unsigned)((ps >> 4) & 1),
           (unsigned)((ps >> 5) & 1), (unsigned)cause);
    unsigned n = 0;
    for (unsigned ch = 0; ch < ds_board_get_config(b)->dma_channels; ch++)
        n += ds_dma_channel_in_flight(ds_board_dma(b), ch);
    printf("dma_in_flight %u\n", n);
    printf("events %zu\n", ds_clock_pending(ds_board_clock(b)));
    xt_elf_free(elf);
    ds_board_free(b);
    free(body);
    return 0;
}
