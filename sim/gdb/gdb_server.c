/* SPDX-License-Identifier: BSD-3-Clause */
/* The connection: a TCP socket on 127.0.0.1, one debugger at a time, the
 * serving loop while the target is stopped, and the hand-over points the
 * run loop calls (dspsim/gdb.h). */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gdb_internal.h"

int ds_gdb_parse_port(const char *s, unsigned *port)
{
    if (!s || !*s || strlen(s) > 5)
        return -1;
    unsigned v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (unsigned)(*p - '0');
    }
    if (v > 65535)
        return -1;
    *port = v;
    return 0;
}

int ds_gdb_open(xt_cpu *cpu, unsigned port, ds_gdb **out, char *err,
                size_t errsz)
{
    *out = NULL;
    if (!cpu || port > 65535) {
        snprintf(err, errsz, "gdb: bad port %u", port);
        return -1;
    }
    ds_gdb *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errsz, "gdb: out of memory");
        return -1;
    }
    g->cpu = g->cores[0] = cpu;
    g->ncores = 1;
    g->log = stderr;
    snprintf(g->log_prefix, sizeof g->log_prefix, "dspsim");
    g->cfd = -1;
    g->lfd = socket(AF_INET, SOCK_STREAM, 0);
    if (g->lfd < 0) {
        snprintf(err, errsz, "gdb: socket: %s", strerror(errno));
        free(g);
        return -1;
    }
    int one = 1;
    setsockopt(g->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in sa = { .sin_family = AF_INET,
                              .sin_port = htons((uint16_t)port),
                              .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    socklen_t sl = sizeof sa;
    if (bind(g->lfd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
        listen(g->lfd, 1) < 0 ||
        getsockname(g->lfd, (struct sockaddr *)&sa, &sl) < 0) {
        snprintf(err, errsz, "gdb: cannot listen on 127.0.0.1:%u: %s", port,
                 strerror(errno));
        close(g->lfd);
        free(g);
        return -1;
    }
    g->port = ntohs(sa.sin_port);
    rsp_rx_init(&g->rx);
    g->stop_sig = GDB_SIGTRAP;
    g->stop_watch = -1;
    *out = g;
    return 0;
}

unsigned ds_gdb_port(const ds_gdb *g)
{
    return g ? g->port : 0;
}

bool ds_gdb_killed(const ds_gdb *g)
{
    return g && g->killed;
}

static bool run_poll(void *user)
{
    return ds_gdb_poll(user);
}

void ds_gdb_attach_run(ds_gdb *g, ds_run *r)
{
    if (!g || !r)
        return;
    g->run = r;
    ds_run_set_debugger(r, run_poll, g, DS_GDB_SLICE_CYCLES);
    ds_run_set_debugger_at(r, gdb_boundary);
}

void ds_gdb_close(ds_gdb *g)
{
    if (!g)
        return;
    if (g->run)
        ds_run_set_debugger(g->run, NULL, NULL, 0);
    gdb_drop_client(g, NULL);
    close(g->lfd);
    free(g);
}

/* Where the target stopped, unless the hook that stopped it said. */
static void note_stop_pos(ds_gdb *g)
{
    if (!g->stop_pos_set)
        g->stop_pos = ds_pos_now(g->cpu, DS_POS_EVENTS);
    g->stop_pos_set = true;
}

void gdb_serve_pending(ds_gdb *g)
{
    g->stop_pending = false;
    if (g->cfd < 0)
        return;
    note_stop_pos(g);
    gdb_report_stop(g);
    gdb_serve(g);
}

static void accept_client(ds_gdb *g)
{
    int fd = accept(g->lfd, NULL, NULL);
    if (fd < 0)
        return;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    g->cfd = fd;
    g->noack = false;
    rsp_rx_init(&g->rx);
    gdb_target_attach(g);
    gdb_target_set_stop(g, GDB_SIGTRAP);
    g->stop_pos_set = false;
    if (g->hist && g->run) /* the history starts with a debugger */
        ds_hist_start(g->hist, g->run);
    fprintf(g->log, "%s: gdb: debugger connected\n", g->log_prefix);
}

/* The target is stopped: serve packets until the debugger resumes it,
 * detaches, kills it or goes away.  Returns what ended the stop. */
gdb_action gdb_serve(ds_gdb *g)
{
    char buf[4096];
    for (;;) {
        if (g->cfd < 0)
            return GDB_DETACH;
        ssize_t n = read(g->cfd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            gdb_drop_client(g, "disconnected");
            return GDB_DETACH;
        }
        for (ssize_t i = 0; i < n; i++) {
            rsp_event ev = rsp_rx_byte(&g->rx, (uint8_t)buf[i]);
            gdb_action a = GDB_STAY;
            switch (ev) {
            case RSP_EV_PACKET:
                if (!g->noack)
                    gdb_write_raw(g, "+", 1);
                a = gdb_handle_packet(g, g->rx.buf, g->rx.len);
                break;
            case RSP_EV_BAD_CHECKSUM:
                gdb_write_raw(g, "-", 1);
                break;
            case RSP_EV_TOO_LONG:
                if (!g->noack)
                    gdb_write_raw(g, "+", 1);
                gdb_send_str(g, "E01");
                break;
            case RSP_EV_NAK:
                gdb_write_raw(g, g->out, g->out_len);
                break;
            default: /* acks, a Ctrl-C while already stopped */
                break;
            }
            if (a == GDB_STAY)
                continue;
            if (a == GDB_KILL) {
                g->killed = true;
                gdb_drop_client(g, "killed the target");
                for (unsigned k = 0; k < g->ncores; k++) /* the first
                                                           to run */
                    xt_request_exit(g->cores[k], DS_GDB_KILLED_STATUS);
            } else if (a == GDB_DETACH) {
                gdb_drop_client(g, "detached");
            }
            /* bytes after a resume (none in the protocol) are dropped */
            rsp_rx_init(&g->rx);
            return a;
        }
    }
}

void ds_gdb_wait_attach(ds_gdb *g)
{
    if (!g || g->ended)
        return;
    fprintf(g->log, "%s: gdb: waiting for a debugger on 127.0.0.1:%u\n",
            g->log_prefix, g->port);
    fflush(g->log);
    while (g->cfd < 0) {
        struct pollfd p = { .fd = g->lfd, .events = POLLIN };
        if (poll(&p, 1, -1) < 0 && errno != EINTR)
            return;
        if (p.revents & POLLIN)
            accept_client(g);
    }
    note_stop_pos(g);
    gdb_serve(g);
}

/* Bytes the debugger sent while the target ran: a Ctrl-C stops it. */
static bool client_interrupted(ds_gdb *g)
{
    struct pollfd p = { .fd = g->cfd, .events = POLLIN };
    if (poll(&p, 1, 0) <= 0 || !(p.revents & (POLLIN | POLLHUP | POLLERR)))
        return false;
    char buf[256];
    ssize_t n = read(g->cfd, buf, sizeof buf);
    if (n <= 0) {
        gdb_drop_client(g, "disconnected");
        return false;
    }
    bool intr = false;
    for (ssize_t i = 0; i < n; i++)
        if (rsp_rx_byte(&g->rx, (uint8_t)buf[i]) == RSP_EV_INTERRUPT)
            intr = true;
    return intr;
}

bool ds_gdb_poll(ds_gdb *g)
{
    if (!g || g->ended || g->killed)
        return false;
    if (g->rev.mode != GDB_REV_NONE && gdb_rev_poll(g))
        return true;
    if (g->stop_pending) { /* a hook stopped the target */
        gdb_serve_pending(g);
        return true;
    }
    uint64_t now = xt_cycles(g->cores[0]); /* the board's clock */
    if (now < g->next_poll)
        return false;
    g->next_poll = now + DS_GDB_SLICE_CYCLES;
    if (g->cfd < 0) {
        struct pollfd p = { .fd = g->lfd, .events = POLLIN };
        if (poll(&p, 1, 0) <= 0 || !(p.revents & POLLIN))
            return false;
        accept_client(g);
        if (g->cfd < 0)
            return false;
        note_stop_pos(g);
        gdb_serve(g); /* a new debugger finds the target stopped */
        return true;
    }
    if (!client_interrupted(g))
        return false;
    gdb_rev_cancel(g); /* a Ctrl-C while going back stops it there */
    gdb_target_set_stop(g, GDB_SIGINT);
    g->stop_pos_set = false;
    note_stop_pos(g);
    gdb_send_stop(g);
    gdb_serve(g);
    return true;
}

void ds_gdb_finish(ds_gdb *g, bool exited, int status, uint32_t pc)
{
    if (!g || g->ended)
        return;
    g->ended = true;
    if (g->cfd < 0 || g->killed)
        return;
    char s[8];
    if (exited) {
        snprintf(s, sizeof s, "W%02x", status & 0xff);
        gdb_send_str(g, s);
        gdb_drop_client(g, NULL);
        return;
    }
    /* an unrecoverable state: shown as SIGSEGV at pc until the debugger
     * lets go; then the process is gone */
    gdb_rev_cancel(g);
    gdb_target_set_stop(g, GDB_SIGSEGV);
    g->stop_pos_set = false;
    note_stop_pos(g);
    g->fault_view = true;
    g->fault_pc = pc;
    gdb_send_stop(g);
    if (gdb_serve(g) == GDB_RESUME) {
        snprintf(s, sizeof s, "X%02x", GDB_SIGSEGV);
        gdb_send_str(g, s);
        gdb_drop_client(g, NULL);
    }
}

void ds_gdb_set_history(ds_gdb *g, ds_hist *h)
{
    if (!g)
        return;
    g->hist = h;
    if (h && g->run && g->cfd >= 0)
        ds_hist_start(h, g->run);
}

void ds_gdb_set_cores(ds_gdb *g, xt_cpu *const *cores, unsigned n)
{
    if (!g || !cores || n < 1 || n > GDB_MAX_CORES || g->cfd >= 0)
        return;
    for (unsigned k = 0; k < n; k++)
        g->cores[k] = cores[k];
    g->ncores = n;
    g->cpu = cores[0];
    g->stop_core = 0;
}

void ds_gdb_set_log_prefix(ds_gdb *g, const char *prefix)
{
    if (g && prefix)
        snprintf(g->log_prefix, sizeof g->log_prefix, "%s", prefix);
}
