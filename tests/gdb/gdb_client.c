/* SPDX-License-Identifier: BSD-3-Clause */
/* A scripted GDB remote-protocol client for the tests of the GDB server
 * (there is no Xtensa GDB on Debian).  It starts the dspsim command given
 * after "--" with its stderr in WORKDIR/child.err, reads the port the
 * server prints there, connects, and plays one scenario:
 *
 *   session     breakpoint on add_sample, continue, registers and a
 *               variable, step into and over a CALL0, watchpoints, a
 *               hardware breakpoint, continue to exit (W3a)
 *   interrupt   attach to a running guest, continue, Ctrl-C, kill
 *   fault       a store to unmapped memory stops as SIGSEGV at the store
 *   panic       FUNCTION EXCVADDR STATUS: the firmware's bad load stops
 *               as SIGSEGV at the load, then its panic handler halts
 *   watch-hit   SYMBOL OFFSET FUNCTION VALUE STATUS: a write watchpoint
 *               stops in FUNCTION, which stored VALUE there
 *   kill        STATUS: k ends the run with STATUS
 *   robust      bad checksums, malformed and unknown packets, memory
 *               writes (M, X), no-ack mode, disconnect without detach
 *   bp-continue SYMBOL N STATUS [WATCH_SYMBOL]: N stops at SYMBOL, a
 *               watchpoint hit, then continue to the end, exit STATUS
 *               (the run's output must not change: play.sh compares it)
 *   attach      SYMBOL [WATCH_SYMBOL]: connect to a running target, stop
 *               at SYMBOL, (a watchpoint hit,) continue, Ctrl-C, detach;
 *               it runs on to exit 0
 *   restored    PC CYCLE SYMBOL VARIABLE N STATUS: a run resumed from a
 *               snapshot taken at CYCLE with the CPU at PC first stops
 *               there (not at the reset state), then N stops at SYMBOL
 *               after CYCLE, each with the registers and VARIABLE read
 *               and one single step, then continue to the end, exit STATUS
 *   watch64     SYMBOL STATUS: the 64-byte window 4 bytes into SYMBOL
 *               (tests/gdb/guest/watch64.c): watchpoints of 0 and 65
 *               bytes refused (E16) for Z2, Z3 and Z4, 64 accepted; a
 *               64-byte write watchpoint ignores the stores just outside
 *               and stops after the stores to its last byte, its first
 *               byte and its first byte again, each reported as
 *               T05watch:ADDR; with ADDR the stored byte; exit STATUS
 *   reverse     STEPS STATUS FUNCTION WATCH_SYMBOL WATCH_OFFSET [later]:
 *               reverse execution (bs, bc): bs at the start answers
 *               replaylog:begin (with "later" the history starts later
 *               than the attach: where `run`/`play` starts streaming, at
 *               or before the first stop); two stops at FUNCTION, STEPS single
 *               steps recorded (all registers and CCOUNT), STEPS bs each
 *               checked against the record, bc to the first stop, bc to
 *               the start of the history, then forward: the first stop
 *               again, a write watchpoint on the word at WATCH_SYMBOL +
 *               WATCH_OFFSET hit forward and a bc back to the store before
 *               it, and on to exit STATUS
 *   reverse-bound FUNCTION N STATUS: with checkpoints over their memory
 *               bound: N stops at FUNCTION, then bc until the start of the
 *               history, which is not the start of the run and says so (a
 *               console line); forward again to the end, exit STATUS
 *   bench-bc    FUNCTION STATUS: bench/reverse.sh's session: the second
 *               stop at FUNCTION (the end of the stream), then one bc over
 *               the whole run back to the start of the history, timed (host
 *               seconds), with 'monitor reverse' before it; exit STATUS
 *   bc-chain    FUNCTION CONTROL N STATUS [MIN_CCOUNT]: a stop at CONTROL
 *               (a mid-stream control's handler; the first at or after
 *               MIN_CCOUNT), then N bc to the stops at FUNCTION before
 *               it, each earlier than the one before; N bs and N s that
 *               come back to the same place; exit STATUS
 *   dma-watch   SYMBOL OFFSET CHANNEL DESCRIPTOR STATUS: a write watchpoint
 *               on the word at SYMBOL + OFFSET, which DMA channel CHANNEL
 *               fills running the descriptor at symbol DESCRIPTOR: the
 *               stop (T05watch:ADDR;) after the burst, the console line
 *               before it naming the channel and the descriptor; bc: the
 *               stop before that burst (the old value back), named the
 *               same; forward again to the same stop; exit STATUS.
 *               SYMBOL @FUNCTION:N: the address is register aN at the
 *               first stop at FUNCTION; 0xADDR: that address; CHANNEL and
 *               DESCRIPTOR '-': any; CHANNEL 'host': the host writes it
 *               (a mailbox write); [MIN_CCOUNT]: the first such write at
 *               or after that CCOUNT
 *   dma-culprit FUNCTION MIN_CCOUNT DESC_SYMBOL DESC_OFFSET CHANNEL STATUS:
 *               docs/debugging.md's worked example of reverse execution:
 *               at the first stop at FUNCTION at or after MIN_CCOUNT, the
 *               destination word of the descriptor at DESC_SYMBOL +
 *               DESC_OFFSET names the buffer DMA channel CHANNEL writes;
 *               a write watchpoint on that buffer's first word and bc
 *               (again while the writer is the core) stop before the
 *               DMA's last write there, the console naming the channel
 *               and that descriptor; a write watchpoint on the
 *               descriptor's destination word and bc stop before whoever
 *               changed it (here the host's bit flip, a scripted fault),
 *               the word's old value printed; then to exit STATUS
 *   threads     FUNCTION STATUS: a board of 2 cores: qfThreadInfo lists
 *               threads 1 and 2; a breakpoint at FUNCTION (run by core 1
 *               only) stops with thread:2 in the reply and qC 2; Hg2 reads
 *               core 1's registers (PC at FUNCTION, PRID 1), Hg1 core 0's
 *               (PRID 0, another PC); Hc2 and s step core 1 (thread:2,
 *               another PC, core 0's unchanged or moved on); to exit STATUS
 *   overrun     FUNCTION STATUS: FUNCTION(st, out, in, frames) of the
 *               volume kernel writes past out[frames * st->channels]? A
 *               breakpoint at its entry gives the block, a write
 *               watchpoint on the word after it stops at the store that
 *               writes there (docs/debugging.md's worked example); prints
 *               the store's address for the caller to map to a line
 *
 * usage: gdb_client SCENARIO ELF WORKDIR [args] -- COMMAND...
 * ($GDB_CLIENT_STDOUT: a file for the command's standard output)
 * Exit status 0 when every check passed (the command's own exit status
 * is checked by the scenario), 1 otherwise. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dspsim/loader.h"

static pid_t child = -1;
static int sock = -1;
static bool noack;
static const xt_elf *elf;
static char errpath[4096];

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (child > 0)
        kill(child, SIGKILL);
    FILE *f = fopen(errpath, "r");
    if (f) {
        char line[512];
        fprintf(stderr, "--- dspsim stderr:\n");
        while (fgets(line, sizeof line, f))
            fputs(line, stderr);
        fclose(f);
    }
    exit(1);
}

static void sleep_ms(unsigned ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* ---- the command under test ---- */
static unsigned spawn(char **argv)
{
    int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        fail("cannot create %s", errpath);
    child = fork();
    if (child < 0)
        fail("fork");
    if (child == 0) {
        dup2(fd, 2);
        const char *out = getenv("GDB_CLIENT_STDOUT");
        int ofd = out ? open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
        if (ofd >= 0)
            dup2(ofd, 1);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fd);
    for (int i = 0; i < 3000; i++) { /* up to 60 s */
        FILE *f = fopen(errpath, "r");
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            const char *p = strstr(line, "listening on 127.0.0.1:");
            if (p) {
                fclose(f);
                return (unsigned)atoi(p + strlen("listening on 127.0.0.1:"));
            }
        }
        if (f)
            fclose(f);
        int st;
        if (waitpid(child, &st, WNOHANG) == child) {
            child = -1;
            fail("dspsim ended before it listened");
        }
        sleep_ms(20);
    }
    fail("dspsim printed no port");
    return 0;
}

static int wait_child(void)
{
    int st = 0;
    for (int i = 0; i < 3000; i++) { /* up to 60 s */
        pid_t r = waitpid(child, &st, WNOHANG);
        if (r == child) {
            child = -1;
            if (!WIFEXITED(st))
                fail("dspsim did not exit normally (status %#x)", st);
            return WEXITSTATUS(st);
        }
        sleep_ms(20);
    }
    fail("dspsim did not end");
    return -1;
}

static void connect_to(unsigned port)
{
    sock = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = { .sin_family = AF_INET,
                              .sin_port = htons((uint16_t)port),
                              .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    if (sock < 0 || connect(sock, (struct sockaddr *)&sa, sizeof sa) < 0)
        fail("cannot connect to port %u: %s", port, strerror(errno));
    struct timeval tv = { .tv_sec = 60 };
    setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    int one = 1; /* a packet at once: no wait for the server's ack */
    setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    noack = false;
}

/* ---- packets ---- */
static bool try_send_raw(const void *p, size_t n)
{
    return write(sock, p, n) == (ssize_t)n;
}

static void send_raw(const void *p, size_t n)
{
    if (!try_send_raw(p, n))
        fail("write to the server failed");
}

static int get_byte(void)
{
    unsigned char c;
    ssize_t n = read(sock, &c, 1);
    if (n != 1)
        fail("no answer from the server (%s)",
             n == 0 ? "closed" : strerror(errno));
    return c;
}

static void send_packet_n(const char *payload, size_t n)
{
    char buf[16384];
    unsigned sum = 0;
    size_t o = 0;
    buf[o++] = '$';
    for (size_t i = 0; i < n; i++) {
        buf[o++] = payload[i];
        sum += (unsigned char)payload[i];
    }
    o += (size_t)snprintf(buf + o, sizeof buf - o, "#%02x", sum & 0xff);
    send_raw(buf, o);
    if (!noack) {
        int c = get_byte();
        if (c != '+')
            fail("packet '%.40s' not acknowledged ('%c')", payload, c);
    }
}

static void send_packet(const char *payload)
{
    send_packet_n(payload, strlen(payload));
}

/* Console output the server sent ('O' packets), decoded, since the last
 * console_clear(). */
static char console_text[4096];

static void console_clear(void)
{
    console_text[0] = '\0';
}

static bool is_console(const char *p)
{
    size_t n = strlen(p);
    if (p[0] != 'O' || n < 3 || n % 2 == 0)
        return false;
    for (size_t i = 1; i < n; i++)
        if (!strchr("0123456789abcdefABCDEF", p[i]))
            return false;
    return true;
}

static void recv_one(char *buf, size_t size);

/* The next packet's payload (NUL-terminated) into buf; console output
 * ('O' packets) before it is kept in console_text and printed. */
static void recv_packet(char *buf, size_t size)
{
    for (;;) {
        recv_one(buf, size);
        if (!is_console(buf))
            return;
        size_t l = strlen(console_text), l0 = l;
        for (const char *h = buf + 1;
             h[0] && h[1] && l + 1 < sizeof console_text; h += 2) {
            char b[3] = { h[0], h[1], 0 };
            console_text[l++] = (char)strtoul(b, NULL, 16);
        }
        console_text[l] = '\0';
        printf("console: %s", console_text + l0);
    }
}

static void recv_one(char *buf, size_t size)
{
    int c;
    while ((c = get_byte()) != '$')
        if (c != '+')
            fail("unexpected byte %#x before a packet", c);
    size_t n = 0;
    unsigned sum = 0;
    while ((c = get_byte()) != '#') {
        if (n + 1 >= size)
            fail("reply too long");
        buf[n++] = (char)c;
        sum += (unsigned)c;
    }
    buf[n] = '\0';
    char cs[3] = { (char)get_byte(), (char)get_byte(), 0 };
    if (strtoul(cs, NULL, 16) != (sum & 0xff))
        fail("reply '%s' has checksum %s, expected %02x", buf, cs, sum & 0xff);
    if (!noack)
        send_raw("+", 1);
}

static char reply[16384];

static const char *cmd(const char *fmt, ...)
{
    char p[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p, sizeof p, fmt, ap);
    va_end(ap);
    send_packet(p);
    recv_packet(reply, sizeof reply);
    return reply;
}

static void expect(const char *got, const char *want, const char *what)
{
    if (strcmp(got, want))
        fail("%s: got '%s', expected '%s'", what, got, want);
}

static uint32_t le32_hex(const char *h)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) {
        char b[3] = { h[2 * i], h[2 * i + 1], 0 };
        v = v << 8 | (uint32_t)strtoul(b, NULL, 16);
    }
    return v;
}

static void regs(uint32_t r[22])
{
    const char *g = cmd("g");
    if (strlen(g) != 22 * 8)
        fail("g: %zu hex digits, expected 176: '%s'", strlen(g), g);
    for (int i = 0; i < 22; i++)
        r[i] = le32_hex(g + 8 * i);
}

static uint32_t reg(unsigned n)
{
    const char *p = cmd("p%x", n);
    if (strlen(p) != 8)
        fail("p%x: '%s'", n, p);
    return le32_hex(p);
}

static uint32_t mem32(uint32_t addr)
{
    const char *m = cmd("m%x,4", addr);
    if (strlen(m) != 8)
        fail("m%x,4: '%s'", addr, m);
    return le32_hex(m);
}

static const xt_elf_symbol *sym(const char *name)
{
    for (size_t i = 0; i < xt_elf_symbol_count(elf); i++) {
        const xt_elf_symbol *s = xt_elf_symbol_at(elf, i);
        if (!strcmp(s->name, name))
            return s;
    }
    fail("no symbol '%s' in the ELF", name);
    return NULL;
}

static bool in_sym(uint32_t pc, const xt_elf_symbol *s)
{
    return pc >= s->addr && pc < s->addr + (s->size ? s->size : 1);
}

static void expect_stop(const char *want_prefix, const char *what)
{
    recv_packet(reply, sizeof reply);
    if (strncmp(reply, want_prefix, strlen(want_prefix)))
        fail("%s: stop reply '%s', expected '%s...'", what, reply, want_prefix);
}

/* ---- steps the scenarios share ---- */
/* A software breakpoint (Z0) at addr, and its removal. */
static void break_set(uint32_t addr)
{
    expect(cmd("Z0,%x,3", addr), "OK", "Z0");
}

static void break_clear(uint32_t addr)
{
    expect(cmd("z0,%x,3", addr), "OK", "z0");
}

/* Continue to the breakpoint at s (stop i of them): the stop must be a
 * SIGTRAP at s's address. */
static void continue_to(const xt_elf_symbol *s, int i)
{
    expect(cmd("c"), "T05", "breakpoint");
    uint32_t pc = reg(16);
    if (pc != s->addr)
        fail("stop %d at %08x, not %s (%08x)", i, pc, s->name, s->addr);
}

/* A write watchpoint (Z2) on len bytes at addr, continue to its hit, the
 * watchpoint removed (z2): returns the address the stop reports. */
static uint32_t watch_hit(uint32_t addr, uint32_t len)
{
    expect(cmd("Z2,%x,%x", addr, len), "OK", "Z2");
    expect_stop("T05watch:", (send_packet("c"), "watchpoint"));
    uint32_t hit = (uint32_t)strtoul(reply + 9, NULL, 16);
    expect(cmd("z2,%x,%x", addr, len), "OK", "z2");
    return hit;
}

/* The command under test ends with exit status want. */
static void expect_exit(int want)
{
    int st = wait_child();
    if (st != want)
        fail("exit status %d, expected %d", st, want);
}

/* Continue to the end of the run: the exit packet W<want>, then the
 * command's exit status want. */
static void continue_to_exit(int want, const char *what)
{
    send_packet("c");
    recv_packet(reply, sizeof reply);
    if (reply[0] != 'W' || strtol(reply + 1, NULL, 16) != want)
        fail("%s: '%s', expected W%02x", what, reply, want);
    expect_exit(want);
}

/* ---- scenarios ---- */
static char supported[1024]; /* the qSupported reply */

static void handshake(void)
{
    const char *s = cmd("qSupported:multiprocess+;swbreak+;hwbreak+");
    if (!strstr(s, "PacketSize=") || !strstr(s, "qXfer:features:read+"))
        fail("qSupported: '%s'", s);
    snprintf(supported, sizeof supported, "%s", s);
    /* target.xml, read in small pieces */
    char xml[16384] = "";
    size_t off = 0;
    for (;;) {
        const char *x = cmd("qXfer:features:read:target.xml:%zx,200", off);
        if (x[0] != 'm' && x[0] != 'l')
            fail("qXfer: '%s'", x);
        strncat(xml, x + 1, sizeof xml - strlen(xml) - 1);
        off += strlen(x + 1);
        if (x[0] == 'l')
            break;
    }
    if (!strstr(xml, "<architecture>xtensa</architecture>") ||
        !strstr(xml, "name=\"a0\" bitsize=\"32\" regnum=\"0\"") ||
        !strstr(xml, "name=\"pc\" bitsize=\"32\" regnum=\"16\"") ||
        !strstr(xml, "name=\"ps\" bitsize=\"32\" regnum=\"21\""))
        fail("target.xml lacks the lx106 registers:\n%s", xml);
    expect(cmd("qXfer:features:read:other.xml:0,100"), "E00", "unknown annex");
    const char *q = cmd("?"); /* T05, or T05thread:1; on several cores */
    if (strcmp(q, "T05") && strcmp(q, "T05thread:1;"))
        fail("stop reason after attach: got '%s', expected 'T05'", q);
}

static void scenario_session(void)
{
    handshake();
    uint32_t r[22];
    regs(r);
    if (r[16] != xt_elf_entry(elf))
        fail("pc %08x at start, entry is %08x", r[16], xt_elf_entry(elf));
    const xt_elf_symbol *add = sym("add_sample"), *tot = sym("total");
    const xt_elf_symbol *buf = sym("buffer");

    break_set(add->addr);
    for (uint32_t i = 0; i < 3; i++) {
        expect(cmd("c"), "T05", "breakpoint");
        regs(r);
        if (r[16] != add->addr || r[2] != i || r[3] != 3 * i)
            fail("stop %u: pc %08x a2 %u a3 %u", i, r[16], r[2], r[3]);
        uint32_t want = 3 * i * (i - 1) / 2; /* 0 + 3 + ... + 3(i-1) */
        if (mem32(tot->addr) != want)
            fail("total %u at call %u, expected %u", mem32(tot->addr), i, want);
    }
    break_clear(add->addr);
    expect(cmd("z0,%x,3", add->addr), "E16", "z0 of no breakpoint");

    /* the CALL0 in main: a0 holds the address after it */
    uint32_t call = r[0] - 3;
    uint32_t insn = mem32(call);
    if ((insn & 0x3f) != 0x05)
        fail("no call0 at %08x (%06x)", call, insn & 0xffffff);
    break_set(call);
    expect(cmd("c"), "T05", "stop at the call");
    if (reg(16) != call || reg(2) != 3)
        fail("at the call: pc %08x a2 %u", reg(16), reg(2));
    break_clear(call);
    /* step into it ... */
    expect(cmd("s"), "T05", "step");
    if (reg(16) != add->addr || reg(0) != call + 3)
        fail("step into call0: pc %08x a0 %08x", reg(16), reg(0));
    /* ... and over it: GDB's 'next' is a breakpoint at the return */
    break_set(call + 3);
    expect(cmd("c"), "T05", "return");
    if (reg(16) != call + 3 || reg(2) != 18 || mem32(tot->addr) != 18)
        fail("after the call: pc %08x a2 %u total %u", reg(16), reg(2),
             mem32(tot->addr));
    break_clear(call + 3);
    /* a vCont step moves one instruction */
    expect(cmd("vCont?"), "vCont;c;C;s;S", "vCont?");
    expect(cmd("vCont;s:1"), "T05", "vCont;s");
    if (reg(16) == call + 3 || reg(16) > call + 6)
        fail("vCont;s went from %08x to %08x", call + 3, reg(16));

    /* a write watchpoint on the buffer: the store of call 4 */
    expect(cmd("Z2,%x,20", buf->addr), "OK", "Z2");
    expect(cmd("Z2,%x,4", tot->addr), "E1c", "a second watchpoint");
    send_packet("vCont;c");
    expect_stop("T05watch:", "write watchpoint");
    uint32_t wa = (uint32_t)strtoul(reply + 9, NULL, 16);
    if (wa != buf->addr + 16 || mem32(wa) != 12)
        fail("watch hit at %08x (buffer %08x) value %u", wa, buf->addr,
             mem32(wa));
    if (!in_sym(reg(16), add))
        fail("watch stop at %08x, outside add_sample", reg(16));
    expect(cmd("z2,%x,20", buf->addr), "OK", "z2");
    /* an access watchpoint on total: its load comes first */
    expect(cmd("Z4,%x,4", tot->addr), "OK", "Z4");
    expect_stop("T05awatch:", (send_packet("c"), "access watchpoint"));
    expect(cmd("z4,%x,4", tot->addr), "OK", "z4");
    /* one hardware breakpoint (IBREAK) */
    expect(cmd("Z1,%x,3", add->addr), "OK", "Z1");
    expect(cmd("Z1,%x,3", call), "E1c", "a second Z1");
    expect(cmd("c"), "T05", "hardware breakpoint");
    if (reg(16) != add->addr)
        fail("Z1 stop at %08x", reg(16));
    expect(cmd("z1,%x,3", add->addr), "OK", "z1");
    /* to the end: 3 * (0 + ... + 19) = 570, & 0x7f = 0x3a */
    continue_to_exit(0x3a, "exit");
}

static void scenario_interrupt(void)
{
    handshake();
    const xt_elf_symbol *mainf = sym("main");
    send_packet("c");
    sleep_ms(300);
    send_raw("\x03", 1);
    expect_stop("T02", "Ctrl-C");
    uint32_t pc = reg(16);
    if (!in_sym(pc, mainf))
        fail("interrupted at %08x, not in main's loop", pc);
    uint32_t t0 = mem32(sym("total")->addr);
    send_packet("c");
    sleep_ms(200);
    send_raw("\x03", 1);
    expect_stop("T02", "second Ctrl-C");
    if (mem32(sym("total")->addr) == t0)
        fail("the guest did not run between the interrupts");
    send_packet("k");
    expect_exit(137);
}

static void scenario_fault(void)
{
    handshake();
    const xt_elf_symbol *mainf = sym("main");
    expect_stop("T0b", (send_packet("c"), "fault"));
    uint32_t pc = reg(16);
    uint32_t insn = mem32(pc);
    bool s32i = (insn & 0xf) == 2 && ((insn >> 12) & 0xf) == 6;
    bool s32in = (insn & 0xf) == 9;
    if (!in_sym(pc, mainf) || !(s32i || s32in))
        fail("fault reported at %08x (%06x), not at main's store", pc,
             insn & 0xffffff);
    /* EPC1, or DEPC when PS.EXCM was still set (crt0 leaves it) */
    uint32_t cause = reg(31), vaddr = reg(32), epc1 = reg(22), depc = reg(25);
    if (cause != 15 || vaddr != 0x10000000 || (epc1 != pc && depc != pc))
        fail("exccause %u excvaddr %08x epc1 %08x depc %08x", cause, vaddr,
             epc1, depc);
    expect(cmd("?"), "T0b", "stop reason");
    expect(cmd("D"), "OK", "detach");
    close(sock);
    int st = wait_child();
    if (st == 0)
        fail("a faulting guest exited 0");
}

/* The real firmware's panic path: a load from an unmapped address in
 * FUNC stops as SIGSEGV at the load (EXCVADDR as given), and continuing
 * runs the firmware's own handler to its HALT with STATUS. */
static void scenario_panic(int argc, char **argv)
{
    if (argc < 3)
        fail("panic needs FUNCTION EXCVADDR STATUS");
    const xt_elf_symbol *f = sym(argv[0]);
    uint32_t want_vaddr = (uint32_t)strtoul(argv[1], NULL, 0);
    int want = atoi(argv[2]);
    handshake();
    expect_stop("T0b", (send_packet("c"), "fault"));
    uint32_t pc = reg(16), insn = mem32(pc);
    bool l32i = (insn & 0xf) == 2 && ((insn >> 12) & 0xf) == 2;
    bool l32in = (insn & 0xf) == 8;
    if (!in_sym(pc, f) || !(l32i || l32in))
        fail("fault reported at %08x (%06x), not at %s's load", pc,
             insn & 0xffffff, argv[0]);
    if (reg(31) != 15 || reg(32) != want_vaddr ||
        (reg(22) != pc && reg(25) != pc))
        fail("exccause %u excvaddr %08x epc1 %08x depc %08x", reg(31), reg(32),
             reg(22), reg(25));
    continue_to_exit(want, "after the panic");
}

/* A write watchpoint on SYMBOL+OFFSET (4 bytes) stops in FUNCTION after
 * it stored VALUE there; the run then ends with STATUS. */
static void scenario_watch_hit(int argc, char **argv)
{
    if (argc < 5)
        fail("watch-hit needs SYMBOL OFFSET FUNCTION VALUE STATUS");
    uint32_t addr = sym(argv[0])->addr + (uint32_t)strtoul(argv[1], NULL, 0);
    const xt_elf_symbol *f = sym(argv[2]);
    uint32_t value = (uint32_t)strtoul(argv[3], NULL, 0);
    int want = atoi(argv[4]);
    handshake();
    uint32_t before = mem32(addr);
    uint32_t hit = watch_hit(addr, 4), pc = reg(16);
    if (hit != addr || !in_sym(pc, f) || mem32(addr) != value)
        fail("watch hit at %08x (want %08x), pc %08x, value %08x (was "
             "%08x)",
             hit, addr, pc, mem32(addr), before);
    printf("watchpoint: %08x changed from %#x to %#x, stopped at %08x in "
           "%s; a2 %08x a3 %u a4 %u a5 %u\n",
           addr, before, mem32(addr), pc, argv[2], reg(2), reg(3), reg(4),
           reg(5));
    continue_to_exit(want, "end");
}

/* k: the run ends at once with STATUS. */
static void scenario_kill(int argc, char **argv)
{
    if (argc < 1)
        fail("kill needs STATUS");
    handshake();
    send_packet("k");
    expect_exit(atoi(argv[0]));
}

static void scenario_robust(void)
{
    handshake();
    /* a bad checksum is refused with '-', and the server goes on */
    send_raw("$g#00", 5);
    int c = get_byte();
    if (c != '-')
        fail("bad checksum answered '%c'", c);
    send_raw("xyz", 3); /* noise between packets is ignored */
    expect(cmd("?"), "T05", "after a bad checksum");
    static const struct {
        const char *pkt, *want;
    } bad[] = {
        { "mzz,4", "E01" },
        { "m40000000", "E01" },
        { "m0,4", "E0e" },
        { "M0,4:00", "E01" },
        { "Mzz", "E01" },
        { "Xnot", "E01" },
        { "Z9,0,0", "E01" },
        { "Z0,zz,3", "E01" },
        { "z2,0", "E01" },
        { "G00", "E01" },
        { "P1=zz", "E01" },
        { "p999", "E16" },
        { "p", "E01" },
        { "g1", "E01" },
        { "cxyz", "E01" },
        { "vCont;x", "E01" },
        { "C", "E01" },
        { "qFooBar", "" },
        { "vFooBar", "" },
        { "!", "" },
        { "", "" },
        { "Z2,0,0", "E16" },
        { "qXfer:features:read:target.xml:zz", "E01" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect(cmd("%s", bad[i].pkt), bad[i].want, bad[i].pkt);
    /* a packet longer than PacketSize */
    static char big[6000];
    memset(big, 'a', sizeof big - 1);
    expect(cmd("%s", big), "E01", "oversized packet");
    /* memory writes: M (hex), X (binary with escapes), read back */
    uint32_t t = sym("total")->addr;
    expect(cmd("M%x,4:2a000000", t), "OK", "M");
    if (mem32(t) != 42)
        fail("M wrote %u", mem32(t));
    char x[64];
    int n = snprintf(x, sizeof x, "X%x,4:", t);
    memcpy(x + n, "}]}\x03}\x04}\x0a", 8); /* 7d 23 24 2a escaped */
    send_packet_n(x, (size_t)n + 8);
    recv_packet(reply, sizeof reply);
    expect(reply, "OK", "X");
    expect(cmd("m%x,4", t), "7d23242a", "X wrote");
    expect(cmd("M%x,4:00000000", t), "OK", "M back");
    /* registers: P of a0 and back, G with what g gave */
    uint32_t a5 = reg(5);
    expect(cmd("P5=78563412"), "OK", "P");
    if (reg(5) != 0x12345678)
        fail("P wrote %08x", reg(5));
    expect(cmd("P5=%02x%02x%02x%02x", a5 & 0xff, a5 >> 8 & 0xff,
               a5 >> 16 & 0xff, a5 >> 24),
           "OK", "P back");
    char g[200];
    snprintf(g, sizeof g, "G%s", cmd("g"));
    expect(cmd("%s", g), "OK", "G of the same values");
    /* no-ack mode */
    expect(cmd("QStartNoAckMode"), "OK", "QStartNoAckMode");
    noack = true;
    expect(cmd("?"), "T05", "no-ack mode");
    /* gone without detaching: the run goes on to its end */
    close(sock);
    expect_exit(0x3a);
}

static void scenario_bp_continue(int argc, char **argv)
{
    if (argc < 3)
        fail("bp-continue needs SYMBOL N STATUS [WATCH_SYMBOL]");
    const xt_elf_symbol *s = sym(argv[0]);
    int n = atoi(argv[1]), want = atoi(argv[2]);
    handshake();
    break_set(s->addr);
    for (int i = 0; i < n; i++) {
        continue_to(s, i);
        uint32_t r[22];
        regs(r); /* read everything, change nothing */
    }
    break_clear(s->addr);
    if (argc > 3) {
        const xt_elf_symbol *w = sym(argv[3]);
        watch_hit(w->addr, w->size && w->size < 64 ? w->size : 4);
    }
    continue_to_exit(want, "end of the run");
}

/* Attach to a running target, stop at SYMBOL once, interrupt it, detach:
 * the run must end as without a debugger (the caller compares). */
static void scenario_attach(int argc, char **argv)
{
    if (argc < 1)
        fail("attach needs SYMBOL");
    const xt_elf_symbol *s = sym(argv[0]);
    handshake();
    break_set(s->addr);
    continue_to(s, 0);
    break_clear(s->addr);
    if (argc > 1) /* a watchpoint set while hot code is translated */
        watch_hit(sym(argv[1])->addr, 4);
    send_packet("c");
    sleep_ms(100);
    /* the run may have ended meanwhile (a fast host, a warm cache): the
     * server then has sent its exit packet and closed the connection */
    if (!try_send_raw("\x03", 1)) {
        expect_exit(0);
        return;
    }
    recv_packet(reply, sizeof reply);
    if (!strcmp(reply, "T02")) {
        reg(16);
        expect(cmd("D"), "OK", "detach");
    } else if (reply[0] != 'W') {
        fail("after Ctrl-C: '%s'", reply);
    }
    expect_exit(0);
}

/* --restore with --gdb --gdb-wait: the debugger's first look is at the
 * restored machine, and its breakpoints act on the run from there. */
static void scenario_restored(int argc, char **argv)
{
    if (argc < 6)
        fail("restored needs PC CYCLE SYMBOL VARIABLE N STATUS");
    uint32_t pc0 = (uint32_t)strtoul(argv[0], NULL, 0);
    uint64_t cyc0 = strtoull(argv[1], NULL, 0);
    const xt_elf_symbol *s = sym(argv[2]), *var = sym(argv[3]);
    int n = atoi(argv[4]), want = atoi(argv[5]);
    handshake();
    uint32_t r[22];
    regs(r);
    uint32_t ccount = reg(37); /* the low 32 bits of the cycle counter */
    if (r[16] != pc0 || r[16] == xt_elf_entry(elf) || ccount != (uint32_t)cyc0)
        fail("first stop: pc %08x ccount %u, the snapshot has pc %08x at "
             "cycle %" PRIu64 " (entry %08x)",
             r[16], ccount, pc0, cyc0, xt_elf_entry(elf));
    printf("attached at the restored state: pc %08x, ccount %u\n", r[16],
           ccount);
    break_set(s->addr);
    uint32_t last = ccount;
    for (int i = 0; i < n; i++) {
        expect(cmd("c"), "T05", "breakpoint");
        regs(r);
        uint32_t cc = reg(37);
        if (r[16] != s->addr || cc <= last)
            fail("stop %d: pc %08x (%s at %08x), ccount %u after %u", i, r[16],
                 argv[2], s->addr, cc, last);
        last = cc;
        printf("stop %d at %s: ccount %u, a1 %08x, %s = %08x\n", i, argv[2], cc,
               r[1], argv[3], mem32(var->addr));
        if (i == 0) { /* a single step from the breakpoint */
            expect(cmd("s"), "T05", "step");
            if (reg(16) == s->addr)
                fail("the step did not move from %08x", s->addr);
        }
    }
    break_clear(s->addr);
    continue_to_exit(want, "end of the run");
}

/* Watchpoints of the largest size, 64 bytes (0x40 in the packet: RSP
 * numbers are hex), on a window that is not a power-of-two-aligned block;
 * 0 and 65 (0x41) bytes are refused. */
static void scenario_watch64(int argc, char **argv)
{
    if (argc < 2)
        fail("watch64 needs SYMBOL STATUS");
    const xt_elf_symbol *s = sym(argv[0]);
    int want = atoi(argv[1]);
    uint32_t win = s->addr + 4;
    handshake();
    for (int t = 2; t <= 4; t++) {
        expect(cmd("Z%d,%x,0", t, win), "E16", "a 0-byte watchpoint");
        expect(cmd("Z%d,%x,41", t, win), "E16", "a 65-byte watchpoint");
        expect(cmd("Z%d,%x,64", t, win), "E16", "a 100-byte watchpoint");
        expect(cmd("Z%d,%x,40", t, win), "OK", "a 64-byte watchpoint");
        expect(cmd("z%d,%x,40", t, win), "OK", "its removal");
    }
    expect(cmd("Z2,%x,40", win), "OK", "Z2 of 64 bytes");
    static const struct {
        uint32_t off, value;
    } hits[] = { { 63, 3 }, { 0, 4 }, { 0, 0 } };
    for (size_t i = 0; i < sizeof hits / sizeof hits[0]; i++) {
        char want_stop[40];
        snprintf(want_stop, sizeof want_stop, "T05watch:%x;",
                 win + hits[i].off);
        send_packet("c");
        recv_packet(reply, sizeof reply);
        expect(reply, want_stop, "64-byte watchpoint hit");
        uint32_t b = mem32(win + hits[i].off) & 0xff;
        if (b != hits[i].value)
            fail("hit %zu: byte %u at %08x, expected %u", i, b,
                 win + hits[i].off, hits[i].value);
        printf("hit %zu: %s byte %u\n", i, want_stop, b);
    }
    if ((mem32(s->addr) >> 24) != 1 || (mem32(win + 64) & 0xff) != 2)
        fail("the stores outside the window did not happen");
    expect(cmd("z2,%x,40", win), "OK", "z2 of 64 bytes");
    continue_to_exit(want, "end of the run");
}

/* Registers 0..21 and CCOUNT (index 22) now. */
#define SNAP_N 23
static void snap(uint32_t r[SNAP_N])
{
    regs(r);
    r[22] = reg(37);
}

static void expect_snap(const uint32_t *got, const uint32_t *want,
                        const char *what, int i)
{
    for (int k = 0; k < SNAP_N; k++)
        if (got[k] != want[k])
            fail("%s %d: %s %08x, recorded going forward %08x (pc %08x, "
                 "recorded %08x)",
                 what, i,
                 k == 22   ? "ccount"
                 : k == 16 ? "pc"
                           : "register",
                 got[k], want[k], got[16], want[16]);
}

/* Reverse execution: bs N times against a forward record, bc to a
 * breakpoint, to the start, forward again, a watchpoint backwards. */
static void scenario_reverse(int argc, char **argv)
{
    if (argc < 5)
        fail("reverse needs STEPS STATUS FUNCTION WATCH_SYMBOL WATCH_OFFSET");
    int steps = atoi(argv[0]), want = atoi(argv[1]);
    if (steps < 1 || steps > 100000)
        fail("reverse: STEPS %d", steps);
    handshake();
    if (!strstr(supported, "ReverseStep+") ||
        !strstr(supported, "ReverseContinue+"))
        fail("qSupported does not announce reverse execution: '%s'", supported);
    const xt_elf_symbol *rep = sym(argv[2]), *ring = sym(argv[3]);
    uint32_t start[SNAP_N];
    snap(start);
    expect(cmd("bs"), "T05replaylog:begin;", "bs at the start");
    expect(cmd("bc"), "T05replaylog:begin;", "bc at the start");
    uint32_t hit1[SNAP_N], hit2[SNAP_N], r[SNAP_N];
    break_set(rep->addr);
    continue_to(rep, 0);
    snap(hit1);
    continue_to(rep, 1);
    snap(hit2);
    uint32_t(*rec)[SNAP_N] = calloc((size_t)steps + 1, sizeof *rec);
    if (!rec)
        fail("out of memory");
    memcpy(rec[0], hit2, sizeof hit2);
    for (int i = 1; i <= steps; i++) {
        expect(cmd("s"), "T05", "step");
        snap(rec[i]);
    }
    for (int i = steps - 1; i >= 0; i--) {
        expect(cmd("bs"), "T05", "bs");
        snap(r);
        expect_snap(r, rec[i], "bs back to step", i);
    }
    printf("%d steps back: registers and ccount as recorded\n", steps);
    free(rec);
    expect(cmd("bc"), "T05", "bc to the first stop");
    snap(r);
    expect_snap(r, hit1, "bc to the first stop at report", 0);
    expect(cmd("bc"), "T05replaylog:begin;", "bc to the start");
    snap(r);
    if (argc > 5 && !strcmp(argv[5], "later")) {
        if (r[22] < start[22] || r[22] > hit1[22])
            fail("the start of the history at ccount %u, not between the "
                 "attach (%u) and the first stop (%u)",
                 r[22], start[22], hit1[22]);
        printf("the history starts at ccount %u (pc %08x)\n", r[22], r[16]);
    } else {
        expect_snap(r, start, "the start of the history", 0);
    }
    expect(cmd("bs"), "T05replaylog:begin;", "bs at the start again");
    /* forward again over the same history */
    continue_to(rep, 0);
    snap(r);
    expect_snap(r, hit1, "forward again to the first stop", 0);
    break_clear(rep->addr);
    /* a write watchpoint on a word of the ring: forward, the stop after
     * the store; bc, the stop before it (the old value back) */
    uint32_t w = ring->addr + (uint32_t)strtoul(argv[4], NULL, 0);
    expect(cmd("Z2,%x,4", w), "OK", "Z2");
    uint32_t old = mem32(w);
    send_packet("c");
    expect_stop("T05watch:", "write watchpoint forward");
    uint32_t after_pc = reg(16), now = mem32(w);
    if (now == old)
        fail("the watched word did not change (%08x)", now);
    cmd("bc");
    if (strncmp(reply, "T05watch:", 9) || strtoul(reply + 9, NULL, 16) != w)
        fail("bc to the store: '%s', expected T05watch:%x;", reply, w);
    uint32_t store_pc = reg(16);
    if (mem32(w) != old || store_pc == after_pc)
        fail("bc to the store: %08x holds %08x (before the store %08x), pc "
             "%08x (after it %08x)",
             w, mem32(w), old, store_pc, after_pc);
    printf("watchpoint: forward stop at %08x (%08x -> %08x), bc back to the "
           "store at %08x\n",
           after_pc, old, now, store_pc);
    expect(cmd("z2,%x,4", w), "OK", "z2");
    continue_to_exit(want, "end of the run");
}

/* The history's memory bound: its start moves on, and says so. */
static void scenario_reverse_bound(int argc, char **argv)
{
    if (argc < 3)
        fail("reverse-bound needs FUNCTION N STATUS");
    const xt_elf_symbol *f = sym(argv[0]);
    int n = atoi(argv[1]), want = atoi(argv[2]);
    handshake();
    break_set(f->addr);
    for (int i = 0; i < n; i++)
        continue_to(f, i);
    uint32_t last = reg(37);
    int hits = 0;
    console_clear();
    for (;;) {
        const char *r = cmd("bc");
        if (!strcmp(r, "T05replaylog:begin;"))
            break;
        expect(r, "T05", "bc");
        if (reg(16) != f->addr)
            fail("bc stopped at %08x, not %s", reg(16), argv[0]);
        hits++;
    }
    uint32_t begin = reg(37);
    if (!strstr(console_text, "the history starts at cycle") || begin == 0 ||
        begin >= last || hits < 1 || hits >= n)
        fail("the start of the history at ccount %u (last stop %u, %d "
             "stops back of %d), console '%s'",
             begin, last, hits, n, console_text);
    printf("the history starts at ccount %u: %d of %d stops back\n", begin,
           hits, n);
    break_clear(f->addr);
    continue_to_exit(want, "end of the run");
}

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* bench/reverse.sh: reverse-continue across the whole run. */
static void scenario_bench_bc(int argc, char **argv)
{
    if (argc < 2)
        fail("bench-bc needs FUNCTION STATUS");
    const xt_elf_symbol *f = sym(argv[0]);
    int want = atoi(argv[1]);
    handshake();
    break_set(f->addr);
    double t0 = wall();
    continue_to(f, 0);
    continue_to(f, 1);
    double t1 = wall();
    uint32_t end = reg(37);
    console_clear();
    expect(cmd("qRcmd,%s", "72657665727365"), "OK", "monitor reverse");
    printf("forward: %.3f s of host time to the second stop at %s (ccount "
           "%u)\n%s",
           t1 - t0, argv[0], end, console_text);
    double t2 = wall();
    char r[64];
    snprintf(r, sizeof r, "%s", cmd("bc"));
    double t3 = wall();
    if (strcmp(r, "T05replaylog:begin;") && strcmp(r, "T05"))
        fail("bc: '%s'", r);
    uint32_t at = reg(37);
    printf("reverse-continue: %.3f s of host time, stopped with %s at ccount "
           "%u\n",
           t3 - t2, r, at);
    break_clear(f->addr);
    continue_to_exit(want, "end of the run");
}

/* Going back across a mid-stream control: bc after bc. */
static void scenario_bc_chain(int argc, char **argv)
{
    if (argc < 4)
        fail("bc-chain needs FUNCTION CONTROL N STATUS [MIN_CCOUNT]");
    const xt_elf_symbol *f = sym(argv[0]), *ctl = sym(argv[1]);
    int n = atoi(argv[2]), want = atoi(argv[3]);
    uint32_t min_cc = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 0) : 0;
    handshake();
    break_set(ctl->addr);
    do
        continue_to(ctl, 0);
    while (reg(37) < min_cc);
    break_clear(ctl->addr);
    uint32_t at_ctl[SNAP_N], r[SNAP_N];
    snap(at_ctl);
    break_set(f->addr);
    uint32_t last = at_ctl[22];
    for (int i = 0; i < n; i++) {
        expect(cmd("bc"), "T05", "bc");
        snap(r);
        if (r[16] != f->addr || r[22] >= last)
            fail("bc %d: pc %08x (%s at %08x), ccount %u after %u", i, r[16],
                 argv[0], f->addr, r[22], last);
        last = r[22];
    }
    printf("%d stops at %s before %s (ccount %u .. %u)\n", n, argv[0], argv[1],
           last, at_ctl[22]);
    break_clear(f->addr);
    /* n instructions back and forth land where they started */
    uint32_t here[SNAP_N];
    snap(here);
    for (int i = 0; i < n; i++)
        expect(cmd("bs"), "T05", "bs");
    for (int i = 0; i < n; i++)
        expect(cmd("s"), "T05", "s");
    snap(r);
    expect_snap(r, here, "back and forth", n);
    /* forward to the control again: the same state */
    break_set(ctl->addr);
    do
        continue_to(ctl, 1);
    while (reg(37) < min_cc);
    snap(r);
    expect_snap(r, at_ctl, "the control again", 0);
    break_clear(ctl->addr);
    continue_to_exit(want, "end of the run");
}

/* A watchpoint that sees the DMA: forward, backwards, forward again. */
static void scenario_dma_watch(int argc, char **argv)
{
    if (argc < 5)
        fail("dma-watch needs SYMBOL OFFSET CHANNEL DESCRIPTOR STATUS");
    int want = atoi(argv[4]);
    char who[96], stop[40];
    uint32_t min_cc = argc > 5 ? (uint32_t)strtoul(argv[5], NULL, 0) : 0;
    if (!strcmp(argv[2], "host"))
        snprintf(who, sizeof who, "written by the host");
    else if (strcmp(argv[2], "-") && strcmp(argv[3], "-"))
        snprintf(who, sizeof who,
                 "written by DMA channel %u (descriptor 0x%08x)",
                 (unsigned)atoi(argv[2]), sym(argv[3])->addr);
    else
        snprintf(who, sizeof who, "written by DMA channel ");
    handshake();
    uint32_t w;
    if (argv[0][0] == '@') { /* @FUNCTION:N */
        char fn[128];
        snprintf(fn, sizeof fn, "%s", argv[0] + 1);
        char *colon = strchr(fn, ':');
        if (!colon)
            fail("dma-watch: '%s' is not @FUNCTION:N", argv[0]);
        *colon = '\0';
        const xt_elf_symbol *f = sym(fn);
        break_set(f->addr);
        continue_to(f, 0);
        w = reg((unsigned)atoi(colon + 1));
        break_clear(f->addr);
    } else if (!strncmp(argv[0], "0x", 2)) {
        w = (uint32_t)strtoul(argv[0], NULL, 16);
    } else {
        w = sym(argv[0])->addr;
    }
    w += (uint32_t)strtoul(argv[1], NULL, 0);
    snprintf(stop, sizeof stop, "T05watch:%x;", w);
    expect(cmd("Z2,%x,4", w), "OK", "Z2");
    /* the other writers first (the C runtime clears .bss) */
    uint32_t before = 0;
    for (int i = 0; i < 200; i++) {
        before = mem32(w);
        console_clear();
        send_packet("c");
        recv_packet(reply, sizeof reply);
        expect(reply, stop, "the write, forward");
        if (strstr(console_text, who) && reg(37) >= min_cc)
            break;
        printf("(%s)\n", console_text);
    }
    uint32_t after = mem32(w), pc = reg(16), cc = reg(37);
    if (after == before || !strstr(console_text, who))
        fail("forward: %08x holds %08x (was %08x), console '%s', expected "
             "'%s'",
             w, after, before, console_text, who);
    printf("forward: %s%08x: %08x -> %08x at pc %08x ccount %u\n", console_text,
           w, before, after, pc, cc);
    if (strstr(supported, "ReverseContinue+")) {
        console_clear();
        expect(cmd("bc"), stop, "bc to the DMA's write");
        if (mem32(w) != before || !strstr(console_text, who))
            fail("backwards: %08x holds %08x (before the burst %08x), "
                 "console '%s'",
                 w, mem32(w), before, console_text);
        printf("backwards: %s%08x holds %08x again, ccount %u\n", console_text,
               w, mem32(w), reg(37));
        console_clear();
        send_packet("c");
        recv_packet(reply, sizeof reply);
        expect(reply, stop, "forward again");
        if (mem32(w) != after || reg(16) != pc || reg(37) != cc ||
            !strstr(console_text, who))
            fail("forward again: %08x holds %08x, pc %08x ccount %u, "
                 "console '%s' (first time %08x, %08x, %u)",
                 w, mem32(w), reg(16), reg(37), console_text, after, pc, cc);
    }
    expect(cmd("z2,%x,4", w), "OK", "z2");
    continue_to_exit(want, "end of the run");
}

/* The cores of a board as GDB threads. */
static void scenario_threads(int argc, char **argv)
{
    if (argc < 2)
        fail("threads needs FUNCTION STATUS");
    const xt_elf_symbol *f = sym(argv[0]);
    int want = atoi(argv[1]);
    enum { PC = 16, PRID = 45 };
    handshake();
    expect(cmd("qfThreadInfo"), "m1,2", "qfThreadInfo");
    expect(cmd("qsThreadInfo"), "l", "qsThreadInfo");
    expect(cmd("T2"), "OK", "thread 2 alive");
    expect(cmd("T3"), "E22", "no thread 3");
    expect(cmd("Hg3"), "E22", "Hg of no thread");
    break_set(f->addr);
    send_packet("c");
    expect_stop("T05", "the breakpoint");
    if (!strstr(reply, "thread:2;"))
        fail("the stop '%s' does not name thread 2 (core 1)", reply);
    expect(cmd("qC"), "QC2", "qC");
    break_clear(f->addr);
    expect(cmd("Hg2"), "OK", "Hg2");
    uint32_t pc1 = reg(PC), prid1 = reg(PRID);
    expect(cmd("Hg1"), "OK", "Hg1");
    uint32_t pc0 = reg(PC), prid0 = reg(PRID);
    printf("stop at %s: core 1 pc %08x prid %u; core 0 pc %08x prid %u\n",
           f->name, pc1, prid1, pc0, prid0);
    if (pc1 != f->addr || prid1 != 1 || prid0 != 0 || pc0 == f->addr)
        fail("thread registers: core 1 pc %08x prid %u, core 0 pc %08x "
             "prid %u",
             pc1, prid1, pc0, prid0);
    expect(cmd("qThreadExtraInfo,2"), "636f72652031", "thread 2 is core 1");
    /* a step of core 1 */
    expect(cmd("Hc2"), "OK", "Hc2");
    send_packet("s");
    expect_stop("T05", "step of core 1");
    if (!strstr(reply, "thread:2;"))
        fail("the step's stop '%s' does not name thread 2", reply);
    expect(cmd("Hg2"), "OK", "Hg2");
    uint32_t pc1s = reg(PC);
    if (pc1s == pc1)
        fail("core 1 did not step: pc %08x", pc1s);
    printf("step: core 1 pc %08x -> %08x\n", pc1, pc1s);
    continue_to_exit(want, "end of the run");
}

/* Reverse execution's worked example: who misprogrammed the descriptor
 * whose DMA writes over a buffer? */
static void scenario_dma_culprit(int argc, char **argv)
{
    if (argc < 6)
        fail("dma-culprit needs FUNCTION MIN_CCOUNT DESC_SYMBOL DESC_OFFSET "
             "CHANNEL STATUS");
    const xt_elf_symbol *f = sym(argv[0]);
    uint32_t min_cc = (uint32_t)strtoul(argv[1], NULL, 0);
    uint32_t desc = sym(argv[2])->addr + (uint32_t)strtoul(argv[3], NULL, 0);
    unsigned ch = (unsigned)atoi(argv[4]);
    int want = atoi(argv[5]);
    handshake();
    if (!strstr(supported, "ReverseContinue+"))
        fail("no reverse execution announced: '%s'", supported);
    break_set(f->addr);
    do
        continue_to(f, 0);
    while (reg(37) < min_cc);
    break_clear(f->addr);
    uint32_t cc_late = reg(37), dst_word = desc + 4, buf = mem32(dst_word);
    printf("at %s, ccount %u: descriptor %08x writes to %08x\n", f->name,
           cc_late, desc, buf);
    /* 1. the buffer's last writer, backwards */
    char who[96], stop[40];
    snprintf(who, sizeof who, "written by DMA channel %u (descriptor 0x%08x)",
             ch, desc);
    snprintf(stop, sizeof stop, "T05watch:%x;", buf);
    expect(cmd("Z2,%x,4", buf), "OK", "Z2 on the buffer");
    int i;
    for (i = 0; i < 50; i++) {
        console_clear();
        expect(cmd("bc"), stop, "bc to the buffer's last write");
        if (strstr(console_text, who))
            break;
        printf("(a core's write first: %s)\n", console_text);
    }
    if (i == 50)
        fail("no DMA write to %08x found going back: console '%s'", buf,
             console_text);
    uint32_t cc_dma = reg(37);
    printf("bc: %s (ccount %u, %u cycles before the stop at %s)\n",
           console_text, cc_dma, cc_late - cc_dma, f->name);
    expect(cmd("z2,%x,4", buf), "OK", "z2");
    /* 2. who changed the descriptor's destination, backwards */
    expect(cmd("Z2,%x,4", dst_word), "OK", "Z2 on the descriptor");
    console_clear();
    send_packet("bc");
    expect_stop("T05watch:", "bc to the descriptor's change");
    uint32_t at = (uint32_t)strtoul(reply + 9, NULL, 16);
    if (at < dst_word || at > dst_word + 3)
        fail("the stop is at %08x, not in the word at %08x", at, dst_word);
    uint32_t old = mem32(dst_word), cc_flip = reg(37);
    if (old == buf)
        fail("before the write the descriptor already held %08x", old);
    printf("bc: %s (ccount %u): the destination was %08x, then %08x\n",
           console_text, cc_flip, old, buf);
    if (!strstr(console_text, "written by"))
        fail("the stop does not say who wrote the descriptor: '%s'",
             console_text);
    expect(cmd("z2,%x,4", dst_word), "OK", "z2");
    continue_to_exit(want, "end of the run");
}

/* The worked example: which store writes past the kernel's output block? */
static void scenario_overrun(int argc, char **argv)
{
    if (argc < 2)
        fail("overrun needs FUNCTION STATUS");
    const xt_elf_symbol *f = sym(argv[0]);
    int want = atoi(argv[1]);
    handshake();
    uint32_t start = reg(37);
    break_set(f->addr);
    continue_to(f, 0);
    /* call0 ABI: a2 st, a3 out, a4 in, a5 frames; st->channels first */
    uint32_t r[22];
    regs(r);
    uint32_t channels = mem32(r[2]), out = r[3], frames = r[5];
    if (channels < 1 || channels > 8 || frames < 1 || frames > 4096)
        fail("%s(st %08x, out %08x, frames %u): %u channels?", argv[0], r[2],
             out, frames, channels);
    uint32_t guard = out + frames * channels * 4, before = mem32(guard);
    printf("%s: out %08x, %u frames of %u channels; watching %08x (holds "
           "%#x)\n",
           argv[0], out, frames, channels, guard, before);
    break_clear(f->addr);
    uint32_t hit = watch_hit(guard, 4), pc = reg(16);
    if (hit != guard || !in_sym(pc, f))
        fail("watch hit at %08x (want %08x), pc %08x (%s at %08x)", hit, guard,
             pc, argv[0], f->addr);
    /* the store just before the stop: s32i.n (2 bytes) or s32i (3) */
    uint32_t store;
    if ((mem32(pc - 2) & 0xf) == 9)
        store = pc - 2;
    else if ((mem32(pc - 3) & 0xf00f) == 0x6002)
        store = pc - 3;
    else
        fail("no store before the stop at %08x", pc);
    uint32_t cc = reg(37);
    if (cc <= start)
        fail("the watchpoint hit at ccount %u, before the start %u", cc, start);
    printf("overrun: %08x changed from %#x to %#x at ccount %u\n", guard,
           before, mem32(guard), cc);
    printf("store at 0x%08x, stopped at 0x%08x\n", store, pc);
    regs(r);
    for (int i = 2; i < 16; i++)
        printf("a%d %08x%s", i, r[i], i == 15 ? "\n" : " ");
    continue_to_exit(want, "end of the run");
}

int main(int argc, char **argv)
{
    alarm(240);
    signal(SIGPIPE, SIG_IGN);
    int dd = 0;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--")) {
            dd = i;
            break;
        }
    if (argc < 4 || !dd || dd + 1 >= argc) {
        fprintf(stderr, "usage: gdb_client SCENARIO ELF WORKDIR [args] -- "
                        "COMMAND...\n");
        return 2;
    }
    const char *scenario = argv[1], *work = argv[3];
    char msg[512];
    xt_elf *e = NULL;
    if (xt_elf_open(argv[2], &e, msg, sizeof msg) != XT_LOAD_OK) {
        fprintf(stderr, "gdb_client: %s\n", msg);
        return 2;
    }
    elf = e;
    mkdir(work, 0755);
    snprintf(errpath, sizeof errpath, "%s/child.err", work);
    argv[dd] = NULL;
    unsigned port = spawn(argv + dd + 1);
    if (!strcmp(scenario, "attach"))
        sleep_ms(300); /* let the target run first */
    connect_to(port);
    if (!strcmp(scenario, "session"))
        scenario_session();
    else if (!strcmp(scenario, "interrupt"))
        scenario_interrupt();
    else if (!strcmp(scenario, "fault"))
        scenario_fault();
    else if (!strcmp(scenario, "robust"))
        scenario_robust();
    else if (!strcmp(scenario, "bp-continue"))
        scenario_bp_continue(dd - 4, argv + 4);
    else if (!strcmp(scenario, "watch-hit"))
        scenario_watch_hit(dd - 4, argv + 4);
    else if (!strcmp(scenario, "kill"))
        scenario_kill(dd - 4, argv + 4);
    else if (!strcmp(scenario, "panic"))
        scenario_panic(dd - 4, argv + 4);
    else if (!strcmp(scenario, "attach"))
        scenario_attach(dd - 4, argv + 4);
    else if (!strcmp(scenario, "restored"))
        scenario_restored(dd - 4, argv + 4);
    else if (!strcmp(scenario, "watch64"))
        scenario_watch64(dd - 4, argv + 4);
    else if (!strcmp(scenario, "overrun"))
        scenario_overrun(dd - 4, argv + 4);
    else if (!strcmp(scenario, "reverse"))
        scenario_reverse(dd - 4, argv + 4);
    else if (!strcmp(scenario, "bench-bc"))
        scenario_bench_bc(dd - 4, argv + 4);
    else if (!strcmp(scenario, "bc-chain"))
        scenario_bc_chain(dd - 4, argv + 4);
    else if (!strcmp(scenario, "reverse-bound"))
        scenario_reverse_bound(dd - 4, argv + 4);
    else if (!strcmp(scenario, "dma-watch"))
        scenario_dma_watch(dd - 4, argv + 4);
    else if (!strcmp(scenario, "threads"))
        scenario_threads(dd - 4, argv + 4);
    else if (!strcmp(scenario, "dma-culprit"))
        scenario_dma_culprit(dd - 4, argv + 4);
    else
        fail("unknown scenario '%s'", scenario);
    printf("PASS %s\n", scenario);
    xt_elf_free(e);
    return 0;
}
