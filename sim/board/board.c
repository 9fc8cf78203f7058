/* SPDX-License-Identifier: BSD-3-Clause */
/* The board: memory map, device wiring, host API.  The run loop is in
 * board_run.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "board_internal.h"
#include "dspsim/history.h"
#include "dspsim/errbuf.h"
#include "dspsim/loader.h"

const char *ds_strerror(ds_status st)
{
    switch (st) {
    case DS_OK:
        return "success";
    case DS_ERR_ARG:
        return "invalid argument";
    case DS_ERR_NOMEM:
        return "out of memory";
    case DS_ERR_CONFIG:
        return "invalid board description";
    case DS_ERR_RANGE:
        return "address range outside the memory";
    case DS_ERR_BUSY:
        return "doorbell busy";
    case DS_ERR_LOAD:
        return "program could not be loaded";
    case DS_ERR_CPU:
        return "CPU engine error";
    }
    return "unknown error";
}

/* ---- callbacks the devices get ---------------------------------------- */
static uint64_t now_cb(void *user)
{
    ds_board *b = user;
    if (b->ncores > 1)
        return ds_board_smp_now(b);
    return xt_cycles(b->cpu);
}

static void schedule_cb(void *user, uint64_t at)
{
    ds_board *b = user;
    if (b->ncores > 1)
        ds_board_smp_schedule(b, at);
    else if (b->in_run && at < b->run_end)
        xt_stop_request(b->cpu);
}

/* The running cores stop before their next instruction. */
static void stop_cpu(ds_board *b)
{
    if (b->ncores > 1)
        ds_board_smp_stop(b);
    else
        xt_stop_request(b->cpu);
}

/* Until when nothing but a device's own events can look at it, the other
 * devices or memory (ds_quiet_fn, for the DMA and the SSP ports): the core
 * waits in WAITI and cannot wake on its own, no other event is due, this
 * run does not end and no point of the run service comes; never with a
 * debugger attached (it may read memory between any two slices). */
static uint64_t quiet_cb(void *user, ds_event_id own)
{
    ds_board *b = user;
    if (!b->running || ds_run_polled(b->svc) || b->ncores > 1)
        return 0;
    uint64_t q = xt_idle_until(b->cpu);
    uint64_t next = ds_clock_next_other(b->clk, own);
    if (next < q)
        q = next;
    if (b->limit < q)
        q = b->limit;
    if (ds_run_next_point(b->svc) < q)
        q = ds_run_next_point(b->svc);
    return q;
}

/* Lazy events (dspsim/clock.h) are allowed during a run without a
 * debugger (which may read a device between any two slices), on a board
 * of one core (a board of several has no quiet time either). */
static bool lazy_cb(void *user)
{
    ds_board *b = user;
    return b->running && !ds_run_polled(b->svc) && b->ncores == 1;
}

/* The core is about to touch the DMA or an SSP port: the lazy events due
 * by now happen first, as they would have at their own cycles. */
static void sync_lazy(ds_board *b)
{
    if (ds_clock_lazy_pending(b->clk))
        ds_clock_run_due(b->clk, xt_cycles(b->cpu));
}

/* Frame ticks after a store into what lazy ticks' bursts read before the
 * board tries lazy ticks again. */
#define LAZY_BACKOFF_TICKS 1

/* The core stores into a page the DMA's bursts of lazy SSP ticks read
 * (ssp_lazy_cb): the ticks due by now happen first, the rest become
 * ordinary events (the core stops at them: they read what it stores). */
static void lazy_store_cb(xt_cpu *cpu, uint32_t addr, void *user)
{
    (void)addr;
    ds_board *b = user;
    sync_lazy(b);
    ds_clock_harden(b->clk);
    /* the core writes there now (a copy into the DMA's buffer, most
     * likely): lazy ticks would be hardened again at once for a while */
    b->lazy_resume = xt_cycles(cpu) + LAZY_BACKOFF_TICKS * b->lazy_period;
}

/* A core is about to touch a device: on a board of several cores, the
 * others first run up to its cycle (board_smp.c). */
static inline void dev_access(ds_board *b)
{
    if (b->ncores > 1)
        ds_board_smp_sync(b);
}

/* DSPSIM_BOARD_QUIET=0 turns quiet time off: every tick and burst an
 * event of its own (tests compare the two). */
static bool quiet_on(void)
{
    const char *e = getenv("DSPSIM_BOARD_QUIET");
    return !e || strcmp(e, "0") != 0;
}

static void default_console(void *user, uint8_t byte)
{
    (void)user;
    fputc(byte, stdout);
    if (byte == '\n')
        fflush(stdout);
}

static void default_log(void *user, const char *msg)
{
    (void)user;
    fflush(stdout);
    fprintf(stderr, "dspsim: board: %s\n", msg);
}

/* The observers hear nothing while the run goes over history they have
 * heard (ds_board_set_replay). */
static void log_cb(void *user, const char *msg)
{
    ds_board *b = user;
    if (!b->replay)
        b->log(b->log_user, msg);
}

static void console_cb(void *user, uint8_t byte)
{
    ds_board *b = user;
    if (!b->replay)
        b->console(b->console_user, byte);
}

static void marker_cb(void *user, uint32_t id, uint32_t value, uint64_t cyc)
{
    ds_board *b = user;
    for (unsigned i = 0; i < b->n_markers && !b->replay; i++)
        b->markers[i].fn(b->markers[i].user, id, value, cyc);
}

static void dma_obs_cb(void *user, unsigned ch, ds_dma_event ev, uint32_t src,
                       uint32_t dst, uint32_t bytes, uint64_t cyc)
{
    ds_board *b = user;
    for (unsigned i = 0; i < b->n_dma_obs && !b->replay; i++)
        b->dma_obs[i].fn(b->dma_obs[i].user, ch, ev, src, dst, bytes, cyc);
}

static void halt_cb(void *user, uint32_t status, uint64_t cycle)
{
    ds_board *b = user;
    (void)cycle;
    b->halted = true;
    b->halt_status = status;
    b->halt_core = ds_board_smp_current(b);
    stop_cpu(b);
}

static void d2h_cb(void *user, uint32_t msg, uint64_t cycle)
{
    ds_board *b = user;
    b->d2h_cycle = cycle;
    b->events |= DS_EVENT_D2H;
    if (b->in_run && (b->stop_on & DS_EVENT_D2H))
        stop_cpu(b);
    if (b->ipc_ops.d2h_msg)
        b->ipc_ops.d2h_msg(b->ipc_ops.user, msg, cycle);
}

static void h2d_done_cb(void *user, uint32_t msg, uint64_t cycle)
{
    ds_board *b = user;
    b->events |= DS_EVENT_H2D_DONE;
    if (b->in_run && (b->stop_on & DS_EVENT_H2D_DONE))
        stop_cpu(b);
    if (b->ipc_ops.h2d_done)
        b->ipc_ops.h2d_done(b->ipc_ops.user, msg, cycle);
}

/* ---- MMIO trampolines ---------------------------------------------------- */
static bool dbg_rd(void *u, uint32_t o, unsigned s, uint32_t *v)
{
    dev_access(u);
    return ds_dbg_read(((ds_board *)u)->dbg, o, s, v);
}
static bool dbg_wr(void *u, uint32_t o, unsigned s, uint32_t v)
{
    dev_access(u);
    return ds_dbg_write(((ds_board *)u)->dbg, o, s, v);
}
static bool ipc_rd(void *u, uint32_t o, unsigned s, uint32_t *v)
{
    dev_access(u);
    return ds_ipc_read(((ds_board *)u)->ipc, o, s, v);
}
static bool ipc_wr(void *u, uint32_t o, unsigned s, uint32_t v)
{
    dev_access(u);
    return ds_ipc_write(((ds_board *)u)->ipc, o, s, v);
}
static bool dma_rd(void *u, uint32_t o, unsigned s, uint32_t *v)
{
    dev_access(u);
    sync_lazy(u);
    return ds_dma_read(((ds_board *)u)->dma, o, s, v);
}
static bool dma_wr(void *u, uint32_t o, unsigned s, uint32_t v)
{
    dev_access(u);
    sync_lazy(u);
    return ds_dma_write(((ds_board *)u)->dma, o, s, v);
}
static bool ssp_rd(void *u, uint32_t o, unsigned s, uint32_t *v)
{
    const struct ds_board_port *p = u;
    dev_access(p->b);
    sync_lazy(p->b);
    return ds_ssp_read(p->b->ssp[p->index], o, s, v);
}
static bool ssp_wr(void *u, uint32_t o, unsigned s, uint32_t v)
{
    const struct ds_board_port *p = u;
    dev_access(p->b);
    sync_lazy(p->b);
    /* a flush or a stop changes the room a lazy landing counted on */
    if (ds_clock_lazy_pending(p->b->clk))
        ds_clock_harden(p->b->clk);
    return ds_ssp_write(p->b->ssp[p->index], o, s, v);
}

/* the inter-core device's bank is the accessing core's (user) */
static bool icd_rd(void *u, uint32_t o, unsigned s, uint32_t *v)
{
    const struct ds_board_core *c = u;
    dev_access(c->b);
    return ds_icd_read(c->b->icd, c->index, o, s, v);
}
static bool icd_wr(void *u, uint32_t o, unsigned s, uint32_t v)
{
    const struct ds_board_core *c = u;
    dev_access(c->b);
    return ds_icd_write(c->b->icd, c->index, o, s, v);
}

/* ---- buses for the DMA ------------------------------------------------- */
/* Is [addr, addr+n) inside one of IRAM, DRAM, mailbox? */
static bool dsp_mem_range(const ds_board *b, uint32_t addr, size_t n)
{
    const struct {
        uint32_t base, size;
    } m[3] = {
        { BOARD_IRAM_BASE, b->cfg.iram_size },
        { BOARD_DRAM_BASE, b->cfg.dram_size },
        { BOARD_MBOX_BASE, BOARD_MBOX_SIZE },
    };
    for (int i = 0; i < 3; i++)
        if (addr >= m[i].base && n <= m[i].size &&
            addr - m[i].base <= m[i].size - n)
            return true;
    return false;
}

static bool dsp_read(void *user, uint32_t addr, void *dst, size_t n)
{
    ds_board *b = user;
    return dsp_mem_range(b, addr, n) &&
           xt_mem_read(b->cpu, addr, dst, n) == XT_OK;
}

/* A write into the core's memories by another master, for the watcher
 * (ds_board_set_write_watch). */
static void watch_write(ds_board *b, ds_master m, uint32_t addr, size_t n)
{
    ds_mem_write w = { .master = m,
                       .addr = addr,
                       .len = (uint32_t)n,
                       .cycle = xt_cycles(b->cpu),
                       .between_runs = !b->running };
    if (m == DS_MASTER_DMA && !ds_dma_writer(b->dma, &w.channel, &w.desc))
        return;
    b->wwatch(b->wwatch_user, &w);
}

/* Another master than the core writes the core's memories: the race
 * detector forgets the cores' accesses there, the write watch sees it. */
static ds_status write_as(ds_board *b, ds_master m, uint32_t addr,
                          const void *src, size_t n)
{
    if (!dsp_mem_range(b, addr, n))
        return DS_ERR_ARG;
    ds_board_race_forget(b, addr, n);
    if (xt_mem_write(b->cpu, addr, src, n) != XT_OK)
        return DS_ERR_CPU;
    if (b->wwatch)
        watch_write(b, m, addr, n);
    return DS_OK;
}

/* The DMA's bus to DSP memory (its only writer). */
static bool dsp_write(void *user, uint32_t addr, const void *src, size_t n)
{
    return write_as(user, DS_MASTER_DMA, addr, src, n) == DS_OK;
}

static bool host_range(const ds_board *b, uint32_t addr, size_t n)
{
    return n <= b->cfg.host_size && addr <= b->cfg.host_size - n;
}

static bool host_read(void *user, uint32_t addr, void *dst, size_t n)
{
    ds_board *b = user;
    if (!host_range(b, addr, n))
        return false;
    memcpy(dst, b->host_mem + addr, n);
    return true;
}

static bool host_write(void *user, uint32_t addr, const void *src, size_t n)
{
    ds_board *b = user;
    if (!host_range(b, addr, n))
        return false;
    memcpy(b->host_mem + addr, src, n);
    return true;
}

/* SSP FIFOs for the DMA; port < nports is checked by the DMA. */
static size_t p_tx_space(void *u, unsigned port)
{
    return ds_ssp_tx_space(((ds_board *)u)->ssp[port]);
}
static size_t p_tx_push(void *u, unsigned port, const uint8_t *s, size_t n)
{
    return ds_ssp_tx_push(((ds_board *)u)->ssp[port], s, n);
}
static size_t p_rx_avail(void *u, unsigned port)
{
    return ds_ssp_rx_avail(((ds_board *)u)->ssp[port]);
}
static size_t p_rx_pop(void *u, unsigned port, uint8_t *d, size_t n)
{
    return ds_ssp_rx_pop(((ds_board *)u)->ssp[port], d, n);
}

static void ssp_request_cb(void *user, unsigned port, uint64_t at)
{
    ds_board *b = user;
    ds_dma_port_request(b->dma, port, at);
}

/* Lazy SSP ticks (ds_ssp_set_lazy): as many as the DMA's steady state
 * allows (ds_dma_port_steady), once the core's stores into what their
 * bursts read are watched.  None while the core waits in WAITI: quiet
 * time runs those ticks, or the core, idle, loses nothing at them. */
static unsigned ssp_lazy_cb(void *user, unsigned port, uint64_t at, size_t room,
                            uint64_t period, unsigned max)
{
    ds_board *b = user;
    uint32_t lo, hi;
    if (xt_idle_until(b->cpu) || at < b->lazy_resume)
        return 0;
    b->lazy_period = period;
    unsigned m = ds_dma_port_steady(b->dma, port, at, room, period, max, &lo,
                                    &hi);
    if (!m || !dsp_mem_range(b, lo, hi - lo) ||
        xt_watch_stores(b->cpu, lo, hi, lazy_store_cb, b) != XT_OK)
        return 0;
    return m;
}

static unsigned ssp_stream_cb(void *user, unsigned port, const uint64_t *t,
                              unsigned n, uint64_t horizon, size_t room,
                              uint8_t *out)
{
    ds_board *b = user;
    return ds_dma_port_stream(b->dma, port, t, n, horizon, room, out);
}

/* ---- construction ------------------------------------------------------ */
/* A RAM of core c: its own (core 0), else core 0's shared. */
static xt_err map_ram(ds_board *b, const struct ds_board_core *c,
                      const char *name, uint32_t base, uint32_t size,
                      unsigned wait)
{
    xt_region_desc d = { .name = name,
                         .base = base,
                         .size = size,
                         .kind = XT_REGION_RAM,
                         .read_wait = wait,
                         .write_wait = wait,
                         .fetch_wait = wait,
                         .share = c->index ? b->cpu : NULL };
    return xt_map(c->cpu, &d);
}

static xt_err map_mmio(ds_board *b, const struct ds_board_core *c,
                       const char *name, uint32_t base, xt_mmio_read_cb rd,
                       xt_mmio_write_cb wr, void *user)
{
    xt_region_desc d = { .name = name,
                         .base = base,
                         .size = BOARD_DEV_SIZE,
                         .kind = XT_REGION_MMIO,
                         .read_wait = b->cfg.periph_wait,
                         .write_wait = b->cfg.periph_wait,
                         .read = rd,
                         .write = wr,
                         .user = user };
    return xt_map(c->cpu, &d);
}

/* Core c's memory map: the memories (core 0's, shared by the others),
 * the devices, and the inter-core device on a board of several cores.
 * On error *what names the region. */
static xt_err map_core(ds_board *b, struct ds_board_core *c, const char **what)
{
    *what = "iram";
    xt_err e = map_ram(b, c, "iram", BOARD_IRAM_BASE, b->cfg.iram_size,
                       b->cfg.iram_wait);
    if (e == XT_OK && (*what = "dram"))
        e = map_ram(b, c, "dram", BOARD_DRAM_BASE, b->cfg.dram_size,
                    b->cfg.dram_wait);
    if (e == XT_OK && (*what = "mailbox"))
        e = map_ram(b, c, "mailbox", BOARD_MBOX_BASE, BOARD_MBOX_SIZE,
                    b->cfg.mbox_wait);
    if (e == XT_OK && (*what = "dbg"))
        e = map_mmio(b, c, "dbg", BOARD_DBG_BASE, dbg_rd, dbg_wr, b);
    if (e == XT_OK && (*what = "ipc"))
        e = map_mmio(b, c, "ipc", BOARD_IPC_BASE, ipc_rd, ipc_wr, b);
    if (e == XT_OK && (*what = "dma"))
        e = map_mmio(b, c, "dma", BOARD_DMA_BASE, dma_rd, dma_wr, b);
    if (e == XT_OK && b->ncores > 1 && (*what = "icd"))
        e = map_mmio(b, c, "icd", BOARD_ICD_BASE, icd_rd, icd_wr, c);
    for (unsigned i = 0; e == XT_OK && i < b->cfg.ssp_ports; i++) {
        static const char *const names[] = { "ssp0", "ssp1", "ssp2", "ssp3" };
        *what = names[i];
        e = map_mmio(b, c, names[i], BOARD_SSP_ADDR(i), ssp_rd, ssp_wr,
                     &b->port[i]);
    }
    return e;
}

ds_status ds_board_new(const ds_board_config *cfg, ds_board **out, char *err,
                       size_t errsz)
{
    if (!out)
        return DS_ERR_ARG;
    *out = NULL;
    ds_board *b = calloc(1, sizeof(*b));
    if (!b) {
        ds_errf(err, errsz, "out of memory");
        return DS_ERR_NOMEM;
    }
    if (cfg)
        b->cfg = *cfg;
    else
        ds_board_config_default(&b->cfg);
    if (!ds_board_config_check(&b->cfg, err, errsz)) {
        free(b);
        return DS_ERR_CONFIG;
    }
    b->console = default_console;
    b->log = default_log;
    ds_status st = DS_ERR_NOMEM;
    /* the host memory, a mapping of its own: zero pages faulted in as the
     * host buffers touch them (a case uses a few of its 1 MiB), whatever
     * the allocator would make of a 1 MiB calloc (cleared page by page
     * when it came from a heap a process had used) */
    void *hm = mmap(NULL, b->cfg.host_size, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    b->host_mem = hm == MAP_FAILED ? NULL : hm;
    b->clk = ds_clock_new();
    b->ncores = b->cfg.cores;
    for (unsigned k = 0; k < b->ncores; k++) {
        b->core[k] = (struct ds_board_core){ .b = b, .index = k };
        if (xt_open_config(&b->core[k].cpu, &b->cfg.cpu) != XT_OK)
            goto fail;
    }
    b->cpu = b->core[0].cpu;
    b->svc = ds_run_new();
    if (!b->host_mem || !b->clk || !b->svc)
        goto fail;
    b->cfg.cpu.xlate = NULL; /* the caller's, read by xt_open_config only */
    ds_clock_set_time_source(b->clk, now_cb, b);
    ds_clock_set_schedule_hook(b->clk, schedule_cb, b);

    ds_dbg_info info = {
        .config = (b->cfg.dma_channels << BOARD_CONFIG_DMA_CH_SHIFT) |
                  (b->cfg.ssp_ports << BOARD_CONFIG_SSP_SHIFT) |
                  (b->cfg.ssp_fifo_frames << BOARD_CONFIG_FIFO_SHIFT) |
                  ((b->ncores - 1) << BOARD_CONFIG_CORES_SHIFT),
        .cpu_hz = b->cfg.cpu_hz,
        .audio_hz = b->cfg.audio_hz,
        .iram_size = b->cfg.iram_size,
        .dram_size = b->cfg.dram_size,
    };
    ds_dbg_ops dops = { console_cb, marker_cb, halt_cb, b };
    b->dbg = ds_dbg_new(b->clk, &info, &dops);
    b->ipc = ds_ipc_new(b->clk,
                        (ds_irq_out){ ds_board_irq_cb, b, BOARD_IRQ_IPC });
    if (!b->dbg || !b->ipc)
        goto fail;
    if (b->ncores > 1) {
        ds_irq_out lines[BOARD_MAX_CORES];
        for (unsigned k = 0; k < b->ncores; k++)
            lines[k] = (ds_irq_out){ ds_board_icd_irq_cb, &b->core[k],
                                     BOARD_IRQ_ICD };
        ds_icd_ops ops = { ds_board_smp_start, b };
        if (!(b->icd = ds_icd_new(b->ncores, lines, &ops)))
            goto fail;
    }
    ds_ipc_host_ops iops = { d2h_cb, h2d_done_cb, b };
    ds_ipc_set_host_ops(b->ipc, &iops);
    bool quiet = quiet_on();
    for (unsigned i = 0; i < b->cfg.ssp_ports; i++) {
        ds_ssp_config sc = { .index = i,
                             .fifo_frames = b->cfg.ssp_fifo_frames,
                             .cpu_hz = b->cfg.cpu_hz,
                             .audio_hz = b->cfg.audio_hz,
                             .drift_ppb = b->cfg.audio_drift_ppb };
        b->ssp[i] = ds_ssp_new(
            b->clk, &sc, (ds_irq_out){ ds_board_irq_cb, b, BOARD_IRQ_SSP(i) });
        if (!b->ssp[i])
            goto fail;
        ds_ssp_set_request(b->ssp[i], ssp_request_cb, b);
        if (quiet) {
            ds_ssp_set_quiet(b->ssp[i], quiet_cb, b);
            ds_ssp_set_stream(b->ssp[i], ssp_stream_cb, b);
            ds_ssp_set_lazy(b->ssp[i], ssp_lazy_cb, b);
        }
    }
    ds_dma_config dc = { b->cfg.dma_channels, b->cfg.dma_bytes_per_cycle,
                         b->cfg.dma_burst_bytes, b->cfg.dma_burst_latency };
    ds_bus dsp = { dsp_read, dsp_write, b },
           host = { host_read, host_write, b };
    ds_dma_ports ports = { b->cfg.ssp_ports, p_tx_space, p_tx_push,
                           p_rx_avail,       p_rx_pop,   b };
    b->dma = ds_dma_new(b->clk, &dc, &dsp, &host, &ports,
                        (ds_irq_out){ ds_board_irq_cb, b, BOARD_IRQ_DMA },
                        log_cb, b);
    if (!b->dma)
        goto fail;
    if (quiet) {
        ds_dma_set_quiet(b->dma, quiet_cb, b);
        ds_dma_set_lazy(b->dma, lazy_cb, b);
    }

    st = DS_ERR_CPU;
    const char *what = "";
    xt_err e = XT_OK;
    for (unsigned i = 0; i < b->cfg.ssp_ports; i++)
        b->port[i] = (struct ds_board_port){ b, i };
    for (unsigned k = 0; e == XT_OK && k < b->ncores; k++)
        e = map_core(b, &b->core[k], &what);
    if (e != XT_OK) {
        ds_errf(err, errsz, "mapping %s: %s", what, xt_strerror(e));
        goto fail;
    }
    ds_board_reset(b);
    *out = b;
    return DS_OK;
fail:
    if (st == DS_ERR_NOMEM)
        ds_errf(err, errsz, "out of memory");
    ds_board_free(b);
    return st;
}

void ds_board_free(ds_board *b)
{
    if (!b)
        return;
    ds_board_faults_free(b);
    ds_board_race_free(b);
    ds_dma_free(b->dma);
    for (unsigned i = 0; i < BOARD_MAX_SSP_PORTS; i++)
        ds_ssp_free(b->ssp[i]);
    ds_ipc_free(b->ipc);
    ds_dbg_free(b->dbg);
    ds_icd_free(b->icd);
    ds_clock_free(b->clk);
    /* core 0 owns the memories the others share: it closes last */
    for (unsigned k = BOARD_MAX_CORES; k-- > 0;)
        if (b->core[k].cpu)
            xt_close(b->core[k].cpu);
    if (b->host_mem)
        munmap(b->host_mem, b->cfg.host_size);
    ds_run_free(b->svc);
    free(b);
}

void ds_board_reset(ds_board *b)
{
    xt_reset(b->cpu);
    if (b->ncores > 1)
        ds_board_smp_reset(b);
    ds_board_race_reset(b);
    ds_dbg_reset(b->dbg);
    ds_ipc_reset(b->ipc);
    ds_dma_reset(b->dma);
    for (unsigned i = 0; i < b->cfg.ssp_ports; i++)
        ds_ssp_reset(b->ssp[i]);
    /* the devices cancelled their own events; scheduled faults are
     * dropped too (board_fault.c), so nothing else is pending */
    ds_board_faults_cancel(b);
    b->halted = false;
    b->events = 0;
}

ds_status ds_board_load_elf(ds_board *b, const char *path, char *err,
                            size_t errsz)
{
    if (!b || !path)
        return DS_ERR_ARG;
    xt_elf *elf = NULL;
    xt_load_status ls = xt_elf_open(path, &elf, err, errsz);
    if (ls != XT_LOAD_OK)
        return ls == XT_LOAD_ERR_NOMEM ? DS_ERR_NOMEM : DS_ERR_LOAD;
    ds_status st = ds_board_load_image(b, elf, err, errsz);
    xt_elf_free(elf);
    return st;
}

ds_status ds_board_load_image(ds_board *b, const xt_elf *elf, char *err,
                              size_t errsz)
{
    if (!b || !elf)
        return DS_ERR_ARG;
    ds_board_reset(b);
    xt_load_status ls = xt_elf_load_cpu(elf, b->cpu, err, errsz);
    if (ls != XT_LOAD_OK)
        return ls == XT_LOAD_ERR_NOMEM ? DS_ERR_NOMEM : DS_ERR_LOAD;
    if (xt_reg_write(b->cpu, XT_REG_PC, xt_elf_entry(elf)) != XT_OK)
        return DS_ERR_CPU;
    return DS_OK;
}

const ds_board_config *ds_board_get_config(const ds_board *b)
{
    return &b->cfg;
}
xt_cpu *ds_board_cpu(ds_board *b)
{
    return b->cpu;
}
ds_clock *ds_board_clock(ds_board *b)
{
    return b->clk;
}
ds_dma *ds_board_dma(ds_board *b)
{
    return b->dma;
}
ds_ipc *ds_board_ipc(ds_board *b)
{
    return b->ipc;
}
ds_ssp *ds_board_ssp(ds_board *b, unsigned port)
{
    return port < b->cfg.ssp_ports ? b->ssp[port] : NULL;
}
uint64_t ds_board_cycles(const ds_board *b)
{
    if (b->ncores > 1)
        return ds_board_smp_now(b);
    return xt_cycles(b->cpu);
}
unsigned ds_board_cores(const ds_board *b)
{
    return b->ncores;
}
xt_cpu *ds_board_core_cpu(ds_board *b, unsigned core)
{
    return core < b->ncores ? b->core[core].cpu : NULL;
}

unsigned ds_board_core_cpus(ds_board *b, xt_cpu **out, unsigned max)
{
    unsigned n = b->ncores < max ? b->ncores : max;
    for (unsigned k = 0; k < n; k++)
        out[k] = b->core[k].cpu;
    return n;
}
bool ds_board_core_running(const ds_board *b, unsigned core)
{
    return core < b->ncores && b->core[core].on;
}
uint64_t ds_board_core_cycles(const ds_board *b, unsigned core)
{
    if (core >= b->ncores)
        return 0;
    return b->core[core].base + xt_cycles(b->core[core].cpu);
}
ds_icd *ds_board_icd(ds_board *b)
{
    return b->icd;
}

void ds_board_set_console(ds_board *b, void (*fn)(void *user, uint8_t byte),
                          void *user)
{
    b->console = fn ? fn : default_console;
    b->console_user = fn ? user : NULL;
}

ds_status ds_board_add_marker_observer(ds_board *b, ds_marker_fn fn, void *user)
{
    if (!b || !fn)
        return DS_ERR_ARG;
    if (b->n_markers >= DS_BOARD_MAX_MARKER_OBSERVERS)
        return DS_ERR_NOMEM;
    b->markers[b->n_markers].fn = fn;
    b->markers[b->n_markers].user = user;
    b->n_markers++;
    return DS_OK;
}

ds_status ds_board_add_dma_observer(ds_board *b, ds_dma_observer_fn fn,
                                    void *user)
{
    if (!b || !fn)
        return DS_ERR_ARG;
    if (b->n_dma_obs >= DS_BOARD_MAX_DMA_OBSERVERS)
        return DS_ERR_NOMEM;
    b->dma_obs[b->n_dma_obs].fn = fn;
    b->dma_obs[b->n_dma_obs].user = user;
    if (b->n_dma_obs++ == 0)
        ds_dma_set_observer(b->dma, dma_obs_cb, b);
    return DS_OK;
}

void ds_mem_write_describe(const ds_mem_write *w, char *buf, size_t n)
{
    if (w->master == DS_MASTER_DMA)
        snprintf(buf, n, "DMA channel %u (descriptor 0x%08x)", w->channel,
                 (unsigned)w->desc);
    else if (w->addr >= BOARD_MBOX_BASE &&
             w->addr - BOARD_MBOX_BASE < BOARD_MBOX_SIZE)
        snprintf(buf, n, "the host (a mailbox write)");
    else
        snprintf(buf, n, "the host (a write into DSP memory)");
}

void ds_board_set_write_watch(ds_board *b, ds_mem_write_fn fn, void *user)
{
    b->wwatch = fn;
    b->wwatch_user = fn ? user : NULL;
}

static bool hist_host_read(void *user, uint32_t addr, void *dst, size_t n)
{
    return ds_board_host_read(user, addr, dst, n) == DS_OK;
}

static bool hist_host_write(void *user, uint32_t addr, const void *src,
                            size_t n)
{
    return ds_board_host_write(user, addr, src, n) == DS_OK;
}

size_t ds_board_hist_mems(ds_board *b, ds_hist_mem *out)
{
    const ds_hist_mem m[DS_BOARD_HIST_MEMS] = {
        { .base = BOARD_IRAM_BASE, .size = b->cfg.iram_size, .cpu = true },
        { .base = BOARD_DRAM_BASE, .size = b->cfg.dram_size, .cpu = true },
        { .base = BOARD_MBOX_BASE, .size = BOARD_MBOX_SIZE, .cpu = true },
        { .base = 0,
          .size = b->cfg.host_size,
          .read = hist_host_read,
          .write = hist_host_write,
          .user = b },
    };
    memcpy(out, m, sizeof m);
    return DS_BOARD_HIST_MEMS;
}

void ds_board_set_replay(ds_board *b, bool on)
{
    b->replay = on;
}

void ds_board_set_log(ds_board *b, ds_log_fn fn, void *user)
{
    b->log = fn ? fn : default_log;
    b->log_user = fn ? user : NULL;
}

/* ---- mailbox and host memory ------------------------------------------- */
ds_status ds_board_mbox_read(ds_board *b, uint32_t offset, void *dst, size_t n)
{
    if (!b || (!dst && n))
        return DS_ERR_ARG;
    if (n > BOARD_MBOX_SIZE || offset > BOARD_MBOX_SIZE - n)
        return DS_ERR_RANGE;
    if (!n)
        return DS_OK;
    return xt_mem_read(b->cpu, BOARD_MBOX_BASE + offset, dst, n) == XT_OK
               ? DS_OK
               : DS_ERR_CPU;
}

ds_status ds_board_mbox_write(ds_board *b, uint32_t offset, const void *src,
                              size_t n)
{
    if (!b || (!src && n))
        return DS_ERR_ARG;
    if (n > BOARD_MBOX_SIZE || offset > BOARD_MBOX_SIZE - n)
        return DS_ERR_RANGE;
    if (!n)
        return DS_OK;
    return write_as(b, DS_MASTER_HOST, BOARD_MBOX_BASE + offset, src, n);
}

ds_status ds_board_dsp_poke(ds_board *b, uint32_t addr, const void *src,
                            size_t n)
{
    if (!b || (!src && n))
        return DS_ERR_ARG;
    return n ? write_as(b, DS_MASTER_HOST, addr, src, n) : DS_OK;
}

uint32_t ds_board_host_size(const ds_board *b)
{
    return b->cfg.host_size;
}

ds_status ds_board_host_read(ds_board *b, uint32_t addr, void *dst, size_t n)
{
    if (!b || (!dst && n))
        return DS_ERR_ARG;
    return host_read(b, addr, dst, n) ? DS_OK : DS_ERR_RANGE;
}

ds_status ds_board_host_write(ds_board *b, uint32_t addr, const void *src,
                              size_t n)
{
    if (!b || (!src && n))
        return DS_ERR_ARG;
    return host_write(b, addr, src, n) ? DS_OK : DS_ERR_RANGE;
}

/* ---- doorbells ----------------------------------------------------------- */
void ds_board_set_ipc_ops(ds_board *b, const ds_ipc_host_ops *ops)
{
    if (ops)
        b->ipc_ops = *ops;
    else
        b->ipc_ops = (ds_ipc_host_ops){ 0 };
}

ds_status ds_board_doorbell_send(ds_board *b, uint32_t msg)
{
    if (!b || (msg & BOARD_IPC_BUSY))
        return DS_ERR_ARG;
    return ds_ipc_host_send(b->ipc, msg) ? DS_OK : DS_ERR_BUSY;
}

bool ds_board_doorbell_busy(const ds_board *b)
{
    return ds_ipc_host_busy(b->ipc);
}

bool ds_board_doorbell_pending(const ds_board *b, uint32_t *msg,
                               uint64_t *cycle)
{
    if (!ds_ipc_host_pending(b->ipc, msg))
        return false;
    if (cycle)
        *cycle = b->d2h_cycle;
    return true;
}

ds_status ds_board_doorbell_ack(ds_board *b)
{
    if (!b)
        return DS_ERR_ARG;
    return ds_ipc_host_ack(b->ipc) ? DS_OK : DS_ERR_ARG;
}
