/* SPDX-License-Identifier: BSD-3-Clause */
/* Semihosting core: call dispatch, guest fd table, errno and open-flag
 * translation (see dspsim/semihost.h).  No CPU dependency: guest memory is
 * reached through an xt_semihost_mem. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "dspsim/semihost.h"

#define MAX_GUEST_FDS  256    /* open() beyond this fails with EMFILE */
#define BOUNCE_SIZE    65536u /* host-side buffer for read and write */
#define GUEST_PATH_MAX 4096u  /* including the terminating NUL */

typedef enum fd_kind { FD_UNUSED = 0, FD_CONSOLE, FD_HOST } fd_kind;

typedef struct guest_fd {
    fd_kind kind;
    int host; /* FD_HOST: the host descriptor */
} guest_fd;

/* A console call of the I/O log: its results, and where the bytes a read
 * gave are in the log's data. */
typedef struct io_rec {
    uint32_t a2, a3;
    size_t off;
    uint32_t len;
} io_rec;

struct xt_semihost {
    int in_fd, out_fd, err_fd;
    int argc;
    char **argv;
    guest_fd fds[MAX_GUEST_FDS];
    uint64_t calls;
    /* the I/O log (xt_semihost_io_log) */
    bool log_on, log_broken;
    io_rec *log;
    size_t log_n, log_cap, log_pos;
    uint8_t *data;
    size_t data_len, data_cap;
    uint8_t bounce[BOUNCE_SIZE];
};

uint32_t xt_semihost_errno(int e)
{
    switch (e) {
    case 0:
        return 0;
    case EPERM:
        return XT_EPERM;
    case ENOENT:
        return XT_ENOENT;
    case ESRCH:
        return XT_ESRCH;
    case EINTR:
        return XT_EINTR;
    case EIO:
        return XT_EIO;
    case ENXIO:
        return XT_ENXIO;
    case E2BIG:
        return XT_E2BIG;
    case ENOEXEC:
        return XT_ENOEXEC;
    case EBADF:
        return XT_EBADF;
    case ECHILD:
        return XT_ECHILD;
    case EAGAIN:
        return XT_EAGAIN;
    case ENOMEM:
        return XT_ENOMEM;
    case EACCES:
        return XT_EACCES;
    case EFAULT:
        return XT_EFAULT;
#ifdef ENOTBLK
    case ENOTBLK:
        return XT_ENOTBLK;
#endif
    case EBUSY:
        return XT_EBUSY;
    case EEXIST:
        return XT_EEXIST;
    case EXDEV:
        return XT_EXDEV;
    case ENODEV:
        return XT_ENODEV;
    case ENOTDIR:
        return XT_ENOTDIR;
    case EISDIR:
        return XT_EISDIR;
    case EINVAL:
        return XT_EINVAL;
    case ENFILE:
        return XT_ENFILE;
    case EMFILE:
        return XT_EMFILE;
    case ENOTTY:
        return XT_ENOTTY;
#ifdef ETXTBSY
    case ETXTBSY:
        return XT_ETXTBSY;
#endif
    case EFBIG:
        return XT_EFBIG;
    case ENOSPC:
        return XT_ENOSPC;
    case ESPIPE:
        return XT_ESPIPE;
    case EROFS:
        return XT_EROFS;
    case EMLINK:
        return XT_EMLINK;
    case EPIPE:
        return XT_EPIPE;
    case EDOM:
        return XT_EDOM;
    case ERANGE:
        return XT_ERANGE;
    case ENOSYS:
        return XT_ENOSYS;
#ifdef ELOOP
    case ELOOP:
        return XT_ELOOP;
#endif
    default:
        return XT_EINVAL;
    }
}

int xt_semihost_open_flags(uint32_t g)
{
    int h;
    /* The access mode bits are tested one by one, WRONLY first. */
    if (g & XT_O_WRONLY)
        h = O_WRONLY;
    else if (g & XT_O_RDWR)
        h = O_RDWR;
    else
        h = O_RDONLY;
    if (g & XT_O_APPEND)
        h |= O_APPEND;
    if (g & XT_O_CREAT)
        h |= O_CREAT;
    if (g & XT_O_TRUNC)
        h |= O_TRUNC;
    if (g & XT_O_EXCL)
        h |= O_EXCL;
    return h;
}

xt_semihost *xt_semihost_new(const xt_semihost_config *cfg)
{
    xt_semihost *sh = calloc(1, sizeof(*sh));
    if (!sh)
        return NULL;
    sh->in_fd = cfg ? cfg->stdin_fd : STDIN_FILENO;
    sh->out_fd = cfg ? cfg->stdout_fd : STDOUT_FILENO;
    sh->err_fd = cfg ? cfg->stderr_fd : STDERR_FILENO;
    for (int i = 0; i < 3; i++)
        sh->fds[i].kind = FD_CONSOLE;
    int argc = cfg && cfg->argv && cfg->argc > 0 ? cfg->argc : 0;
    sh->argv = calloc((size_t)argc + 1, sizeof(char *));
    if (!sh->argv) {
        free(sh);
        return NULL;
    }
    for (int i = 0; i < argc; i++) {
        sh->argv[i] = strdup(cfg->argv[i] ? cfg->argv[i] : "");
        if (!sh->argv[i]) {
            sh->argc = i;
            xt_semihost_free(sh);
            return NULL;
        }
    }
    sh->argc = argc;
    return sh;
}

void xt_semihost_free(xt_semihost *sh)
{
    if (!sh)
        return;
    for (int i = 0; i < MAX_GUEST_FDS; i++)
        if (sh->fds[i].kind == FD_HOST)
            close(sh->fds[i].host);
    for (int i = 0; i < sh->argc; i++)
        free(sh->argv[i]);
    free(sh->argv);
    free(sh->log);
    free(sh->data);
    free(sh);
}

uint64_t xt_semihost_calls(const xt_semihost *sh)
{
    return sh ? sh->calls : 0;
}

_Static_assert(MAX_GUEST_FDS == XT_SEMIHOST_FDS, "the fd table's size");

unsigned xt_semihost_fd_kinds(const xt_semihost *sh,
                              uint8_t kinds[XT_SEMIHOST_FDS])
{
    unsigned host = 0;
    for (int i = 0; i < MAX_GUEST_FDS; i++) {
        fd_kind k = sh->fds[i].kind;
        kinds[i] = k == FD_HOST      ? XT_SEMIHOST_FD_HOST
                   : k == FD_CONSOLE ? XT_SEMIHOST_FD_CONSOLE
                                     : XT_SEMIHOST_FD_UNUSED;
        host += k == FD_HOST;
    }
    return host;
}

bool xt_semihost_set_fd_kinds(xt_semihost *sh,
                              const uint8_t kinds[XT_SEMIHOST_FDS])
{
    for (int i = 0; i < MAX_GUEST_FDS; i++)
        if (kinds[i] != XT_SEMIHOST_FD_UNUSED &&
            kinds[i] != XT_SEMIHOST_FD_CONSOLE)
            return false;
    for (int i = 0; i < MAX_GUEST_FDS; i++) {
        if (sh->fds[i].kind == FD_HOST)
            close(sh->fds[i].host);
        sh->fds[i].kind = kinds[i] == XT_SEMIHOST_FD_CONSOLE ? FD_CONSOLE
                                                             : FD_UNUSED;
    }
    return true;
}

/* ---- helpers ---------------------------------------------------------- */

static void done(xt_semihost_regs *r, int64_t ret, int host_errno)
{
    r->a2 = (uint32_t)ret;
    r->a3 = xt_semihost_errno(host_errno);
}

static guest_fd *get_fd(xt_semihost *sh, uint32_t fd)
{
    if (fd >= MAX_GUEST_FDS || sh->fds[fd].kind == FD_UNUSED)
        return NULL;
    return &sh->fds[fd];
}

/* Guest range [addr, addr + n) must not wrap around the address space. */
static bool mem_read(const xt_semihost_mem *m, uint32_t addr, void *dst,
                     size_t n)
{
    if ((uint64_t)addr + n > UINT64_C(0x100000000))
        return false;
    return n == 0 || m->read(m->user, addr, dst, n);
}

static bool mem_write(const xt_semihost_mem *m, uint32_t addr, const void *src,
                      size_t n)
{
    if ((uint64_t)addr + n > UINT64_C(0x100000000))
        return false;
    return n == 0 || m->write(m->user, addr, src, n);
}

static uint32_t clamp_len(uint32_t len)
{
    return len > INT32_MAX ? INT32_MAX : len;
}

/* ---- calls ------------------------------------------------------------ */

static void sys_read(xt_semihost *sh, const xt_semihost_mem *m,
                     xt_semihost_regs *r)
{
    guest_fd *f = get_fd(sh, r->a3);
    if (!f) {
        done(r, -1, EBADF);
        return;
    }
    bool console = f->kind == FD_CONSOLE;
    int hfd = console ? sh->in_fd : f->host;
    uint32_t buf = r->a4, len = clamp_len(r->a5), total = 0;

    while (total < len) {
        uint32_t n = len - total < BOUNCE_SIZE ? len - total : BOUNCE_SIZE;
        /* Probe the destination first so no input is lost on a fault. */
        if (!mem_read(m, buf + total, sh->bounce, n)) {
            if (total == 0) {
                done(r, -1, EFAULT);
                return;
            }
            break;
        }
        ssize_t got;
        do
            got = read(hfd, sh->bounce, n);
        while (got < 0 && errno == EINTR);
        if (got < 0) {
            if (total == 0) {
                done(r, -1, errno);
                return;
            }
            break;
        }
        if (got > 0 && !mem_write(m, buf + total, sh->bounce, (size_t)got)) {
            if (total == 0) {
                done(r, -1, EFAULT);
                return;
            }
            break;
        }
        total += (uint32_t)got;
        /* A short read ends the call; the console returns what one read
         * delivers, like a terminal. */
        if ((uint32_t)got < n || console)
            break;
    }
    done(r, total, 0);
}

static void sys_write(xt_semihost *sh, const xt_semihost_mem *m,
                      xt_semihost_regs *r)
{
    guest_fd *f = get_fd(sh, r->a3);
    if (!f) {
        done(r, -1, EBADF);
        return;
    }
    bool console = f->kind == FD_CONSOLE;
    uint32_t buf = r->a4, len = clamp_len(r->a5), total = 0;
    int hfd = console ? (r->a3 == 2 ? sh->err_fd : sh->out_fd) : f->host;

    while (total < len) {
        uint32_t n = len - total < BOUNCE_SIZE ? len - total : BOUNCE_SIZE;
        if (!mem_read(m, buf + total, sh->bounce, n)) {
            if (total == 0) {
                done(r, -1, EFAULT);
                return;
            }
            break;
        }
        uint32_t w = 0;
        while (w < n) {
            ssize_t k = write(hfd, sh->bounce + w, n - w);
            if (k < 0 && errno == EINTR)
                continue;
            if (k <= 0) {
                int e = k < 0 ? errno : EIO;
                if (total + w == 0) {
                    done(r, -1, e);
                    return;
                }
                done(r, total + w, 0);
                return;
            }
            w += (uint32_t)k;
        }
        total += n;
    }
    done(r, total, 0);
}

static void sys_open(xt_semihost *sh, const xt_semihost_mem *m,
                     xt_semihost_regs *r)
{
    char path[GUEST_PATH_MAX];
    size_t i;

    for (i = 0; i < GUEST_PATH_MAX; i++) {
        if (!mem_read(m, r->a3 + (uint32_t)i, &path[i], 1)) {
            done(r, -1, EFAULT);
            return;
        }
        if (path[i] == '\0')
            break;
    }
    if (i == GUEST_PATH_MAX) {
        done(r, -1, ENAMETOOLONG);
        return;
    }
    uint32_t slot;
    for (slot = 1; slot < MAX_GUEST_FDS; slot++)
        if (sh->fds[slot].kind == FD_UNUSED)
            break;
    if (slot == MAX_GUEST_FDS) {
        done(r, -1, EMFILE);
        return;
    }
    int h = open(path, xt_semihost_open_flags(r->a4) | O_CLOEXEC,
                 (mode_t)r->a5);
    if (h < 0) {
        done(r, -1, errno);
        return;
    }
    sh->fds[slot].kind = FD_HOST;
    sh->fds[slot].host = h;
    done(r, slot, 0);
}

static void sys_close(xt_semihost *sh, xt_semihost_regs *r)
{
    guest_fd *f = get_fd(sh, r->a3);
    if (!f) {
        done(r, -1, EBADF);
        return;
    }
    int ret = 0, e = 0;
    if (f->kind == FD_HOST && close(f->host) < 0) {
        ret = -1;
        e = errno;
    }
    f->kind = FD_UNUSED; /* freed even when the host close failed */
    done(r, ret, e);
}

static void sys_lseek(xt_semihost *sh, xt_semihost_regs *r)
{
    guest_fd *f = get_fd(sh, r->a3);
    if (!f) {
        done(r, -1, EBADF);
        return;
    }
    if (f->kind == FD_CONSOLE) {
        done(r, -1, ESPIPE);
        return;
    }
    off_t pos = lseek(f->host, (off_t)(int32_t)r->a4, (int)r->a5);
    if (pos < 0)
        done(r, -1, errno);
    else
        done(r, pos, 0);
}

static void sys_select_one(xt_semihost *sh, const xt_semihost_mem *m,
                           xt_semihost_regs *r)
{
    guest_fd *f = get_fd(sh, r->a3);
    if (!f) {
        done(r, -1, EBADF);
        return;
    }
    int timeout = -1; /* milliseconds; -1 = forever */
    if (r->a5) {
        uint8_t tv[8];
        if (!mem_read(m, r->a5, tv, sizeof(tv))) {
            done(r, -1, EFAULT);
            return;
        }
        uint32_t sec = tv[0] | tv[1] << 8 | tv[2] << 16 | (uint32_t)tv[3] << 24;
        uint32_t usec = tv[4] | tv[5] << 8 | tv[6] << 16 |
                        (uint32_t)tv[7] << 24;
        uint64_t ms = (uint64_t)sec * 1000u + (usec + 999u) / 1000u;
        timeout = ms <= INT32_MAX ? (int)ms : -1;
    }
    short want;
    switch (r->a4) {
    case 1:
        want = POLLIN;
        break;
    case 2:
        want = POLLOUT;
        break;
    case 3:
        want = POLLPRI;
        break;
    default:
        done(r, -1, EINVAL);
        return;
    }
    if (f->kind == FD_HOST) {
        /* Regular files never block. */
        done(r, want != POLLPRI, 0);
        return;
    }
    if (want == POLLOUT) {
        done(r, 1, 0);
        return;
    }
    if (want == POLLPRI) {
        done(r, 0, 0);
        return;
    }
    /* Console input: wait forever, or (any finite timeout, like QEMU)
     * just poll. */
    struct pollfd p = { .fd = sh->in_fd, .events = POLLIN };
    int n;
    do
        n = poll(&p, 1, timeout < 0 ? -1 : 0);
    while (n < 0 && errno == EINTR);
    done(r, n > 0, 0);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t argv_size(const xt_semihost *sh)
{
    uint32_t sz = (uint32_t)(sh->argc + 1) * 4u;
    for (int i = 0; i < sh->argc; i++)
        sz += (uint32_t)strlen(sh->argv[i]) + 1;
    return sz;
}

/* Writes are best effort: QEMU ignores faults here too. */
static void sys_argv(xt_semihost *sh, const xt_semihost_mem *m,
                     xt_semihost_regs *r)
{
    uint32_t base = r->a3;
    uint32_t str = (uint32_t)(sh->argc + 1) * 4u;
    uint8_t p[4];
    int i;

    for (i = 0; i < sh->argc; i++) {
        size_t len = strlen(sh->argv[i]) + 1;
        put32(p, base + str);
        mem_write(m, base + (uint32_t)i * 4u, p, 4);
        mem_write(m, base + str, sh->argv[i], len);
        str += (uint32_t)len;
    }
    put32(p, 0);
    mem_write(m, base + (uint32_t)i * 4u, p, 4);
    r->a3 = 0; /* a2 keeps the call number, as in QEMU */
}

static void sys_memset(xt_semihost *sh, const xt_semihost_mem *m,
                       xt_semihost_regs *r)
{
    uint32_t addr = r->a3, left = r->a5;
    memset(sh->bounce, (int)(r->a4 & 0xff), sizeof(sh->bounce));
    while (left > 0) {
        /* Page-sized steps: mapped regions are page-aligned, so a step is
         * wholly mapped or wholly skipped. */
        uint32_t room = XT_PAGE_SIZE - (addr & (XT_PAGE_SIZE - 1));
        uint32_t n = left < room ? left : room;
        mem_write(m, addr, sh->bounce, n);
        addr += n;
        left -= n;
    }
    r->a2 = r->a3;
    r->a3 = 0;
}

static void call(xt_semihost *sh, const xt_semihost_mem *mem,
                 xt_semihost_regs *r);

/* ---- the I/O log -------------------------------------------------------- */
static bool console_io(const xt_semihost *sh, const xt_semihost_regs *r)
{
    return (r->a2 == XT_SYS_READ || r->a2 == XT_SYS_WRITE ||
            r->a2 == XT_SYS_SELECT_ONE) &&
           r->a3 < MAX_GUEST_FDS && sh->fds[r->a3].kind == FD_CONSOLE;
}

static bool log_append(xt_semihost *sh, const xt_semihost_mem *m,
                       const xt_semihost_regs *r, uint32_t nr, uint32_t buf)
{
    if (sh->log_n == sh->log_cap) {
        size_t cap = sh->log_cap ? 2 * sh->log_cap : 256;
        io_rec *l = realloc(sh->log, cap * sizeof *l);
        if (!l)
            return false;
        sh->log = l;
        sh->log_cap = cap;
    }
    uint32_t len = nr == XT_SYS_READ && (int32_t)r->a2 > 0 ? r->a2 : 0;
    if (sh->data_len + len > sh->data_cap) {
        size_t cap = (sh->data_cap ? 2 * sh->data_cap : 4096) + len;
        uint8_t *d = realloc(sh->data, cap);
        if (!d)
            return false;
        sh->data = d;
        sh->data_cap = cap;
    }
    if (len && !mem_read(m, buf, sh->data + sh->data_len, len))
        return false;
    sh->log[sh->log_n++] = (io_rec){ r->a2, r->a3, sh->data_len, len };
    sh->data_len += len;
    sh->log_pos = sh->log_n;
    return true;
}

/* A console call with the log on: served from the log below its end (the
 * guest reads what it read, nothing is written twice), else done and
 * logged. */
static void logged_call(xt_semihost *sh, const xt_semihost_mem *m,
                        xt_semihost_regs *r)
{
    uint32_t nr = r->a2, buf = r->a4;
    if (sh->log_pos < sh->log_n) {
        const io_rec *e = &sh->log[sh->log_pos++];
        if (e->len)
            mem_write(m, buf, sh->data + e->off, e->len);
        r->a2 = e->a2;
        r->a3 = e->a3;
        return;
    }
    call(sh, m, r);
    if (!log_append(sh, m, r, nr, buf))
        sh->log_broken = true;
}

void xt_semihost_io_log(xt_semihost *sh, bool on)
{
    sh->log_on = on;
}

uint64_t xt_semihost_io_pos(const xt_semihost *sh)
{
    return sh->log_pos;
}

bool xt_semihost_set_io_pos(xt_semihost *sh, uint64_t pos)
{
    if (!sh->log_on || sh->log_broken || pos > sh->log_n)
        return false;
    sh->log_pos = (size_t)pos;
    return true;
}

void xt_semihost_io_truncate(xt_semihost *sh)
{
    sh->log_n = sh->log_pos;
    sh->data_len = sh->log_n
                       ? sh->log[sh->log_n - 1].off + sh->log[sh->log_n - 1].len
                       : 0;
}

bool xt_semihost_call(xt_semihost *sh, const xt_semihost_mem *mem,
                      xt_semihost_regs *r, int *exit_status)
{
    sh->calls++;
    if (r->a2 == XT_SYS_EXIT) {
        if (exit_status)
            *exit_status = (int)r->a3;
        return true;
    }
    if (sh->log_on && console_io(sh, r))
        logged_call(sh, mem, r);
    else
        call(sh, mem, r);
    return false;
}

static void call(xt_semihost *sh, const xt_semihost_mem *mem,
                 xt_semihost_regs *r)
{
    switch (r->a2) {
    case XT_SYS_READ:
        sys_read(sh, mem, r);
        break;
    case XT_SYS_WRITE:
        sys_write(sh, mem, r);
        break;
    case XT_SYS_OPEN:
        sys_open(sh, mem, r);
        break;
    case XT_SYS_CLOSE:
        sys_close(sh, r);
        break;
    case XT_SYS_LSEEK:
        sys_lseek(sh, r);
        break;
    case XT_SYS_SELECT_ONE:
        sys_select_one(sh, mem, r);
        break;
    case XT_SYS_ARGC:
        r->a2 = (uint32_t)sh->argc;
        r->a3 = 0;
        break;
    case XT_SYS_ARGV_SZ:
        r->a2 = argv_size(sh);
        r->a3 = 0;
        break;
    case XT_SYS_ARGV:
        sys_argv(sh, mem, r);
        break;
    case XT_SYS_MEMSET:
        sys_memset(sh, mem, r);
        break;
    default:
        r->a2 = (uint32_t)-1;
        r->a3 = XT_ENOSYS;
        break;
    }
}
