/* SPDX-License-Identifier: BSD-3-Clause */
/* The command handlers: one packet in, one reply out (gdb_send), and what
 * the debugger asked the target to do.  Unknown packets get the empty
 * reply; malformed ones "E01"; memory faults "E0e" (EFAULT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdb_internal.h"
#include "gdb_regs.h"

#define E_MALFORMED "E01"
#define E_FAULT     "E0e"

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "ADDR,LEN" followed by end (or ':' / ';' when sep says so). */
static bool parse_addr_len(const char **p, uint32_t *addr, uint32_t *len)
{
    if (!rsp_parse_hex32(p, addr) || **p != ',')
        return false;
    (*p)++;
    return rsp_parse_hex32(p, len);
}

static void reply_error(ds_gdb *g, int code)
{
    char e[4];
    snprintf(e, sizeof e, "E%02x", code & 0xff);
    gdb_send_str(g, e);
}

static uint32_t shown_reg(ds_gdb *g, unsigned n)
{
    uint32_t v = 0;
    if (n == GDB_REG_PC && g->fault_view)
        return g->fault_pc;
    gdb_reg_get(g->cpu, n, &v);
    return v;
}

static bool write_reg(ds_gdb *g, unsigned n, uint32_t v)
{
    if (n == GDB_REG_PC && g->fault_view) {
        if (v == g->fault_pc)
            return true;       /* unchanged as the debugger sees it */
        g->fault_view = false; /* a new PC leaves the exception's view */
    }
    uint32_t old;
    if (gdb_reg_get(g->cpu, n, &old) && old == v)
        return true; /* nothing changes (docs/debugging.md, "Registers") */
    bool ok = gdb_reg_set(g->cpu, n, v);
    if (ok)
        gdb_rev_changed(g); /* a new history from here */
    return ok;
}

static void le32(uint32_t v, uint8_t b[4])
{
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
}

static void cmd_read_regs(ds_gdb *g)
{
    char out[GDB_G_REGS * 8];
    for (unsigned i = 0; i < GDB_G_REGS; i++) {
        uint8_t b[4];
        le32(shown_reg(g, i), b);
        rsp_hex_encode(b, 4, out + 8 * i);
    }
    gdb_send(g, out, sizeof out);
}

static void cmd_write_regs(ds_gdb *g, const char *p, size_t n)
{
    if (n != GDB_G_REGS * 8) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    uint8_t b[GDB_G_REGS * 4];
    if (!rsp_hex_decode(p, sizeof b, b)) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    bool ok = true;
    for (unsigned i = 0; i < GDB_G_REGS; i++) {
        uint32_t v = b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
                     (uint32_t)b[4 * i + 2] << 16 |
                     (uint32_t)b[4 * i + 3] << 24;
        ok &= write_reg(g, i, v);
    }
    gdb_send_str(g, ok ? "OK" : "E16");
}

static void cmd_read_reg(ds_gdb *g, const char *p)
{
    uint32_t n;
    if (!rsp_parse_hex32(&p, &n) || *p) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    if (n >= GDB_NUM_REGS) {
        gdb_send_str(g, "E16");
        return;
    }
    uint8_t b[4];
    char out[8];
    le32(shown_reg(g, n), b);
    rsp_hex_encode(b, 4, out);
    gdb_send(g, out, 8);
}

static void cmd_write_reg(ds_gdb *g, const char *p)
{
    uint32_t n;
    uint8_t b[4];
    if (!rsp_parse_hex32(&p, &n) || *p++ != '=' || strlen(p) != 8 ||
        !rsp_hex_decode(p, 4, b)) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    uint32_t v = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                 (uint32_t)b[3] << 24;
    gdb_send_str(g, n < GDB_NUM_REGS && write_reg(g, n, v) ? "OK" : "E16");
}

static void cmd_read_mem(ds_gdb *g, const char *p)
{
    uint32_t addr, len;
    if (!parse_addr_len(&p, &addr, &len) || *p) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    if (len > RSP_MAX_PAYLOAD / 2)
        len = RSP_MAX_PAYLOAD / 2; /* a short reply: GDB asks again */
    if ((uint64_t)addr + len > 0x100000000ull)
        len = (uint32_t)(0x100000000ull - addr);
    static uint8_t buf[RSP_MAX_PAYLOAD / 2];
    static char out[RSP_MAX_PAYLOAD];
    if (xt_mem_read(g->cpu, addr, buf, len) != XT_OK) {
        gdb_send_str(g, E_FAULT);
        return;
    }
    rsp_hex_encode(buf, len, out);
    gdb_send(g, out, 2 * (size_t)len);
}

static void cmd_write_mem(ds_gdb *g, char *p, size_t n, bool binary)
{
    const char *q = p;
    uint32_t addr, len;
    if (!parse_addr_len(&q, &addr, &len) || *q != ':') {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    q++;
    size_t rest = n - (size_t)(q - p);
    static uint8_t buf[RSP_MAX_PAYLOAD];
    if (binary) {
        /* escapes only shrink the data: it fits the payload buffer */
        size_t m = rest <= sizeof buf ? rsp_unescape(q, rest, (char *)buf)
                                      : (size_t)-1;
        if (m != len) {
            gdb_send_str(g, E_MALFORMED);
            return;
        }
    } else if (rest != 2 * (size_t)len || len > sizeof buf ||
               !rsp_hex_decode(q, len, buf)) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    if (len == 0) { /* X with no data: GDB probes support */
        gdb_send_str(g, "OK");
        return;
    }
    if ((uint64_t)addr + len > 0x100000000ull ||
        xt_mem_write(g->cpu, addr, buf, len) != XT_OK) {
        gdb_send_str(g, E_FAULT);
        return;
    }
    gdb_rev_changed(g); /* a new history from here */
    gdb_send_str(g, "OK");
}

/* Z/z TYPE,ADDR,KIND[;cond...] */
static void cmd_point(ds_gdb *g, const char *p, bool insert)
{
    char t = *p++;
    uint32_t addr, kind;
    if (t < '0' || t > '4' || *p++ != ',' ||
        !parse_addr_len(&p, &addr, &kind) || (*p && *p != ';')) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    int e;
    if (t == '0' || t == '1')
        e = insert ? gdb_break_insert(g, addr, t == '1')
                   : gdb_break_remove(g, addr, t == '1');
    else
        e = insert ? gdb_watch_insert(g, (gdb_watch_kind)(t - '2'), addr, kind)
                   : gdb_watch_remove(g, (gdb_watch_kind)(t - '2'), addr, kind);
    if (e)
        reply_error(g, e);
    else
        gdb_send_str(g, "OK");
}

/* c [ADDR], s [ADDR], C SIG[;ADDR], S SIG[;ADDR] (the signal is not
 * delivered: the core has none). */
static gdb_action cmd_resume(ds_gdb *g, const char *p, bool step, bool sig)
{
    uint32_t v;
    if (sig) {
        if (!rsp_parse_hex32(&p, &v))
            goto bad;
        if (*p == ';')
            p++;
        else if (*p)
            goto bad;
    }
    if (*p) {
        if (!rsp_parse_hex32(&p, &v) || *p)
            goto bad;
        write_reg(g, GDB_REG_PC, v);
    }
    gdb_target_resume(g, step);
    return GDB_RESUME;
bad:
    gdb_send_str(g, E_MALFORMED);
    return GDB_STAY;
}

/* A thread id (hex; -1 and 0: any) -> its core; false when there is no
 * such thread. */
static bool thread_core(const ds_gdb *g, const char *p, int *core)
{
    if (!strcmp(p, "-1") || !strcmp(p, "0")) {
        *core = -1;
        return true;
    }
    uint32_t id;
    if (!rsp_parse_hex32(&p, &id) || *p || id < 1 || id > g->ncores)
        return false;
    *core = (int)id - 1;
    return true;
}

/* vCont;ACTION[:THREAD][;ACTION...]: the first action applies, to its
 * thread's core (all-stop: the other cores run on). */
static gdb_action cmd_vcont(ds_gdb *g, const char *p)
{
    if (*p++ != ';') {
        gdb_send_str(g, E_MALFORMED);
        return GDB_STAY;
    }
    char a = *p++;
    if (a == 'C' || a == 'S') {
        uint32_t sig;
        if (!rsp_parse_hex32(&p, &sig)) {
            gdb_send_str(g, E_MALFORMED);
            return GDB_STAY;
        }
        a = a == 'C' ? 'c' : 's';
    }
    if ((a != 'c' && a != 's') || (*p && *p != ':' && *p != ';')) {
        gdb_send_str(g, E_MALFORMED);
        return GDB_STAY;
    }
    if (*p == ':') {
        char id[16];
        size_t n = strcspn(p + 1, ";");
        int core;
        snprintf(id, sizeof id, "%.*s", (int)(n < 15 ? n : 15), p + 1);
        if (!thread_core(g, id, &core)) {
            gdb_send_str(g, "E22");
            return GDB_STAY;
        }
        if (core >= 0)
            g->cpu = g->cores[core];
    }
    gdb_target_resume(g, a == 's');
    return GDB_RESUME;
}

/* qXfer:features:read:ANNEX:OFFSET,LENGTH */
static void cmd_xfer_features(ds_gdb *g, const char *p)
{
    const char *colon = strchr(p, ':');
    if (!colon) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    if ((size_t)(colon - p) != strlen("target.xml") ||
        strncmp(p, "target.xml", (size_t)(colon - p))) {
        gdb_send_str(g, "E00"); /* no such annex */
        return;
    }
    p = colon + 1;
    uint32_t off, len;
    if (!parse_addr_len(&p, &off, &len) || *p) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    size_t n;
    const char *xml = gdb_target_xml(&n);
    static char out[RSP_MAX_PAYLOAD];
    if (len > RSP_MAX_PAYLOAD / 2 - 1)
        len = RSP_MAX_PAYLOAD / 2 - 1; /* escapes may double it */
    if (off >= n) {
        gdb_send_str(g, "l");
        return;
    }
    size_t take = n - off < len ? n - off : len;
    out[0] = off + take >= n ? 'l' : 'm';
    memcpy(out + 1, xml + off, take);
    gdb_send(g, out, take + 1);
}

/* qRcmd,HEX: GDB's `monitor` commands.  "reverse": the history's
 * figures. */
static void cmd_monitor(ds_gdb *g, const char *hex)
{
    char cmd[128];
    size_t n = strlen(hex) / 2;
    if (strlen(hex) % 2 || n >= sizeof cmd ||
        !rsp_hex_decode(hex, n, (uint8_t *)cmd)) {
        gdb_send_str(g, E_MALFORMED);
        return;
    }
    cmd[n] = '\0';
    char out[400];
    if (!strcmp(cmd, "reverse") && g->hist) {
        ds_hist_stats st;
        ds_hist_get_stats(g->hist, &st);
        size_t k = ds_hist_count(g->hist);
        uint64_t from = k ? ds_hist_pos(g->hist, 0).cycles : 0;
        uint64_t to = k ? ds_hist_pos(g->hist, k - 1).cycles : 0;
        snprintf(out, sizeof out,
                 "reverse execution: %zu checkpoints, cycles %llu..%llu, "
                 "%llu bytes (%.1f of %.0f MiB, %llu pages), one every %llu "
                 "cycles, %llu dropped at the bound, %.3f s to take %llu%s\n",
                 k, (unsigned long long)from, (unsigned long long)to,
                 (unsigned long long)st.bytes, st.bytes / 1048576.0,
                 st.limit / 1048576.0, (unsigned long long)st.pages,
                 (unsigned long long)st.every, (unsigned long long)st.dropped,
                 st.host_seconds, (unsigned long long)st.taken,
                 ds_hist_replaying(g->hist) ? "; replaying" : "");
    } else if (!strcmp(cmd, "reverse")) {
        snprintf(out, sizeof out, "reverse execution is off here\n");
    } else {
        snprintf(out, sizeof out,
                 "unknown monitor command '%s' (dspsim knows: reverse)\n", cmd);
    }
    gdb_send_console(g, out);
    gdb_send_str(g, "OK");
}

static void cmd_query(ds_gdb *g, const char *p)
{
    if (starts(p, "qSupported")) {
        char s[160];
        snprintf(s, sizeof s,
                 "PacketSize=%x;qXfer:features:read+;"
                 "QStartNoAckMode+;vContSupported+%s",
                 RSP_MAX_PAYLOAD,
                 g->hist ? ";ReverseStep+;ReverseContinue+" : "");
        gdb_send_str(g, s);
    } else if (starts(p, "qXfer:features:read:")) {
        cmd_xfer_features(g, p + strlen("qXfer:features:read:"));
    } else if (!strcmp(p, "qAttached")) {
        gdb_send_str(g, "1");
    } else if (!strcmp(p, "qC")) {
        char s[16];
        snprintf(s, sizeof s, "QC%x", g->stop_core + 1);
        gdb_send_str(g, s);
    } else if (!strcmp(p, "qfThreadInfo")) {
        char s[32] = "m1"; /* a thread per core */
        for (unsigned k = 1; k < g->ncores; k++)
            snprintf(s + strlen(s), sizeof s - strlen(s), ",%x", k + 1);
        gdb_send_str(g, s);
    } else if (starts(p, "qThreadExtraInfo,")) {
        int core;
        if (!thread_core(g, p + strlen("qThreadExtraInfo,"), &core) ||
            core < 0) {
            gdb_send_str(g, "E22");
            return;
        }
        char text[16], hex[40];
        snprintf(text, sizeof text, "core %d", core);
        rsp_hex_encode((const uint8_t *)text, strlen(text), hex);
        hex[2 * strlen(text)] = '\0';
        gdb_send_str(g, hex);
    } else if (!strcmp(p, "qsThreadInfo")) {
        gdb_send_str(g, "l");
    } else if (starts(p, "qRcmd,")) {
        cmd_monitor(g, p + strlen("qRcmd,"));
    } else if (starts(p, "qSymbol")) {
        gdb_send_str(g, "OK");
    } else {
        gdb_send_str(g, "");
    }
}

gdb_action gdb_handle_packet(ds_gdb *g, char *pkt, size_t len)
{
    char *a = pkt + 1;
    switch (pkt[0]) {
    case '?':
        gdb_send_stop(g);
        return GDB_STAY;
    case 'g':
        if (len != 1)
            gdb_send_str(g, E_MALFORMED);
        else
            cmd_read_regs(g);
        return GDB_STAY;
    case 'G':
        cmd_write_regs(g, a, len - 1);
        return GDB_STAY;
    case 'p':
        cmd_read_reg(g, a);
        return GDB_STAY;
    case 'P':
        cmd_write_reg(g, a);
        return GDB_STAY;
    case 'm':
        cmd_read_mem(g, a);
        return GDB_STAY;
    case 'M':
        cmd_write_mem(g, a, len - 1, false);
        return GDB_STAY;
    case 'X':
        cmd_write_mem(g, a, len - 1, true);
        return GDB_STAY;
    case 'Z':
    case 'z':
        cmd_point(g, a, pkt[0] == 'Z');
        return GDB_STAY;
    case 'c':
    case 's':
        return cmd_resume(g, a, pkt[0] == 's', false);
    case 'C':
    case 'S':
        return cmd_resume(g, a, pkt[0] == 'S', true);
    case 'H': { /* Hg/Hc THREAD: the core whose registers are read and
                 * which a step steps */
        int core;
        if ((pkt[1] != 'g' && pkt[1] != 'c') || !thread_core(g, pkt + 2, &core))
            gdb_send_str(g, "E22");
        else {
            if (core >= 0)
                g->cpu = g->cores[core];
            gdb_send_str(g, "OK");
        }
        return GDB_STAY;
    }
    case 'T': { /* is the thread alive: every core is */
        int core;
        gdb_send_str(g, thread_core(g, a, &core) ? "OK" : "E22");
        return GDB_STAY;
    }
    case 'b': /* bs, bc: reverse step and continue */
        if (len == 2 && (pkt[1] == 's' || pkt[1] == 'c'))
            return gdb_rev_begin(g, pkt[1] == 'c');
        gdb_send_str(g, "");
        return GDB_STAY;
    case 'D':
        gdb_send_str(g, "OK");
        return GDB_DETACH;
    case 'k':
        return GDB_KILL; /* no reply */
    case 'q':
        cmd_query(g, pkt);
        return GDB_STAY;
    case 'Q':
        if (!strcmp(pkt, "QStartNoAckMode")) {
            gdb_send_str(g, "OK");
            g->noack = true;
        } else {
            gdb_send_str(g, "");
        }
        return GDB_STAY;
    case 'v':
        if (!strcmp(pkt, "vCont?")) {
            gdb_send_str(g, "vCont;c;C;s;S");
            return GDB_STAY;
        }
        if (starts(pkt, "vCont"))
            return cmd_vcont(g, pkt + 5);
        if (starts(pkt, "vKill")) {
            gdb_send_str(g, "OK");
            return GDB_KILL;
        }
        gdb_send_str(g, ""); /* vMustReplyEmpty and the others */
        return GDB_STAY;
    default:
        gdb_send_str(g, "");
        return GDB_STAY;
    }
}
