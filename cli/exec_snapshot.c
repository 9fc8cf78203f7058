/* SPDX-License-Identifier: BSD-3-Clause */
/* Snapshots of `dspsim exec` runs (exec_snapshot.h).
 *
 * Body: section "XCPU": the CPU's saved state (xt_state_save, which holds
 * every RAM and ROM region of the 'sim' map, some 196 MiB) as u64 size,
 * u32 page size, then per page a u8 (0: all zeros, left out; 1: the
 * page's bytes follow; the last page may be shorter); section "XSH ":
 * u32 count, then one byte per guest descriptor (0 unused, 1 console). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dspsim/snapshot.h"
#include "exec_snapshot.h"

#define TAG_XCPU DS_SNAP_TAG('X', 'C', 'P', 'U')
#define TAG_XSH  DS_SNAP_TAG('X', 'S', 'H', ' ')
#define PAGE     4096u

bool exec_snap_init(exec_snap *s, const cli_snap_opts *o, const char *program,
                    int guest_argc, char **guest_argv)
{
    memset(s, 0, sizeof *s);
    s->o = o;
    if (!o->path && !o->restore)
        return true;
    char err[600];
    if (!ds_snap_hash_file(program, &s->fw_hash, err, sizeof err)) {
        fprintf(stderr, "dspsim exec: %s\n", err);
        return false;
    }
    /* not a board's: the machine's name first, then the arguments */
    static const char machine[] = "dspsim exec: the lx106 'sim' machine";
    uint64_t h = ds_snap_hash(DS_SNAP_HASH_INIT, machine, sizeof machine);
    for (int i = 0; i < guest_argc; i++)
        h = ds_snap_hash(h, guest_argv[i], strlen(guest_argv[i]) + 1);
    s->case_hash = h;
    return true;
}

static bool zero_page(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

bool exec_snap_take(exec_snap *s, xt_cpu *cpu, const xt_semihost *sh)
{
    uint8_t kinds[XT_SEMIHOST_FDS];
    unsigned host = xt_semihost_fd_kinds(sh, kinds);
    uint64_t cycle = xt_cycles(cpu);
    s->failed = true; /* until written */
    if (host) {
        fprintf(stderr,
                "dspsim exec: --snapshot-at %" PRIu64 ": at cycle %" PRIu64
                " the program has %u host file%s open; a snapshot "
                "holds no host file, none written\n",
                s->o->at, cycle, host, host == 1 ? "" : "s");
        return false;
    }
    size_t n = xt_state_size(cpu);
    uint8_t *st = malloc(n ? n : 1);
    if (!st || xt_state_save(cpu, st, n) != XT_OK) {
        free(st);
        fprintf(stderr, "dspsim exec: --snapshot-at: cannot save the CPU "
                        "(out of memory)\n");
        return false;
    }
    ds_snap_w w;
    ds_snap_w_init(&w);
    size_t m = ds_snap_begin(&w, TAG_XCPU);
    ds_snap_put_u64(&w, n);
    ds_snap_put_u32(&w, PAGE);
    for (size_t o = 0; o < n; o += PAGE) {
        size_t k = n - o < PAGE ? n - o : PAGE;
        bool z = zero_page(st + o, k);
        ds_snap_put_u8(&w, z ? 0 : 1);
        if (!z)
            ds_snap_put_bytes(&w, st + o, k);
    }
    ds_snap_end(&w, m);
    free(st);
    m = ds_snap_begin(&w, TAG_XSH);
    ds_snap_put_u32(&w, XT_SEMIHOST_FDS);
    ds_snap_put_bytes(&w, kinds, sizeof kinds);
    ds_snap_end(&w, m);
    char err[1200];
    ds_snap_ident id = { s->fw_hash, s->case_hash, cycle };
    bool oom = w.oom;
    bool ok = !oom && ds_snap_file_write(s->o->resolved, &id, w.p, w.len, err,
                                         sizeof err);
    ds_snap_w_free(&w);
    if (!ok) {
        fprintf(stderr, "dspsim exec: %s\n",
                oom ? "snapshot: out of memory" : err);
        return false;
    }
    s->taken = true;
    s->failed = false;
    s->cycle = cycle;
    uint32_t pc = 0;
    xt_reg_read(cpu, XT_REG_PC, &pc);
    fprintf(stderr,
            "dspsim exec: snapshot taken at cycle %" PRIu64 " (pc %08" PRIx32
            ")\n",
            cycle, pc);
    return true;
}

/* The XCPU section into a whole state of the size this CPU saves. */
static uint8_t *load_cpu_state(ds_snap_r *r, size_t want)
{
    ds_snap_r s;
    if (!ds_snap_open(r, TAG_XCPU, &s))
        return NULL;
    uint64_t n = ds_snap_get_u64(&s);
    uint32_t page = ds_snap_get_u32(&s);
    if (s.bad)
        return NULL;
    if (n != want || page != PAGE) {
        ds_snap_fail(r,
                     "CPU state of %" PRIu64 " bytes in pages of %u, "
                     "this machine's is %zu in pages of %u",
                     n, page, want, PAGE);
        return NULL;
    }
    uint8_t *st = calloc(1, want ? want : 1);
    if (!st) {
        ds_snap_fail(r, "out of memory");
        return NULL;
    }
    for (size_t o = 0; o < want; o += PAGE) {
        size_t k = want - o < PAGE ? want - o : PAGE;
        uint8_t flag = ds_snap_get_u8(&s);
        if (flag == 1)
            ds_snap_get_bytes(&s, st + o, k);
        else if (flag != 0 && !s.bad)
            ds_snap_fail(&s, "CPU state: page %zu is marked %u", o / PAGE,
                         flag);
        if (s.bad)
            break;
    }
    if (s.bad || !ds_snap_done(&s, "CPU state")) {
        free(st);
        return NULL;
    }
    return st;
}

bool exec_snap_restore(exec_snap *s, xt_cpu *cpu, xt_semihost *sh)
{
    if (!s->o->restore)
        return true;
    ds_snap_ident want = { s->fw_hash, s->case_hash, 0 }, got;
    uint8_t *body = NULL;
    size_t len = 0;
    char err[1200] = "";
    if (!ds_snap_file_read(s->o->restore, &want, &got, &body, &len, err,
                           sizeof err)) {
        fprintf(stderr, "dspsim exec: %s\n", err);
        return false;
    }
    ds_snap_r r;
    ds_snap_r_init(&r, body, len, err, sizeof err);
    size_t n = xt_state_size(cpu);
    uint8_t *st = load_cpu_state(&r, n);
    uint8_t kinds[XT_SEMIHOST_FDS];
    ds_snap_r f;
    bool ok = st && ds_snap_open(&r, TAG_XSH, &f);
    if (ok && ds_snap_get_u32(&f) != XT_SEMIHOST_FDS && !f.bad)
        ds_snap_fail(&f, "semihosting: another descriptor count");
    ok = ok && ds_snap_get_bytes(&f, kinds, sizeof kinds) &&
         ds_snap_done(&f, "semihosting");
    if (ok && r.pos != r.len)
        ok = ds_snap_fail(&r, "%zu bytes after the last section",
                          r.len - r.pos);
    if (ok && xt_state_load(cpu, st, n) != XT_OK)
        ok = ds_snap_fail(&r, "the CPU state does not load");
    if (ok && !xt_semihost_set_fd_kinds(sh, kinds))
        ok = ds_snap_fail(&r, "semihosting: a descriptor of an unknown kind");
    free(st);
    free(body);
    if (!ok) {
        fprintf(stderr,
                "dspsim exec: snapshot '%s': %s (a snapshot of "
                "`dspsim exec` holds the CPU, its memories and the "
                "semihosting descriptors)\n",
                s->o->restore, err[0] ? err : "corrupt");
        return false;
    }
    s->cycle = got.cycle;
    if (s->o->path && s->o->at < got.cycle) {
        fprintf(stderr,
                "dspsim exec: --snapshot-at %" PRIu64 " is before "
                "cycle %" PRIu64 ", where '%s' resumes\n",
                s->o->at, got.cycle, s->o->restore);
        return false;
    }
    return true;
}
