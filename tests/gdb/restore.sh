#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# --gdb with --restore (docs/debugging.md, "Debugging from a snapshot"):
# the debugger that waits (--gdb-wait) on a resumed run first sees the
# restored machine (the snapshot's PC and cycle, read from the snapshot
# with snapshot_inspect), its breakpoints stop the run after that point,
# and a session that only looks (registers, a variable, a single step)
# leaves the output bytes and the cycles those of the run never
# interrupted.  For `play` (a breakpoint in the volume component's copy)
# and for `run` of a case with a mid-stream control (a breakpoint where
# the control reaches the component, after the snapshot).
# usage: restore.sh DSPSIM GDB_CLIENT SNAPSHOT_INSPECT FW_AUDIO_ELF
#                   CASE.yaml WORKDIR
set -euo pipefail
dspsim=$1 client=$2 inspect=$3 fw=$4 case=$5 work=$6
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v sox > /dev/null || fail "sox missing"
cycles() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1"; }
same_cycles() {   # same_cycles WHAT PLAIN.txt OTHER.txt
    local a b
    a=$(cycles "$2") b=$(cycles "$3")
    [ -n "$a" ] && [ "$a" = "$b" ] || fail "$1: cycles $a in the whole run, $b resumed under the debugger"
}
# where a snapshot resumes: "PC CYCLE"
snap_at() {
    local out
    out=$("$inspect" "$fw" "$1") || fail "snapshot_inspect $1"
    local pc cyc
    pc=$(sed -n 's/^pc \(0x[0-9a-f]*\) .*/\1/p' <<< "$out")
    cyc=$(sed -n 's/^cycle \([0-9]*\)$/\1/p' <<< "$out")
    [ -n "$pc" ] && [ -n "$cyc" ] || fail "snapshot_inspect: $out"
    echo "$pc $cyc"
}

# play: whole run, a snapshot at 20,000,000 cycles, resumed under gdb
sox -n -r 48000 -c 2 -b 16 "$work/in.wav" synth 0.2 sine 997 vol 0.5
play() {   # play OUT [options]
    local out=$1; shift
    "$dspsim" play "$work/in.wav" "$work/$out.wav" --set gain_db=-6 \
        --artifacts "$work/a-$out" "$@"
}
play whole > "$work/whole.txt"
play snap --snapshot-at 20000000 "$work/play.snap" > "$work/snap.txt"
read -r pc cyc <<< "$(snap_at "$work/play.snap")"
"$client" restored "$fw" "$work/c-play" "$pc" "$cyc" volume_copy fw_sched_running 3 0 \
    -- "$dspsim" play "$work/in.wav" "$work/resumed.wav" --set gain_db=-6 \
    --artifacts "$work/a-resumed" --restore "$work/play.snap" \
    --gdb 0 --gdb-wait > "$work/resumed.txt"
grep -q "^PASS restored" "$work/resumed.txt" || fail "play: the client did not pass"
grep -q "^restored from a snapshot at cycle: $cyc" "$work/resumed.txt" ||
    fail "play: no restore in the summary"
cmp -s "$work/whole.wav" "$work/resumed.wav" || fail "play: output differs"
same_cycles play "$work/whole.txt" "$work/resumed.txt"
echo "PASS play: resumed at cycle $cyc (pc $pc) under the debugger, same output and $(cycles "$work/whole.txt") cycles"

# run: the case's control arrives after the snapshot; the breakpoint on
# volume_set_control catches it in the resumed run
"$dspsim" run "$case" --out-dir "$work/run-whole" > "$work/run-whole.txt"
"$dspsim" run "$case" --out-dir "$work/run-snap" \
    --snapshot-at 8000000 "$work/run.snap" > "$work/run-snap.txt"
read -r pc cyc <<< "$(snap_at "$work/run.snap")"
"$client" restored "$fw" "$work/c-run" "$pc" "$cyc" volume_set_control \
    fw_sched_running 1 0 -- "$dspsim" run "$case" --out-dir "$work/run-resumed" \
    --restore "$work/run.snap" --gdb 0 --gdb-wait > "$work/run-resumed.txt"
grep -q "^PASS restored" "$work/run-resumed.txt" || fail "run: the client did not pass"
n=0
for w in "$work"/run-whole/*.wav; do
    cmp -s "$w" "$work/run-resumed/${w##*/}" || fail "run: ${w##*/} differs"
    n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "run: no output"
same_cycles run "$work/run-whole.txt" "$work/run-resumed.txt"
echo "PASS run: resumed at cycle $cyc (pc $pc) under the debugger, same $n output(s) and $(cycles "$work/run-whole.txt") cycles"
