#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# --gdb PORT / --gdb-wait are checked on exec, board, run and play: a bad
# port, a missing value, --gdb-wait alone and a port already in use end
# with exit status 2 and a message naming the problem; so do
# --reverse-mem and --reverse-every without --gdb or out of range.
# usage: options.sh DSPSIM ELF WORKDIR
set -u
dspsim=$1 elf=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail=0
check() {   # check WANT_RC PATTERN ARGS...
    local want=$1 pat=$2; shift 2
    timeout 60 "$dspsim" "$@" > "$work/out" 2> "$work/err" < /dev/null
    local rc=$?
    if [ "$rc" != "$want" ] || ! grep -q -- "$pat" "$work/err"; then
        echo "FAIL: dspsim $* -> $rc (wanted $want, '$pat'):"; cat "$work/err"
        fail=1
    fi
}
for c in exec board; do
    check 2 "not a port number" $c --gdb 70000 "$elf"
    check 2 "not a port number" $c --gdb abc "$elf"
    check 2 "not a port number" $c --gdb=-1 "$elf"
    check 2 "needs a port" $c --gdb
    check 2 "gdb-wait needs --gdb" $c --gdb-wait "$elf"
    check 2 "cannot be combined" $c --gdb 0 --lockstep "$elf"
    check 2 "need --gdb PORT" $c --reverse-mem 64 "$elf"
    check 2 "need --gdb PORT" $c --reverse-every 10000 "$elf"
    check 2 "reverse-mem" $c --gdb 0 --reverse-mem -3 "$elf"
    check 2 "too large" $c --gdb 0 --reverse-mem 70000 "$elf"
    check 2 "at least 1000" $c --gdb 0 --reverse-every 10 "$elf"
    check 2 "reverse-every" $c --gdb 0 --reverse-every x "$elf"
done
check 2 "not a port number" run --gdb x case.yaml
check 2 "gdb-wait needs --gdb" run --gdb-wait case.yaml
check 2 "not a port number" play --gdb 1.5 in.wav out.wav
check 2 "gdb-wait needs --gdb" play --gdb-wait in.wav out.wav
check 2 "need --gdb PORT" run --reverse-mem 8 case.yaml
check 2 "at least 1000" run --gdb 0 --reverse-every 5 case.yaml
check 2 "need --gdb PORT" play --reverse-every 100000 in.wav out.wav
check 2 "too large" play --gdb 0 --reverse-mem 99999 in.wav out.wav
# a port in use: hold one with a first server waiting for its debugger
"$dspsim" exec --gdb 0 --gdb-wait "$elf" > /dev/null 2> "$work/first.err" &
first=$!
for _ in $(seq 300); do
    port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/first.err")
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -z "$port" ]; then
    echo "FAIL: the first server printed no port"; fail=1
else
    check 2 "cannot listen on 127.0.0.1:$port" exec --gdb "$port" "$elf"
    check 2 "cannot listen on 127.0.0.1:$port" board --gdb "$port" "$elf"
    check 2 "cannot listen on 127.0.0.1:$port" play --gdb "$port" in.wav out.wav
fi
kill "$first" 2> /dev/null; wait "$first" 2> /dev/null
# without a debugger, --gdb changes nothing: same output and status
timeout 60 "$dspsim" exec --gdb 0 "$elf" > "$work/gdb.out" 2> "$work/gdb.err"
rc=$?
[ "$rc" = 58 ] && grep -qx done "$work/gdb.out" ||
    { echo "FAIL: exec --gdb 0 without a debugger: $rc"; cat "$work/gdb.err"; fail=1; }
[ $fail = 0 ] && echo "PASS"
exit $fail
