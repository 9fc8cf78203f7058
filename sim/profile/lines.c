/* SPDX-License-Identifier: BSD-3-Clause */
/* File and line of guest addresses from the ELF's DWARF line tables. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <elfutils/libdw.h>

#include "profile_internal.h"

struct pf_lines {
    int fd;
    Dwarf *dw;
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
    return l;
}

bool pf_lines_lookup(pf_lines *l, uint32_t pc, const char **file, int *line)
{
    Dwarf_Die cu;
    if (!l || !dwarf_addrdie(l->dw, pc, &cu))
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
    free(l);
}
