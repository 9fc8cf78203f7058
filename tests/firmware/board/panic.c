/* SPDX-License-Identifier: BSD-3-Clause */
/* Board panic: a task dereferences a bad pointer (0x10, not mapped on the
 * board). The kernel must record the fault in the mailbox exception
 * region and ring the host (IPC_NOTIFY_PANIC), then halt with
 * FW_PANIC_EXIT_STATUS. fw_board_check decodes the record: cause, EXCVADDR
 * 0x10, EPC1 inside read_config_word(), the task id. With
 * -DFW_TEST_ASSERT the task fails an FW_BOARD_ASSERT instead: cause
 * SoftwarePanic with this file, the line and the expression. */
#include <stdint.h>
#include "check.h"
#include "fw/kernel.h"
#include "fw/task.h"
#include "fw_board.h"

static struct fw_task t;
static uint8_t stack[1024] __attribute__((aligned(16)));
uint32_t *volatile fw_test_config_ptr = (uint32_t *)0x10;

/* external and not inlined: the test finds its name in the backtrace */
uint32_t read_config_word(const uint32_t *p);
uint32_t __attribute__((noinline)) read_config_word(const uint32_t *p)
{
    return *(const volatile uint32_t *)p;
}

static void bad_job(void *arg)
{
    (void)arg;
#ifdef FW_TEST_ASSERT
    FW_BOARD_ASSERT(fw_test_config_ptr == NULL); /* line 30: checked */
#else
    fw_printf("read %x\n", (unsigned)read_config_word(fw_test_config_ptr));
#endif
    fw_printf("FAIL the bad access returned\n");
}

int main(void)
{
    struct fw_task_config c = { .name = "bad",
                                .job = bad_job,
                                .stack = stack,
                                .stack_size = sizeof stack,
                                .period = 0,
                                .deadline = 100000 };

    fw_kernel_init();
    CHECK(fw_task_init(&t, &c) == 0, "init");
    fw_board_ready();
    fw_task_release(&t); /* preempts main (the idle task) */
    fw_printf("FAIL the faulting task returned\n");
    fw_kernel_exit(1);
}
