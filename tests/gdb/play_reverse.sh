#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Reverse execution on the real audio firmware under `dspsim play` and
# `dspsim run`: 1,000 steps back each checked against the registers and
# CCOUNT recorded going forward, bc to a breakpoint, to the start of the
# history, a watchpoint backwards; a write watchpoint on the buffer a DMA
# channel fills (the host endpoint's, found at the entry of
# host_transfer) stops naming the channel and its descriptor, forward,
# backwards and forward again; bc after bc across a mid-stream control
# (`run`, checkpoints every 20,000 cycles); a watchpoint on the mailbox
# stops at the host's write of that control, forward and backwards.  Each
# run, gone back and forward again, writes the same WAV files (and
# timeline and firmware.log for `run`) and ends with the same cycles as
# without a debugger.
# usage: play_reverse.sh DSPSIM GDB_CLIENT FW_AUDIO_ELF CASE.yaml WORKDIR
set -euo pipefail
dspsim=$1 client=$2 fw=$3 case=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v sox > /dev/null || fail "sox missing"
cycles() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1"; }
same() {   # same NAME: NAME.wav and NAME.txt as the plain run's
    cmp -s "$work/plain.wav" "$work/$1.wav" || fail "$1: output differs with the debugger"
    local pc gc
    pc=$(cycles "$work/plain.txt") gc=$(cycles "$work/$1.txt")
    [ -n "$pc" ] && [ "$pc" = "$gc" ] || fail "$1: cycles $pc without the debugger, $gc with it"
    echo "PASS $1: $pc cycles and the same output"
}
sox -D -n -r 48000 -c 2 -b 16 "$work/in.wav" synth 0.2 sine 997 vol 0.5
"$dspsim" play "$work/in.wav" "$work/plain.wav" --set gain_db=-6 > "$work/plain.txt"
"$client" reverse "$fw" "$work/c1" 1000 0 volume_copy fw_sched_running 0 later -- \
    "$dspsim" play "$work/in.wav" "$work/steps.wav" --set gain_db=-6 \
    --gdb 0 --gdb-wait > "$work/steps.txt"
same steps
"$client" dma-watch "$fw" "$work/c2" @host_transfer:3 0x40 - - 0 -- \
    "$dspsim" play "$work/in.wav" "$work/dma.wav" --set gain_db=-6 \
    --gdb 0 --gdb-wait > "$work/dma.txt"
same dma
"$dspsim" run "$case" --out-dir "$work/run-plain" > "$work/run-plain.txt"
"$client" bc-chain "$fw" "$work/c3" volume_copy volume_set_control 20 0 -- \
    "$dspsim" run "$case" --out-dir "$work/run-gdb" --gdb 0 --gdb-wait \
    --reverse-every 20000 > "$work/run-gdb.txt"
for w in "$work"/run-plain/*.wav "$work"/run-plain/timeline.json; do
    cmp -s "$w" "$work/run-gdb/${w##*/}" || fail "run: ${w##*/} differs with the debugger"
done
pc=$(cycles "$work/run-plain.txt") gc=$(cycles "$work/run-gdb.txt")
[ -n "$pc" ] && [ "$pc" = "$gc" ] || fail "run: cycles $pc without the debugger, $gc with it"
echo "PASS run: $pc cycles, the same outputs and timeline"
# the host's write of the mid-stream control into the mailbox (0x3ff00004:
# the command's id), seen by a watchpoint, forward, backwards, forward
"$client" dma-watch "$fw" "$work/c4" 0x3ff00004 0 host - 0 16000000 -- \
    "$dspsim" run "$case" --out-dir "$work/run-host" --gdb 0 --gdb-wait \
    > "$work/run-host.txt"
for w in "$work"/run-plain/*.wav "$work"/run-plain/timeline.json \
         "$work"/run-plain/firmware.log; do
    cmp -s "$w" "$work/run-host/${w##*/}" || fail "run, host write: ${w##*/} differs with the debugger"
done
gc=$(cycles "$work/run-host.txt")
[ "$pc" = "$gc" ] || fail "run, host write: cycles $pc without the debugger, $gc with it"
echo "PASS run, host write: $pc cycles, the same outputs, timeline and log"
