/* SPDX-License-Identifier: BSD-3-Clause */
/* The virtual audio-DSP board: an LX106 core (or 2 to 4 of them, sharing
 * everything, with an inter-core device) with instruction RAM, data
 * RAM, a mailbox SRAM shared with the host, a debug/control device, IPC
 * doorbells, a DMA controller and SSP ports (docs/board.md), all driven
 * by one discrete-event clock in CPU cycles, plus the host-side C API a
 * harness uses to drive it.
 *
 * How time advances (ds_board_run): fire every clock event that is due,
 * then run the CPU (xt_run with a cycle budget) until the next pending
 * event or the caller's limit, and repeat.  A WAITI inside the CPU skips
 * straight to the budget end, i.e. to the next event, so idle firmware
 * costs no host time.  When a register write during the run schedules an
 * event earlier than the current budget end (e.g. DMA START), the board's
 * schedule hook calls xt_stop_request(): the CPU returns before its next
 * instruction and the loop recomputes the budget, so the event fires on
 * time.  Peripherals raise interrupt lines through a callback the board
 * gives them (it calls xt_irq_set); they never touch CPU state.
 *
 * A board of several cores runs them in rounds of at most 'quantum'
 * cycles, one core after the other, and runs the others up to a core's
 * cycle before each of its device accesses (docs/board.md, "Several
 * cores"); what the single-core text here says of "the CPU" holds for
 * each core.
 *
 * Everything is deterministic: the same program, board description and
 * host calls give the same cycle counts and the same bytes.
 *
 * Units: cycles are CPU cycles (xt_cycles()), addresses are guest
 * addresses (mailbox: offsets from BOARD_MBOX_BASE; host memory: host
 * addresses from 0), sizes are bytes.
 */
#ifndef DSPSIM_BOARD_H
#define DSPSIM_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/board_config.h"
#include "abi/board_regs.h"
#include "dspsim/clock.h"
#include "dspsim/dma.h"
#include "dspsim/mailbox.h"
#include "dspsim/run.h"
#include "dspsim/snapshot.h"
#include "dspsim/ssp.h"
#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_board ds_board;

/* API errors (never guest faults: those are ds_stop reasons). */
typedef enum ds_status {
    DS_OK = 0,
    DS_ERR_ARG,    /* NULL or invalid argument */
    DS_ERR_NOMEM,  /* host allocation failed */
    DS_ERR_CONFIG, /* invalid board description */
    DS_ERR_RANGE,  /* mailbox / host memory access out of range */
    DS_ERR_BUSY,   /* doorbell still busy */
    DS_ERR_LOAD,   /* program could not be loaded (message in err) */
    DS_ERR_CPU,    /* CPU engine API error */
} ds_status;

const char *ds_strerror(ds_status st);

/* cfg NULL = compiled-in defaults.  On error *out is NULL and err (may be
 * NULL) holds a one-line message. */
ds_status ds_board_new(const ds_board_config *cfg, ds_board **out, char *err,
                       size_t errsz);
void ds_board_free(ds_board *b);

const ds_board_config *ds_board_get_config(const ds_board *b);
xt_cpu *ds_board_cpu(ds_board *b); /* core 0's: semihosting, hooks, regs */
ds_clock *ds_board_clock(ds_board *b);
ds_dma *ds_board_dma(ds_board *b);
ds_ipc *ds_board_ipc(ds_board *b);
ds_ssp *ds_board_ssp(ds_board *b, unsigned port); /* NULL if no port */
/* The board's clock: core 0's cycle count on a board of one core; on one
 * of several, the cycle the slowest running core has reached (inside a
 * run: the running core's). */
uint64_t ds_board_cycles(const ds_board *b);

/* ---- Cores ------------------------------------------------------------- */
/* How many (the description's 'cores'); core n's engine (NULL out of
 * range); whether it is out of reset (core 0 always; the others once a
 * core started them through the inter-core device); where it is on the
 * board's clock (its cycle count plus the board cycle it left reset at);
 * the inter-core device (NULL on a board of one core). */
unsigned ds_board_cores(const ds_board *b);
xt_cpu *ds_board_core_cpu(ds_board *b, unsigned core);
/* Every core's engine in out[0..], at most max of them; returns how many
 * (for the debugger's threads and the per-core profiles). */
unsigned ds_board_core_cpus(ds_board *b, xt_cpu **out, unsigned max);
bool ds_board_core_running(const ds_board *b, unsigned core);
uint64_t ds_board_core_cycles(const ds_board *b, unsigned core);
struct ds_icd;
struct ds_icd *ds_board_icd(ds_board *b);

/* Reset the CPU and every device (pending events dropped, memories
 * kept).  The PC is left at the core's reset vector, which is not mapped
 * on this board: load a program or set XT_REG_PC. */
void ds_board_reset(ds_board *b);
/* Reset, load the ELF's segments (IRAM, DRAM or mailbox) and set the PC
 * to its entry point. */
ds_status ds_board_load_elf(ds_board *b, const char *path, char *err,
                            size_t errsz);
/* The same from an ELF the caller has opened (dspsim/loader.h) and keeps,
 * for its symbols: the file is read once. */
struct xt_elf;
ds_status ds_board_load_image(ds_board *b, const struct xt_elf *elf, char *err,
                              size_t errsz);

/* ---- Debug device observers -------------------------------------------- */
/* Console bytes go to fn (default: the host's stdout, unbuffered writes
 * via stdio).  fn NULL restores the default. */
void ds_board_set_console(ds_board *b, void (*fn)(void *user, uint8_t byte),
                          void *user);
/* Trace markers: each observer gets (id, value, cycle).  Up to 8. */
typedef void (*ds_marker_fn)(void *user, uint32_t id, uint32_t value,
                             uint64_t cycle);
ds_status ds_board_add_marker_observer(ds_board *b, ds_marker_fn fn,
                                       void *user);
/* DMA transfers: each observer gets (channel, event, src, dst, bytes,
 * cycle) as described at ds_dma_event (dspsim/dma.h), cycle-stamped from
 * the event clock.  Up to 8; the DMA model pays nothing until the first
 * is added. */
ds_status ds_board_add_dma_observer(ds_board *b, ds_dma_observer_fn fn,
                                    void *user);
/* Diagnostics (DMA errors ...): default stderr "dspsim: board: MSG". */
void ds_board_set_log(ds_board *b, ds_log_fn fn, void *user);
/* Writes into the core's memories by the other masters, for a debugger's
 * watchpoints: a DMA burst landing in DSP memory (its channel and the
 * address of the descriptor it runs), the host writing the mailbox
 * (ds_board_mbox_write) or DSP memory (ds_board_dsp_poke).  fn is called after the bytes are written (from
 * the run's events or the host's call, never inside the CPU's run).  One
 * watcher; fn NULL removes it. */
typedef enum ds_master {
    DS_MASTER_DMA = 1,
    DS_MASTER_HOST,
} ds_master;
typedef struct ds_mem_write {
    ds_master master;
    unsigned channel;   /* DMA: the channel */
    uint32_t desc;      /* DMA: its descriptor's address */
    uint32_t addr, len; /* guest address, bytes */
    uint64_t cycle;     /* when (CPU cycles) */
    bool between_runs;  /* from a host call between two ds_board_run */
} ds_mem_write;
typedef void (*ds_mem_write_fn)(void *user, const ds_mem_write *w);
void ds_board_set_write_watch(ds_board *b, ds_mem_write_fn fn, void *user);
/* "DMA channel N (descriptor 0xADDR)", "the host (a mailbox write)" or
 * "the host (a write into DSP memory)". */
void ds_mem_write_describe(const ds_mem_write *w, char *buf, size_t n);

/* The board's memories as reverse execution's history keeps them
 * (dspsim/history.h): IRAM, DRAM and the mailbox as the core's pages,
 * host memory through ds_board_host_read/write.  Fills out[0..3];
 * returns the count (4). */
struct ds_hist_mem;
#define DS_BOARD_HIST_MEMS 4
size_t ds_board_hist_mems(ds_board *b, struct ds_hist_mem *out);

/* Reverse execution (dspsim/history.h): while on, the run goes over
 * history the host has seen, and the console, the marker and DMA
 * observers and the diagnostics hear nothing of it. */
void ds_board_set_replay(ds_board *b, bool on);

/* ---- Running ----------------------------------------------------------- */
typedef enum ds_stop {
    DS_STOP_HALT = 0,   /* firmware wrote BOARD_DBG_HALT; status = value */
    DS_STOP_EXIT,       /* semihosting exit; status = exit status */
    DS_STOP_BUDGET,     /* max_cycles reached */
    DS_STOP_IDLE,       /* WAITI with nothing pending that could wake it */
    DS_STOP_FATAL,      /* unrecoverable guest state (xt_fatal()) */
    DS_STOP_HOST_EVENT, /* a host event the caller asked to stop on */
} ds_stop;

const char *ds_stop_name(ds_stop why);

/* Host events (flags of ds_board_run). */
#define DS_EVENT_D2H      0x1u /* the DSP rang the host's doorbell */
#define DS_EVENT_H2D_DONE 0x2u /* the DSP acknowledged a host message */

typedef struct ds_run_result {
    ds_stop why;
    int status;      /* HALT: value written; EXIT: exit status */
    uint64_t cycles; /* cycle count when the run returned */
    unsigned events; /* DS_EVENT_* that happened during the run */
    unsigned core;   /* HALT: the core that wrote it; EXIT, FATAL: the
                        core that stopped; else 0 */
} ds_run_result;

/* Advance the simulation by at most max_cycles (0 = no limit) or until it
 * stops.  stop_on: DS_EVENT_* mask of host events that end the run
 * (DS_STOP_HOST_EVENT) right after the store that caused them.  Returns
 * DS_ERR_ARG when called from a callback inside a run. */
ds_status ds_board_run(ds_board *b, uint64_t max_cycles, unsigned stop_on,
                       ds_run_result *res);

/* ---- The run service ---------------------------------------------------- */
/* ds_board_run hands over to the board's sliced-run service (dspsim/run.h)
 * between CPU slices: its boundary after the events due at a cycle have
 * fired, its after-slice point when the CPU returned (its slice's end, a
 * stop request).  Its clients (debugger, progress, snapshots, checkpoints,
 * lockstep) are set there; a client ending the run (ds_run_end) makes
 * ds_board_run return DS_STOP_BUDGET.  ds_board_set_pause below is a
 * shorthand for its pause client. */
ds_run *ds_board_service(ds_board *b);

/* ---- Debugger ---------------------------------------------------------- */
/* A debugger (sim/gdb) is a client of the board's run service
 * (ds_gdb_attach_run on ds_board_service): it takes control between CPU
 * slices, whenever the CPU returns early (a stop request, e.g. from its
 * breakpoint or watchpoint hooks) or at the end of a slice, the CPU
 * running at most its slice at a time so that an interrupt from the
 * debugger is seen.  It may block there (the debugger holds the target):
 * no simulated time passes meanwhile, and the event clock resumes where
 * it was, so cycles and outputs are the same as without a debugger. */
/* ---- Pause point and saved state (snapshots) ---------------------------- */
/* fn(user, cycle) is called inside ds_board_run at the first instruction
 * boundary whose cycle is >= at, between two slices of the CPU, after
 * the events due then have fired: the machine is then in a state that
 * ds_board_save can save and a new ds_board_run resumes exactly (the run
 * is cut there; cutting a run changes no cycle).  fn returns true when
 * done (the pause is disarmed), false to be asked again at the next
 * boundary the board stops at (an event, a stop, the next run).  fn may
 * call ds_board_save but must not run the board.  fn NULL disarms. */
typedef bool (*ds_pause_fn)(void *user, uint64_t cycle);
void ds_board_set_pause(ds_board *b, uint64_t at, ds_pause_fn fn, void *user);

/* The board's state as sections (docs/snapshot-format.md): "BRD " (host
 * memory, halt and doorbell latches), "CPU " (xt_state_save), "CLK "
 * (next event id, events pending), "DBG ", "IPC ", "DMA ", "SSP0".. .
 * Load into a board of the same configuration (same firmware image
 * loaded, observers and callbacks set by the caller): false with a
 * message in r on any mismatch, after which the board is to be freed. */
void ds_board_save(const ds_board *b, ds_snap_w *w);
bool ds_board_load(ds_board *b, ds_snap_r *r);
/* The same but the CPU and host memory: for checkpoints that keep the
 * CPU's record and the memories apart (dspsim/history.h), loaded after
 * the CPU's.  Sections "BRDD" (halt and doorbell latches), then "CLK "
 * .. "SSPn" as above. */
void ds_board_save_devices(const ds_board *b, ds_snap_w *w);
bool ds_board_load_devices(ds_board *b, ds_snap_r *r);

/* ---- Mailbox and host memory ------------------------------------------- */
ds_status ds_board_mbox_read(ds_board *b, uint32_t offset, void *dst, size_t n);
ds_status ds_board_mbox_write(ds_board *b, uint32_t offset, const void *src,
                              size_t n);
/* The host writes the core's memories through the debug port (a fault
 * script's bit flip, a test's poke): n bytes at guest address addr (IRAM,
 * DRAM or the mailbox), seen by the write watch as the host's.
 * DS_ERR_ARG when the range is not DSP memory. */
ds_status ds_board_dsp_poke(ds_board *b, uint32_t addr, const void *src,
                            size_t n);
uint32_t ds_board_host_size(const ds_board *b);
ds_status ds_board_host_read(ds_board *b, uint32_t addr, void *dst, size_t n);
ds_status ds_board_host_write(ds_board *b, uint32_t addr, const void *src,
                              size_t n);

/* ---- Doorbells --------------------------------------------------------- */
/* Host callbacks (msg, cycle); they run inside the simulation: they may
 * call the doorbell and memory functions but not ds_board_run. */
void ds_board_set_ipc_ops(ds_board *b, const ds_ipc_host_ops *ops);
/* Ring the DSP (DS_ERR_BUSY while the previous message is not yet
 * acknowledged; DS_ERR_ARG if msg has bit 31 set). */
ds_status ds_board_doorbell_send(ds_board *b, uint32_t msg);
bool ds_board_doorbell_busy(const ds_board *b);
/* The DSP's pending message; *cycle = when it was rung. */
bool ds_board_doorbell_pending(const ds_board *b, uint32_t *msg,
                               uint64_t *cycle);
ds_status ds_board_doorbell_ack(ds_board *b); /* DS_ERR_ARG if none */
/* Run until the DSP rings the host's doorbell (returns at once if a
 * message is already pending): res->why is DS_STOP_HOST_EVENT and *msg,
 * *cycle are set; any other stop reason is returned as is. */
ds_status ds_board_wait_doorbell(ds_board *b, uint64_t max_cycles,
                                 uint32_t *msg, uint64_t *cycle,
                                 ds_run_result *res);

#ifdef __cplusplus
}
#endif
#endif
