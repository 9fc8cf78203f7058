#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# --max-insns / --max-cycles on a guest that never ends: exit status 124,
# a clear message and the machine-state report on stderr; --stats JSON.
# usage: budget.sh DSPSIM LOOP_ELF
set -u
. "$(dirname "$0")/lib_expect.sh"
dspsim=$1 elf=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

"$dspsim" exec --max-insns 10000 --stats "$elf" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/err"
expect "exit status 124 (got $rc)" [ $rc -eq 124 ]
expect "guest stdout passes through" \
    [ "$(cat "$tmp/out")" = "looping" ]
expect "budget message" grep -q \
    "instruction budget exhausted: 10000 instructions executed (--max-insns 10000)" \
    "$tmp/err"
expect "pc line with symbol" grep -qE '^  pc +[0-9a-f]{8}  main\+0x[0-9a-f]+$' \
    "$tmp/err"
expect "ps and sar" grep -qE '^  ps +[0-9a-f]{8}  sar +[0-9a-f]{8}$' "$tmp/err"
expect "exception registers" grep -qE \
    '^  exccause [0-9a-f]{8}  epc1 +[0-9a-f]{8}  excvaddr [0-9a-f]{8}  depc +[0-9a-f]{8}$' \
    "$tmp/err"
for r in a0 a1 a7 a12 a15; do
    expect "register $r" grep -qE " $r +[0-9a-f]{8}" "$tmp/err"
done
expect "recent instructions header" grep -q \
    "^last 32 instructions (oldest first; => next):" "$tmp/err"
n=$(grep -cE '^   [0-9a-f]{8}  main\+0x[0-9a-f]+ ' "$tmp/err")
expect "32 recent instructions in main (got $n)" [ "$n" -eq 32 ]
expect "next instruction line" grep -qE '^=> [0-9a-f]{8}  main\+0x' "$tmp/err"
expect "stats JSON line" grep -qE \
    '^\{"instructions":10000,"cycles":[0-9]+,"host_seconds":[0-9]+\.[0-9]+,"mips":[0-9]+\.[0-9]+,"engine":"fast","xlate":\{"pages":[0-9]+,.*"invalidations":[0-9]+,"heads":[0-9]+,"held":[0-9]+,"groups":[0-9]+,"promotions":[0-9]+,"tiers":\{"quick":\{"pages":[0-9]+,.*"compile_ms":[0-9]+\.[0-9]+\},"opt":\{"pages":[0-9]+,.*"compile_ms":[0-9]+\.[0-9]+\}\}\}\}$' \
    "$tmp/err"
expect "stats is the last line" \
    bash -c "tail -n 1 '$tmp/err' | grep -q '^{\"instructions\"'"

"$dspsim" exec --max-cycles 5000 "$elf" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect "cycle budget: exit status 124 (got $rc)" [ $rc -eq 124 ]
expect "cycle budget message" grep -q "cycle budget exhausted: " "$tmp/err"
expect "cycle budget: at least 5000 cycles" grep -qE \
    "exhausted: ([5-9][0-9]{3}|[0-9]{5,}) cycles \(--max-cycles 5000\)" \
    "$tmp/err"

[ $fails -eq 0 ] && echo PASS
exit $((fails > 0))
