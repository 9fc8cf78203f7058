/* SPDX-License-Identifier: BSD-3-Clause */
/* A GDB remote-serial-protocol server for one simulated LX106 core
 * (docs/debugging.md, "GDB remote server").
 *
 * The server listens on 127.0.0.1 only.  It never runs a thread: the
 * simulation's run loop hands it control (ds_gdb_poll) whenever the CPU
 * returns from a slice, and it serves the debugger there, blocking, for
 * as long as the debugger holds the target, so no simulated time passes
 * while it does.  Breakpoints, watchpoints and single steps are CPU hooks
 * (dspsim/xtcpu.h) that request a stop at an instruction boundary: a
 * breakpoint stops before the instruction at its address, a watchpoint
 * after the access, a step after one instruction (or at the vector of an
 * interrupt or exception taken before it).  Hooks make the engine
 * interpret, which changes no cycle count, so a run with a debugger that
 * changes no state gives the same cycles and outputs as one without.
 *
 * Registers: the 22 of the ESP8266 toolchain's xtensa-lx106-elf-gdb in its
 * order (a0..a15, pc, sar, litbase, sr176, sr208, ps), 32 bits each,
 * little-endian in 'g'/'G'/'p'/'P'; more special registers from number 22
 * on through 'p'/'P' and target.xml (docs/debugging.md lists them).
 *
 * Units: addresses are guest addresses, lengths bytes, time CPU cycles. */
#ifndef DSPSIM_GDB_H
#define DSPSIM_GDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/history.h"
#include "dspsim/run.h"
#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_gdb ds_gdb;

/* Guest cycles between two looks at the socket while the target runs
 * (how soon a Ctrl-C from the debugger is seen): the run loop should run
 * the CPU at most this long at a time. */
#define DS_GDB_SLICE_CYCLES 1000000u

/* Exit status a run reports after the debugger killed it ('k', vKill). */
#define DS_GDB_KILLED_STATUS 137

/* Listen on 127.0.0.1:port (0: a free port the system picks; ds_gdb_port
 * tells which) for a debugger of cpu.  stderr gets one line when a
 * debugger connects, detaches, disconnects or kills the target.  Returns
 * 0, or -1 with a message in err. */
int ds_gdb_open(xt_cpu *cpu, unsigned port, ds_gdb **out, char *err,
                size_t errsz);
void ds_gdb_close(ds_gdb *g);
/* A board of several cores: the debugger sees each core as a thread (id
 * core + 1; qfThreadInfo, Hg/Hc, T, qThreadExtraInfo), stop replies name
 * the stopping core's thread (T05thread:N;), breakpoints and watchpoints
 * apply to every core, a step steps the selected core while the others
 * run on (all-stop).  cores[0] is the one ds_gdb_open was given; n 1..4;
 * before a debugger connects. */
void ds_gdb_set_cores(ds_gdb *g, xt_cpu *const *cores, unsigned n);
unsigned ds_gdb_port(const ds_gdb *g);
/* The start of those lines, before ": gdb: " (default "dspsim"; the CLI
 * gives "dspsim exec", "dspsim run", ...; at most 47 bytes are kept). */
void ds_gdb_set_log_prefix(ds_gdb *g, const char *prefix);

/* Parse a --gdb PORT argument (decimal 0..65535).  Returns 0, or -1. */
int ds_gdb_parse_port(const char *s, unsigned *port);

/* Make the server the debugger client of the run service r (dspsim/run.h)
 * that runs its CPU: polled after every slice, at least every
 * DS_GDB_SLICE_CYCLES.  ds_gdb_close removes it (r must still exist). */
void ds_gdb_attach_run(ds_gdb *g, ds_run *r);

/* Reverse execution (bs, bc; docs/debugging.md): the run's history,
 * whose checkpoints start when a debugger connects (ds_hist_start on the
 * attached run service).  Without one (NULL, the default) the server
 * announces no reverse packets and answers them empty. */
void ds_gdb_set_history(ds_gdb *g, ds_hist *h);

/* Another master wrote len bytes at addr of the target's memory (a
 * device's DMA, the host; the board's write watch, dspsim/board.h): a
 * write or access watchpoint there stops the target after the write,
 * before its next instruction, as the core's stores do; the stop reply
 * (T05watch:ADDR;) follows a console line naming who wrote, e.g. "DMA
 * channel 2 (descriptor 0x3ffc01f4)".  Going backwards (bc), such a
 * write is a stop too, before it.  Call it from the run's events (the
 * stop is served at the run service's boundary after them) or from a
 * host's call between runs (between_runs: served at once, before the
 * host's next step; a debugger going back from there makes that host
 * return, dspsim/history.h), never inside xt_run. */
void ds_gdb_note_write(ds_gdb *g, uint32_t addr, uint32_t len, const char *who,
                       bool between_runs);

/* Wait for a debugger to connect and serve it until it resumes the
 * target (--gdb-wait: before the first instruction). */
void ds_gdb_wait_attach(ds_gdb *g);

/* The run loop's hand-over after each CPU slice: accepts a new debugger,
 * notices a Ctrl-C, and serves a stop that a breakpoint, watchpoint, step,
 * guest exception or interrupt requested, until the debugger resumes.
 * Returns true if a stop was served (so the CPU's XT_STOP_REQUEST was the
 * debugger's), false if there was nothing for the debugger. */
bool ds_gdb_poll(ds_gdb *g);

/* True once the debugger killed the target: the CPU was asked to exit
 * (xt_request_exit, status DS_GDB_KILLED_STATUS) and the run should end. */
bool ds_gdb_killed(const ds_gdb *g);

/* The run is over.  exited: the guest or the run ended with status
 * (reported as "W"); otherwise the guest reached an unrecoverable state at
 * pc (reported as SIGSEGV there, and the debugger may still look at it
 * until it detaches, continues or kills). */
void ds_gdb_finish(ds_gdb *g, bool exited, int status, uint32_t pc);

#ifdef __cplusplus
}
#endif
#endif
