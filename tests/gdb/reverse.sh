#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Reverse execution on `dspsim exec` or `dspsim board` (gdb_client's
# reverse scenario) on both engines and with checkpoints far apart and
# close together: every step back lands on the registers recorded going
# forward, and the run, gone back and forward again, prints the same
# lines once and ends with the same cycles and instructions as without a
# debugger.
# usage: reverse.sh DSPSIM GDB_CLIENT exec|board ELF STEPS FUNCTION
#                   WATCH_SYMBOL WATCH_OFFSET WORKDIR
set -u
dspsim=$1 client=$2 sub=$3 elf=$4 steps=$5 fn=$6 wsym=$7 woff=$8 work=$9
rm -rf "$work" && mkdir -p "$work"
stats() { sed -n 's/.*"instructions":\([0-9]*\),"cycles":\([0-9]*\).*/\2 \1/p' "$1" | head -1; }
fail=0
"$dspsim" "$sub" --stats "$elf" > "$work/plain.out" 2> "$work/plain.err"
status=$?
plain=$(stats "$work/plain.err")
[ -n "$plain" ] || { echo "FAIL: no --stats line"; cat "$work/plain.err"; exit 1; }
for run in "fast adaptive" "interp adaptive" "fast 5000" "interp 20000"; do
    set -- $run
    engine=$1 every=$2
    opt=()
    [ "$every" = adaptive ] || opt=(--reverse-every "$every")
    dir="$work/$engine-$every"
    GDB_CLIENT_STDOUT="$dir.out" "$client" reverse "$elf" "$dir" "$steps" \
        "$status" "$fn" "$wsym" "$woff" -- \
        "$dspsim" "$sub" --engine "$engine" --stats --gdb 0 --gdb-wait \
        "${opt[@]}" "$elf" || { fail=1; continue; }
    got=$(stats "$dir/child.err")
    if [ "$got" != "$plain" ]; then
        echo "FAIL: $engine, checkpoints $every: cycles/insns '$got', without a debugger '$plain'"
        fail=1
    fi
    # the board's diagnostics (DMA errors) once each, as without it
    grep -v ': gdb: \|^{' "$dir/child.err" > "$dir.diag"
    grep -v '^{' "$work/plain.err" > "$work/plain.diag"
    if ! cmp -s "$dir.diag" "$work/plain.diag"; then
        echo "FAIL: $engine, checkpoints $every: the diagnostics differ from a run without a debugger:"
        diff "$work/plain.diag" "$dir.diag" | head -20
        fail=1
    fi
    if ! cmp -s "$dir.out" "$work/plain.out"; then
        echo "FAIL: $engine, checkpoints $every: the program's output differs from a run without a debugger:"
        diff "$work/plain.out" "$dir.out" | head -20
        fail=1
    fi
done
[ $fail = 0 ] && echo "PASS: $steps steps back and forth, $plain cycles/instructions and the output as without the debugger"
exit $fail
