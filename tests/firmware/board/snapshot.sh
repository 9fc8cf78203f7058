#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Snapshots of `dspsim board` runs (docs/debugging.md, "Snapshots"): the
# kernel's interrupt-storm test on the board, snapshotted at three points
# and resumed, with both engines: the run that takes a snapshot prints
# what the whole run prints; a resumed run prints the same trace markers
# from the snapshot's cycle on, the end of the same console output, the
# same exit status, cycles and instructions.  Then the refusals.
#   snapshot.sh DSPSIM STORM.elf OTHER.elf WORK
set -u
DSPSIM=$1 ELF=$2 OTHER=$3 WORK=$4
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 2
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
board() {       # NAME [options...]: the storm; NAME.out, NAME.err, NAME.rc
    local name=$1; shift
    "$DSPSIM" board --markers --stats "$@" "$ELF" >"$name.out" 2>"$name.err"
    echo $? >"$name.rc"
}
stat_of() { grep -o "\"$2\":[0-9]*" "$1.err" | cut -d: -f2; }

board whole
[ "$(cat whole.rc)" = 0 ] || { fail "whole run: exit $(cat whole.rc)"; exit 1; }
total=$(stat_of whole cycles)
grep '^marker ' whole.err >whole.markers
[ "$(wc -l <whole.markers)" -gt 1000 ] || fail "the storm left few markers"
for eng in fast interp; do
    for at in $((total / 4)) $((total / 2 + 1)) $((total * 3 / 4 + 7)); do
        s=s_${eng}_$at
        board "$s" --engine "$eng" --snapshot-at "$at" "$s.snap"
        [ "$(cat "$s.rc")" = 0 ] || fail "$s: exit $(cat "$s.rc")"
        cmp -s "$s.out" whole.out || fail "$s: its output differs"
        grep '^marker ' "$s.err" | cmp -s - whole.markers ||
            fail "$s: its markers differ"
        [ "$(stat_of "$s" cycles)" = "$total" ] || fail "$s: cycles differ"
        got=$(sed -n 's/^dspsim board: snapshot taken at cycle //p' "$s.err")
        [ -n "$got" ] && [ "$got" -ge "$at" ] && [ "$got" -lt $((at + 100)) ] ||
            fail "$s: taken at '$got', asked for $at"
        r=r_${eng}_$at
        board "$r" --engine "$eng" --restore "$s.snap"
        [ "$(cat "$r.rc")" = 0 ] || fail "$r: exit $(cat "$r.rc")"
        for k in cycles instructions; do
            [ "$(stat_of "$r" $k)" = "$(stat_of whole $k)" ] ||
                fail "$r: $k $(stat_of "$r" $k), the whole run $(stat_of whole $k)"
        done
        awk -v c="$got" '$5 >= c' whole.markers >want.markers
        grep '^marker ' "$r.err" | cmp -s - want.markers ||
            fail "$r: markers from cycle $got differ"
        [ -s "$r.out" ] || fail "$r: no output"
        tail -c "$(stat -c %s "$r.out")" whole.out | cmp -s - "$r.out" ||
            fail "$r: output is not the end of the whole run's"
    done
done
S=s_fast_$((total / 2 + 1)).snap
refused() {     # NAME TEXT -- board arguments...
    local name=$1 text=$2; shift 3
    "$DSPSIM" board "$@" >"$name.out" 2>"$name.err"
    local rc=$?
    [ $rc = 2 ] || fail "$name: exit $rc, want 2"
    grep -qF -- "$text" "$name.err" ||
        { fail "$name: '$text' not said"; sed 's/^/  | /' "$name.err"; }
}
refused other "made with another firmware image" -- --restore "$S" "$OTHER"
refused args "made for another case" -- --restore "$S" "$ELF" extra-arg
refused past "beyond the run's end" -- --snapshot-at $((total * 2)) past.snap "$ELF"
[ ! -e past.snap ] || fail "past: a file was left"
refused lock "cannot be combined" -- --lockstep --restore "$S" "$ELF"
refused budget "is not past cycle" -- --max-cycles 10 --restore "$S" "$ELF"
refused badcyc "not a cycle count" -- --snapshot-at x y.snap "$ELF"
refused self "refused" -- --snapshot-at 5 "$ELF" "$ELF"
[ $fails -eq 0 ] && echo "PASS board snapshots ($total cycles)" && exit 0
echo "$fails failure(s)"
exit 1
