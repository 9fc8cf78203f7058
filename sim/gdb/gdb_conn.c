/* SPDX-License-Identifier: BSD-3-Clause */
/* The debugger's connection, the bottom of the server: replies framed and
 * written to the socket, and dropping the client. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gdb_internal.h"

void gdb_drop_client(ds_gdb *g, const char *why)
{
    if (g->cfd < 0)
        return;
    if (why)
        fprintf(g->log, "%s: gdb: debugger %s\n", g->log_prefix, why);
    close(g->cfd);
    g->cfd = -1;
    gdb_target_detach(g);
}

void gdb_write_raw(ds_gdb *g, const char *p, size_t n)
{
    while (n && g->cfd >= 0) {
        ssize_t w = send(g->cfd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            gdb_drop_client(g, "connection lost");
            return;
        }
        p += w;
        n -= (size_t)w;
    }
}

void gdb_send(ds_gdb *g, const char *payload, size_t n)
{
    if (n > RSP_MAX_PAYLOAD)
        n = RSP_MAX_PAYLOAD;
    g->out_len = rsp_frame(payload, n, g->out);
    gdb_write_raw(g, g->out, g->out_len);
}

void gdb_send_str(ds_gdb *g, const char *s)
{
    gdb_send(g, s, strlen(s));
}

void gdb_send_stop(ds_gdb *g)
{
    static const char *const kinds[] = { "watch", "rwatch", "awatch" };
    char s[64];
    if (g->stop_replaylog)
        snprintf(s, sizeof s, "T%02xreplaylog:begin;", g->stop_sig & 0xff);
    else if (g->stop_watch >= 0)
        snprintf(s, sizeof s, "T%02x%s:%x;", g->stop_sig & 0xff,
                 kinds[g->stop_watch], (unsigned)g->stop_addr);
    else
        snprintf(s, sizeof s, "T%02x", g->stop_sig & 0xff);
    if (g->ncores > 1) /* several cores: the stop is its core's thread */
        snprintf(s + strlen(s), sizeof s - strlen(s), "thread:%x;",
                 g->stop_core + 1);
    gdb_send_str(g, s);
}

void gdb_send_console(ds_gdb *g, const char *text)
{
    char out[RSP_MAX_PAYLOAD];
    size_t n = strlen(text);
    if (2 * n + 1 > sizeof out)
        n = (sizeof out - 1) / 2;
    out[0] = 'O';
    rsp_hex_encode((const uint8_t *)text, n, out + 1);
    gdb_send(g, out, 2 * n + 1);
}

void gdb_report_stop(ds_gdb *g)
{
    static const char *const verbs[] = { "written", "read", "accessed" };
    if (g->stop_watch >= 0 && g->stop_who[0]) {
        char line[200];
        snprintf(line, sizeof line, "dspsim: watchpoint at 0x%x %s by %s\n",
                 (unsigned)g->stop_addr, verbs[g->stop_watch], g->stop_who);
        gdb_send_console(g, line);
    }
    gdb_send_stop(g);
}
