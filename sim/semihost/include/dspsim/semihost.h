/* SPDX-License-Identifier: BSD-3-Clause */
/* Semihosting: the guest's SIMCALL interface to host files and exit, with
 * QEMU's Xtensa convention (target/xtensa/xtensa-semi.c on top of
 * semihosting/syscalls.c in current QEMU; the older QEMU 7.2 build of
 * Debian 12 differs in places, see docs/cli.md):
 *
 *   in:  a2 = call number, a3, a4, a5 = arguments
 *   out: a2 = result (-1 on error), a3 = errno in QEMU's Xtensa numbering
 *        (0 on success; host errno values without an Xtensa number map to
 *        EINVAL = 22)
 *
 *   nr    call                          result
 *   1     exit(status)                  does not return; the process exit
 *                                       status is status & 0xff
 *   3     read(fd, buf, len)            bytes read
 *   4     write(fd, buf, len)           bytes written
 *   5     open(path, flags, mode)       new guest fd (lowest free >= 1)
 *   6     close(fd)                     0
 *   19    lseek(fd, offset, whence)     new offset; offset is signed 32-bit
 *   29    select_one(fd, rq, timeval*)  1 ready / 0 not; rq 1=read 2=write
 *                                       3=except; timeval {sec, usec} or 0
 *   1000  argc()                        number of guest arguments
 *   1001  argv_sz()                     bytes argv() needs: pointer array
 *                                       with NULL end + the strings
 *   1002  argv(buf)                     fills buf; a2 is left unchanged
 *   1004  memset(addr, c, len)          addr (unmapped bytes are skipped)
 *   other                               -1, errno ENOSYS (88)
 *
 * Guest fds 0, 1 and 2 are the console, as in QEMU: reads come from the
 * host's standard input, writes to fd 2 go to the host's standard error
 * and writes to 0 or 1 to its standard output; lseek on them fails with
 * ESPIPE; close() succeeds and frees the number (later use is EBADF).
 * A write of 0 bytes returns 0 (as the QEMU 7.2 of Debian 12 does; current
 * QEMU returns -1/EIO for the console).
 *
 * open() flags use the newlib/GDB values: O_RDONLY 0, O_WRONLY 1, O_RDWR
 * 2, O_APPEND 0x8, O_CREAT 0x200, O_TRUNC 0x400, O_EXCL 0x800 (other bits
 * are ignored); mode is passed to the host open() as is.
 *
 * A guest buffer that is not mapped memory makes the call fail with
 * EFAULT (14) before any host I/O happens; when only a later part of a
 * long buffer is unmapped, read and write stop there and return the byte
 * count done so far (QEMU drops the data of such a read silently).  Paths
 * longer than 4095 bytes fail with EINVAL (QEMU maps ENAMETOOLONG so).
 * At most 256 guest fds are open at once (then EMFILE).
 *
 * Units: addresses are guest addresses; sizes and offsets are bytes.
 */
#ifndef DSPSIM_SEMIHOST_H
#define DSPSIM_SEMIHOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Call numbers. */
enum {
    XT_SYS_EXIT = 1,
    XT_SYS_READ = 3,
    XT_SYS_WRITE = 4,
    XT_SYS_OPEN = 5,
    XT_SYS_CLOSE = 6,
    XT_SYS_LSEEK = 19,
    XT_SYS_SELECT_ONE = 29,
    XT_SYS_ARGC = 1000,
    XT_SYS_ARGV_SZ = 1001,
    XT_SYS_ARGV = 1002,
    XT_SYS_MEMSET = 1004,
};

/* Guest errno values (QEMU's Xtensa numbering). */
enum {
    XT_EPERM = 1,
    XT_ENOENT = 2,
    XT_ESRCH = 3,
    XT_EINTR = 4,
    XT_EIO = 5,
    XT_ENXIO = 6,
    XT_E2BIG = 7,
    XT_ENOEXEC = 8,
    XT_EBADF = 9,
    XT_ECHILD = 10,
    XT_EAGAIN = 11,
    XT_ENOMEM = 12,
    XT_EACCES = 13,
    XT_EFAULT = 14,
    XT_ENOTBLK = 15,
    XT_EBUSY = 16,
    XT_EEXIST = 17,
    XT_EXDEV = 18,
    XT_ENODEV = 19,
    XT_ENOTDIR = 20,
    XT_EISDIR = 21,
    XT_EINVAL = 22,
    XT_ENFILE = 23,
    XT_EMFILE = 24,
    XT_ENOTTY = 25,
    XT_ETXTBSY = 26,
    XT_EFBIG = 27,
    XT_ENOSPC = 28,
    XT_ESPIPE = 29,
    XT_EROFS = 30,
    XT_EMLINK = 31,
    XT_EPIPE = 32,
    XT_EDOM = 33,
    XT_ERANGE = 34,
    XT_ENOSYS = 88,
    XT_ELOOP = 92,
};

/* Guest open() flag bits. */
enum {
    XT_O_RDONLY = 0x0,
    XT_O_WRONLY = 0x1,
    XT_O_RDWR = 0x2,
    XT_O_APPEND = 0x8,
    XT_O_CREAT = 0x200,
    XT_O_TRUNC = 0x400,
    XT_O_EXCL = 0x800,
};

/* Host errno -> guest errno (0 -> 0; unknown -> XT_EINVAL). */
uint32_t xt_semihost_errno(int host_errno);
/* Guest open() flags -> host open() flags. */
int xt_semihost_open_flags(uint32_t guest_flags);

typedef struct xt_semihost_config {
    int stdin_fd; /* host fds of the console */
    int stdout_fd;
    int stderr_fd;
    int argc;                /* guest arguments for calls 1000-1002; */
    const char *const *argv; /* argv[0] is the program name */
} xt_semihost_config;

typedef struct xt_semihost xt_semihost;

/* cfg NULL means host fds 0/1/2 and no arguments.  The argument strings
 * are copied.  Returns NULL when out of memory. */
xt_semihost *xt_semihost_new(const xt_semihost_config *cfg);
/* Closes the host files the guest left open. */
void xt_semihost_free(xt_semihost *sh);

/* ---- CPU-independent core (unit-testable) ----------------------------- */

/* Guest memory accessors: return false when any byte of the range is not
 * accessible (nothing is guaranteed about partial transfers). */
typedef struct xt_semihost_mem {
    bool (*read)(void *user, uint32_t addr, void *dst, size_t n);
    bool (*write)(void *user, uint32_t addr, const void *src, size_t n);
    void *user;
} xt_semihost_mem;

typedef struct xt_semihost_regs {
    uint32_t a2, a3, a4, a5;
} xt_semihost_regs;

/* Perform the call in regs (a2..a5 in), leaving the results in a2/a3.
 * Returns true for exit(), with the status (a3) in *exit_status and the
 * registers untouched. */
bool xt_semihost_call(xt_semihost *sh, const xt_semihost_mem *mem,
                      xt_semihost_regs *regs, int *exit_status);

/* Number of calls performed so far. */
uint64_t xt_semihost_calls(const xt_semihost *sh);

/* The guest's descriptor table, for snapshots (`dspsim exec --snapshot-at`):
 * one byte per descriptor 0..XT_SEMIHOST_FDS-1, XT_SEMIHOST_FD_UNUSED,
 * _CONSOLE or _HOST (a host file the guest opened).  fd_kinds fills
 * kinds and returns how many host files are open; set_fd_kinds makes the
 * table unused/console as given (a host file cannot be reopened: false
 * and nothing changed if kinds holds one, or another value). */
#define XT_SEMIHOST_FDS 256
enum { XT_SEMIHOST_FD_UNUSED, XT_SEMIHOST_FD_CONSOLE, XT_SEMIHOST_FD_HOST };
unsigned xt_semihost_fd_kinds(const xt_semihost *sh,
                              uint8_t kinds[XT_SEMIHOST_FDS]);
bool xt_semihost_set_fd_kinds(xt_semihost *sh,
                              const uint8_t kinds[XT_SEMIHOST_FDS]);

/* ---- The I/O log (reverse execution) ---------------------------------- */
/* With the log on, every console read, write and select (fds 0..2 and
 * those the guest did not reopen) is logged: its results, and the bytes
 * a read gave.  Its position (calls logged so far) belongs to a
 * checkpoint; going back sets it back, and the calls from there to the
 * log's end are served from it: the guest reads what it read, sees the
 * results it saw, and nothing reaches the host twice; past the end the
 * calls reach the host again and are logged.  io_truncate makes the log
 * end at its position (the run takes another way from there: a debugger
 * changed the machine).  set_io_pos is false past the log's end or when
 * an allocation failed (the log is then broken). */
void xt_semihost_io_log(xt_semihost *sh, bool on);
uint64_t xt_semihost_io_pos(const xt_semihost *sh);
bool xt_semihost_set_io_pos(xt_semihost *sh, uint64_t pos);
void xt_semihost_io_truncate(xt_semihost *sh);

/* ---- CPU glue --------------------------------------------------------- */

/* Install sh as the XT_HOOK_SIMCALL hook of cpu (one per CPU).  exit()
 * calls xt_request_exit(cpu, status).  sh must outlive the hook. */
xt_err xt_semihost_install(xt_semihost *sh, xt_cpu *cpu, xt_hook *out);

#ifdef __cplusplus
}
#endif
#endif
