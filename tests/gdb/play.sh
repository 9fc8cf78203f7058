#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The real firmware under `dspsim play --gdb`: a debugger that stops at a
# breakpoint a few times, reads every register, catches a watchpoint and
# continues to the end changes neither the output WAV nor the simulated
# cycles (the board's event clock does not run while the debugger holds
# the target).
# usage: play.sh DSPSIM GDB_CLIENT FW_AUDIO_ELF WORKDIR
set -euo pipefail
dspsim=$1 client=$2 fw=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v sox > /dev/null || fail "sox missing"
sox -n -r 48000 -c 2 -b 16 "$work/in.wav" synth 0.05 sine 997 vol 0.5
"$dspsim" play "$work/in.wav" "$work/plain.wav" --set gain_db=-6 \
    --artifacts "$work/a1" > "$work/plain.txt"
"$client" bp-continue "$fw" "$work/client" volume_copy 3 current -- "$dspsim" play "$work/in.wav" \
    "$work/gdb.wav" --set gain_db=-6 --artifacts "$work/a2" --gdb 0 --gdb-wait \
    > "$work/gdb.txt"
cmp -s "$work/plain.wav" "$work/gdb.wav" || fail "output differs with the debugger"
pc=$(sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$work/plain.txt")
gc=$(sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$work/gdb.txt")
[ -n "$pc" ] && [ "$pc" = "$gc" ] || fail "cycles $pc without the debugger, $gc with it"
echo "PASS: $pc cycles and the same output with the debugger"
