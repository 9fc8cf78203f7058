/* SPDX-License-Identifier: BSD-3-Clause */
/* Semihosting behaviour where dspsim follows current QEMU (semihosting/
 * syscalls.c) and the installed QEMU 7.2 differs (see docs/cli.md): open
 * flag translation, EFAULT for unmapped buffers, console fds, memset.
 * Writes to fd 1 and fd 2 (compare them merged).  Exits 0. */
#include "sh_errno.h"

static char buf[64];

static void show_buf(int n)
{
    sh_puts("  '");
    if (n > 0)
        sh_write(1, buf, (unsigned)n);
    sh_puts("'\n");
}

/* report() on fd 2, for when fd 1 is closed: "label ret [errno]". */
static void report2(const char *label, sh_result r)
{
    char b[8];
    unsigned n = 0;
    unsigned ret = (unsigned)(r.ret < 0 ? -r.ret : r.ret);
    b[n++] = ' ';
    if (r.ret < 0)
        b[n++] = '-';
    b[n++] = (char)('0' + (ret > 9 ? 9 : ret));
    if (r.ret == -1) {
        b[n++] = ' ';
        b[n++] = (char)('0' + (r.err >= 10) + (r.err >= 20));
        b[n++] = (char)('0' + r.err - 10 * (r.err >= 10) - 10 * (r.err >= 20));
    }
    b[n++] = '\n';
    sh_write(2, label, sh_strlen(label));
    sh_write(2, b, n);
}

int main(void)
{
    sh_result r;
    int fd;

    /* newlib/GDB open flags: O_WRONLY|O_CREAT|O_TRUNC = 0x601. */
    r = sh_call_e(SH_OPEN, (int)"shcalls.tmp", 0x601, 0644);
    report("create", r);
    fd = r.ret;
    report("write", sh_call_e(SH_WRITE, fd, (int)"abc", 3));
    report("read wronly", sh_call_e(SH_READ, fd, (int)buf, 1));
    report("close", sh_call_e(SH_CLOSE, fd, 0, 0));
    /* O_WRONLY|O_APPEND = 0x9 */
    r = sh_call_e(SH_OPEN, (int)"shcalls.tmp", 0x9, 0);
    report("open append", r);
    report("write", sh_call_e(SH_WRITE, r.ret, (int)"def", 3));
    report("close", sh_call_e(SH_CLOSE, r.ret, 0, 0));
    r = sh_call_e(SH_OPEN, (int)"shcalls.tmp", 2 /* O_RDWR */, 0);
    report("reopen rdwr", r);
    fd = r.ret;
    r = sh_call_e(SH_READ, fd, (int)buf, sizeof(buf));
    report("read back", r);
    show_buf(r.ret);
    report("lseek -2 cur", sh_call_e(SH_LSEEK, fd, -2, 1));
    r = sh_call_e(SH_READ, fd, (int)buf, sizeof(buf));
    report("read tail", r);
    show_buf(r.ret);
    report("read bad buf", sh_call_e(SH_READ, fd, 0x100, 4));
    report("close", sh_call_e(SH_CLOSE, fd, 0, 0));
    /* O_WRONLY|O_CREAT|O_EXCL = 0xa01 on an existing file */
    report("create excl", sh_call_e(SH_OPEN, (int)"shcalls.tmp", 0xa01, 0644));
    report("open bad path", sh_call_e(SH_OPEN, 0x100, 0, 0));
    report("write bad buf", sh_call_e(SH_WRITE, 1, 0x100, 4));
    report("lseek console", sh_call_e(SH_LSEEK, 1, 0, 0));

    buf[0] = 'x';
    buf[3] = 'y';
    r = sh_call_e(SH_MEMSET, (int)buf, '-', 3);
    sh_puts(r.ret == (int)buf ? "memset returns addr\n" : "memset bad\n");
    show_buf(4);

    report("write stderr", sh_call_e(SH_WRITE, 2, (int)"to stderr\n", 10));
    report("write zero", sh_call_e(SH_WRITE, 1, (int)"", 0));
    report("write fd0", sh_call_e(SH_WRITE, 0, (int)"via fd 0\n", 9));
    report("close 1", sh_call_e(SH_CLOSE, 1, 0, 0));
    report2("write closed 1", sh_call_e(SH_WRITE, 1, (int)"x", 1));
    report2("open gets 1", sh_call_e(SH_OPEN, (int)"shcalls.tmp", 0, 0));
    report2("close 1", sh_call_e(SH_CLOSE, 1, 0, 0));
    return 0;
}
