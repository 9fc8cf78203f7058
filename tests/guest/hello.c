/* SPDX-License-Identifier: BSD-3-Clause */
#include "semihost.h"
int main(void)
{
    sh_puts("hello from the guest\n");
    return 3;
}
