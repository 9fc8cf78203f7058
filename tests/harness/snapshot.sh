#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Snapshots and replay (issue 13, docs/debugging.md "Snapshots"): a
# playback case with a mid-stream control (a volume ramp sent over IPC at
# 50 ms) is snapshotted at several points, among them one with a DMA
# transfer in flight and one inside an interrupt handler, and each
# snapshot resumed to the end, with both engines: every resumed run, and
# every run that took a snapshot, gives the same output bytes and final
# cycles as the uninterrupted run.  Then the refusals: another firmware,
# a corrupt, truncated or other-version file, another case; bad options.
#   snapshot.sh DSPSIM INSPECT FIRMWARE CASE WORK
# INSPECT: tools/snapshot_inspect (where a snapshot was taken: PC and its
# function, PS, EXCCAUSE, DMA channels in flight).  The points are chosen
# from the run's timeline (DMA transfers, the control's commands) and
# the property each must have is checked on the snapshot itself, so the
# test cannot drift into checking a point of another kind.
set -u
. "$(dirname "$0")/../cli/lib_expect.sh"
DSPSIM=$1 INSPECT=$2 FW=$3 CASE=$4 WORK=$5
OUT=vol_ramp.wav
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 2

# run NAME [options...]: `dspsim run` of the case into NAME/; NAME.out,
# NAME.err, NAME.rc
run() {
    local name=$1; shift
    "$DSPSIM" run "$CASE" --out-dir "$name" "$@" >"$name.out" \
        2>"$name.err"
    echo $? >"$name.rc"
}
rc_of() { cat "$1.rc"; }
cycles_of() { sed -n 's/^simulated cycles: \([0-9]*\).*/\1/p' "$1.out"; }
# same NAME BASE WHAT: NAME passed with BASE's output bytes and cycles
same() {
    if [ "$(rc_of "$1")" != 0 ]; then
        fail "$3: exit $(rc_of "$1")"; sed 's/^/  | /' "$1.out" "$1.err"
        return
    fi
    cmp -s "$1/$OUT" "$2/$OUT" || fail "$3: output differs from the whole run"
    [ "$(cycles_of "$1")" = "$(cycles_of "$2")" ] ||
        fail "$3: $(cycles_of "$1") cycles, the whole run $(cycles_of "$2")"
}
inspect() { "$INSPECT" "$FW" "$@" >"$1.txt" 2>&1 || {
    fail "inspect $1"; sed 's/^/  | /' "$1.txt"; }; }
field() { sed -n "s/^$2 \([^ ]*\).*/\1/p" "$1.txt"; }
# in an interrupt handler: the last exception was a level-1 interrupt
# (EXCCAUSE 4) and the CPU is in the vector or entry code (PS.EXCM) or in
# the C handler the entry code runs with PS = PS_HANDLER (kernel mode,
# INTLEVEL 1; firmware/arch/xtensa/entry.S), while tasks run with PS.UM
# set whatever their INTLEVEL
in_handler() {
    grep -q "exccause 4$" "$1.txt" || return 1
    grep -q " excm 1 " "$1.txt" ||
        grep -q " intlevel [1-9][0-9]* excm 0 um 0 " "$1.txt"
}

# the whole run, with each engine
run base_fast --engine fast
run base_interp --engine interp
[ "$(rc_of base_fast)" = 0 ] || { fail "whole run: exit $(rc_of base_fast)";
    sed 's/^/  | /' base_fast.out base_fast.err; exit 1; }
same base_interp base_fast "the interpreter's whole run"

# the timeline: DMA transfers (start cycle, duration) and the control
TL=base_fast/timeline.json
hz=160000000
ctl=$(grep '"name": "AUD_SET_CONTROL' "$TL" | head -1 |
      sed 's/.*"cycle": \([0-9]*\).*/\1/')
[ -n "$ctl" ] || { fail "no SET_CONTROL in the timeline"; exit 1; }
grep '"name": "transfer"' "$TL" |
    sed 's/.*"dur": \([0-9.]*\).*"cycle": \([0-9]*\).*/\2 \1/' |
    awk -v hz=$hz '{ printf "%d %d\n", $1, $2 * hz / 1e6 + 0.5 }' >transfers
[ -s transfers ] || { fail "no DMA transfers in the timeline"; exit 1; }

# probe AT NAME: a snapshot requested at AT (fast engine), inspected
probe() {
    run "$2" --engine fast --snapshot-at "$1" "$2.bin"
    [ "$(rc_of "$2")" = 0 ] && inspect "$2.bin"
}
# point A: mid-DMA transfer, before the control (the restored run must
# still send it); the first candidate whose snapshot has one in flight
A=
while read -r start dur; do
    [ "$start" -gt $((ctl - 4000000)) ] && [ "$start" -lt $((ctl - 500000)) ] ||
        continue
    at=$((start + dur / 2))
    probe "$at" probeA && [ "$(field probeA.bin dma_in_flight)" -ge 1 ] &&
        { A=$at; break; }
done <transfers
[ -n "$A" ] || fail "no point with a DMA transfer in flight found"
# point B: inside an interrupt handler, during the ramp the control
# started: just after a period's release, which the kernel's timer
# interrupt handler does (the "period" spans of the timeline)
grep '"name": "period"' "$TL" | sed 's/.*"cycle": \([0-9]*\).*/\1/' >releases
B=
n=0
while read -r rel && [ -z "$B" ] && [ $n -lt 6 ]; do
    [ "$rel" -gt $((ctl + 300000)) ] || continue
    n=$((n + 1))
    for off in 3 16 60; do
        probe $((rel + off)) probeB && in_handler probeB.bin &&
            { B=$((rel + off)); break; }
    done
done <releases
[ -n "$B" ] || fail "no point inside an interrupt handler found"
[ -n "$A" ] && [ -n "$B" ] || exit 1
# point C: while the control's commands await their replies: not a point
# to resume from, so the snapshot comes at the next one, past both
# SET_CONTROLs of the control
C=$((ctl + 5))

for eng in fast interp; do
    i=0
    for at in $A $B $C; do
        i=$((i + 1))
        s=snap_${eng}_$i
        run "$s" --engine "$eng" --snapshot-at "$at" "$s.bin"
        same "$s" base_fast "$eng: the run taking snapshot $i (cycle $at)"
        [ -f "$s.bin" ] || { fail "$eng: no snapshot $i"; continue; }
        inspect "$s.bin"
        got=$(field "$s.bin" cycle)
        [ -n "$got" ] && [ "$got" -ge "$at" ] ||
            fail "$eng: snapshot $i at cycle '$got', asked for $at"
        case $i in
        1) [ "$(field "$s.bin" dma_in_flight)" -ge 1 ] ||
               fail "$eng: snapshot 1: no DMA transfer in flight" ;;
        2) in_handler "$s.bin" ||
               { fail "$eng: snapshot 2: not in an interrupt handler";
                 sed 's/^/  | /' "$s.bin.txt"; } ;;
        3) grep -q "^phase 1 next_ctl 2$" "$s.bin.txt" ||
               { fail "$eng: snapshot 3: not after the control's two sets";
                 sed 's/^/  | /' "$s.bin.txt"; } ;;
        esac
        run "rest_${eng}_$i" --engine "$eng" --restore "$s.bin"
        same "rest_${eng}_$i" base_fast "$eng: resumed from snapshot $i"
        grep -q "^restored from a snapshot at cycle: $got$" \
            "rest_${eng}_$i.out" || fail "$eng: resume $i: no restore line"
    done
done
# a snapshot of one engine resumed by the other
run cross --engine interp --restore snap_fast_2.bin
same cross base_fast "interp resuming the fast engine's snapshot 2"

# `dspsim play`: an SRC pipeline (its run streams on past the input for
# the SRC group delay: the phase after the input's end), snapshotted in
# the stream and in that last phase, resumed into another output file
IN=$(sed -n 's/^ *music: {input: \(.*\)}$/\1/p' "$CASE")
case $IN in /*) ;; *) IN=$(dirname "$CASE")/$IN ;; esac
play() { "$DSPSIM" play "$IN" "$@" --pipeline src --set out_rate=44100 \
             --artifacts play_art; }
play p_full.wav >p_full.out 2>&1 || fail "play: exit $?"
total=$(cycles_of p_full)
p=0
for at in 20000000 $((total - 1200000)) $((total - 1000000)) \
          $((total - 800000)); do
    play p_snap.wav --snapshot-at "$at" p.bin >p_snap.out 2>&1 || continue
    inspect p.bin 11289600          # the 44.1 kHz family's audio clock
    ph=$(field p.bin phase)
    [ "$at" = 20000000 ] || [ "$ph" = 3 ] || continue
    p=$((p + 1))
    cmp -s p_snap.wav p_full.wav || fail "play: the run snapshotted at $at differs"
    play p_rest.wav --restore p.bin >p_rest.out 2>&1 || fail "play: resume: exit $?"
    cmp -s p_rest.wav p_full.wav || fail "play: resumed from $at (phase $ph): output differs"
    [ "$(cycles_of p_rest)" = "$total" ] || fail "play: resumed from $at: cycles differ"
    [ "$ph" = 3 ] && break
done
[ $p = 2 ] || fail "play: no snapshot in the stream and after the input's end ($p)"

# refusals: each exits 2 with a message naming the problem, and no output
refused() {     # NAME TEXT WHAT -- options...
    local name=$1 text=$2 what=$3; shift 4
    run "$name" "$@"
    [ "$(rc_of "$name")" = 2 ] || fail "$what: exit $(rc_of "$name"), want 2"
    grep -qF -- "$text" "$name.err" ||
        { fail "$what: '$text' not said"; sed 's/^/  | /' "$name.err"; }
    [ ! -f "$name/$OUT" ] || fail "$what: output written"
}
S=snap_fast_1.bin
# another firmware image: a copy with one byte more
cp "$FW" other.elf && printf 'x' >>other.elf
refused r_fw "made with another firmware image" "another firmware" -- \
    --firmware other.elf --restore $S
# the case's firmware: a case naming the other image
sed "/^name:/a firmware: $PWD/other.elf" "$CASE" >"$(dirname "$CASE")/.snapshot_fw.yaml"
"$DSPSIM" run "$(dirname "$CASE")/.snapshot_fw.yaml" --out-dir r_fw2 -q \
    --restore $S >r_fw2.out 2>r_fw2.err
[ $? = 2 ] && grep -qF "made with another firmware image" r_fw2.err ||
    { fail "a case naming another firmware: not refused"; sed 's/^/  | /' r_fw2.err; }
rm -f "$(dirname "$CASE")/.snapshot_fw.yaml"
# corrupt: one byte of the state flipped
cp $S corrupt.bin
printf '\xff' | dd of=corrupt.bin bs=1 seek=4000 conv=notrunc status=none
refused r_corrupt "corrupt (the checksum" "a corrupt snapshot" -- --restore corrupt.bin
# truncated
head -c 100000 $S >short.bin
refused r_short "truncated or padded" "a truncated snapshot" -- --restore short.bin
head -c 20 $S >tiny.bin
refused r_tiny "truncated header" "a snapshot cut in its header" -- --restore tiny.bin
# another format version (bytes 8..11)
cp $S version.bin
printf '\x63\x00\x00\x00' | dd of=version.bin bs=1 seek=8 conv=notrunc status=none
refused r_version "format version 99; this dspsim reads version 1" \
    "another format version" -- --restore version.bin
# another build (the build id, bytes 12..27)
cp $S build.bin
printf '0123456789abcdef' | dd of=build.bin bs=1 seek=12 conv=notrunc status=none
refused r_build "made by another build of dspsim" "another build" -- --restore build.bin
# not a snapshot
refused r_magic "not a dspsim snapshot" "not a snapshot" -- --restore "$CASE"
# another case: the same pipeline with a different gain
OTHER=$(dirname "$CASE")/.snapshot_other.yaml
sed 's/gain_db: -6/gain_db: -7/' "$CASE" >"$OTHER"
"$DSPSIM" run "$OTHER" --out-dir r_case -q --restore $S >r_case.out 2>r_case.err
[ $? = 2 ] && grep -qF "made for another case" r_case.err ||
    { fail "another case: not refused"; sed 's/^/  | /' r_case.err; }
rm -f "$OTHER"
# a case with scripted faults: its armed faults are not in a snapshot, so
# neither taking nor resuming one is allowed (never a different resume)
FAULTS=$(dirname "$CASE")/fault_clock_step.yaml
"$DSPSIM" run "$FAULTS" --out-dir r_faults -q --snapshot-at 1000 faults.bin \
    >r_faults.out 2>r_faults.err
[ $? != 0 ] && cat r_faults.out r_faults.err | grep -qF "not supported for a case with faults:" &&
    [ ! -e faults.bin ] ||
    { fail "a case with faults: --snapshot-at not refused"; sed 's/^/  | /' r_faults.err; }
"$DSPSIM" run "$FAULTS" --out-dir r_faults2 -q --restore $S \
    >r_faults2.out 2>r_faults2.err
[ $? = 2 ] && cat r_faults2.out r_faults2.err | grep -qF "not supported for a case with faults:" ||
    { fail "a case with faults: --restore not refused"; sed 's/^/  | /' r_faults2.err; }

# options: bad cycles, unwritable file, a cycle past the run: exit, no file
refused o_neg "not a cycle count" "a negative cycle" -- --snapshot-at -5 x.bin
refused o_word "not a cycle count" "a cycle that is a word" -- --snapshot-at 1e6 x.bin
refused o_big "too large" "a cycle beyond 64 bits" -- \
    --snapshot-at 99999999999999999999 x.bin
refused o_dir "" "a snapshot file in a missing directory" -- \
    --snapshot-at 1000 nodir/x.bin
refused o_miss "needs a cycle and a file" "--snapshot-at without a file" -- \
    --snapshot-at 1000
refused o_self "" "the snapshot over the snapshot restored" -- \
    --restore $S --snapshot-at 9000000 $S
refused o_nofile "No such file" "--restore of a missing file" -- --restore none.bin
[ ! -e x.bin ] || fail "a refused option left x.bin"
run o_past --snapshot-at 999999999999 past.bin
[ "$(rc_of o_past)" = 1 ] || fail "a cycle past the end: exit $(rc_of o_past), want 1"
grep -q "beyond the run's end" o_past.out ||
    { fail "a cycle past the end: not said"; sed 's/^/  | /' o_past.out; }
[ ! -e past.bin ] || fail "a cycle past the end left a file"
ls .*.tmp-* >/dev/null 2>&1 && fail "temporary files left behind"

[ $fails -eq 0 ] && echo "PASS snapshot: points A=$A B=$B C=$C" && exit 0
echo "$fails failure(s)"
exit 1
