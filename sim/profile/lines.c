/* SPDX-License-Identifier: BSD-3-Clause */
/* File and line of guest addresses from the ELF's DWARF line tables. */
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include <elfutils/libdw.h>

#include "profile_internal.h"

/* A compilation unit's address range, for the lookup without
 * .debug_aranges (below). */
typedef struct cu_range {
    Dwarf_Addr lo, hi; /* [lo, hi) */
    Dwarf_Off die;     /* the CU DIE */
} cu_range;

struct pf_lines {
    int fd;
    Dwarf *dw;
    cu_range *cus; /* NULL until needed */
    size_t ncus;
    bool cus_read;
};

pf_lines *pf_lines_open(const char *elf_path)
{
    int fd = open(elf_path, O_RDONLY);
    if (fd < 0)
        return NULL;
    Dwarf *dw = dwarf_begin(fd, DWARF_C_READ);
    if (!dw) {
        close(fd);
        return NULL;
    }
    pf_lines *l = malloc(sizeof *l);
    if (!l) {
        dwarf_end(dw);
        close(fd);
        return NULL;
    }
    l->fd = fd;
    l->dw = dw;
    l->cus = NULL;
    l->ncus = 0;
    l->cus_read = false;
    return l;
}

/* The ranges of every CU from its DIE (DW_AT_low_pc/high_pc or
 * DW_AT_ranges).  dwarf_addrdie needs .debug_aranges, which libdw refuses
 * whole when one set holds an empty (0, 0) range before its real ones (GNU
 * as does that for an assembly file with an empty .text, as the
 * firmware's reset.S): then every address is looked up here. */
static void read_cu_ranges(pf_lines *l)
{
    l->cus_read = true;
    Dwarf_Off off = 0, next;
    size_t hsize;
    while (dwarf_nextcu(l->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        Dwarf_Die cu;
        if (dwarf_offdie(l->dw, off + hsize, &cu)) {
            Dwarf_Addr base, lo, hi;
            ptrdiff_t it = 0;
            while ((it = dwarf_ranges(&cu, it, &base, &lo, &hi)) > 0) {
                if (hi <= lo)
                    continue;
                cu_range *n = realloc(l->cus, (l->ncus + 1) * sizeof *n);
                if (!n)
                    return;
                l->cus = n;
                l->cus[l->ncus++] = (cu_range){ lo, hi, off + hsize };
            }
        }
        off = next;
    }
}

static bool cu_of(pf_lines *l, uint32_t pc, Dwarf_Die *cu)
{
    if (dwarf_addrdie(l->dw, pc, cu))
        return true;
    if (!l->cus_read)
        read_cu_ranges(l);
    for (size_t i = 0; i < l->ncus; i++)
        if (pc >= l->cus[i].lo && pc < l->cus[i].hi)
            return dwarf_offdie(l->dw, l->cus[i].die, cu) != NULL;
    return false;
}

bool pf_lines_lookup(pf_lines *l, uint32_t pc, const char **file, int *line)
{
    Dwarf_Die cu;
    if (!l || !cu_of(l, pc, &cu))
        return false;
    Dwarf_Line *dl = dwarf_getsrc_die(&cu, pc);
    if (!dl)
        return false;
    const char *f = dwarf_linesrc(dl, NULL, NULL);
    int n = 0;
    if (!f || dwarf_lineno(dl, &n) != 0)
        return false;
    *file = f;
    *line = n;
    return true;
}

void pf_lines_close(pf_lines *l)
{
    if (!l)
        return;
    dwarf_end(l->dw);
    close(l->fd);
    free(l->cus);
    free(l);
}
