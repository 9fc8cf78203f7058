/* SPDX-License-Identifier: BSD-3-Clause */
/* Writing PT_LOAD segments into guest memory (see dspsim/loader.h). */
#include <stdio.h>
#include <string.h>

#include "elf_internal.h"

/* Largest write handed to a target at once; also the zero-fill chunk. */
#define CHUNK 4096u

static int seg_index(const xt_elf *elf, const xt_elf_segment *s)
{
    return (int)(s - elf->segs);
}

xt_load_status xt_elf_load(const xt_elf *elf, const xt_load_target *t,
                           char *err, size_t errsz)
{
    static const uint8_t zeros[CHUNK];

    if (!elf || !t || !t->mapped || !t->write) {
        xt_elf_errf(err, errsz, elf ? elf->name : NULL, "invalid arguments");
        return XT_LOAD_ERR_IO;
    }
    /* Check everything first: a refused program leaves memory as it was. */
    for (size_t i = 0; i < elf->nsegs; i++) {
        const xt_elf_segment *s = &elf->segs[i];
        uint32_t bad = s->paddr;
        if (!t->mapped(t->user, s->paddr, s->memsz, &bad)) {
            xt_elf_errf(err, errsz, elf->name,
                        "segment %d (0x%08x-0x%08x, "
                        "%u bytes) is outside mapped memory: address 0x%08x "
                        "is not RAM or ROM",
                        seg_index(elf, s), s->paddr, s->paddr + (s->memsz - 1),
                        s->memsz, bad);
            return XT_LOAD_ERR_MEMORY;
        }
    }
    uint32_t bad;
    if (!t->mapped(t->user, elf->entry, 2, &bad)) {
        xt_elf_errf(err, errsz, elf->name,
                    "entry point 0x%08x is outside "
                    "mapped memory",
                    elf->entry);
        return XT_LOAD_ERR_MEMORY;
    }
    for (size_t i = 0; i < elf->nsegs; i++) {
        const xt_elf_segment *s = &elf->segs[i];
        uint32_t done = 0;
        while (done < s->memsz) {
            uint32_t left = s->memsz - done;
            uint32_t n = left < CHUNK ? left : CHUNK;
            const void *src = zeros;
            if (done < s->filesz) {
                uint32_t fleft = s->filesz - done;
                n = fleft < n ? fleft : n;
                src = elf->data + s->offset + done;
            }
            if (!t->write(t->user, s->paddr + done, src, n)) {
                xt_elf_errf(err, errsz, elf->name,
                            "segment %d: writing %u "
                            "bytes at 0x%08x failed",
                            seg_index(elf, s), n, s->paddr + done);
                return XT_LOAD_ERR_MEMORY;
            }
            done += n;
        }
    }
    return XT_LOAD_OK;
}

/* ---- xt_cpu target ---------------------------------------------------- */

/* A page is loadable when the host can read it (RAM or ROM). Regions are
 * page-aligned, so probing one byte per page is exact. */
static bool cpu_mapped(void *user, uint32_t addr, uint32_t len, uint32_t *bad)
{
    xt_cpu *cpu = user;
    uint64_t end = (uint64_t)addr + len;
    uint64_t a = addr;
    while (a < end) {
        uint8_t b;
        if (xt_mem_read(cpu, (uint32_t)a, &b, 1) != XT_OK) {
            *bad = (uint32_t)a;
            return false;
        }
        a = (a & ~(uint64_t)(XT_PAGE_SIZE - 1)) + XT_PAGE_SIZE;
    }
    return true;
}

static bool cpu_write(void *user, uint32_t addr, const void *src, size_t n)
{
    xt_cpu *cpu = user;
    const uint8_t *p = src;
    /* Never let one xt_mem_write cross a page (and so a region) border. */
    while (n > 0) {
        size_t room = XT_PAGE_SIZE - (addr & (XT_PAGE_SIZE - 1));
        size_t k = n < room ? n : room;
        if (xt_mem_write(cpu, addr, p, k) != XT_OK)
            return false;
        addr += (uint32_t)k;
        p += k;
        n -= k;
    }
    return true;
}

xt_load_status xt_elf_load_cpu(const xt_elf *elf, xt_cpu *cpu, char *err,
                               size_t errsz)
{
    xt_load_target t = { cpu_mapped, cpu_write, cpu };
    if (!cpu) {
        xt_elf_errf(err, errsz, elf ? elf->name : NULL, "no CPU");
        return XT_LOAD_ERR_IO;
    }
    return xt_elf_load(elf, &t, err, errsz);
}
