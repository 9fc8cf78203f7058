/* SPDX-License-Identifier: BSD-3-Clause */
/* Semihosting file I/O that QEMU 7.2 and dspsim agree on: argc/argv,
 * open/read/lseek/close, EBADF/ENOENT/EINVAL/ENOSYS error returns.
 * Run as `fileio.elf fileio.txt` in a directory holding fileio.txt with
 * "Hello, semihosting world!\n".  Prints one line per step; exits 5. */
#include "sh_errno.h"

static char argbuf[256];
static char buf[64];

static void show_buf(int n)
{
    sh_puts("  '");
    if (n > 0)
        sh_write(1, buf, (unsigned)n);
    sh_puts("'\n");
}

int main(void)
{
    sh_result r = sh_call_e(SH_ARGC, 0, 0, 0);
    report("argc", r);
    int argc = r.ret;
    r = sh_call_e(SH_ARGV_SZ, 0, 0, 0);
    if (r.ret < (argc + 1) * 4 || r.ret > (int)sizeof(argbuf)) {
        sh_puts("argv_sz out of range\n");
        return 1;
    }
    sh_call_e(SH_ARGV, (int)argbuf, 0, 0);
    char **argv = (char **)argbuf;
    if (argc < 2 || argv[argc] != 0) {
        sh_puts("bad argv\n");
        return 1;
    }
    sh_puts("argv[1] ");
    sh_puts(argv[1]);
    sh_puts("\n");

    /* QEMU 7.2 returns the host's descriptor, whose number depends on what
     * the host process has open: print only that it is not 0, 1 or 2. */
    r = sh_call_e(SH_OPEN, (int)argv[1], 0 /* O_RDONLY */, 0);
    if (r.ret >= 3)
        sh_puts("open ok\n");
    else
        report("open", r);
    int fd = r.ret;
    r = sh_call_e(SH_READ, fd, (int)buf, 5);
    report("read", r);
    show_buf(r.ret);
    report("lseek end", sh_call_e(SH_LSEEK, fd, 0, 2));
    report("lseek set 7", sh_call_e(SH_LSEEK, fd, 7, 0));
    r = sh_call_e(SH_READ, fd, (int)buf, 11);
    report("read", r);
    show_buf(r.ret);
    report("lseek cur", sh_call_e(SH_LSEEK, fd, 0, 1));
    report("lseek bad whence", sh_call_e(SH_LSEEK, fd, 0, 7));
    report("select read", sh_call_e(SH_SELECT_ONE, fd, 1, 0));
    report("lseek set 26", sh_call_e(SH_LSEEK, fd, 26, 0));
    report("read at eof", sh_call_e(SH_READ, fd, (int)buf, 8));
    report("write rdonly", sh_call_e(SH_WRITE, fd, (int)buf, 1));
    report("close", sh_call_e(SH_CLOSE, fd, 0, 0));
    report("close again", sh_call_e(SH_CLOSE, fd, 0, 0));
    report("read closed", sh_call_e(SH_READ, fd, (int)buf, 1));
    report("read fd 99", sh_call_e(SH_READ, 99, (int)buf, 1));
    report("open missing", sh_call_e(SH_OPEN, (int)"does-not-exist.txt", 0, 0));
    report("select console", sh_call_e(SH_SELECT_ONE, 1, 2, 0));
    report("unknown call", sh_call_e(77, 0, 0, 0));
    return 5;
}
