#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A debugging session that changes no state (breakpoints, steps,
# watchpoints, register and memory reads) leaves the run's cycles and
# instructions as they are without a debugger, on both engines.
# usage: exec_cycles.sh DSPSIM GDB_CLIENT ELF WORKDIR
set -u
dspsim=$1 client=$2 elf=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
stats() { sed -n 's/.*"instructions":\([0-9]*\),"cycles":\([0-9]*\).*/\2 \1/p' "$1" | head -1; }
fail=0
"$dspsim" exec --stats "$elf" > /dev/null 2> "$work/plain.err"
plain=$(stats "$work/plain.err")
[ -n "$plain" ] || { echo "FAIL: no --stats line"; cat "$work/plain.err"; exit 1; }
for engine in fast interp; do
    "$client" session "$elf" "$work/$engine" -- "$dspsim" exec --engine "$engine" \
        --stats --gdb 0 --gdb-wait "$elf" || { fail=1; continue; }
    got=$(stats "$work/$engine/child.err")
    if [ "$got" != "$plain" ]; then
        echo "FAIL: $engine with a debugger: cycles/insns '$got', without '$plain'"
        fail=1
    fi
done
[ $fail = 0 ] && echo "PASS: $plain cycles/instructions with and without the debugger"
exit $fail
