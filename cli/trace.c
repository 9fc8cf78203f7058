/* SPDX-License-Identifier: BSD-3-Clause */
/* --trace implementation (see trace.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "trace.h"

#define TRACE_BUFFER (1u << 20)
#define CACHE_SIZE   2048u /* direct-mapped, by PC */
#define TEXT_MAX     232u

/* The "SYMBOL\tMNEMONIC\tOPERANDS" part of a line depends only on the PC
 * and the instruction bytes, so it is formatted once per PC and checked
 * against the current bytes (code may be rewritten) on every use. */
struct trace_cache {
    uint32_t pc;
    uint8_t bytes[3];
    uint8_t nbytes; /* 0: empty slot */
    uint16_t len;
    char text[TEXT_MAX];
};

bool trace_open(trace *t, const char *path, const xt_elf *elf)
{
    t->path = path;
    t->elf = elf;
    t->failed = false;
    t->err = 0;
    t->hook = 0;
    t->cache = calloc(CACHE_SIZE, sizeof(*t->cache));
    if (!t->cache)
        return false;
    t->f = fopen(path, "w");
    if (!t->f) {
        int e = errno;
        free(t->cache);
        t->cache = NULL;
        errno = e;
        return false;
    }
    setvbuf(t->f, NULL, _IOFBF, TRACE_BUFFER);
    return true;
}

/* Up to 3 instruction bytes at pc (fewer at the end of a region). */
static unsigned fetch(xt_cpu *cpu, uint32_t pc, uint8_t b[3])
{
    if (xt_mem_read(cpu, pc, b, 3) == XT_OK)
        return 3;
    if (xt_mem_read(cpu, pc, b, 2) == XT_OK)
        return 2;
    return 0;
}

static const struct trace_cache *lookup(trace *t, xt_cpu *cpu, uint32_t pc)
{
    struct trace_cache *c = &t->cache[(pc ^ pc >> 11) % CACHE_SIZE];
    uint8_t b[3] = { 0, 0, 0 };
    unsigned n = fetch(cpu, pc, b);

    if (n && c->nbytes == n && c->pc == pc && !memcmp(c->bytes, b, n))
        return c;
    char sym[96], dis[128];
    xt_elf_format_sym(t->elf, pc, sym, sizeof(sym));
    report_disasm(cpu, pc, dis, sizeof(dis));
    /* Always five fields: an instruction without operands gets an empty
     * last field. */
    const char *sep = strchr(dis, '\t') ? "" : "\t";
    int len = snprintf(c->text, sizeof(c->text), "%s\t%s%s", sym, dis, sep);
    if (len < 0 || (size_t)len >= sizeof(c->text))
        len = (int)strlen(c->text);
    c->len = (uint16_t)len;
    c->pc = pc;
    memcpy(c->bytes, b, sizeof(b));
    c->nbytes = (uint8_t)n; /* n == 0 (unreadable) is never a hit */
    return c;
}

static void trace_insn(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    static const char hex[] = "0123456789abcdef";
    trace *t = user;
    char line[24 + 1 + 8 + 1 + TEXT_MAX + 1];
    char num[24];
    size_t n = 0, k = 0;
    (void)len;

    if (t->failed)
        return;
    const struct trace_cache *c = lookup(t, cpu, pc);
    uint64_t cyc = xt_cycles(cpu);
    do {
        num[k++] = (char)('0' + cyc % 10);
        cyc /= 10;
    } while (cyc);
    while (k)
        line[n++] = num[--k];
    line[n++] = '\t';
    for (int shift = 28; shift >= 0; shift -= 4)
        line[n++] = hex[(pc >> shift) & 15];
    line[n++] = '\t';
    memcpy(line + n, c->text, c->len);
    n += c->len;
    line[n++] = '\n';
    if (fwrite(line, 1, n, t->f) != n) {
        t->failed = true;
        t->err = errno;
        xt_stop_request(cpu);
    }
}

xt_err trace_install(trace *t, xt_cpu *cpu)
{
    /* begin > end: every address. */
    return xt_hook_add(cpu, &t->hook, XT_HOOK_CODE, (void *)trace_insn, t, 1,
                       0);
}

bool trace_close(trace *t)
{
    free(t->cache);
    t->cache = NULL;
    if (!t->f)
        return !t->failed;
    if (fflush(t->f) != 0 && !t->failed) {
        t->failed = true;
        t->err = errno;
    }
    if (ferror(t->f) && !t->failed) {
        t->failed = true;
        t->err = EIO;
    }
    if (fclose(t->f) != 0 && !t->failed) {
        t->failed = true;
        t->err = errno;
    }
    t->f = NULL;
    return !t->failed;
}
