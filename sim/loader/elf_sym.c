/* SPDX-License-Identifier: BSD-3-Clause */
/* Symbol table of a guest program: reading, sorting, address lookup. */
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf_internal.h"

/* Sort rank among symbols at the same address: the preferred name sorts
 * last, so that the lookup (last symbol at or below addr) finds it. */
static int rank(const xt_elf_symbol *s, unsigned char bind)
{
    int r = s->is_func ? 8 : 0;
    r += bind == STB_GLOBAL ? 4 : bind == STB_WEAK ? 2 : 0;
    r += s->size ? 1 : 0;
    return r;
}

typedef struct sym_tmp {
    xt_elf_symbol s;
    int rank;
} sym_tmp;

static int cmp_sym(const void *a, const void *b)
{
    const sym_tmp *x = a, *y = b;
    if (x->s.addr != y->s.addr)
        return x->s.addr < y->s.addr ? -1 : 1;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return strcmp(y->s.name, x->s.name); /* alphabetically first last */
}

xt_load_status xt_elf_read_symbols(xt_elf *elf, void *handle, char *err,
                                   size_t errsz)
{
    Elf *e = handle;
    Elf_Scn *symscn = NULL;
    GElf_Shdr symsh, strsh;

    /* gelf_* copy every header and symbol: in a corrupt file the tables
     * may be misaligned. */
    for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
        if (gelf_getshdr(scn, &symsh) && symsh.sh_type == SHT_SYMTAB) {
            symscn = scn;
            break;
        }
    }
    if (!symscn)
        return XT_LOAD_OK; /* stripped: no symbols, not an error */
    if (symsh.sh_entsize != sizeof(Elf32_Sym)) {
        xt_elf_errf(err, errsz, elf->name,
                    "bad symbol table entry size %u "
                    "(need %zu)",
                    (unsigned)symsh.sh_entsize, sizeof(Elf32_Sym));
        return XT_LOAD_ERR_FORMAT;
    }
    size_t strndx = symsh.sh_link;
    Elf_Scn *strscn = elf_getscn(e, strndx);
    if (!strscn || !gelf_getshdr(strscn, &strsh) ||
        strsh.sh_type != SHT_STRTAB) {
        xt_elf_errf(err, errsz, elf->name,
                    "symbol table links to section "
                    "%zu, which is not a string table",
                    strndx);
        return XT_LOAD_ERR_FORMAT;
    }
    Elf_Data *data = elf_getdata(symscn, NULL);
    if (!data) {
        xt_elf_errf(err, errsz, elf->name,
                    "cannot read the symbol table: "
                    "%s",
                    elf_errmsg(-1));
        return XT_LOAD_ERR_FORMAT;
    }
    size_t count = data->d_size / sizeof(Elf32_Sym);
    sym_tmp *tmp = calloc(count ? count : 1, sizeof(*tmp));
    size_t n = 0, namebytes = 0;
    if (!tmp) {
        xt_elf_errf(err, errsz, elf->name, "out of memory");
        return XT_LOAD_ERR_NOMEM;
    }
    for (size_t i = 0; i < count; i++) {
        GElf_Sym in;
        if (!gelf_getsym(data, (int)i, &in))
            continue;
        unsigned type = GELF_ST_TYPE(in.st_info);
        unsigned shndx = in.st_shndx;
        if ((type != STT_FUNC && type != STT_OBJECT) || in.st_name == 0 ||
            shndx == SHN_UNDEF)
            continue;
        const char *nm = elf_strptr(e, strndx, in.st_name);
        if (!nm || !*nm)
            continue;
        sym_tmp *t = &tmp[n++];
        t->s.addr = (uint32_t)in.st_value;
        t->s.size = (uint32_t)in.st_size;
        t->s.name = nm;
        t->s.is_func = type == STT_FUNC;
        t->s.limit = t->s.addr + t->s.size;
        GElf_Shdr sh;
        Elf_Scn *sec = shndx < SHN_LORESERVE ? elf_getscn(e, shndx) : NULL;
        if (sec && gelf_getshdr(sec, &sh) && sh.sh_addr <= t->s.addr &&
            sh.sh_addr + sh.sh_size > t->s.addr)
            t->s.limit = (uint32_t)(sh.sh_addr + sh.sh_size);
        if (t->s.limit < t->s.addr) /* wrapped: cover to the top */
            t->s.limit = UINT32_MAX;
        t->rank = rank(&t->s, GELF_ST_BIND(in.st_info));
        namebytes += strlen(nm) + 1;
    }
    qsort(tmp, n, sizeof(*tmp), cmp_sym);
    elf->syms = calloc(n ? n : 1, sizeof(*elf->syms));
    elf->names = malloc(namebytes ? namebytes : 1);
    if (!elf->syms || !elf->names) {
        free(tmp);
        xt_elf_errf(err, errsz, elf->name, "out of memory");
        return XT_LOAD_ERR_NOMEM;
    }
    char *p = elf->names;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(tmp[i].s.name) + 1;
        memcpy(p, tmp[i].s.name, len);
        elf->syms[i] = tmp[i].s;
        elf->syms[i].name = p;
        p += len;
    }
    elf->nsyms = n;
    free(tmp);
    return XT_LOAD_OK;
}

size_t xt_elf_symbol_count(const xt_elf *elf)
{
    return elf ? elf->nsyms : 0;
}

const xt_elf_symbol *xt_elf_symbol_at(const xt_elf *elf, size_t i)
{
    return elf && i < elf->nsyms ? &elf->syms[i] : NULL;
}

/* How far back past closer symbols a sized symbol may still contain the
 * address (nested or overlapping symbols). */
#define LOOKBACK 16

const char *xt_elf_sym_lookup(const void *user, uint32_t addr, uint32_t *off)
{
    const xt_elf *elf = user;
    if (!elf || elf->nsyms == 0)
        return NULL;
    /* Last symbol with address <= addr. */
    size_t lo = 0, hi = elf->nsyms;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (elf->syms[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    size_t i = lo - 1;
    const xt_elf_symbol *best = &elf->syms[i];
    /* The nearest symbol: a sized one must contain addr; one without a
     * size covers up to the next symbol (implied) or its section end. */
    if (best->size ? addr - best->addr < best->size : addr < best->limit)
        goto found;
    for (size_t k = 1; k <= LOOKBACK && k <= i; k++) {
        const xt_elf_symbol *s = &elf->syms[i - k];
        bool hit = s->size ? addr - s->addr < s->size
                           : s->addr == elf->syms[i].addr && addr < s->limit;
        if (hit) {
            best = s;
            goto found;
        }
    }
    return NULL;
found:
    if (off)
        *off = addr - best->addr;
    return best->name;
}

int xt_elf_format_sym(const xt_elf *elf, uint32_t addr, char *buf, size_t n)
{
    uint32_t off = 0;
    const char *name = xt_elf_sym_lookup(elf, addr, &off);
    if (!name)
        return snprintf(buf, n, "?");
    if (off == 0)
        return snprintf(buf, n, "%s", name);
    return snprintf(buf, n, "%s+0x%x", name, off);
}
