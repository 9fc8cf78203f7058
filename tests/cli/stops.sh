#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Guests that cannot go on: a call into unmapped memory (exit status 125)
# and WAITI with nothing to wake it (123); both print the reason and the
# machine-state report on stderr.
# usage: stops.sh DSPSIM FATAL_ELF IDLE_ELF
set -u
. "$(dirname "$0")/lib_expect.sh"
dspsim=$1 fatal=$2 idle=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
report_ok() {   # report_ok FILE: the machine-state report is there
    expect "pc line" grep -qE '^  pc +[0-9a-f]+  ' "$1"
    expect "registers" grep -qE '^  a12 +[0-9a-f]+   a13 +[0-9a-f]+   a14 +[0-9a-f]+   a15 +[0-9a-f]+$' "$1"
    expect "exception registers" grep -q '^  exccause ' "$1"
    expect "recent instructions" grep -q '^last [0-9]* instructions' "$1"
    expect "next instruction" grep -q '^=> ' "$1"
}

timeout 60 "$dspsim" exec "$fatal" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/err"
expect "fatal: exit status 125 (got $rc)" [ $rc -eq 125 ]
expect "fatal: guest output" [ "$(cat "$tmp/out")" = "jumping" ]
expect "fatal: message" grep -q "fatal guest state: " "$tmp/err"
expect "fatal: the call is among the last instructions" \
    grep -qE '^   [0-9a-f]+  main\+0x[0-9a-f]+ +callx0' "$tmp/err"
report_ok "$tmp/err"

timeout 60 "$dspsim" exec "$idle" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/err"
expect "idle: exit status 123 (got $rc)" [ $rc -eq 123 ]
expect "idle: message" grep -q "guest idle forever" "$tmp/err"
expect "idle: waiti executed" grep -qE '^   [0-9a-f]+  _start\+0x[0-9a-f]+ +waiti' \
    "$tmp/err"
report_ok "$tmp/err"

[ $fails -eq 0 ] && echo PASS
exit $((fails > 0))
