#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The several-core kernel on the board (smp.c): `dspsim board --race` on 4
# cores, both engines: PASS, exit 0, no race, the same console bytes;
# the image with core 1 panicking: exit 3, the panic decoded, said to be
# core 1's.
#
# usage: smp.sh DSPSIM SMP.elf SMP_PANIC.elf CORES4.yaml CORES1.yaml WORKDIR
set -u
. "$(dirname "$0")/../../cli/lib_expect.sh"
dspsim=$1 elf=$2 panic=$3 board4=$4 board1=$5 work=$6
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
for e in fast interp; do
    EXPECT_OUT=$e.out EXPECT_ERR=$e.err expect_rc 0 "smp on 4 cores ($e)" -- \
        env DSPSIM_ENGINE=$e "$dspsim" board --race --board "$board4" "$elf"
    has "$e.out" "PASS smp" "$e: PASS line"
    has "$e.out" "core 3: 50 calls" "$e: round trips to core 3"
    has "$e.out" "core 3: 20 notifications in order" "$e: notifications to core 3"
    has "$e.out" "core 0: notified by cores 1-3" "$e: notifications to core 0"
    if grep -q "race" "$e.err"; then
        fail "$e: races reported"
        sed 's/^/  | /' "$e.err"
    else
        ok "$e: no race reported"
    fi
done
if cmp -s fast.out interp.out; then
    ok "both engines print the same bytes (cycle counts included)"
else
    fail "fast and interp outputs differ"
fi
EXPECT_OUT=p.out EXPECT_ERR=p.err expect_rc 3 "core 1 panics" -- \
    "$dspsim" board --board "$board4" "$panic"
has p.err "on core 1" "the halt is core 1's"
has p.err "LoadStorePIFAddrError" "the panic record decoded"
has p.err "smp_read_config" "the faulting function named"
EXPECT_OUT=one.out EXPECT_ERR=one.err expect_rc 1 "one core: FAIL" -- \
    "$dspsim" board --board "$board1" "$elf"
has one.out "FAIL" "one core: the core count checked"
exit $((fails > 0))
