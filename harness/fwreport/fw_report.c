/* SPDX-License-Identifier: BSD-3-Clause */
/* Decoding and printing of the firmware's panic record and trace log ring
 * (fwreport/fw_report.h; layouts in abi/include/abi/ipc_proto.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "fwreport/fw_report.h"
#include "abi/exccause_name.h"
#include "abi/trace.h"
#include "abi/ipc_proto.h"
#include "dspsim/errbuf.h"

_Static_assert(DS_FW_PANIC_RECORD_SIZE == sizeof(struct ipc_panic_record),
               "panic record size");
_Static_assert(DS_FW_NOTIFY_PANIC == IPC_NOTIFY_PANIC, "panic doorbell");
_Static_assert(DS_FW_TRACE_REGION_SIZE == IPC_MBOX_TRACE_SIZE,
               "trace region size");
_Static_assert(DS_FW_TRACE_MAX_ENTRIES == IPC_TRACE_CAPACITY, "trace capacity");
_Static_assert(DS_FW_PANIC_STACK_WORDS == IPC_PANIC_STACK_WORDS, "stack words");

static ds_fwr_status fail(ds_fwr_status st, char *err, size_t errsz,
                          const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static ds_fwr_status fail(ds_fwr_status st, char *err, size_t errsz,
                          const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ds_verrf(err, errsz, fmt, ap);
    va_end(ap);
    return st;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void copy_text(char *dst, size_t dstsz, const uint8_t *src, size_t srcsz)
{
    size_t i;
    for (i = 0; i < srcsz && i + 1 < dstsz && src[i]; i++)
        dst[i] = (src[i] >= 0x20 && src[i] < 0x7f) ? (char)src[i] : '?';
    dst[i] = '\0';
}

_Static_assert(IPC_PANIC_CAUSE_SOFTWARE == FW_CAUSE_SOFTWARE &&
                   IPC_PANIC_CAUSE_DOUBLE == FW_CAUSE_DOUBLE &&
                   IPC_PANIC_CAUSE_STACK == FW_CAUSE_STACK,
               "panic cause codes");

const char *ds_fw_cause_name(uint32_t cause)
{
    return fw_cause_name(cause);
}

ds_fwr_status ds_fw_panic_decode(const void *buf, size_t len, ds_fw_panic *out,
                                 char *err, size_t errsz)
{
    const uint8_t *p = buf;
    uint32_t magic, version;

    if (!buf || !out)
        return fail(DS_FWR_BAD, err, errsz, "panic record: no buffer");
    memset(out, 0, sizeof *out);
    if (len < 8)
        return fail(DS_FWR_TRUNCATED, err, errsz,
                    "panic record truncated: "
                    "%zu of %u bytes",
                    len, DS_FW_PANIC_RECORD_SIZE);
    magic = le32(p + offsetof(struct ipc_panic_record, magic));
    version = le32(p + offsetof(struct ipc_panic_record, version));
    if (magic != IPC_PANIC_MAGIC)
        return fail(DS_FWR_EMPTY, err, errsz,
                    "no panic record (magic "
                    "0x%08" PRIx32 ", want 0x%08x)",
                    magic, IPC_PANIC_MAGIC);
    if (version != IPC_PANIC_VERSION)
        return fail(DS_FWR_VERSION, err, errsz,
                    "panic record version %" PRIu32 " not supported (want %u)",
                    version, IPC_PANIC_VERSION);
    if (len < sizeof(struct ipc_panic_record))
        return fail(DS_FWR_TRUNCATED, err, errsz,
                    "panic record truncated: "
                    "%zu of %u bytes",
                    len, DS_FW_PANIC_RECORD_SIZE);
#define F(name) le32(p + offsetof(struct ipc_panic_record, name))
    out->cause = F(cause);
    out->epc1 = F(epc1);
    out->excvaddr = F(excvaddr);
    out->ps = F(ps);
    out->sar = F(sar);
    out->depc = F(depc);
    out->ccount = F(ccount);
    out->task_id = F(task_id);
    out->info = F(info);
    for (unsigned i = 0; i < 16; i++)
        out->a[i] = le32(p + offsetof(struct ipc_panic_record, a) + 4 * i);
    out->stack_addr = F(stack_addr);
    for (unsigned i = 0; i < DS_FW_PANIC_STACK_WORDS; i++)
        out->stack[i] = le32(p + offsetof(struct ipc_panic_record, stack) +
                             4 * i);
    out->line = F(line);
#undef F
    copy_text(out->file, sizeof out->file,
              p + offsetof(struct ipc_panic_record, file), IPC_PANIC_FILE_LEN);
    copy_text(out->msg, sizeof out->msg,
              p + offsetof(struct ipc_panic_record, msg), IPC_PANIC_MSG_LEN);
    if (out->cause > 63 && (out->cause < IPC_PANIC_CAUSE_SOFTWARE ||
                            out->cause > IPC_PANIC_CAUSE_STACK))
        return fail(DS_FWR_BAD, err, errsz,
                    "panic record: cause 0x%" PRIx32
                    " is neither an EXCCAUSE nor a firmware cause",
                    out->cause);
    if (out->sar > 63)
        return fail(DS_FWR_BAD, err, errsz,
                    "panic record: SAR %" PRIu32 " out of range (0..63)",
                    out->sar);
    return DS_FWR_OK;
}

ds_fwr_status ds_fw_panic_read(ds_board *b, ds_fw_panic *out, char *err,
                               size_t errsz)
{
    uint8_t buf[sizeof(struct ipc_panic_record)];
    if (!b || ds_board_mbox_read(b, IPC_MBOX_EXC_OFF, buf, sizeof buf) != DS_OK)
        return fail(DS_FWR_BAD, err, errsz,
                    "cannot read the mailbox "
                    "exception region");
    return ds_fw_panic_decode(buf, sizeof buf, out, err, errsz);
}

/* "  name+0x1c" or "" when no symbol. */
static void sym_suffix(const xt_elf *elf, uint32_t addr, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!elf || !xt_elf_sym_lookup(elf, addr, NULL))
        return;
    buf[0] = ' ';
    buf[1] = ' ';
    xt_elf_format_sym(elf, addr, buf + 2, n - 2);
}

/* A word that may be a return address: inside a function symbol in
 * instruction RAM. */
static bool code_addr(const xt_elf *elf, uint32_t v)
{
    return elf && v >= 0x40000000u && v < 0x40100000u &&
           xt_elf_sym_lookup(elf, v, NULL);
}

void ds_fw_panic_print(FILE *f, const ds_fw_panic *p, const xt_elf *elf)
{
    char s[160];
    unsigned i, n = 0;

    fprintf(f,
            "firmware panic: %s (cause %" PRIu32 ") in task %" PRIu32
            " at cycle %" PRIu32 "\n",
            ds_fw_cause_name(p->cause), p->cause, p->task_id, p->ccount);
    if (p->line || p->file[0] || p->msg[0])
        fprintf(f, "  at %s:%" PRIu32 "%s%s\n", p->file[0] ? p->file : "?",
                p->line, p->msg[0] ? ": " : "", p->msg);
    sym_suffix(elf, p->epc1, s, sizeof s);
    fprintf(f, "  epc1     0x%08" PRIx32 "%s\n", p->epc1, s);
    sym_suffix(elf, p->excvaddr, s, sizeof s);
    fprintf(f, "  excvaddr 0x%08" PRIx32 "%s\n", p->excvaddr, s);
    fprintf(f,
            "  ps       0x%08" PRIx32 " (intlevel %" PRIu32 ", excm %" PRIu32
            ", um %" PRIu32 ")\n",
            p->ps, p->ps & 0xf, (p->ps >> 4) & 1, (p->ps >> 5) & 1);
    fprintf(f,
            "  sar %" PRIu32 "  depc 0x%08" PRIx32 "  info 0x%08" PRIx32 "\n",
            p->sar, p->depc, p->info);
    for (i = 0; i < 16; i += 4)
        fprintf(f,
                "  a%-2u 0x%08" PRIx32 "  a%-2u 0x%08" PRIx32
                "  a%-2u 0x%08" PRIx32 "  a%-2u 0x%08" PRIx32 "\n",
                i, p->a[i], i + 1, p->a[i + 1], i + 2, p->a[i + 2], i + 3,
                p->a[i + 3]);
    sym_suffix(elf, p->a[0], s, sizeof s);
    if (s[0])
        fprintf(f, "  a0 (return address)%s\n", s);
    fprintf(f, "  stack at 0x%08" PRIx32 ":\n", p->stack_addr);
    for (i = 0; i < DS_FW_PANIC_STACK_WORDS; i += 4)
        fprintf(f,
                "    0x%08" PRIx32 ": %08" PRIx32 " %08" PRIx32 " %08" PRIx32
                " %08" PRIx32 "\n",
                p->stack_addr + 4 * i, p->stack[i], p->stack[i + 1],
                p->stack[i + 2], p->stack[i + 3]);
    for (i = 0; i < DS_FW_PANIC_STACK_WORDS; i++) {
        if (!code_addr(elf, p->stack[i]))
            continue;
        if (!n++)
            fprintf(f, "  return-address candidates on the stack:\n");
        xt_elf_format_sym(elf, p->stack[i], s, sizeof s);
        fprintf(f, "    [sp+0x%02x] 0x%08" PRIx32 "  %s\n", 4 * i, p->stack[i],
                s);
    }
}

ds_fwr_status ds_fw_trace_decode(const void *buf, size_t len, ds_fw_trace *out,
                                 char *err, size_t errsz)
{
    const uint8_t *p = buf;
    const size_t hdr = sizeof(struct ipc_trace_ring);
    uint32_t magic, version, esize, cap, n, first;

    if (!buf || !out)
        return fail(DS_FWR_BAD, err, errsz, "trace ring: no buffer");
    memset(out, 0, sizeof *out);
    if (len < hdr)
        return fail(DS_FWR_TRUNCATED, err, errsz,
                    "trace ring truncated: "
                    "%zu bytes, header needs %zu",
                    len, hdr);
    magic = le32(p + offsetof(struct ipc_trace_ring, magic));
    version = le32(p + offsetof(struct ipc_trace_ring, version));
    esize = le32(p + offsetof(struct ipc_trace_ring, entry_size));
    cap = le32(p + offsetof(struct ipc_trace_ring, capacity));
    if (magic != IPC_TRACE_MAGIC)
        return fail(DS_FWR_EMPTY, err, errsz,
                    "no trace ring (magic 0x%08" PRIx32 ", want 0x%08x)", magic,
                    IPC_TRACE_MAGIC);
    if (version != IPC_TRACE_VERSION)
        return fail(DS_FWR_VERSION, err, errsz,
                    "trace ring version %" PRIu32 " not supported (want %u)",
                    version, IPC_TRACE_VERSION);
    if (esize != sizeof(struct ipc_trace_entry) || cap == 0 ||
        cap > DS_FW_TRACE_MAX_ENTRIES)
        return fail(DS_FWR_BAD, err, errsz,
                    "trace ring: entry size %" PRIu32 " / capacity %" PRIu32
                    " invalid (want %zu / 1..%u)",
                    esize, cap, sizeof(struct ipc_trace_entry),
                    DS_FW_TRACE_MAX_ENTRIES);
    if (len < hdr + (size_t)cap * esize)
        return fail(DS_FWR_TRUNCATED, err, errsz,
                    "trace ring truncated: "
                    "%zu bytes, %" PRIu32 " entries need %zu",
                    len, cap, hdr + (size_t)cap * esize);
    out->write_index = le32(p + offsetof(struct ipc_trace_ring, write_index));
    out->level = le32(p + offsetof(struct ipc_trace_ring, level));
    out->capacity = cap;
    n = out->write_index < cap ? out->write_index : cap;
    first = out->write_index - n;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t idx = first + k;
        const uint8_t *e = p + hdr + (size_t)(idx % cap) * esize;
        ds_fw_trace_entry *d = &out->entries[k];
        uint32_t w = le32(e + 4);
        d->index = idx;
        d->cycle = le32(e);
        d->id = (uint16_t)(w & 0xFFFF);
        d->level = (uint8_t)(w >> 16);
        d->arg[0] = le32(e + 8);
        d->arg[1] = le32(e + 12);
    }
    out->count = n;
    return DS_FWR_OK;
}

ds_fwr_status ds_fw_trace_read(ds_board *b, ds_fw_trace *out, char *err,
                               size_t errsz)
{
    uint8_t buf[IPC_MBOX_TRACE_SIZE];
    if (!b ||
        ds_board_mbox_read(b, IPC_MBOX_TRACE_OFF, buf, sizeof buf) != DS_OK)
        return fail(DS_FWR_BAD, err, errsz,
                    "cannot read the mailbox trace "
                    "region");
    return ds_fw_trace_decode(buf, sizeof buf, out, err, errsz);
}

static const char *trace_id_name(uint32_t id)
{
    switch (id) {
    case FW_TRACE_BOOT:
        return "boot";
    case FW_TRACE_SWITCH:
        return "switch";
    case FW_TRACE_RELEASE:
        return "release";
    case FW_TRACE_JOB_DONE:
        return "job-done";
    case FW_TRACE_MISS:
        return "miss";
    case FW_TRACE_IRQ:
        return "irq";
    case FW_TRACE_PANIC:
        return "panic";
    case IPC_TRACE_ID_READY:
        return "fw-ready";
    case IPC_TRACE_ID_MISS:
        return "miss-notified";
    case IPC_TRACE_ID_MISS_DROP:
        return "miss-dropped";
    case IPC_TRACE_ID_PANIC:
        return "panic-record";
    default:
        return id >= IPC_TRACE_ID_APP ? "app" : "?";
    }
}

void ds_fw_trace_print(FILE *f, const ds_fw_trace *t)
{
    static const char *const lv[] = { "?", "ERROR", "WARN", "INFO", "DEBUG" };
    fprintf(f,
            "firmware trace ring: %" PRIu32 " entries written, last %" PRIu32
            " shown (capacity %" PRIu32 ")\n",
            t->write_index, t->count, t->capacity);
    for (uint32_t i = 0; i < t->count; i++) {
        const ds_fw_trace_entry *e = &t->entries[i];
        fprintf(f,
                "  #%-6" PRIu32 " %10" PRIu32 " %-5s 0x%04x %-13s 0x%08" PRIx32
                " 0x%08" PRIx32 "\n",
                e->index, e->cycle, e->level <= 4 ? lv[e->level] : "?",
                (unsigned)e->id, trace_id_name(e->id), e->arg[0], e->arg[1]);
    }
}
