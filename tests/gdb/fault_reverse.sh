#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Reverse execution across scripted faults (docs/debugging.md, "Reverse
# execution"): for each fault case given, `dspsim run` under the
# debugger stops at the first pipeline_copy 200,000 cycles after the
# case's first fault fired (the cycle read from the run without a
# debugger), goes back N times with bc to the pipeline_copy stops before
# it — across the fault: the history restores the faults' places (board
# faults: their events, a stall, an armed descriptor error or doorbell
# fault, a storm's held line, the audio clock's drift; host faults: the
# next one to apply, a refill held or lost) — steps back and forth, then
# runs to the end: the WAVs, timeline and firmware.log are those of the
# run without a debugger, and so are the cycles.
# usage: fault_reverse.sh DSPSIM GDB_CLIENT FW_AUDIO_ELF N WORKDIR CASE.yaml...
set -euo pipefail
dspsim=$1 client=$2 fw=$3 n=$4 work=$5
shift 5
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
cycles() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1"; }
for case in "$@"; do
    name=$(basename "$case" .yaml)
    d=$work/$name
    mkdir -p "$d"
    "$dspsim" run "$case" --out-dir "$d/plain" > "$d/plain.txt" 2>&1 ||
        fail "$name: the run without a debugger failed"
    at=$(sed -n 's/^\[ *\([0-9]*\)\] fault .*/\1/p' "$d/plain.txt" | head -n 1)
    [ -n "$at" ] || fail "$name: no fault fired without the debugger"
    min=$((at + 200000))
    "$client" bc-chain "$fw" "$d/c" pipeline_copy pipeline_copy "$n" 0 "$min" -- \
        "$dspsim" run "$case" --out-dir "$d/gdb" --gdb 0 --gdb-wait \
        --reverse-every 20000 > "$d/gdb.txt" 2>&1 ||
        { tail -n 20 "$d/gdb.txt" >&2; fail "$name: the debugger's run"; }
    for f in "$d"/plain/*.wav "$d"/plain/timeline.json "$d"/plain/firmware.log; do
        [ -f "$f" ] || continue
        cmp -s "$f" "$d/gdb/${f##*/}" ||
            fail "$name: ${f##*/} differs after going back across the fault"
    done
    pc=$(cycles "$d/plain.txt") gc=$(cycles "$d/gdb.txt")
    [ -n "$pc" ] && [ "$pc" = "$gc" ] ||
        fail "$name: cycles $pc without the debugger, $gc with it"
    grep -q "stops at pipeline_copy" "$d/gdb.txt" ||
        fail "$name: the client did not go back"
    echo "PASS $name: fault at cycle $at, $n bc back across it, $pc cycles and the same outputs"
done
