/* SPDX-License-Identifier: BSD-3-Clause */
/* Semihosting as the SIMCALL hook of an xt_cpu. */
#include "dspsim/semihost.h"

/* One xt_mem_read/xt_mem_write per page, so that no host access crosses a
 * region border. */
static bool cpu_read(void *user, uint32_t addr, void *dst, size_t n)
{
    uint8_t *p = dst;
    while (n > 0) {
        size_t room = XT_PAGE_SIZE - (addr & (XT_PAGE_SIZE - 1));
        size_t k = n < room ? n : room;
        if (xt_mem_read(user, addr, p, k) != XT_OK)
            return false;
        addr += (uint32_t)k;
        p += k;
        n -= k;
    }
    return true;
}

static bool cpu_write(void *user, uint32_t addr, const void *src, size_t n)
{
    const uint8_t *p = src;
    while (n > 0) {
        size_t room = XT_PAGE_SIZE - (addr & (XT_PAGE_SIZE - 1));
        size_t k = n < room ? n : room;
        if (xt_mem_write(user, addr, p, k) != XT_OK)
            return false;
        addr += (uint32_t)k;
        p += k;
        n -= k;
    }
    return true;
}

static void simcall_hook(xt_cpu *cpu, void *user)
{
    xt_semihost *sh = user;
    xt_semihost_mem mem = { cpu_read, cpu_write, cpu };
    xt_semihost_regs r = { 0, 0, 0, 0 };
    int status = 0;

    xt_reg_read(cpu, XT_REG_A0 + 2, &r.a2);
    xt_reg_read(cpu, XT_REG_A0 + 3, &r.a3);
    xt_reg_read(cpu, XT_REG_A0 + 4, &r.a4);
    xt_reg_read(cpu, XT_REG_A0 + 5, &r.a5);
    if (xt_semihost_call(sh, &mem, &r, &status)) {
        xt_request_exit(cpu, status);
        return;
    }
    xt_reg_write(cpu, XT_REG_A0 + 2, r.a2);
    xt_reg_write(cpu, XT_REG_A0 + 3, r.a3);
}

xt_err xt_semihost_install(xt_semihost *sh, xt_cpu *cpu, xt_hook *out)
{
    xt_hook h;
    if (!sh || !cpu)
        return XT_ERR_ARG;
    /* begin > end: the whole address space. */
    return xt_hook_add(cpu, out ? out : &h, XT_HOOK_SIMCALL,
                       (void *)simcall_hook, sh, 1, 0);
}
