/* SPDX-License-Identifier: BSD-3-Clause */
/* Trivial guest: bench/run.sh times it to measure QEMU's start-up cost. */
int main(void)
{
    return 0;
}
