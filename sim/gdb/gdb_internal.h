/* SPDX-License-Identifier: BSD-3-Clause */
/* State of the GDB server shared by its files: the connection
 * (gdb_server.c), the command handlers (gdb_cmds.c) and the control of
 * the target through CPU hooks (gdb_target.c). */
#ifndef DSPSIM_GDB_INTERNAL_H
#define DSPSIM_GDB_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dspsim/gdb.h"
#include "dspsim/history.h"
#include "rsp_packet.h"

#define GDB_MAX_SW_BREAKS 32
#define GDB_MAX_HW_BREAKS 1  /* the core's IBREAK count */
#define GDB_MAX_WATCHES   1  /* the core's DBREAK count */
#define GDB_MAX_WATCH_LEN 64 /* DBREAK covers up to 64 bytes */
#define GDB_MAX_CORES     4  /* a board's cores: threads 1..4 */

/* POSIX signal numbers GDB's remote protocol uses. */
enum {
    GDB_SIGINT = 2,
    GDB_SIGILL = 4,
    GDB_SIGTRAP = 5,
    GDB_SIGBUS = 7,
    GDB_SIGFPE = 8,
    GDB_SIGKILL = 9,
    GDB_SIGSEGV = 11
};

typedef enum gdb_watch_kind { /* = Z type - 2 */
                              GDB_WATCH_WRITE = 0,
                              GDB_WATCH_READ,
                              GDB_WATCH_ACCESS,
} gdb_watch_kind;

typedef struct gdb_break {
    uint32_t addr;
    bool hw; /* Z1 */
} gdb_break;

typedef struct gdb_watch {
    uint32_t addr, len;
    gdb_watch_kind kind;
} gdb_watch;

/* Reverse execution (gdb_reverse.c): a bs or bc goes back to a checkpoint
 * and runs forward, first to find where to stop (SCAN: the interval from
 * a checkpoint to `until`, remembering the last candidate: every
 * instruction for bs, a breakpoint or watchpoint hit for bc), then to it
 * (GO: stop at `target`). */
typedef enum gdb_rev_mode {
    GDB_REV_NONE = 0,
    GDB_REV_SCAN,
    GDB_REV_GO
} gdb_rev_mode;

#define GDB_REV_TRAIL 4096 /* instructions a bs scan remembers */

typedef struct gdb_rev {
    gdb_rev_mode mode;
    bool cont;     /* bc (else bs) */
    ds_pos origin; /* where the command was given */
    ds_pos from;   /* SCAN: the checkpoint the interval starts at */
    ds_pos until;  /* SCAN: the interval's end (excluded) */
    bool found;    /* SCAN: a candidate was seen ... */
    ds_pos hit;    /* ... the last one */
    int hit_watch; /* -1, or the gdb_watch_kind of a watchpoint hit */
    uint32_t hit_addr;
    char hit_who[96]; /* who accessed it */
    ds_pos target;    /* GO: where to stop, with hit_watch/hit_addr */
    ds_pos cur;       /* SCAN: the instruction running (code hook) */
    bool arrived;     /* the hook asked the CPU to stop for us */
    bool in_packet;   /* gdb_rev_begin runs (inside the server) */
    bool failed;      /* a checkpoint did not load */
    /* code hooks: every instruction (one, begin > end), or only the
     * breakpoints' or the target's addresses (a hook each) */
    xt_hook hooks[GDB_MAX_SW_BREAKS + GDB_MAX_HW_BREAKS];
    unsigned nhooks;
    /* bs: the instructions before `trail_end` the last scan saw, oldest
     * first (a ring of GDB_REV_TRAIL), so that the next bs goes there
     * without a scan */
    ds_pos trail[GDB_REV_TRAIL];
    size_t trail_n, trail_head;
    bool trail_ok;
    ds_pos trail_end;
} gdb_rev;

struct ds_gdb {
    /* the core whose registers the debugger reads and writes: the one
     * that stopped, or the thread Hg chose (thread id = core + 1) */
    xt_cpu *cpu;
    xt_cpu *cores[GDB_MAX_CORES]; /* every core (ds_gdb_set_cores) */
    unsigned ncores;              /* 1: no thread in the stop replies */
    unsigned stop_core;           /* the core the stop is for */
    ds_run *run; /* the run service polling it (ds_gdb_attach_run) */
    FILE *log;
    char log_prefix[48]; /* "dspsim CMD" (ds_gdb_set_log_prefix) */
    int lfd;             /* listening socket */
    int cfd;             /* the debugger's connection, -1 = none */
    unsigned port;
    rsp_rx rx;
    bool noack;                        /* QStartNoAckMode accepted */
    char out[2 * RSP_MAX_PAYLOAD + 8]; /* the last packet sent */
    size_t out_len;
    uint64_t next_poll; /* cycle of the next look at the sockets */

    /* breakpoints and watchpoints (gdb_target.c) */
    gdb_break breaks[GDB_MAX_SW_BREAKS + GDB_MAX_HW_BREAKS];
    unsigned nbreaks;
    gdb_watch watches[GDB_MAX_WATCHES];
    unsigned nwatches;
    /* per core */
    xt_hook code_hook[GDB_MAX_CORES], rd_hook[GDB_MAX_CORES],
        wr_hook[GDB_MAX_CORES], exc_hook[GDB_MAX_CORES];
    bool stepping;
    unsigned step_core;    /* the core a step is for (the stopped one) */
    unsigned resume_core;  /* the core stopped where the target resumed */
    uint32_t resume_pc;    /* where the target resumed ... */
    uint64_t resume_insns; /* ... and its instruction count then: a
                                breakpoint there is not hit again */

    /* the stop being reported */
    bool stop_pending; /* a hook asked for a stop */
    int stop_sig;
    int stop_watch;     /* -1, or the gdb_watch_kind that hit */
    uint32_t stop_addr; /* the data address of a watchpoint hit */
    bool fault_view;    /* stopped at an exception's vector: PC is
                                shown as the faulting instruction's */
    uint32_t fault_pc;
    bool killed;
    bool ended; /* the run is over (ds_gdb_finish) */

    /* where the target is stopped (reverse execution's origin): set by
     * the hook that stopped it, else read when the stop is served */
    ds_pos stop_pos;
    bool stop_pos_set;
    bool stop_replaylog; /* the stop is at the start of the history */
    char stop_who[96];   /* a watchpoint stop: who accessed the memory */
    ds_hist *hist;       /* NULL: no reverse execution */
    gdb_rev rev;
};

/* What the debugger asked for by a packet. */
typedef enum gdb_action {
    GDB_STAY = 0, /* still stopped: read the next packet */
    GDB_RESUME,   /* continue or step */
    GDB_DETACH,   /* D: resume without the debugger */
    GDB_KILL,     /* k, vKill */
} gdb_action;

/* gdb_conn.c: a reply framed and sent; the client dropped (why is
 * logged when not NULL), the target detached. */
void gdb_drop_client(ds_gdb *g, const char *why);
void gdb_write_raw(ds_gdb *g, const char *p, size_t n); /* acks: + - */
void gdb_send(ds_gdb *g, const char *payload, size_t n);
void gdb_send_str(ds_gdb *g, const char *s);
void gdb_send_stop(ds_gdb *g);
/* The stop after the target ran: a console line naming who accessed the
 * memory of a watchpoint stop, then the stop reply. */
void gdb_report_stop(ds_gdb *g);
/* An 'O' packet: text for the debugger's console. */
void gdb_send_console(ds_gdb *g, const char *text);

/* gdb_server.c: serve the debugger while the target is stopped; serve
 * the stop a hook or another master's write asked for. */
gdb_action gdb_serve(ds_gdb *g);
void gdb_serve_pending(ds_gdb *g);

/* gdb_cmds.c: handle one packet (payload NUL-terminated, escapes kept). */
gdb_action gdb_handle_packet(ds_gdb *g, char *pkt, size_t len);

/* gdb_target.c */
int gdb_break_insert(ds_gdb *g, uint32_t addr, bool hw); /* 0 or E code */
int gdb_break_remove(ds_gdb *g, uint32_t addr, bool hw);
int gdb_watch_insert(ds_gdb *g, gdb_watch_kind k, uint32_t addr, uint32_t len);
int gdb_watch_remove(ds_gdb *g, gdb_watch_kind k, uint32_t addr, uint32_t len);
/* Resume: step (one instruction) or continue, from the current PC. */
void gdb_target_resume(ds_gdb *g, bool step);
/* Install the exception hook (a debugger attached) / remove every hook,
 * breakpoint and watchpoint (it left). */
void gdb_target_attach(ds_gdb *g);
void gdb_target_detach(ds_gdb *g);
/* The stop as the debugger sees it. */
void gdb_target_set_stop(ds_gdb *g, int sig);
/* The hooks as the breakpoints, watchpoints, a step and reverse execution
 * (its own code hooks) need them now. */
void gdb_target_update_hooks(ds_gdb *g);

/* gdb_reverse.c: bs (cont false) and bc: GDB_STAY when answered at once
 * (the start of the history, no history), GDB_RESUME when the run goes
 * back and on.  gdb_rev_poll: the run loop's hand-over while a reverse
 * operation runs: true when it handled it (the run goes on, or the
 * target stopped and was served).  gdb_rev_changed: the debugger wrote
 * registers or memory. */
gdb_action gdb_rev_begin(ds_gdb *g, bool cont);
bool gdb_rev_poll(ds_gdb *g);
void gdb_rev_changed(ds_gdb *g);
/* A watchpoint access (kind, addr) by who while a bc scans: a candidate,
 * at `at` (NULL: the instruction running). */
void gdb_rev_watch(ds_gdb *g, int kind, uint32_t addr, const ds_pos *at,
                   const char *who);
/* The run service's boundary (after the events of a cycle;
 * ds_run_set_debugger_at): a stop another master's write asked for during
 * those events is served there; a scan whose end is after them stops
 * there. */
void gdb_boundary(void *user, uint64_t cycle);
/* A host wrote a watched range between two runs, after its candidate was
 * noted: a scan that was to end at that write ends there. */
void gdb_rev_host_write(ds_gdb *g);
/* End a reverse operation where it is (a Ctrl-C). */
void gdb_rev_cancel(ds_gdb *g);
/* A forward resume: what a bs remembered is stale. */
void gdb_rev_forward(ds_gdb *g);

#endif
