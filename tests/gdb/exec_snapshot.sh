#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `dspsim exec --snapshot-at CYCLE FILE` / `--restore FILE`
# (docs/debugging.md, "Snapshots"): a guest snapshotted at three points
# (just after the start, in a round, near the end), each resumed with
# both engines, prints the end of the whole run's output and ends with its
# exit status, cycles and instructions; taking a snapshot changes nothing;
# a snapshot of a snapshot-resumed run resumes too; resumed under
# --gdb --gdb-wait, the debugger first sees the snapshot's pc and cycle.
# Then the refusals, exit 2 with a message: another program, other guest
# arguments, a truncated or corrupt file, a cycle past the end (no file),
# a guest with a host file open (no file), --lockstep, a --max-cycles not
# past the snapshot, a --snapshot-at before it.
# usage: exec_snapshot.sh DSPSIM GDB_CLIENT SNAP_TARGET SNAP_HOLD OTHER_ELF
#                         WORKDIR
set -euo pipefail
dspsim=$1 client=$2 elf=$3 hold=$4 other=$5 work=$6
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
# run NAME [options]: stdout in NAME.out, stderr in NAME.err, status NAME.rc
run() {
    local n=$1; shift
    local rc=0
    "$dspsim" exec --stats "$@" > "$work/$n.out" 2> "$work/$n.err" || rc=$?
    echo "$rc" > "$work/$n.rc"
}
# the counters of the --stats line
counters() { grep -o '"instructions":[0-9]*,"cycles":[0-9]*' "$work/$1.err"; }
same_end() {   # same_end NAME: status and counters of the whole run
    [ "$(cat "$work/$1.rc")" = "$(cat "$work/whole.rc")" ] ||
        fail "$1: exit status $(cat "$work/$1.rc"), the whole run's $(cat "$work/whole.rc")"
    [ "$(counters "$1")" = "$(counters whole)" ] ||
        fail "$1: $(counters "$1"), the whole run: $(counters whole)"
}
refused() {   # refused NAME TEXT: exit 2 and TEXT on stderr
    [ "$(cat "$work/$1.rc")" = 2 ] || fail "$1: exit status $(cat "$work/$1.rc"), expected 2"
    grep -qF -- "$2" "$work/$1.err" || fail "$1: no '$2' in: $(cat "$work/$1.err")"
}

run whole "$elf"
[ "$(cat "$work/whole.rc")" = 79 ] || fail "the guest exits $(cat "$work/whole.rc"), not 79"
run whole-interp --engine interp "$elf"
cmp -s "$work/whole.out" "$work/whole-interp.out" && same_end whole-interp ||
    fail "the engines disagree"
for at in 50000 1000000 1900000; do
    run "take-$at" --snapshot-at "$at" "$work/$at.snap" "$elf"
    cmp -s "$work/whole.out" "$work/take-$at.out" ||
        fail "taking a snapshot at $at changed the output"
    same_end "take-$at"
    c=$(sed -n 's/.*snapshot taken at cycle \([0-9]*\) (pc .*/\1/p' "$work/take-$at.err")
    [ -n "$c" ] && [ "$c" -ge "$at" ] && [ "$c" -lt $((at + 16)) ] ||
        fail "take-$at: $(cat "$work/take-$at.err")"
    for e in fast interp; do
        n=resume-$at-$e
        run "$n" --engine "$e" --restore "$work/$at.snap" "$elf"
        same_end "$n"
        # what the resumed run prints is the end of the whole run's output
        k=$(wc -c < "$work/$n.out")
        [ "$k" -gt 0 ] || [ "$at" = 1900000 ] || fail "$n: no output"
        tail -c "$k" "$work/whole.out" | cmp -s - "$work/$n.out" ||
            fail "$n: the output is not the end of the whole run's"
    done
done
echo "PASS resumed at 3 points with both engines: $(counters whole)"
# a snapshot of a resumed run
run chain --restore "$work/50000.snap" --snapshot-at 1500000 "$work/chain.snap" "$elf"
same_end chain
run chain-resume --restore "$work/chain.snap" "$elf"
same_end chain-resume
echo "PASS chained"
# the debugger on a resumed run
at=1000000
pc=$(sed -n 's/.*snapshot taken at cycle [0-9]* (pc \([0-9a-f]*\)).*/0x\1/p' "$work/take-$at.err")
c=$(sed -n 's/.*snapshot taken at cycle \([0-9]*\) (pc .*/\1/p' "$work/take-$at.err")
"$client" restored "$elf" "$work/c" "$pc" "$c" mix_round rounds_done 3 79 \
    -- "$dspsim" exec --stats --restore "$work/$at.snap" --gdb 0 --gdb-wait \
    "$elf" > "$work/gdb.out"
grep -q "^PASS restored" "$work/gdb.out" || fail "the client did not pass"
[ "$(counters whole)" = "$(grep -o '"instructions":[0-9]*,"cycles":[0-9]*' "$work/c/child.err")" ] ||
    fail "resumed under the debugger: other counters"
echo "PASS debugger on the restored state"

# refusals
run r-other --restore "$work/$at.snap" "$other"
refused r-other "made with another firmware image"
run r-args --restore "$work/$at.snap" "$elf" extra
refused r-args "made for another case"
head -c 5000 "$work/$at.snap" > "$work/short.snap"
run r-short --restore "$work/short.snap" "$elf"
refused r-short "truncated"
cp "$work/$at.snap" "$work/bad.snap"
printf '\xff\xff\xff\xff' | dd of="$work/bad.snap" bs=1 seek=2000 conv=notrunc 2> /dev/null
run r-bad --restore "$work/bad.snap" "$elf"
[ "$(cat "$work/r-bad.rc")" = 2 ] || fail "a corrupt snapshot: exit $(cat "$work/r-bad.rc")"
run r-end --snapshot-at 99999999 "$work/end.snap" "$elf"
refused r-end "beyond the run's end (it ended at cycle"
[ ! -e "$work/end.snap" ] || fail "a snapshot past the end was written"
run r-hold --snapshot-at 100000 "$work/hold.snap" "$hold"
refused r-hold "has 1 host file open"
[ ! -e "$work/hold.snap" ] || fail "a snapshot with a host file open was written"
run r-lock --lockstep --restore "$work/$at.snap" "$elf"
refused r-lock "--lockstep and snapshots cannot be combined"
run r-budget --max-cycles 500000 --restore "$work/$at.snap" "$elf"
refused r-budget "is not past $c, where the snapshot resumes"
run r-before --snapshot-at 10 "$work/x.snap" --restore "$work/$at.snap" "$elf"
refused r-before "is before cycle $c"
run r-cycle --snapshot-at 1x "$work/x.snap" "$elf"
refused r-cycle "not a cycle count"
run r-self --snapshot-at 10 "$elf" "$elf"
refused r-self "refused (it would be overwritten)"
echo "PASS refusals"
