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
#include "rsp_packet.h"

#define GDB_MAX_SW_BREAKS 32
#define GDB_MAX_HW_BREAKS 1  /* the core's IBREAK count */
#define GDB_MAX_WATCHES   1  /* the core's DBREAK count */
#define GDB_MAX_WATCH_LEN 64 /* DBREAK covers up to 64 bytes */

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

struct ds_gdb {
    xt_cpu *cpu;
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
    xt_hook code_hook, rd_hook, wr_hook, exc_hook;
    bool stepping;
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

#endif
