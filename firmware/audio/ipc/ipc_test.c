/* SPDX-License-Identifier: BSD-3-Clause */
/* TEST command (issue 14, docs/ipc.md "TEST"): hooks that make the
 * firmware fail on purpose so its own failure detection can be tested.
 * STACK_OVERFLOW recurses on the IPC worker's stack; the kernel's stack
 * guard (fw/task.h) is what must catch it, nothing here checks. */
#include "buffer/audio_err.h"
#include "ipc_internal.h"

/* About STACK_FRAME bytes of stack per call: a 48-byte local array, the
 * return address and the frame's alignment (call0 ABI, 16-byte frames). */
#define STACK_FRAME 64u

static uint32_t __attribute__((noinline)) stack_burn(uint32_t frames)
{
    volatile uint32_t pad[12];

    for (unsigned i = 0; i < 12; i++)
        pad[i] = frames + i;
    if (frames > 1)
        return stack_burn(frames - 1) + pad[0]; /* not a tail call */
    return pad[11];
}

int aud_cmd_test(struct aud_req *r)
{
    uint32_t op = aud_u32(r, 16), arg = aud_u32(r, 20);

    if (op != IPC_AUD_TEST_STACK_OVERFLOW)
        return aud_fail(r, AUD_E_INVAL, 16);
    if (arg < 64u || arg > 8192u || arg > aud_plat->test_stack_max)
        return aud_fail(r, AUD_E_RANGE, 20);
    (void)stack_burn(arg / STACK_FRAME);
    return 0;
}
