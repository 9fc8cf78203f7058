/* SPDX-License-Identifier: BSD-3-Clause */
/* Panic on the board: the kernel's record (fw/panic.h) is copied into the
 * mailbox exception region as struct ipc_panic_record (plus file, line and
 * message of a failed FW_BOARD_ASSERT), the host's doorbell is rung with
 * IPC_NOTIFY_PANIC, and the kernel then halts with FW_PANIC_EXIT_STATUS
 * (fw_plat_exit -> HALT register). */
#include <stddef.h>
#include <stdint.h>
#include "board_internal.h"
#include "board_mmio.h"
#include "fw/arch.h"
#include "fw/console.h"
#include "fw/panic.h"
#include "fw/platform.h"
#include "fw_board.h"

_Static_assert(sizeof(struct fw_panic_record) == 176 &&
                   offsetof(struct ipc_panic_record, line) == 176 &&
                   offsetof(struct fw_panic_record, a) ==
                       offsetof(struct ipc_panic_record, a) &&
                   offsetof(struct fw_panic_record, stack) ==
                       offsetof(struct ipc_panic_record, stack) &&
                   FW_PANIC_MAGIC == IPC_PANIC_MAGIC &&
                   FW_PANIC_STACK_WORDS == IPC_PANIC_STACK_WORDS &&
                   FW_PANIC_CAUSE_SOFTWARE == IPC_PANIC_CAUSE_SOFTWARE &&
                   FW_PANIC_CAUSE_DOUBLE == IPC_PANIC_CAUSE_DOUBLE,
               "the kernel's panic record is the head of ipc_panic_record");

/* Set by fw_board_assert_fail just before fw_panic(). */
static const char *assert_file, *assert_expr;
static uint32_t assert_line;

/* Copy a string into a fixed field, NUL-padded; if too long keep the
 * tail (file names: the end is the useful part). */
static void put_str(volatile uint32_t *dst, uint32_t size, const char *s)
{
    uint32_t n = 0, i, w;
    const char *p;

    if (s)
        while (s[n])
            n++;
    p = n >= size ? s + (n - (size - 1)) : s;
    if (n >= size)
        n = size - 1;
    for (i = 0; i < size; i += 4) {
        w = 0;
        for (uint32_t b = 0; b < 4; b++)
            if (i + b < n)
                w |= (uint32_t)(uint8_t)p[i + b] << (8 * b);
        dst[i / 4] = w;
    }
}

void fw_plat_panic_sink(const struct fw_panic_record *rec)
{
    volatile uint32_t *m = board_mbox(IPC_MBOX_EXC_OFF);
    const uint32_t *w = (const uint32_t *)rec;
    uint32_t i;

    /* magic last: the host never sees a half-written valid record */
    m[0] = 0;
    for (i = 1; i < sizeof *rec / 4; i++)
        m[i] = w[i];
    m[offsetof(struct ipc_panic_record, line) / 4] = assert_line;
    put_str(m + offsetof(struct ipc_panic_record, file) / 4, IPC_PANIC_FILE_LEN,
            assert_file);
    put_str(m + offsetof(struct ipc_panic_record, msg) / 4, IPC_PANIC_MSG_LEN,
            assert_expr);
    m[0] = rec->magic;
    fw_board_log(IPC_LOG_ERROR, IPC_TRACE_ID_PANIC, rec->cause, rec->epc1);
    /* The D2H region may still hold an unacknowledged message: give the
     * host a bounded time, then ring anyway. */
    fw_board_d2h_wait_free(FW_BOARD_PANIC_ACK_WAIT);
    fw_board_d2h_ring(IPC_NOTIFY_PANIC);
}

/* Like fw_panic(), but the record points at the failed assertion: EPC1 =
 * the CALL0 to this function (return address - 3), a0 = that return
 * address, a1 and the stack dump = this function's stack pointer. */
void fw_board_assert_fail(const char *file, unsigned line, const char *expr)
{
    struct fw_panic_record *r = &fw_panic_rec;
    uint32_t ra = (uint32_t)(uintptr_t)__builtin_return_address(0);
    uint32_t sp;

    arch_irq_lock();
    __asm__ volatile("mov %0, a1" : "=r"(sp));
    assert_file = file;
    assert_line = line;
    assert_expr = expr;
    *r = (struct fw_panic_record){ 0 };
    r->cause = FW_PANIC_CAUSE_SOFTWARE;
    r->epc1 = ra - 3;
    r->info = line;
    r->a[0] = ra;
    r->a[1] = sp;
    r->stack_addr = sp;
    for (uint32_t i = 0; i < FW_PANIC_STACK_WORDS; i++)
        r->stack[i] = ((const uint32_t *)(uintptr_t)sp)[i];
    fw_printf("PANIC %s:%u: %s\n", file, line, expr);
    fw_panic_report(r);
}
