#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# --profile on a board of 2 cores (docs/profile.md, "Several cores"): a
# callgrind file per core — FILE for core 0 ("thread: 1"), FILE-02 for
# core 1 ("thread: 2") — each opening in callgrind_annotate without
# warnings; core 1's has secondary_main and not main, core 0's main and
# not secondary_main; the console and exit status are those of the run
# without a profile.
# usage: profile_cores.sh DSPSIM BOARD_YAML SMP_DOORBELL_ELF WORKDIR
set -euo pipefail
dspsim=$1 board=$2 elf=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v callgrind_annotate >/dev/null || fail "callgrind_annotate missing (valgrind)"
set +e
"$dspsim" board --board "$board" "$elf" > "$work/plain.out" 2>&1
st0=$?
"$dspsim" board --board "$board" --profile "$work/prof" "$elf" > "$work/prof.out" 2>&1
st1=$?
set -e
[ "$st0" = "$st1" ] || fail "exit status $st0 without a profile, $st1 with one"
cmp -s "$work/plain.out" "$work/prof.out" || fail "the console differs with a profile"
[ -f "$work/prof" ] && [ -f "$work/prof-02" ] || fail "no file per core: $(ls "$work")"
[ ! -e "$work/prof-03" ] || fail "a file for a core the board lacks"
for f in prof:1 prof-02:2; do
    file=$work/${f%%:*} thread=${f##*:}
    grep -qx "thread: $thread" "$file" || fail "$file: no 'thread: $thread' line"
    callgrind_annotate "$file" > "$file.txt" 2>&1 || fail "callgrind_annotate failed on $file"
    ! grep -qi warning "$file.txt" || fail "callgrind_annotate warns about $file"
done
# the functions each core ran (the cost blocks' fn= lines)
grep -qx "fn=secondary_main" "$work/prof-02" || fail "core 1's profile lacks secondary_main"
! grep -qx "fn=main" "$work/prof-02" || fail "core 1's profile has main"
grep -qx "fn=main" "$work/prof" || fail "core 0's profile lacks main"
! grep -qx "fn=secondary_main" "$work/prof" || fail "core 0's profile has secondary_main"
echo "PASS: a profile per core ($(grep -c '^fn=' "$work/prof") and $(grep -c '^fn=' "$work/prof-02") functions), same console and exit status $st0"
