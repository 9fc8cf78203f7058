/* SPDX-License-Identifier: BSD-3-Clause */
/* Host-side judge of the on-board firmware tests (docs/firmware.md,
 * "Board port"): runs a firmware image on the virtual board through the
 * ds_board API, acting as the host (acknowledges every D2H doorbell after
 * reading the message), records trace markers and console output, and
 * checks what the mode asks for:
 *
 *   fw_board_check MODE IMAGE.elf
 *   MODE: ready, panic, assert, overload, overload-noack (never
 *         acknowledges), selfcheck (PASS line, no misses), edf
 *
 * Prints "PASS ..." and exits 0, or prints "FAIL ..." lines and exits 1;
 * 2 for usage or load errors. */
#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/board.h"
#include "fwreport/fw_report.h"
#include "dspsim/loader.h"
#include "abi/trace.h"
#include "abi/ipc_proto.h"

/* Boot budget: reset -> FW_READY doorbell, cycles (docs/firmware.md). */
#define BOOT_BUDGET_CYCLES 5000u
#define RUN_LIMIT_CYCLES   400000000ull
#define MAX_MARKERS        200000
#define MAX_MSGS           4096
#define CONSOLE_MAX        (256 * 1024)

struct marker {
    uint32_t id, value;
    uint64_t cycle;
};
struct msg {
    uint32_t id;
    uint64_t cycle;
    uint8_t body[IPC_MBOX_D2H_SIZE];
};

struct run {
    ds_board *b;
    xt_elf *elf;
    struct marker *mk;
    size_t nmk;
    struct msg *msgs;
    size_t nmsgs;
    char *console;
    size_t ncons;
    bool ack;
    ds_run_result res;
};

static unsigned failures;

static void failf(const char *fmt, ...)
{
    va_list ap;
    failures++;
    printf("FAIL ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}
#define CHECK(c, ...)                                                          \
    do {                                                                       \
        if (!(c))                                                              \
            failf(__VA_ARGS__);                                                \
    } while (0)

static void on_console(void *user, uint8_t byte)
{
    struct run *r = user;
    if (r->ncons + 1 < CONSOLE_MAX) {
        r->console[r->ncons++] = (char)byte;
        r->console[r->ncons] = '\0';
    }
}

static void on_marker(void *user, uint32_t id, uint32_t value, uint64_t cyc)
{
    struct run *r = user;
    if (r->nmk < MAX_MARKERS)
        r->mk[r->nmk++] = (struct marker){ id, value, cyc };
}

static void on_d2h(void *user, uint32_t id, uint64_t cycle)
{
    struct run *r = user;
    if (r->nmsgs < MAX_MSGS) {
        struct msg *m = &r->msgs[r->nmsgs++];
        m->id = id;
        m->cycle = cycle;
        if (id != IPC_NOTIFY_PANIC)
            ds_board_mbox_read(r->b, IPC_MBOX_D2H_OFF, m->body, sizeof m->body);
    }
    if (r->ack)
        ds_board_doorbell_ack(r->b);
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* Run the image to its halt.  Returns false on a setup error. */
static bool run_image(struct run *r, const char *path, bool ack)
{
    char err[512];
    static const ds_ipc_host_ops *ops_p;
    static ds_ipc_host_ops ops;

    memset(r, 0, sizeof *r);
    r->ack = ack;
    r->mk = calloc(MAX_MARKERS, sizeof *r->mk);
    r->msgs = calloc(MAX_MSGS, sizeof *r->msgs);
    r->console = calloc(CONSOLE_MAX, 1);
    if (!r->mk || !r->msgs || !r->console) {
        fprintf(stderr, "fw_board_check: out of memory\n");
        return false;
    }
    if (xt_elf_open(path, &r->elf, err, sizeof err) != XT_LOAD_OK ||
        ds_board_new(NULL, &r->b, err, sizeof err) != DS_OK ||
        ds_board_load_elf(r->b, path, err, sizeof err) != DS_OK) {
        fprintf(stderr, "fw_board_check: %s\n", err);
        return false;
    }
    ds_board_set_console(r->b, on_console, r);
    ds_board_add_marker_observer(r->b, on_marker, r);
    ops = (ds_ipc_host_ops){ .d2h_msg = on_d2h, .user = r };
    ops_p = &ops;
    ds_board_set_ipc_ops(r->b, ops_p);
    if (ds_board_run(r->b, RUN_LIMIT_CYCLES, 0, &r->res) != DS_OK) {
        fprintf(stderr, "fw_board_check: ds_board_run failed\n");
        return false;
    }
    fputs(r->console, stdout);
    return true;
}

static void free_run(struct run *r)
{
    ds_board_free(r->b);
    xt_elf_free(r->elf);
    free(r->mk);
    free(r->msgs);
    free(r->console);
}

static void expect_halt(const struct run *r, int status)
{
    CHECK(r->res.why == DS_STOP_HALT && r->res.status == status,
          "run ended with %s status %d (want HALT %d) at cycle %" PRIu64,
          ds_stop_name(r->res.why), r->res.status, status, r->res.cycles);
}

/* ---- ready ------------------------------------------------------------ */
static void check_region(const uint8_t *p, unsigned off, uint32_t want_off,
                         uint32_t want_size, const char *name)
{
    CHECK(le32(p + off) == want_off && le32(p + off + 4) == want_size,
          "FW_READY %s region %#x+%#x, want %#x+%#x", name, le32(p + off),
          le32(p + off + 4), want_off, want_size);
}

static void mode_ready(struct run *r)
{
    char err[256];
    ds_fw_trace tr;
    ds_fw_panic pr;
    bool boot = false, ready = false, app = false;

    expect_halt(r, 0);
    CHECK(strstr(r->console, "PASS fw_board_ready") != NULL,
          "no PASS line from the firmware");
    CHECK(r->nmsgs == 1, "%zu D2H messages, want 1 (FW_READY)", r->nmsgs);
    if (r->nmsgs < 1)
        return;
    const struct msg *m = &r->msgs[0];
    const uint8_t *p = m->body;
    uint64_t stamp = le32(p + offsetof(struct ipc_fw_ready, cycles_lo)) |
                     (uint64_t)le32(p +
                                    offsetof(struct ipc_fw_ready, cycles_hi))
                         << 32;
    CHECK(m->id == IPC_NOTIFY_FW_READY, "doorbell %#x, want FW_READY", m->id);
    CHECK(le32(p) == sizeof(struct ipc_fw_ready), "size %u", le32(p));
    CHECK(le32(p + 4) == IPC_NOTIFY_FW_READY, "hdr id %#x", le32(p + 4));
    CHECK(le32(p + 8) == 1, "seq %u, want 1", le32(p + 8));
    CHECK(le32(p + 12) == 0, "status %u", le32(p + 12));
    CHECK(le32(p + offsetof(struct ipc_fw_ready, fw_version)) == IPC_FW_VERSION,
          "fw version %#x",
          le32(p + offsetof(struct ipc_fw_ready, fw_version)));
    CHECK(le32(p + offsetof(struct ipc_fw_ready, proto_version)) ==
              IPC_PROTO_VERSION,
          "protocol version %#x",
          le32(p + offsetof(struct ipc_fw_ready, proto_version)));
    check_region(p, offsetof(struct ipc_fw_ready, h2d), BOARD_MBOX_H2D_OFF,
                 BOARD_MBOX_H2D_SIZE, "h2d");
    check_region(p, offsetof(struct ipc_fw_ready, d2h), BOARD_MBOX_D2H_OFF,
                 BOARD_MBOX_D2H_SIZE, "d2h");
    check_region(p, offsetof(struct ipc_fw_ready, stream),
                 BOARD_MBOX_STREAM_OFF, BOARD_MBOX_STREAM_SIZE, "stream");
    check_region(p, offsetof(struct ipc_fw_ready, exc), BOARD_MBOX_EXC_OFF,
                 BOARD_MBOX_EXC_SIZE, "exc");
    check_region(p, offsetof(struct ipc_fw_ready, trace), BOARD_MBOX_TRACE_OFF,
                 BOARD_MBOX_TRACE_SIZE, "trace");
    CHECK(stamp > 0 && stamp <= m->cycle && m->cycle - stamp < 1000,
          "cycle stamp %" PRIu64 " vs doorbell at %" PRIu64, stamp, m->cycle);
    CHECK(m->cycle <= BOOT_BUDGET_CYCLES,
          "FW_READY at cycle %" PRIu64 ", budget %u", m->cycle,
          BOOT_BUDGET_CYCLES);
    printf("FW_READY at cycle %" PRIu64 " (stamp %" PRIu64 ", budget %u)\n",
           m->cycle, stamp, BOOT_BUDGET_CYCLES);

    CHECK(ds_fw_trace_read(r->b, &tr, err, sizeof err) == DS_FWR_OK,
          "trace ring: %s", err);
    for (uint32_t i = 0; i < tr.count; i++) {
        const ds_fw_trace_entry *e = &tr.entries[i];
        boot |= e->id == FW_TRACE_BOOT;
        ready |= e->id == IPC_TRACE_ID_READY && e->level == IPC_LOG_INFO &&
                 e->arg[0] == IPC_FW_VERSION;
        app |= e->id == IPC_TRACE_ID_APP && e->arg[0] == 0x1234 &&
               e->arg[1] == 0x5678;
        if (i && (int32_t)(e->cycle - tr.entries[i - 1].cycle) < 0)
            failf("trace ring entry %u goes back in time", e->index);
    }
    CHECK(boot && ready && app,
          "trace ring lacks boot %d / ready %d / app "
          "%d entries",
          boot, ready, app);
    ds_fw_trace_print(stdout, &tr);
    CHECK(ds_fw_panic_read(r->b, &pr, err, sizeof err) == DS_FWR_EMPTY,
          "panic record present after a clean run");
}

/* ---- panic / assert --------------------------------------------------- */
static void check_panic_common(struct run *r, ds_fw_panic *pr)
{
    char err[256];
    const struct msg *last = r->nmsgs ? &r->msgs[r->nmsgs - 1] : NULL;

    expect_halt(r, 3); /* FW_PANIC_EXIT_STATUS */
    CHECK(last && last->id == IPC_NOTIFY_PANIC,
          "last doorbell %#x, want "
          "PANIC (%#x)",
          last ? last->id : 0, IPC_NOTIFY_PANIC);
    CHECK(r->nmsgs == 2 && r->msgs[0].id == IPC_NOTIFY_FW_READY,
          "%zu D2H messages, want FW_READY then PANIC", r->nmsgs);
    if (ds_fw_panic_read(r->b, pr, err, sizeof err) != DS_FWR_OK) {
        failf("panic record: %s", err);
        return;
    }
    ds_fw_panic_print(stdout, pr, r->elf);
    CHECK(pr->task_id == 1, "task id %u, want 1", pr->task_id);
    CHECK(pr->stack_addr == pr->a[1] && pr->a[1] >= 0x3FFC0000u,
          "stack dump at %#x, a1 %#x", pr->stack_addr, pr->a[1]);
    CHECK(last && (uint32_t)last->cycle - pr->ccount < 100000u,
          "panic doorbell at %" PRIu64 ", record ccount %u",
          last ? last->cycle : 0, pr->ccount);
}

static void mode_panic(struct run *r)
{
    ds_fw_panic pr;
    uint32_t off = 0;
    const char *fn;

    check_panic_common(r, &pr);
    CHECK(pr.cause == 15, "cause %u (%s), want 15 LoadStorePIFAddrError",
          pr.cause, ds_fw_cause_name(pr.cause));
    CHECK(pr.excvaddr == 0x10, "excvaddr %#x, want 0x10", pr.excvaddr);
    fn = xt_elf_sym_lookup(r->elf, pr.epc1, &off);
    CHECK(fn && !strcmp(fn, "read_config_word"),
          "epc1 %#x in %s, want "
          "read_config_word",
          pr.epc1, fn ? fn : "?");
    CHECK(pr.line == 0 && !pr.file[0], "file/line %s:%u on a fault", pr.file,
          pr.line);
}

static void mode_assert(struct run *r)
{
    ds_fw_panic pr;

    check_panic_common(r, &pr);
    CHECK(pr.cause == IPC_PANIC_CAUSE_SOFTWARE, "cause %#x, want software",
          pr.cause);
    CHECK(pr.line == 30, "line %u, want 30 (panic.c)", pr.line);
    CHECK(strstr(pr.file, "board/panic.c") != NULL, "file '%s'", pr.file);
    CHECK(!strcmp(pr.msg, "fw_test_config_ptr == NULL"), "msg '%s'", pr.msg);
    const char *fn = xt_elf_sym_lookup(r->elf, pr.epc1, NULL);
    CHECK(fn && !strcmp(fn, "bad_job"), "epc1 %#x in %s, want bad_job", pr.epc1,
          fn ? fn : "?");
}

/* ---- overload -------------------------------------------------------- */
static void parse_stats(const struct run *r, unsigned v[5])
{
    const char *l = strstr(r->console, "STATS ");
    memset(v, 0, 5 * sizeof v[0]);
    CHECK(l && sscanf(l,
                      "STATS misses=%u,%u sent=%u dropped=%u miss_sent="
                      "%u",
                      &v[0], &v[1], &v[2], &v[3], &v[4]) == 5,
          "no STATS line from the firmware");
}

static void mode_overload(struct run *r)
{
    unsigned v[5], per[3] = { 0, 0, 0 }, n = 0, markers = 0;
    uint32_t last_total = 0;

    expect_halt(r, 0);
    CHECK(strstr(r->console, "PASS fw_board_overload"), "no PASS line");
    parse_stats(r, v);
    for (size_t i = 0; i < r->nmk; i++)
        markers += r->mk[i].id == FW_TRACE_MISS;
    for (size_t i = 0; i < r->nmsgs; i++) {
        const uint8_t *p = r->msgs[i].body;
        uint32_t task, count, total;
        if (r->msgs[i].id != IPC_NOTIFY_DEADLINE_MISS)
            continue;
        task = le32(p + offsetof(struct ipc_deadline_miss, task_id));
        count = le32(p + offsetof(struct ipc_deadline_miss, count));
        total = le32(p + offsetof(struct ipc_deadline_miss, total));
        CHECK(le32(p) == sizeof(struct ipc_deadline_miss) &&
                  le32(p + 4) == IPC_NOTIFY_DEADLINE_MISS &&
                  le32(p + 8) == i + 1,
              "miss message %zu header", i);
        CHECK(task == 1 || task == 2, "miss of task %u", task);
        if (task == 1 || task == 2) {
            per[task]++;
            CHECK(count == per[task], "task %u: count %u, want %u", task, count,
                  per[task]);
        }
        CHECK(total == last_total + 1, "total %u after %u", total, last_total);
        CHECK((int32_t)(le32(p + 28) - le32(p + 24)) > 0,
              "detected before the deadline");
        last_total = total;
        n++;
    }
    printf("deadline misses: firmware a=%u b=%u, notifications %u (a=%u "
           "b=%u), miss markers %u, dropped %u\n",
           v[0], v[1], n, per[1], per[2], markers, v[3]);
    CHECK(n > 0 && n == v[0] + v[1] && per[1] == v[0] && per[2] == v[1],
          "notifications do not match the kernel's counts");
    CHECK(markers == n, "%u miss markers, %u notifications", markers, n);
    CHECK(v[3] == 0 && v[4] == n && v[2] == n + 1,
          "sent %u dropped %u miss_sent %u", v[2], v[3], v[4]);
}

/* The host never acknowledges: FW_READY stays pending, every miss is
 * dropped and counted, and the firmware still runs to its end. */
static void mode_overload_noack(struct run *r)
{
    unsigned v[5];

    expect_halt(r, 0);
    CHECK(strstr(r->console, "PASS fw_board_overload"), "no PASS line");
    parse_stats(r, v);
    CHECK(r->nmsgs == 1 && r->msgs[0].id == IPC_NOTIFY_FW_READY,
          "%zu doorbells reached the host, want only FW_READY", r->nmsgs);
    CHECK(v[2] == 1 && v[4] == 0 && v[3] == v[0] + v[1] && v[3] > 0,
          "sent %u miss_sent %u dropped %u misses %u", v[2], v[4], v[3],
          v[0] + v[1]);
    printf("no acknowledgement: %u misses dropped and counted\n", v[3]);
}

/* ---- self-checking images (edf, storm) plus marker checks ------------- */
static void mode_selfcheck(struct run *r)
{
    expect_halt(r, 0);
    CHECK(strstr(r->console, "\nPASS ") || !strncmp(r->console, "PASS ", 5),
          "no PASS line from the firmware");
    CHECK(!strstr(r->console, "\nFAIL"), "FAIL lines from the firmware");
    for (size_t i = 0; i < r->nmsgs; i++)
        CHECK(r->msgs[i].id != IPC_NOTIFY_DEADLINE_MISS &&
                  r->msgs[i].id != IPC_NOTIFY_PANIC,
              "unexpected doorbell %#x", r->msgs[i].id);
}

/* tests/firmware/target/edf.c: tasks a, b, c (ids 1..3). From the
 * kernel's markers: job counts, release spacing = period (jitter
 * reported), every switch picks the earliest deadline among released
 * unfinished jobs, every job ends by its deadline. */
static void mode_edf(struct run *r)
{
    static const uint32_t period[4] = { 0, 20000, 30000, 50000 };
    static const uint32_t rel_dl[4] = { 0, 20000, 15000, 50000 };
    uint64_t rel[4] = { 0 }, last_rel[4] = { 0 };
    bool active[4] = { false };
    unsigned jobs[4] = { 0 }, switches = 0;
    int64_t jit_min = INT64_MAX, jit_max = INT64_MIN;
    const uint64_t TOL = 2000; /* release marker -> nominal release */

    mode_selfcheck(r);
    for (size_t i = 0; i < r->nmk; i++) {
        const struct marker *m = &r->mk[i];
        uint32_t t = m->value;
        if (m->id == FW_TRACE_RELEASE && t >= 1 && t <= 3) {
            if (last_rel[t]) {
                int64_t d = (int64_t)(m->cycle - last_rel[t]) -
                            (int64_t)period[t];
                jit_min = d < jit_min ? d : jit_min;
                jit_max = d > jit_max ? d : jit_max;
            }
            last_rel[t] = rel[t] = m->cycle;
            CHECK(!active[t], "task %u released while active", t);
            active[t] = true;
        } else if (m->id == FW_TRACE_JOB_DONE && t >= 1 && t <= 3) {
            CHECK(active[t], "task %u done without a release", t);
            CHECK(m->cycle <= rel[t] + rel_dl[t],
                  "task %u job %u ends %" PRIu64 " after its deadline", t,
                  jobs[t], m->cycle - rel[t] - rel_dl[t]);
            active[t] = false;
            jobs[t]++;
        } else if (m->id == FW_TRACE_SWITCH && t >= 1 && t <= 3) {
            switches++;
            CHECK(active[t], "switch to task %u without a job", t);
            for (unsigned y = 1; y <= 3; y++)
                CHECK(!active[y] || y == t ||
                          rel[t] + rel_dl[t] <= rel[y] + rel_dl[y] + TOL,
                      "switch to task %u (dl ~%" PRIu64 ") at %" PRIu64
                      " while task %u (dl ~%" PRIu64 ") waits",
                      t, rel[t] + rel_dl[t], m->cycle, y, rel[y] + rel_dl[y]);
        }
    }
    CHECK(jobs[1] == 15 && jobs[2] == 10 && jobs[3] == 6,
          "jobs a=%u b=%u c=%u, want 15 10 6", jobs[1], jobs[2], jobs[3]);
    CHECK(jit_min >= -(int64_t)TOL && jit_max <= (int64_t)TOL,
          "release spacing jitter %" PRId64 "..%" PRId64, jit_min, jit_max);
    printf("markers: %zu, jobs a=%u b=%u c=%u, switches to tasks %u, "
           "release spacing - period in [%" PRId64 ", %" PRId64 "] cycles\n",
           r->nmk, jobs[1], jobs[2], jobs[3], switches, jit_min, jit_max);
}

int main(int argc, char **argv)
{
    struct run r;
    static const struct {
        const char *name;
        void (*fn)(struct run *);
    } modes[] = { { "ready", mode_ready },
                  { "panic", mode_panic },
                  { "assert", mode_assert },
                  { "overload", mode_overload },
                  { "overload-noack", mode_overload_noack },
                  { "selfcheck", mode_selfcheck },
                  { "edf", mode_edf } };
    size_t i;

    if (argc != 3) {
        fprintf(stderr, "usage: fw_board_check MODE IMAGE.elf\n");
        return 2;
    }
    for (i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (!strcmp(argv[1], modes[i].name))
            break;
    if (i == sizeof modes / sizeof modes[0]) {
        fprintf(stderr, "fw_board_check: unknown mode '%s'\n", argv[1]);
        return 2;
    }
    if (!run_image(&r, argv[2], strcmp(argv[1], "overload-noack") != 0)) {
        free_run(&r);
        return 2;
    }
    modes[i].fn(&r);
    free_run(&r);
    if (failures) {
        printf("FAIL %s %s: %u checks failed\n", argv[1], argv[2], failures);
        return 1;
    }
    printf("PASS %s %s\n", argv[1], argv[2]);
    return 0;
}
