/* SPDX-License-Identifier: BSD-3-Clause */
/* The profile in the callgrind format ("positions: line", events Cycles
 * and Instructions), for KCachegrind and callgrind_annotate. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile_internal.h"

typedef struct line_of { /* an address's function, file and line */
    uint32_t pc, fn;
    const char *file;
    int line;
    uint64_t cycles, insns;
} line_of;

static int by_fn_line(const void *a, const void *b)
{
    const line_of *x = a, *y = b;
    if (x->fn != y->fn)
        return x->fn < y->fn ? -1 : 1;
    int c = strcmp(x->file, y->file);
    if (c)
        return c;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Where a function is: the file and line of its entry. */
static void fn_place(pf_lines *l, const pf_fn *f, const char **file, int *line)
{
    *file = "???";
    *line = 0;
    if (!f->pseudo)
        pf_lines_lookup(l, f->addr, file, line);
}

/* Names in the file: no newline may break a line of the format. */
static void put_name(FILE *o, const char *key, const char *name)
{
    fprintf(o, "%s=", key);
    for (const char *c = name; *c; c++)
        fputc(*c == '\n' || *c == '\r' ? '?' : *c, o);
    fputc('\n', o);
}

static int write_body(const xt_profile *p, FILE *o, const char *cmd)
{
    const char *path = p->elf ? xt_elf_name(p->elf) : NULL;
    pf_lines *lines = path ? pf_lines_open(path) : NULL;
    line_of *v = calloc(p->npc ? p->npc : 1, sizeof *v);
    if (!v) {
        pf_lines_close(lines);
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < p->cap_pc; i++) {
        const pf_pc *e = &p->pcs[i];
        if (!e->used || (!e->cycles && !e->insns))
            continue;
        line_of *x = &v[n++];
        x->pc = e->pc;
        x->fn = e->fn;
        x->cycles = e->cycles;
        x->insns = e->insns;
        x->file = "???";
        if (!pf_lines_lookup(lines, e->pc, &x->file, &x->line))
            x->line = 0;
    }
    qsort(v, n, sizeof *v, by_fn_line);

    fprintf(o, "# callgrind format\nversion: 1\ncreator: dspsim\n");
    fprintf(o, "cmd: ");
    for (const char *c = cmd ? cmd : "dspsim"; *c; c++)
        fputc(*c == '\n' || *c == '\r' ? '?' : *c, o);
    fputc('\n', o);
    if (p->thread)
        fprintf(o, "thread: %u\n", p->thread);
    fprintf(o,
            "positions: line\nevents: Cycles Instructions\n"
            "summary: %llu %llu\n\n",
            (unsigned long long)p->total_cyc, (unsigned long long)p->total_ins);
    /* every function with costs or calls, in index order (v is sorted by
     * function) */
    size_t first = 0;
    for (uint32_t fn = 0; fn < p->nfn; fn++) {
        while (first < n && v[first].fn < fn)
            first++;
        int has_cost = first < n && v[first].fn == fn;
        int has_calls = 0;
        for (size_t i = 0; i < p->cap_edge && !has_calls; i++)
            has_calls = p->edges[i].used && p->edges[i].caller == fn;
        if (!has_cost && !has_calls)
            continue;
        const char *ffile;
        int fline;
        fn_place(lines, &p->fns[fn], &ffile, &fline);
        /* costs at each line; a run of lines of one file */
        const char *cur = NULL;
        for (size_t i = first; i < n && v[i].fn == fn; i++) {
            uint64_t c = v[i].cycles, k = v[i].insns;
            while (i + 1 < n && v[i + 1].fn == fn &&
                   v[i + 1].line == v[i].line &&
                   !strcmp(v[i + 1].file, v[i].file)) {
                i++;
                c += v[i].cycles;
                k += v[i].insns;
            }
            if (!cur) { /* the function starts in this file */
                cur = v[i].file;
                put_name(o, "fl", cur);
                put_name(o, "fn", p->fns[fn].name);
            } else if (strcmp(cur, v[i].file)) { /* inlined from another */
                cur = v[i].file;
                put_name(o, "fi", cur);
            }
            fprintf(o, "%d %llu %llu\n", v[i].line, (unsigned long long)c,
                    (unsigned long long)k);
        }
        if (!cur) {
            put_name(o, "fl", ffile);
            put_name(o, "fn", p->fns[fn].name);
        }
        for (size_t i = 0; i < p->cap_edge; i++) {
            const pf_edge *e = &p->edges[i];
            if (!e->used || e->caller != fn || !e->count)
                continue;
            const char *cfile;
            int cline, sline = 0;
            const char *sfile;
            fn_place(lines, &p->fns[e->callee], &cfile, &cline);
            if (p->fns[fn].pseudo ||
                !pf_lines_lookup(lines, e->pc, &sfile, &sline))
                sline = fline;
            put_name(o, "cfl", cfile);
            put_name(o, "cfn", p->fns[e->callee].name);
            fprintf(o, "calls=%llu %d\n%d %llu %llu\n",
                    (unsigned long long)e->count, cline, sline,
                    (unsigned long long)e->cycles,
                    (unsigned long long)e->insns);
        }
        fputc('\n', o);
    }
    fprintf(o, "totals: %llu %llu\n", (unsigned long long)p->total_cyc,
            (unsigned long long)p->total_ins);
    free(v);
    pf_lines_close(lines);
    return ferror(o) ? -1 : 0;
}

int xt_profile_write_callgrind(const xt_profile *p, const char *path,
                               const char *cmd, char *err, size_t errsz)
{
    if (p->oom) {
        snprintf(err, errsz, "%s: out of memory while profiling", path);
        return -1;
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *o = fopen(tmp, "w");
    if (!o) {
        snprintf(err, errsz, "%s: %s", path, strerror(errno));
        return -1;
    }
    int rc = write_body(p, o, cmd);
    if (fclose(o) != 0)
        rc = -1;
    if (rc == 0 && rename(tmp, path) == 0)
        return 0;
    snprintf(err, errsz, "%s: %s", path,
             rc ? "cannot write the profile" : strerror(errno));
    unlink(tmp);
    return -1;
}
