/* SPDX-License-Identifier: BSD-3-Clause */
/* Panic path: a task loads from unmapped address 0x00000010. The kernel
 * must record cause 15 (LoadStorePIFAddrError), EPC1 = the faulting load,
 * EXCVADDR = 0x10, the task's registers and stack, print the record and
 * exit with FW_PANIC_EXIT_STATUS. The program announces the expected
 * fields as EXPECT lines; run_fw.sh matches them against the PANIC lines. */
#include <stdint.h>
#include "check.h"
#include "fw/kernel.h"
#include "fw/panic.h"
#include "fw/task.h"
#include "fw/timer.h"

extern const char fw_test_bad_load[];
static struct fw_task t;
static uint8_t stack[1024] __attribute__((aligned(16)));

static void __attribute__((noinline)) bad_job(void *arg)
{
    uint32_t v;

    (void)arg;
    fw_printf("EXPECT cause=15\n");
    fw_printf("EXPECT epc1=0x%08x\n", (unsigned)(uintptr_t)fw_test_bad_load);
    fw_printf("EXPECT excvaddr=0x00000010\n");
    fw_printf("EXPECT task=%u\n", (unsigned)t.id);
    fw_printf("EXPECT a3=0x00000010\n"); /* the base register */
    __asm__ volatile("movi a3, 0x10\n"
                     ".global fw_test_bad_load\n"
                     "fw_test_bad_load:\n"
                     "l32i %0, a3, 0\n"
                     : "=a"(v)
                     :
                     : "a3", "memory");
    fw_printf("FAIL load from 0x10 returned %x\n", (unsigned)v);
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
    fw_task_release(&t); /* preempts main (the idle task) */
    fw_printf("FAIL the faulting task returned\n");
    fw_kernel_exit(1);
}
