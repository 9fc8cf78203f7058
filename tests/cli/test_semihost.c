/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the semihosting core (sim/semihost): call dispatch on a
 * fake guest memory, console fds on pipes, host files, errno and open-flag
 * translation.  No CPU involved.  Runs in a scratch working directory. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dspsim/semihost.h"

/* ---- fake guest memory: 64 KiB at 0x10000 ----------------------------- */

#define MEM_BASE 0x10000u
#define MEM_SIZE 0x10000u

typedef struct fixture {
    uint8_t mem[MEM_SIZE];
    int in[2], out[2], err[2]; /* pipes behind the console */
    xt_semihost *sh;
    xt_semihost_mem m;
} fixture;

static bool fake_read(void *user, uint32_t addr, void *dst, size_t n)
{
    fixture *f = user;
    if (addr < MEM_BASE || (uint64_t)addr + n > MEM_BASE + MEM_SIZE)
        return false;
    memcpy(dst, f->mem + (addr - MEM_BASE), n);
    return true;
}

static bool fake_write(void *user, uint32_t addr, const void *src, size_t n)
{
    fixture *f = user;
    if (addr < MEM_BASE || (uint64_t)addr + n > MEM_BASE + MEM_SIZE)
        return false;
    memcpy(f->mem + (addr - MEM_BASE), src, n);
    return true;
}

static const char *const test_argv[] = { "prog.elf", "x", "yz" };

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof(*f));
    if (!f || pipe(f->in) || pipe(f->out) || pipe(f->err))
        return -1;
    /* Non-blocking read ends so that "nothing there" does not hang. */
    fcntl(f->out[0], F_SETFL, O_NONBLOCK);
    fcntl(f->err[0], F_SETFL, O_NONBLOCK);
    xt_semihost_config cfg = { .stdin_fd = f->in[0],
                               .stdout_fd = f->out[1],
                               .stderr_fd = f->err[1],
                               .argc = 3,
                               .argv = test_argv };
    f->sh = xt_semihost_new(&cfg);
    if (!f->sh)
        return -1;
    f->m = (xt_semihost_mem){ fake_read, fake_write, f };
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    xt_semihost_free(f->sh);
    for (int i = 0; i < 2; i++) {
        close(f->in[i]);
        close(f->out[i]);
        close(f->err[i]);
    }
    free(f);
    return 0;
}

/* Perform a call; returns a2 and stores a3 in *err. */
static uint32_t call(fixture *f, uint32_t nr, uint32_t x, uint32_t y,
                     uint32_t z, uint32_t *err)
{
    xt_semihost_regs r = { nr, x, y, z };
    int status = -1;
    assert_false(xt_semihost_call(f->sh, &f->m, &r, &status));
    if (err)
        *err = r.a3;
    return r.a2;
}

static uint32_t put_str(fixture *f, uint32_t addr, const char *s)
{
    memcpy(f->mem + (addr - MEM_BASE), s, strlen(s) + 1);
    return addr;
}

static size_t drain(int fd, char *buf, size_t n)
{
    ssize_t k = read(fd, buf, n - 1);
    buf[k > 0 ? k : 0] = '\0';
    return k > 0 ? (size_t)k : 0;
}

#define FAIL ((uint32_t)-1)

/* ---- tests ------------------------------------------------------------ */

static void test_errno_map(void **state)
{
    (void)state;
    assert_int_equal(xt_semihost_errno(0), 0);
    assert_int_equal(xt_semihost_errno(EPERM), 1);
    assert_int_equal(xt_semihost_errno(ENOENT), 2);
    assert_int_equal(xt_semihost_errno(EBADF), 9);
    assert_int_equal(xt_semihost_errno(EAGAIN), 11);
    assert_int_equal(xt_semihost_errno(EFAULT), 14);
    assert_int_equal(xt_semihost_errno(EEXIST), 17);
    assert_int_equal(xt_semihost_errno(EISDIR), 21);
    assert_int_equal(xt_semihost_errno(EINVAL), 22);
    assert_int_equal(xt_semihost_errno(ESPIPE), 29);
    assert_int_equal(xt_semihost_errno(EPIPE), 32);
    assert_int_equal(xt_semihost_errno(ERANGE), 34);
    assert_int_equal(xt_semihost_errno(ENOSYS), 88);
    assert_int_equal(xt_semihost_errno(ELOOP), 92);
    /* No Xtensa number: EINVAL, as QEMU does. */
    assert_int_equal(xt_semihost_errno(ENAMETOOLONG), 22);
    assert_int_equal(xt_semihost_errno(EOVERFLOW), 22);
    assert_int_equal(xt_semihost_errno(-5), 22);
}

static void test_open_flags(void **state)
{
    (void)state;
    assert_int_equal(xt_semihost_open_flags(0), O_RDONLY);
    assert_int_equal(xt_semihost_open_flags(1), O_WRONLY);
    assert_int_equal(xt_semihost_open_flags(2), O_RDWR);
    assert_int_equal(xt_semihost_open_flags(3), O_WRONLY);
    assert_int_equal(xt_semihost_open_flags(0x601),
                     O_WRONLY | O_CREAT | O_TRUNC);
    assert_int_equal(xt_semihost_open_flags(0x9), O_WRONLY | O_APPEND);
    assert_int_equal(xt_semihost_open_flags(0xa02), O_RDWR | O_CREAT | O_EXCL);
    /* Host values of other bits are not passed through. */
    assert_int_equal(xt_semihost_open_flags(0x40 | 0x80 | 0x1000), O_RDONLY);
}

static void test_console_write(void **state)
{
    fixture *f = *state;
    char buf[64];
    uint32_t e;
    uint32_t s = put_str(f, MEM_BASE + 0x100, "hello\n");

    assert_int_equal(call(f, XT_SYS_WRITE, 1, s, 6, &e), 6);
    assert_int_equal(e, 0);
    drain(f->out[0], buf, sizeof(buf));
    assert_string_equal(buf, "hello\n");
    assert_int_equal(call(f, XT_SYS_WRITE, 2, s, 5, &e), 5);
    drain(f->err[0], buf, sizeof(buf));
    assert_string_equal(buf, "hello");
    /* fd 0 is the console too; its writes go to standard output */
    assert_int_equal(call(f, XT_SYS_WRITE, 0, s, 2, &e), 2);
    drain(f->out[0], buf, sizeof(buf));
    assert_string_equal(buf, "he");
    /* zero bytes: 0, like QEMU 7.2 (and tests/conformance/simcall.S) */
    assert_int_equal(call(f, XT_SYS_WRITE, 1, s, 0, &e), 0);
    assert_int_equal(e, 0);
    assert_int_equal(call(f, XT_SYS_WRITE, 1, 0x100, 0, &e), 0);
    /* unmapped buffer: EFAULT and nothing written */
    assert_int_equal(call(f, XT_SYS_WRITE, 1, 0x100, 4, &e), FAIL);
    assert_int_equal(e, XT_EFAULT);
    assert_int_equal(call(f, XT_SYS_WRITE, 1, MEM_BASE + MEM_SIZE - 2, 4, &e),
                     FAIL);
    assert_int_equal(e, XT_EFAULT);
    assert_int_equal(call(f, XT_SYS_WRITE, 1, 0xfffffffe, 4, &e), FAIL);
    assert_int_equal(e, XT_EFAULT);
    assert_int_equal(drain(f->out[0], buf, sizeof(buf)), 0);
    /* bad descriptors */
    assert_int_equal(call(f, XT_SYS_WRITE, 7, s, 1, &e), FAIL);
    assert_int_equal(e, XT_EBADF);
    assert_int_equal(call(f, XT_SYS_WRITE, 0xffffffff, s, 1, &e), FAIL);
    assert_int_equal(e, XT_EBADF);
    /* lseek on the console */
    assert_int_equal(call(f, XT_SYS_LSEEK, 1, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_ESPIPE);
}

static void test_console_read(void **state)
{
    fixture *f = *state;
    uint32_t e;
    uint32_t buf = MEM_BASE + 0x200;

    assert_int_equal(write(f->in[1], "abc", 3), 3);
    /* an unmapped buffer fails before the input is consumed */
    assert_int_equal(call(f, XT_SYS_READ, 0, 0x100, 3, &e), FAIL);
    assert_int_equal(e, XT_EFAULT);
    assert_int_equal(call(f, XT_SYS_READ, 0, buf, 10, &e), 3);
    assert_int_equal(e, 0);
    assert_memory_equal(f->mem + 0x200, "abc", 3);
    /* select_one: input ready or not (finite timeout = just poll) */
    uint32_t tv = MEM_BASE + 0x300; /* {0 s, 0 us} */
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 0, 1, tv, &e), 0);
    assert_int_equal(write(f->in[1], "d", 1), 1);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 0, 1, tv, &e), 1);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 0, 1, 0, &e), 1);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 1, 2, 0, &e), 1);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 1, 3, tv, &e), 0);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 1, 9, tv, &e), FAIL);
    assert_int_equal(e, XT_EINVAL);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 1, 1, 0x100, &e), FAIL);
    assert_int_equal(e, XT_EFAULT);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, 40, 1, tv, &e), FAIL);
    assert_int_equal(e, XT_EBADF);
    /* end of input */
    close(f->in[1]);
    f->in[1] = -1;
    assert_int_equal(call(f, XT_SYS_READ, 0, buf, 10, &e), 1);
    assert_int_equal(call(f, XT_SYS_READ, 0, buf, 10, &e), 0);
}

/* The I/O log of reverse execution: going back to a position replays
 * the console calls from the log (the same results, the same bytes read,
 * nothing written twice), then reaches the host again past its end. */
static void test_io_log(void **state)
{
    fixture *f = *state;
    uint32_t e, buf = MEM_BASE + 0x400,
                msg = put_str(f, MEM_BASE + 0x100, "hello\n");
    char got[64];
    xt_semihost_io_log(f->sh, true);
    assert_int_equal(xt_semihost_io_pos(f->sh), 0);
    assert_int_equal(call(f, XT_SYS_WRITE, 1, msg, 6, &e), 6);
    assert_int_equal(write(f->in[1], "xyz", 3), 3);
    assert_int_equal(call(f, XT_SYS_READ, 0, buf, 10, &e), 3);
    uint64_t mid = xt_semihost_io_pos(f->sh);
    assert_int_equal(mid, 2);
    assert_int_equal(call(f, XT_SYS_WRITE, 2, msg, 6, &e), 6);
    assert_int_equal(xt_semihost_io_pos(f->sh), 3);
    assert_int_equal(drain(f->out[0], got, sizeof got), 6);
    assert_int_equal(drain(f->err[0], got, sizeof got), 6);
    /* back to the start: served from the log */
    assert_false(xt_semihost_set_io_pos(f->sh, 4));
    assert_true(xt_semihost_set_io_pos(f->sh, 0));
    memset(f->mem + 0x400, 0, 8);
    assert_int_equal(call(f, XT_SYS_WRITE, 1, msg, 6, &e), 6);
    assert_int_equal(call(f, XT_SYS_READ, 0, buf, 10, &e), 3);
    assert_memory_equal(f->mem + 0x400, "xyz", 3);
    assert_int_equal(call(f, XT_SYS_WRITE, 2, msg, 6, &e), 6);
    assert_int_equal(drain(f->out[0], got, sizeof got), 0); /* not again */
    assert_int_equal(drain(f->err[0], got, sizeof got), 0);
    /* past the end: the host again, logged */
    assert_int_equal(call(f, XT_SYS_WRITE, 1, msg, 3, &e), 3);
    assert_int_equal(drain(f->out[0], got, sizeof got), 3);
    assert_int_equal(xt_semihost_io_pos(f->sh), 4);
    /* a new future from the middle: the log ends there */
    assert_true(xt_semihost_set_io_pos(f->sh, mid));
    xt_semihost_io_truncate(f->sh);
    assert_false(xt_semihost_set_io_pos(f->sh, 3));
    assert_int_equal(call(f, XT_SYS_WRITE, 1, msg, 2, &e), 2);
    assert_int_equal(drain(f->out[0], got, sizeof got), 2);
}

static void test_files(void **state)
{
    fixture *f = *state;
    uint32_t e;
    uint32_t path = put_str(f, MEM_BASE + 0x100, "semihost-unit.tmp");
    uint32_t data = put_str(f, MEM_BASE + 0x200, "0123456789");
    uint32_t buf = MEM_BASE + 0x300;

    unlink("semihost-unit.tmp");
    assert_int_equal(call(f, XT_SYS_OPEN, path, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_ENOENT);
    uint32_t fd = call(f, XT_SYS_OPEN, path, 0x601, 0644, &e);
    assert_int_equal(fd, 3); /* lowest free guest fd */
    assert_int_equal(e, 0);
    assert_int_equal(call(f, XT_SYS_WRITE, fd, data, 10, &e), 10);
    assert_int_equal(call(f, XT_SYS_READ, fd, buf, 1, &e), FAIL);
    assert_int_equal(e, XT_EBADF); /* opened write-only */
    assert_int_equal(call(f, XT_SYS_CLOSE, fd, 0, 0, &e), 0);
    assert_int_equal(call(f, XT_SYS_CLOSE, fd, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_EBADF);

    /* O_EXCL on an existing file */
    assert_int_equal(call(f, XT_SYS_OPEN, path, 0xa01, 0644, &e), FAIL);
    assert_int_equal(e, XT_EEXIST);
    /* O_APPEND */
    fd = call(f, XT_SYS_OPEN, path, 0x9, 0, &e);
    assert_int_equal(fd, 3);
    assert_int_equal(call(f, XT_SYS_WRITE, fd, data, 2, &e), 2);
    assert_int_equal(call(f, XT_SYS_CLOSE, fd, 0, 0, &e), 0);

    fd = call(f, XT_SYS_OPEN, path, 2, 0, &e);
    assert_int_equal(fd, 3);
    assert_int_equal(call(f, XT_SYS_READ, fd, buf, 100, &e), 12);
    assert_memory_equal(f->mem + 0x300, "012345678901", 12);
    assert_int_equal(call(f, XT_SYS_LSEEK, fd, 0, 2, &e), 12);
    /* signed offsets: SEEK_END - 4 */
    assert_int_equal(call(f, XT_SYS_LSEEK, fd, (uint32_t)-4, 2, &e), 8);
    assert_int_equal(call(f, XT_SYS_READ, fd, buf, 100, &e), 4);
    assert_memory_equal(f->mem + 0x300, "8901", 4);
    assert_int_equal(call(f, XT_SYS_READ, fd, buf, 100, &e), 0);
    assert_int_equal(call(f, XT_SYS_LSEEK, fd, (uint32_t)-1, 0, &e), FAIL);
    assert_int_equal(e, XT_EINVAL);
    assert_int_equal(call(f, XT_SYS_LSEEK, fd, 0, 9, &e), FAIL);
    assert_int_equal(e, XT_EINVAL);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, fd, 1, 0, &e), 1);
    assert_int_equal(call(f, XT_SYS_SELECT_ONE, fd, 3, 0, &e), 0);
    /* a read whose buffer runs into unmapped memory: the mapped part is
     * transferred when it is not the first chunk, else EFAULT */
    assert_int_equal(call(f, XT_SYS_LSEEK, fd, 0, 0, &e), 0);
    assert_int_equal(call(f, XT_SYS_READ, fd, 0x100, 4, &e), FAIL);
    assert_int_equal(e, XT_EFAULT);
    assert_int_equal(call(f, XT_SYS_LSEEK, fd, 0, 1, &e), 0);

    /* a second file gets the next fd; a closed console fd is reused */
    uint32_t fd2 = call(f, XT_SYS_OPEN, path, 0, 0, &e);
    assert_int_equal(fd2, 4);
    assert_int_equal(call(f, XT_SYS_CLOSE, 1, 0, 0, &e), 0);
    assert_int_equal(call(f, XT_SYS_WRITE, 1, data, 1, &e), FAIL);
    assert_int_equal(e, XT_EBADF);
    uint32_t fd3 = call(f, XT_SYS_OPEN, path, 0, 0, &e);
    assert_int_equal(fd3, 1);
    assert_int_equal(call(f, XT_SYS_READ, 1, buf, 3, &e), 3);
    assert_memory_equal(f->mem + 0x300, "012", 3);
    call(f, XT_SYS_CLOSE, fd2, 0, 0, &e);
    call(f, XT_SYS_CLOSE, fd, 0, 0, &e);
    /* fd3 stays open: xt_semihost_free closes it */
    unlink("semihost-unit.tmp");

    /* a directory cannot be opened for writing */
    uint32_t dot = put_str(f, MEM_BASE + 0x400, ".");
    assert_int_equal(call(f, XT_SYS_OPEN, dot, 1, 0, &e), FAIL);
    assert_int_equal(e, XT_EISDIR);
}

/* The descriptor table as snapshots of `dspsim exec` save and load it. */
static void test_fd_kinds(void **state)
{
    fixture *f = *state;
    uint32_t e;
    uint8_t k[XT_SEMIHOST_FDS], k2[XT_SEMIHOST_FDS];
    assert_int_equal(xt_semihost_fd_kinds(f->sh, k), 0);
    for (int i = 0; i < XT_SEMIHOST_FDS; i++)
        assert_int_equal(k[i], i < 3 ? XT_SEMIHOST_FD_CONSOLE
                                     : XT_SEMIHOST_FD_UNUSED);
    uint32_t path = put_str(f, MEM_BASE + 0x100, "semihost-kinds.tmp");
    uint32_t data = put_str(f, MEM_BASE + 0x200, "ab");
    uint32_t fd = call(f, XT_SYS_OPEN, path, 0x601, 0644, &e);
    assert_int_equal(fd, 3);
    assert_int_equal(call(f, XT_SYS_CLOSE, 2, 0, 0, &e), 0);
    assert_int_equal(xt_semihost_fd_kinds(f->sh, k), 1);
    assert_int_equal(k[2], XT_SEMIHOST_FD_UNUSED);
    assert_int_equal(k[3], XT_SEMIHOST_FD_HOST);
    /* a host file cannot be set: refused, nothing changed */
    assert_false(xt_semihost_set_fd_kinds(f->sh, k));
    assert_int_equal(xt_semihost_fd_kinds(f->sh, k2), 1);
    assert_memory_equal(k, k2, sizeof k);
    assert_int_equal(call(f, XT_SYS_WRITE, 3, data, 2, &e), 2);
    k[5] = 7; /* nor an unknown kind */
    k[3] = XT_SEMIHOST_FD_UNUSED;
    assert_false(xt_semihost_set_fd_kinds(f->sh, k));
    /* unused and console: set as given, open host files closed */
    k[5] = XT_SEMIHOST_FD_CONSOLE;
    assert_true(xt_semihost_set_fd_kinds(f->sh, k));
    assert_int_equal(xt_semihost_fd_kinds(f->sh, k2), 0);
    assert_memory_equal(k, k2, sizeof k);
    assert_int_equal(call(f, XT_SYS_WRITE, 3, data, 2, &e), FAIL);
    assert_int_equal(e, XT_EBADF);
    assert_int_equal(call(f, XT_SYS_WRITE, 2, data, 1, &e), FAIL);
    assert_int_equal(call(f, XT_SYS_WRITE, 5, data, 2, &e), 2); /* stdout */
    char out[16];
    drain(f->out[0], out, sizeof out);
    assert_string_equal(out, "ab");
    unlink("semihost-kinds.tmp");
}

static void test_open_paths(void **state)
{
    fixture *f = *state;
    uint32_t e;

    /* path pointer unmapped, or running off the end of memory */
    assert_int_equal(call(f, XT_SYS_OPEN, 0x100, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_EFAULT);
    memset(f->mem + MEM_SIZE - 8, 'a', 8);
    assert_int_equal(call(f, XT_SYS_OPEN, MEM_BASE + MEM_SIZE - 8, 0, 0, &e),
                     FAIL);
    assert_int_equal(e, XT_EFAULT);
    /* longer than 4095 bytes: ENAMETOOLONG, which maps to EINVAL */
    memset(f->mem + 0x1000, 'b', 5000);
    f->mem[0x1000 + 5000] = 0;
    assert_int_equal(call(f, XT_SYS_OPEN, MEM_BASE + 0x1000, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_EINVAL);
    /* empty path */
    f->mem[0x100] = 0;
    assert_int_equal(call(f, XT_SYS_OPEN, MEM_BASE + 0x100, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_ENOENT);
}

static void test_args_and_misc(void **state)
{
    fixture *f = *state;
    uint32_t e = 99;
    uint32_t base = MEM_BASE + 0x800;

    assert_int_equal(call(f, XT_SYS_ARGC, 0, 0, 0, &e), 3);
    assert_int_equal(e, 0);
    /* 4 pointers + "prog.elf\0x\0yz\0" */
    assert_int_equal(call(f, XT_SYS_ARGV_SZ, 0, 0, 0, &e), 16 + 9 + 2 + 3);
    /* argv(): a2 keeps the call number, a3 = 0 */
    assert_int_equal(call(f, XT_SYS_ARGV, base, 0, 0, &e), XT_SYS_ARGV);
    assert_int_equal(e, 0);
    const uint8_t *p = f->mem + 0x800;
    uint32_t ptr[4];
    for (int i = 0; i < 4; i++)
        ptr[i] = p[4 * i] | p[4 * i + 1] << 8 | p[4 * i + 2] << 16 |
                 (uint32_t)p[4 * i + 3] << 24;
    assert_int_equal(ptr[0], base + 16);
    assert_int_equal(ptr[1], base + 25);
    assert_int_equal(ptr[2], base + 27);
    assert_int_equal(ptr[3], 0);
    assert_string_equal((const char *)p + 16, "prog.elf");
    assert_string_equal((const char *)p + 25, "x");
    assert_string_equal((const char *)p + 27, "yz");
    /* an unmapped argv buffer is ignored, as in QEMU */
    assert_int_equal(call(f, XT_SYS_ARGV, 0x100, 0, 0, &e), XT_SYS_ARGV);

    /* memset: returns the address; unmapped pages are skipped */
    assert_int_equal(call(f, XT_SYS_MEMSET, MEM_BASE + 0x10, 'q', 5, &e),
                     MEM_BASE + 0x10);
    assert_int_equal(e, 0);
    assert_memory_equal(f->mem + 0x10, "qqqqq", 5);
    assert_int_equal(f->mem[0x15], 0);
    assert_int_equal(call(f, XT_SYS_MEMSET, MEM_BASE - 0x2000, 'r', 0x2010, &e),
                     MEM_BASE - 0x2000);
    assert_memory_equal(f->mem, "rrrrrrrrrrrrrrrr", 16);
    assert_int_equal(f->mem[0x10], 'q');

    /* unknown calls */
    assert_int_equal(call(f, 77, 1, 2, 3, &e), FAIL);
    assert_int_equal(e, XT_ENOSYS);
    assert_int_equal(call(f, 0, 0, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_ENOSYS);
    assert_int_equal(call(f, 1003, 0, 0, 0, &e), FAIL);
    assert_int_equal(e, XT_ENOSYS);
}

static void test_exit(void **state)
{
    fixture *f = *state;
    xt_semihost_regs r = { XT_SYS_EXIT, 0x1234, 5, 6 };
    int status = 0;
    uint64_t before = xt_semihost_calls(f->sh);
    assert_true(xt_semihost_call(f->sh, &f->m, &r, &status));
    assert_int_equal(status, 0x1234);
    assert_int_equal(r.a2, XT_SYS_EXIT); /* registers untouched */
    assert_int_equal(r.a3, 0x1234);
    assert_int_equal(xt_semihost_calls(f->sh), before + 1);
}

static void test_defaults(void **state)
{
    (void)state;
    /* NULL config: host stdio, no arguments */
    xt_semihost *sh = xt_semihost_new(NULL);
    assert_non_null(sh);
    xt_semihost_regs r = { XT_SYS_ARGC, 0, 0, 0 };
    assert_false(xt_semihost_call(
        sh, &(xt_semihost_mem){ fake_read, fake_write, NULL }, &r, NULL));
    assert_int_equal(r.a2, 0);
    r = (xt_semihost_regs){ XT_SYS_ARGV_SZ, 0, 0, 0 };
    xt_semihost_call(sh, &(xt_semihost_mem){ fake_read, fake_write, NULL }, &r,
                     NULL);
    assert_int_equal(r.a2, 4);
    xt_semihost_free(sh);
    xt_semihost_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errno_map),
        cmocka_unit_test(test_open_flags),
        cmocka_unit_test_setup_teardown(test_console_write, setup, teardown),
        cmocka_unit_test_setup_teardown(test_console_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_io_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_open_paths, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fd_kinds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_args_and_misc, setup, teardown),
        cmocka_unit_test_setup_teardown(test_exit, setup, teardown),
        cmocka_unit_test(test_defaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
