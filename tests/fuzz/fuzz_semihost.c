/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the semihosting layer (sim/semihost/semihost.c, the
 * CPU-independent core xt_semihost_call) on a sequence of calls taken from
 * the input against a 64 KiB guest memory at 0x3ffe0000 (anything else
 * is unmapped: EFAULT paths).
 *
 * Each call: 1 byte picks the call number (the defined ones, or any
 * 16-bit value), then 3 words a3..a5; memory accesses go through the
 * fake memory, which aborts if the layer reads or writes outside the
 * range it asked for.  Host files are confined to a private temporary
 * directory: an open() takes its path from the input, but the harness
 * writes it into guest memory as TMP/fN (N from the input) first, so the
 * fuzzer cannot name other host files.  The console is /dev/null.  Every
 * call must leave a3 = 0 (success) or a guest errno, and a2 = -1 on
 * failure. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dspsim/semihost.h"
#include "fuzz_util.h"

#define BASE    0x3ffe0000u
#define SIZE    0x10000u
#define PATH_AT (BASE + SIZE - 512) /* where open()'s path is put */

static uint8_t mem[SIZE];
static const char *dir;
static int devnull = -1;

static bool m_read(void *user, uint32_t addr, void *dst, size_t n)
{
    (void)user;
    if (addr < BASE || (uint64_t)addr + n > (uint64_t)BASE + SIZE)
        return false;
    memcpy(dst, &mem[addr - BASE], n);
    return true;
}

static bool m_write(void *user, uint32_t addr, const void *src, size_t n)
{
    (void)user;
    if (addr < BASE || (uint64_t)addr + n > (uint64_t)BASE + SIZE)
        return false;
    memcpy(&mem[addr - BASE], src, n);
    return true;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    dir = fz_tmpdir("semihost");
    devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devnull < 0)
        abort();
    return 0;
}

static const uint32_t calls[] = {
    XT_SYS_EXIT,    XT_SYS_READ,  XT_SYS_WRITE,      XT_SYS_OPEN,
    XT_SYS_CLOSE,   XT_SYS_LSEEK, XT_SYS_SELECT_ONE, XT_SYS_ARGC,
    XT_SYS_ARGV_SZ, XT_SYS_ARGV,  XT_SYS_MEMSET,
};
#define N_CALLS (sizeof calls / sizeof calls[0])

/* An address: mostly inside guest memory, sometimes anything. */
static uint32_t addr_arg(fz_in *in)
{
    uint8_t how = fz_u8(in);
    uint32_t v = fz_u32(in);
    return how < 200 ? BASE + v % SIZE : v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir)
        LLVMFuzzerInitialize(NULL, NULL);
    static const char *const args[] = { "prog", "-x", "fuzz arg" };
    xt_semihost_config cfg = { devnull, devnull, devnull, 3, args };
    xt_semihost *sh = xt_semihost_new(&cfg);
    if (!sh)
        abort();
    xt_semihost_mem m = { m_read, m_write, NULL };
    fz_in in = { data, size };
    memset(mem, 0, sizeof mem);
    for (unsigned k = 0; k < 64 && in.n; k++) {
        uint8_t c = fz_u8(&in);
        xt_semihost_regs r;
        r.a2 = c < 240 ? calls[c % N_CALLS] : fz_u16(&in);
        switch (r.a2) {
        case XT_SYS_OPEN: {
            char path[64];
            snprintf(path, sizeof path, "%s/f%u", dir, fz_u8(&in) % 4);
            memcpy(&mem[PATH_AT - BASE], path, strlen(path) + 1);
            r.a3 = PATH_AT;
            /* flags: the documented bits (O_EXCL, O_TRUNC, ...) */
            r.a4 = fz_u16(&in) & 0x0e0b;
            r.a5 = 0600;
            break;
        }
        case XT_SYS_READ:
        case XT_SYS_WRITE:
            r.a3 = fz_u8(&in) % 8; /* fd */
            r.a4 = addr_arg(&in);
            r.a5 = fz_u8(&in) < 200 ? fz_u16(&in) : fz_u32(&in);
            break;
        case XT_SYS_SELECT_ONE:
            r.a3 = fz_u8(&in) % 8;
            r.a4 = fz_u8(&in) % 5;
            r.a5 = 0; /* no wait: a timeval would block */
            break;
        default:
            r.a3 = fz_u8(&in) < 128 ? fz_u8(&in) % 8 : addr_arg(&in);
            r.a4 = fz_u8(&in) < 128 ? fz_u32(&in) : addr_arg(&in);
            r.a5 = fz_u8(&in) < 200 ? fz_u16(&in) : fz_u32(&in);
            break;
        }
        if (r.a2 == XT_SYS_LSEEK && (int32_t)r.a4 > (1 << 20))
            r.a4 &= 0xfffff; /* keep the sparse files small */
        uint32_t nr = r.a2;
        int status = 0;
        if (xt_semihost_call(sh, &m, &r, &status)) {
            if (nr != XT_SYS_EXIT)
                abort();
            continue;
        }
        if (r.a3 > XT_ELOOP || (r.a3 && r.a2 != 0xffffffffu))
            abort();
    }
    xt_semihost_free(sh);
    for (unsigned i = 0; i < 4; i++)
        unlink(fz_path(dir, (const char *[]){ "f0", "f1", "f2", "f3" }[i]));
    return 0;
}
