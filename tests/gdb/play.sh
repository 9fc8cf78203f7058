#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The real firmware under `dspsim play --gdb`: a debugger that stops at a
# breakpoint a few times, reads every register, catches a watchpoint and
# continues to the end changes neither the output WAV nor the simulated
# cycles (the board's event clock does not run while the debugger holds
# the target); nor does one that attaches to the running firmware (fast
# engine, 0.3 s into the run), stops at a breakpoint and a watchpoint,
# interrupts it and detaches.
# A kill ends `play` with exit 1, "killed by the debugger" and no output.
# `dspsim run` of a case with a control in mid-stream, stopped where the
# control is applied, gives the same output and cycles too.
# usage: play.sh DSPSIM GDB_CLIENT FW_AUDIO_ELF CASE.yaml WORKDIR
set -euo pipefail
dspsim=$1 client=$2 fw=$3 case=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v sox > /dev/null || fail "sox missing"
cycles() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1"; }
same() {   # same NAME: NAME.wav and NAME.txt as the plain run's
    cmp -s "$work/plain$2.wav" "$work/$1.wav" || fail "$1: output differs with the debugger"
    local pc gc
    pc=$(cycles "$work/plain$2.txt") gc=$(cycles "$work/$1.txt")
    [ -n "$pc" ] && [ "$pc" = "$gc" ] || fail "$1: cycles $pc without the debugger, $gc with it"
    echo "PASS $1: $pc cycles and the same output with the debugger"
}
sox -n -r 48000 -c 2 -b 16 "$work/in.wav" synth 0.05 sine 997 vol 0.5
sox -n -r 48000 -c 2 -b 16 "$work/long.wav" synth 90 sine 997 vol 0.5
play() {   # play IN OUT [options]
    local in=$1 out=$2; shift 2
    "$dspsim" play "$work/$in.wav" "$work/$out.wav" --set gain_db=-6 \
        --artifacts "$work/a-$out" "$@" > "$work/$out.txt"
}
play in plain
play long plain-long
"$client" bp-continue "$fw" "$work/c1" volume_copy 3 0 fw_sched_running -- \
    "$dspsim" play "$work/in.wav" "$work/bp.wav" --set gain_db=-6 \
    --artifacts "$work/a-bp" --gdb 0 --gdb-wait > "$work/bp.txt"
same bp ""
"$client" attach "$fw" "$work/c2" volume_copy fw_sched_running -- \
    "$dspsim" play "$work/long.wav" "$work/attach.wav" --set gain_db=-6 \
    --artifacts "$work/a-attach" --gdb 0 > "$work/attach.txt"
same attach -long
"$dspsim" run "$case" --out-dir "$work/run-plain" > "$work/run-plain.txt"
"$client" bp-continue "$fw" "$work/c3" eq_iir_set_control 1 0 -- \
    "$dspsim" run "$case" --out-dir "$work/run-gdb" --gdb 0 --gdb-wait \
    > "$work/run-gdb.txt"
for w in "$work"/run-plain/*.wav; do
    cmp -s "$w" "$work/run-gdb/${w##*/}" || fail "run: ${w##*/} differs with the debugger"
done
pc=$(cycles "$work/run-plain.txt") gc=$(cycles "$work/run-gdb.txt")
[ -n "$pc" ] && [ "$pc" = "$gc" ] || fail "run: cycles $pc without the debugger, $gc with it"
echo "PASS run: $pc cycles and the same outputs with the debugger"
"$client" kill "$fw" "$work/c4" 1 -- "$dspsim" play "$work/in.wav" \
    "$work/killed.wav" --artifacts "$work/a-killed" --gdb 0 --gdb-wait \
    > "$work/killed.txt"
grep -q "killed by the debugger" "$work/killed.txt" || fail "kill: no message"
[ ! -e "$work/killed.wav" ] || fail "kill: an output was written"
echo "PASS kill"
