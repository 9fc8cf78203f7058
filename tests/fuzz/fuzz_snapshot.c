/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: snapshots (docs/snapshot-format.md).  Each input is read
 * twice: as a snapshot file (ds_snap_file_read: header, lengths,
 * checksum), and as the sections of the board's event clock and devices
 * ("CLK ", "DBG ", "IPC ", "DMA ", "SSP0".. in a board's order: the
 * seeds are those of real snapshots) loaded into a clock, debug device,
 * doorbells, DMA controller and SSP ports of the default board without a
 * CPU; a load that succeeds is then run for a few thousand events, so
 * that the events it re-created fire on the state it restored.  Checked:
 * no crash, hang or sanitizer report; a refusal always has a message. */
#include <stdlib.h>
#include <string.h>

#include "abi/board_regs.h"
#include "dspsim/board_config.h"
#include "dspsim/clock.h"
#include "dspsim/debug_dev.h"
#include "dspsim/dma.h"
#include "dspsim/mailbox.h"
#include "dspsim/snapshot.h"
#include "dspsim/ssp.h"
#include "fuzz_util.h"

#define MEM_SIZE 0x10000u

static uint8_t dsp_mem[MEM_SIZE], host_mem[MEM_SIZE];
static ds_ssp *ssp[BOARD_MAX_SSP_PORTS];
static ds_dma *dma;

static bool in_mem(uint32_t addr, size_t n)
{
    return n <= MEM_SIZE && addr <= MEM_SIZE - n;
}
static bool mem_rd(const uint8_t *m, uint32_t addr, void *dst, size_t n)
{
    if (!in_mem(addr, n))
        return false;
    memcpy(dst, m + addr, n);
    return true;
}
static bool mem_wr(uint8_t *m, uint32_t addr, const void *src, size_t n)
{
    if (!in_mem(addr, n))
        return false;
    memcpy(m + addr, src, n);
    return true;
}
static bool dsp_rd(void *u, uint32_t a, void *d, size_t n)
{
    (void)u;
    return mem_rd(dsp_mem, a, d, n);
}
static bool dsp_wr(void *u, uint32_t a, const void *s, size_t n)
{
    (void)u;
    return mem_wr(dsp_mem, a, s, n);
}
static bool host_rd(void *u, uint32_t a, void *d, size_t n)
{
    (void)u;
    return mem_rd(host_mem, a, d, n);
}
static bool host_wr(void *u, uint32_t a, const void *s, size_t n)
{
    (void)u;
    return mem_wr(host_mem, a, s, n);
}
static size_t tx_space(void *u, unsigned p)
{
    (void)u;
    return ds_ssp_tx_space(ssp[p]);
}
static size_t tx_push(void *u, unsigned p, const uint8_t *s, size_t n)
{
    (void)u;
    return ds_ssp_tx_push(ssp[p], s, n);
}
static size_t rx_avail(void *u, unsigned p)
{
    (void)u;
    return ds_ssp_rx_avail(ssp[p]);
}
static size_t rx_pop(void *u, unsigned p, uint8_t *d, size_t n)
{
    (void)u;
    return ds_ssp_rx_pop(ssp[p], d, n);
}
static void request(void *u, unsigned port, uint64_t at)
{
    (void)u;
    ds_dma_port_request(dma, port, at);
}

static void check_file(const uint8_t *data, size_t size)
{
    static const char *dir;
    if (!dir)
        dir = fz_tmpdir("snapshot");
    const char *path = fz_path(dir, "in.snap");
    fz_write(path, data, size);
    ds_snap_ident want = { 0, 0, 0 }, got;
    uint8_t *body = NULL;
    size_t len = 0;
    char err[1024] = "";
    if (!ds_snap_file_read(path, &want, &got, &body, &len, err, sizeof err)) {
        if (!err[0] || body)
            abort();
        return;
    }
    free(body);
}

static void check_devices(const uint8_t *data, size_t size)
{
    ds_board_config cfg;
    ds_board_config_default(&cfg);
    ds_clock *clk = ds_clock_new();
    ds_dbg_info info = { 0, cfg.cpu_hz, cfg.audio_hz, cfg.iram_size,
                         cfg.dram_size };
    ds_dbg *dbg = ds_dbg_new(clk, &info, NULL);
    ds_ipc *ipc = ds_ipc_new(clk, (ds_irq_out){ NULL, NULL, 0 });
    for (unsigned i = 0; i < cfg.ssp_ports; i++) {
        ds_ssp_config sc = { .index = i,
                             .fifo_frames = cfg.ssp_fifo_frames,
                             .cpu_hz = cfg.cpu_hz,
                             .audio_hz = cfg.audio_hz,
                             .drift_ppb = cfg.audio_drift_ppb };
        ssp[i] = ds_ssp_new(clk, &sc, (ds_irq_out){ NULL, NULL, 0 });
        ds_ssp_set_request(ssp[i], request, NULL);
    }
    ds_dma_config dc = { cfg.dma_channels, cfg.dma_bytes_per_cycle,
                         cfg.dma_burst_bytes, cfg.dma_burst_latency };
    ds_bus dsp = { dsp_rd, dsp_wr, NULL }, host = { host_rd, host_wr, NULL };
    ds_dma_ports ports = { cfg.ssp_ports, tx_space, tx_push,
                           rx_avail,      rx_pop,   NULL };
    dma = ds_dma_new(clk, &dc, &dsp, &host, &ports,
                     (ds_irq_out){ NULL, NULL, 0 }, NULL, NULL);
    if (!clk || !dbg || !ipc || !dma)
        abort();

    char err[512] = "";
    ds_snap_r r, s;
    ds_snap_r_init(&r, data, size, err, sizeof err);
    bool ok = ds_snap_open(&r, DS_SNAP_TAG('C', 'L', 'K', ' '), &s);
    if (ok) {
        ds_clock_load_begin(clk, ds_snap_get_u64(&s));
        ok = ds_dbg_load(dbg, &r) && ds_ipc_load(ipc, &r) &&
             ds_dma_load(dma, &r);
        for (unsigned i = 0; ok && i < cfg.ssp_ports; i++)
            ok = ds_ssp_load(ssp[i], &r);
    }
    if (!ok && !err[0])
        abort(); /* a refusal without a message */
    for (unsigned n = 0; ok && n < 4000 && ds_clock_pending(clk); n++)
        ds_clock_advance(clk, ds_clock_next(clk));

    ds_dma_free(dma);
    for (unsigned i = 0; i < cfg.ssp_ports; i++)
        ds_ssp_free(ssp[i]);
    ds_ipc_free(ipc);
    ds_dbg_free(dbg);
    ds_clock_free(clk);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 22))
        return 0;
    check_file(data, size);
    check_devices(data, size);
    return 0;
}
