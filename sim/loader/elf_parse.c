/* SPDX-License-Identifier: BSD-3-Clause */
/* ELF file checks and program headers (see dspsim/loader.h). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf_internal.h"

#ifndef EM_XTENSA
#define EM_XTENSA 94
#endif

/* Refuse files larger than this: no guest memory map comes close. */
#define MAX_FILE_SIZE (512u * 1024u * 1024u)

static const char *machine_name(unsigned m)
{
    switch (m) {
    case 0:
        return "EM_NONE";
    case 2:
        return "SPARC";
    case 3:
        return "x86";
    case 8:
        return "MIPS";
    case 20:
        return "PowerPC";
    case 40:
        return "ARM";
    case 62:
        return "x86-64";
    case 183:
        return "AArch64";
    case 243:
        return "RISC-V";
    default:
        return "unknown";
    }
}

static const char *type_name(unsigned t)
{
    switch (t) {
    case ET_NONE:
        return "ET_NONE";
    case ET_REL:
        return "ET_REL, a relocatable object";
    case ET_DYN:
        return "ET_DYN, a shared object or PIE";
    case ET_CORE:
        return "ET_CORE, a core dump";
    default:
        return "unknown";
    }
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

/* The e_ident and fixed-size header checks, on raw bytes, so that each
 * problem gets its own message before libelf sees the file. */
static xt_load_status check_header(const char *name, const uint8_t *d,
                                   size_t size, char *err, size_t errsz)
{
    static const uint8_t magic[4] = { 0x7f, 'E', 'L', 'F' };

    if (size == 0) {
        xt_elf_errf(err, errsz, name,
                    "empty file (0 bytes), not an ELF "
                    "file");
        return XT_LOAD_ERR_FORMAT;
    }
    size_t m = size < 4 ? size : 4;
    if (memcmp(d, magic, m) != 0) {
        xt_elf_errf(err, errsz, name,
                    "not an ELF file (bad magic: the "
                    "file does not start with 7f 45 4c 46)");
        return XT_LOAD_ERR_FORMAT;
    }
    if (size < EI_NIDENT) {
        xt_elf_errf(err, errsz, name,
                    "truncated ELF header (%zu bytes, "
                    "need %zu)",
                    size, sizeof(Elf32_Ehdr));
        return XT_LOAD_ERR_FORMAT;
    }
    if (d[EI_CLASS] != ELFCLASS32) {
        xt_elf_errf(err, errsz, name,
                    "wrong ELF class %u (%s), need "
                    "ELFCLASS32 (32-bit)",
                    d[EI_CLASS],
                    d[EI_CLASS] == ELFCLASS64 ? "ELFCLASS64, 64-bit"
                                              : "invalid");
        return XT_LOAD_ERR_FORMAT;
    }
    if (d[EI_DATA] != ELFDATA2LSB) {
        xt_elf_errf(err, errsz, name,
                    "wrong endianness: EI_DATA %u (%s), "
                    "need little-endian (ELFDATA2LSB)",
                    d[EI_DATA],
                    d[EI_DATA] == ELFDATA2MSB ? "big-endian" : "invalid");
        return XT_LOAD_ERR_FORMAT;
    }
    if (d[EI_VERSION] != EV_CURRENT) {
        xt_elf_errf(err, errsz, name,
                    "unsupported ELF version %u (need "
                    "%u)",
                    d[EI_VERSION], EV_CURRENT);
        return XT_LOAD_ERR_FORMAT;
    }
    if (size < sizeof(Elf32_Ehdr)) {
        xt_elf_errf(err, errsz, name,
                    "truncated ELF header (%zu bytes, "
                    "need %zu)",
                    size, sizeof(Elf32_Ehdr));
        return XT_LOAD_ERR_FORMAT;
    }
    unsigned type = rd16(d + 16), machine = rd16(d + 18);
    if (machine != EM_XTENSA) {
        xt_elf_errf(err, errsz, name,
                    "wrong machine: e_machine %u (%s), "
                    "need EM_XTENSA (%u)",
                    machine, machine_name(machine), EM_XTENSA);
        return XT_LOAD_ERR_FORMAT;
    }
    if (type != ET_EXEC) {
        xt_elf_errf(err, errsz, name,
                    "not an executable: e_type %u (%s), "
                    "need ET_EXEC",
                    type, type_name(type));
        return XT_LOAD_ERR_FORMAT;
    }
    return XT_LOAD_OK;
}

/* True when [off, off + len) lies inside a file of 'size' bytes. */
static bool in_file(uint64_t off, uint64_t len, size_t size)
{
    return off <= size && len <= size - off;
}

static xt_load_status read_segments(xt_elf *elf, Elf *e, char *err,
                                    size_t errsz)
{
    const char *name = elf->name;
    Elf32_Ehdr *eh = elf32_getehdr(e);
    size_t phnum;

    if (!eh) {
        xt_elf_errf(err, errsz, name, "bad ELF header: %s", elf_errmsg(-1));
        return XT_LOAD_ERR_FORMAT;
    }
    elf->entry = eh->e_entry;
    /* The raw count: libelf clamps it to what fits in the file. */
    phnum = eh->e_phnum;
    if (phnum == PN_XNUM && elf_getphdrnum(e, &phnum) != 0) {
        xt_elf_errf(err, errsz, name, "bad program header count: %s",
                    elf_errmsg(-1));
        return XT_LOAD_ERR_FORMAT;
    }
    if (phnum == 0) {
        xt_elf_errf(err, errsz, name,
                    "no program headers, so no loadable "
                    "segment (PT_LOAD)");
        return XT_LOAD_ERR_FORMAT;
    }
    if (eh->e_phentsize != sizeof(Elf32_Phdr)) {
        xt_elf_errf(err, errsz, name,
                    "bad program header entry size %u "
                    "(need %zu)",
                    eh->e_phentsize, sizeof(Elf32_Phdr));
        return XT_LOAD_ERR_FORMAT;
    }
    if (!in_file(eh->e_phoff, (uint64_t)phnum * sizeof(Elf32_Phdr),
                 elf->size)) {
        xt_elf_errf(err, errsz, name,
                    "truncated file: the program header "
                    "table (offset 0x%x, %zu entries) extends beyond the end "
                    "of the file (%zu bytes)",
                    eh->e_phoff, phnum, elf->size);
        return XT_LOAD_ERR_FORMAT;
    }
    elf->segs = calloc(phnum, sizeof(*elf->segs));
    if (!elf->segs) {
        xt_elf_errf(err, errsz, name, "out of memory");
        return XT_LOAD_ERR_NOMEM;
    }
    for (size_t i = 0; i < phnum; i++) {
        /* gelf copies: the table may be misaligned in a corrupt file. */
        GElf_Phdr gp;
        if (!gelf_getphdr(e, (int)i, &gp)) {
            xt_elf_errf(err, errsz, name, "bad program header %zu: %s", i,
                        elf_errmsg(-1));
            return XT_LOAD_ERR_FORMAT;
        }
        Elf32_Phdr p32 = {
            .p_type = (uint32_t)gp.p_type,
            .p_offset = (uint32_t)gp.p_offset,
            .p_vaddr = (uint32_t)gp.p_vaddr,
            .p_paddr = (uint32_t)gp.p_paddr,
            .p_filesz = (uint32_t)gp.p_filesz,
            .p_memsz = (uint32_t)gp.p_memsz,
            .p_flags = (uint32_t)gp.p_flags,
            .p_align = (uint32_t)gp.p_align,
        };
        const Elf32_Phdr *p = &p32;
        if (p->p_type != PT_LOAD || p->p_memsz == 0)
            continue;
        if (p->p_filesz > p->p_memsz) {
            xt_elf_errf(err, errsz, name,
                        "segment %zu: file size 0x%x is "
                        "larger than its memory size 0x%x",
                        i, p->p_filesz, p->p_memsz);
            return XT_LOAD_ERR_FORMAT;
        }
        if (!in_file(p->p_offset, p->p_filesz, elf->size)) {
            xt_elf_errf(err, errsz, name,
                        "segment %zu: file data (offset "
                        "0x%x, 0x%x bytes) extends beyond the end of the "
                        "file (%zu bytes): truncated or corrupt file",
                        i, p->p_offset, p->p_filesz, elf->size);
            return XT_LOAD_ERR_FORMAT;
        }
        if ((uint64_t)p->p_paddr + p->p_memsz > UINT64_C(0x100000000)) {
            xt_elf_errf(err, errsz, name,
                        "segment %zu: address range 0x%08x "
                        "+ 0x%x goes past the end of the 32-bit address "
                        "space",
                        i, p->p_paddr, p->p_memsz);
            return XT_LOAD_ERR_FORMAT;
        }
        xt_elf_segment *s = &elf->segs[elf->nsegs++];
        s->paddr = p->p_paddr;
        s->vaddr = p->p_vaddr;
        s->offset = p->p_offset;
        s->filesz = p->p_filesz;
        s->memsz = p->p_memsz;
        s->flags = p->p_flags;
    }
    if (elf->nsegs == 0) {
        xt_elf_errf(err, errsz, name,
                    "no loadable segment (no PT_LOAD "
                    "program header with a non-zero size)");
        return XT_LOAD_ERR_FORMAT;
    }
    return XT_LOAD_OK;
}

/* Section header table and section data must lie inside the file; a
 * truncated file usually fails here. */
static xt_load_status check_sections(xt_elf *elf, Elf *e, char *err,
                                     size_t errsz)
{
    const char *name = elf->name;
    Elf32_Ehdr *eh = elf32_getehdr(e);
    size_t shnum;

    if (eh->e_shoff == 0)
        return XT_LOAD_OK; /* no section headers: fine, no symbols */
    if (!in_file(eh->e_shoff, sizeof(Elf32_Shdr), elf->size)) {
        xt_elf_errf(err, errsz, name,
                    "truncated file: the section header "
                    "table (offset 0x%x) starts beyond the end of the file "
                    "(%zu bytes)",
                    eh->e_shoff, elf->size);
        return XT_LOAD_ERR_FORMAT;
    }
    /* The raw count (0 means extended numbering, in section 0). */
    shnum = eh->e_shnum;
    if (shnum == 0 && elf_getshdrnum(e, &shnum) != 0) {
        xt_elf_errf(err, errsz, name, "bad section header table: %s",
                    elf_errmsg(-1));
        return XT_LOAD_ERR_FORMAT;
    }
    if (shnum == 0)
        return XT_LOAD_OK;
    if (eh->e_shentsize != sizeof(Elf32_Shdr)) {
        xt_elf_errf(err, errsz, name,
                    "bad section header entry size %u "
                    "(need %zu)",
                    eh->e_shentsize, sizeof(Elf32_Shdr));
        return XT_LOAD_ERR_FORMAT;
    }
    if (!in_file(eh->e_shoff, (uint64_t)shnum * sizeof(Elf32_Shdr),
                 elf->size)) {
        xt_elf_errf(err, errsz, name,
                    "truncated file: the section header "
                    "table (offset 0x%x, %zu entries) extends beyond the "
                    "end of the file (%zu bytes)",
                    eh->e_shoff, shnum, elf->size);
        return XT_LOAD_ERR_FORMAT;
    }
    for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh)) {
            xt_elf_errf(err, errsz, name, "bad section header: %s",
                        elf_errmsg(-1));
            return XT_LOAD_ERR_FORMAT;
        }
        if (sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_NULL)
            continue;
        if (!in_file(sh.sh_offset, sh.sh_size, elf->size)) {
            xt_elf_errf(err, errsz, name,
                        "truncated file: section %zu "
                        "(offset 0x%x, 0x%x bytes) extends beyond the end "
                        "of the file (%zu bytes)",
                        elf_ndxscn(scn), (uint32_t)sh.sh_offset,
                        (uint32_t)sh.sh_size, elf->size);
            return XT_LOAD_ERR_FORMAT;
        }
    }
    return XT_LOAD_OK;
}

static xt_load_status parse_owned(xt_elf *elf, char *err, size_t errsz)
{
    xt_load_status st = check_header(elf->name, elf->data, elf->size, err,
                                     errsz);
    if (st != XT_LOAD_OK)
        return st;
    if (elf_version(EV_CURRENT) == EV_NONE) {
        xt_elf_errf(err, errsz, elf->name,
                    "libelf initialisation failed: "
                    "%s",
                    elf_errmsg(-1));
        return XT_LOAD_ERR_FORMAT;
    }
    Elf *e = elf_memory((char *)elf->data, elf->size);
    if (!e) {
        xt_elf_errf(err, errsz, elf->name, "not a readable ELF file: %s",
                    elf_errmsg(-1));
        return XT_LOAD_ERR_FORMAT;
    }
    if (elf_kind(e) != ELF_K_ELF) {
        xt_elf_errf(err, errsz, elf->name, "not an ELF file");
        elf_end(e);
        return XT_LOAD_ERR_FORMAT;
    }
    st = read_segments(elf, e, err, errsz);
    if (st == XT_LOAD_OK)
        st = check_sections(elf, e, err, errsz);
    if (st == XT_LOAD_OK)
        st = xt_elf_read_symbols(elf, e, err, errsz);
    elf_end(e);
    return st;
}

static xt_elf *elf_new(const char *name)
{
    xt_elf *elf = calloc(1, sizeof(*elf));
    if (!elf)
        return NULL;
    elf->name = strdup(name ? name : "(unnamed)");
    if (!elf->name) {
        free(elf);
        return NULL;
    }
    return elf;
}

static xt_load_status finish(xt_elf *elf, xt_elf **out, char *err, size_t errsz)
{
    xt_load_status st = parse_owned(elf, err, errsz);
    if (st != XT_LOAD_OK) {
        xt_elf_free(elf);
        return st;
    }
    *out = elf;
    return XT_LOAD_OK;
}

xt_load_status xt_elf_parse(const char *name, const void *data, size_t size,
                            xt_elf **out, char *err, size_t errsz)
{
    if (!out || (!data && size)) {
        xt_elf_errf(err, errsz, name, "invalid arguments");
        return XT_LOAD_ERR_IO;
    }
    *out = NULL;
    xt_elf *elf = elf_new(name);
    if (!elf || !(elf->data = malloc(size ? size : 1))) {
        xt_elf_free(elf);
        xt_elf_errf(err, errsz, name, "out of memory");
        return XT_LOAD_ERR_NOMEM;
    }
    if (size)
        memcpy(elf->data, data, size);
    elf->size = size;
    return finish(elf, out, err, errsz);
}

/* pread n bytes at off into buf + off; false if the file ends first */
static bool read_at(int fd, uint8_t *buf, uint64_t off, uint64_t n)
{
    while (n) {
        ssize_t r = pread(fd, buf + off, n, (off_t)off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        off += (uint64_t)r;
        n -= (uint64_t)r;
    }
    return true;
}

static uint32_t le32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

/* A range of a size-byte file read, if it lies inside it; its pages
 * populated first in one call where the kernel can (rather than faulted
 * in one at a time as the read fills them). */
static bool read_range(int fd, uint8_t *buf, size_t size, uint64_t off,
                       uint64_t n)
{
    if (off > size || n > size - off)
        return false;
    if (n >= 16384) {
        uintptr_t pg = 4096, lo = ((uintptr_t)buf + off) & ~(pg - 1);
        uintptr_t hi = ((uintptr_t)buf + off + n + pg - 1) & ~(pg - 1);
        madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
    }
    return read_at(fd, buf, off, n);
}

/* Read into buf (size bytes, zero-filled) only what parsing and loading
 * an ELF32 little-endian image use: its headers, the file bytes of its
 * program segments, and its string and symbol tables; not its debug
 * information (most of a firmware file, never touched in memory then).
 * false when the file does not look like such an image or a read comes
 * short: the caller then reads it whole, and the parser judges it. */
static bool read_used(int fd, uint8_t *buf, size_t size)
{
    enum { EHDR = 52, PHDR = 32, SHDR = 40 };
    if (size < EHDR || !read_at(fd, buf, 0, EHDR))
        return false;
    if (memcmp(buf, "\177ELF", 4) != 0 || buf[4] != 1 || buf[5] != 1)
        return false;
    uint32_t phoff = le32(buf + 28), shoff = le32(buf + 32);
    unsigned phentsize = le16(buf + 42), phnum = le16(buf + 44);
    unsigned shentsize = le16(buf + 46), shnum = le16(buf + 48);
    if ((phnum && phentsize != PHDR) || (shoff && shentsize != SHDR) ||
        (shoff && !shnum) || /* extended section numbering */
        !read_range(fd, buf, size, phoff, (uint64_t)phnum * PHDR) ||
        !read_range(fd, buf, size, shoff, (uint64_t)shnum * SHDR))
        return false;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = buf + phoff + (size_t)i * PHDR;
        if (!read_range(fd, buf, size, le32(ph + 4), le32(ph + 16)))
            return false;
    }
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = buf + shoff + (size_t)i * SHDR;
        uint32_t type = le32(sh + 4);
        if ((type == SHT_SYMTAB || type == SHT_STRTAB) &&
            !read_range(fd, buf, size, le32(sh + 16), le32(sh + 20)))
            return false;
    }
    return true;
}

xt_load_status xt_elf_open(const char *path, xt_elf **out, char *err,
                           size_t errsz)
{
    struct stat stbuf;

    if (!out || !path) {
        xt_elf_errf(err, errsz, path, "invalid arguments");
        return XT_LOAD_ERR_IO;
    }
    *out = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        xt_elf_errf(err, errsz, path, "cannot open: %s", strerror(errno));
        return XT_LOAD_ERR_IO;
    }
    if (fstat(fd, &stbuf) != 0) {
        xt_elf_errf(err, errsz, path, "cannot stat: %s", strerror(errno));
        close(fd);
        return XT_LOAD_ERR_IO;
    }
    if (S_ISDIR(stbuf.st_mode)) {
        xt_elf_errf(err, errsz, path, "is a directory, not an ELF file");
        close(fd);
        return XT_LOAD_ERR_IO;
    }
    if (!S_ISREG(stbuf.st_mode)) {
        xt_elf_errf(err, errsz, path, "not a regular file");
        close(fd);
        return XT_LOAD_ERR_IO;
    }
    if ((uint64_t)stbuf.st_size > MAX_FILE_SIZE) {
        xt_elf_errf(err, errsz, path,
                    "file too large (%lld bytes, limit "
                    "%u)",
                    (long long)stbuf.st_size, MAX_FILE_SIZE);
        close(fd);
        return XT_LOAD_ERR_FORMAT;
    }
    xt_elf *elf = elf_new(path);
    size_t size = (size_t)stbuf.st_size;
    /* mapped, not allocated: the pages read_used leaves alone are never
     * touched (each fresh page costs a fault, ~10 us on the development
     * machine's VM; the audio firmware's file is 800 KB, 650 KB of it
     * debug information) */
    void *m = elf ? mmap(NULL, size ? size : 1, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                  : MAP_FAILED;
    if (elf && m != MAP_FAILED) {
        elf->data = m;
        elf->mapped = size ? size : 1;
    }
    if (!elf || !elf->data) {
        xt_elf_free(elf);
        close(fd);
        xt_elf_errf(err, errsz, path, "out of memory");
        return XT_LOAD_ERR_NOMEM;
    }
    size_t got = 0;
    if (read_used(fd, elf->data, size))
        got = size; /* else read whole */
    while (got < size) {
        ssize_t r = read(fd, elf->data + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            xt_elf_errf(err, errsz, path, "read error: %s", strerror(errno));
            xt_elf_free(elf);
            close(fd);
            return XT_LOAD_ERR_IO;
        }
        if (r == 0)
            break; /* file shrank meanwhile: check what we have */
        got += (size_t)r;
    }
    close(fd);
    elf->size = got;
    return finish(elf, out, err, errsz);
}

void xt_elf_free(xt_elf *elf)
{
    if (!elf)
        return;
    free(elf->name);
    if (elf->mapped)
        munmap(elf->data, elf->mapped);
    else
        free(elf->data);
    free(elf->segs);
    free(elf->syms);
    free(elf->names);
    free(elf);
}

const char *xt_elf_name(const xt_elf *elf)
{
    return elf ? elf->name : NULL;
}

uint32_t xt_elf_entry(const xt_elf *elf)
{
    return elf ? elf->entry : 0;
}

size_t xt_elf_segment_count(const xt_elf *elf)
{
    return elf ? elf->nsegs : 0;
}

const xt_elf_segment *xt_elf_segment_at(const xt_elf *elf, size_t i)
{
    return elf && i < elf->nsegs ? &elf->segs[i] : NULL;
}
